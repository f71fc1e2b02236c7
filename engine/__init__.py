"""Summoner Wars rules engine: a pure Python library (no Django, no I/O beyond reading
the catalog YAML). Deterministic from its seed; every game replays from its action log."""
