"""Summoner Wars rules engine: a pure Python library (no Django, no I/O beyond
reading the catalog YAML). Deterministic from its seed; every game replays from its
action log.

Public API (import from the modules; this package imports nothing heavy itself):

- :mod:`engine.play` — ``new_game``, ``play_game``, ``play_many``, ``derive_seed``,
  ``GameResult``
- :mod:`engine.state` — ``GameState`` (``current_player``, ``legal_actions``,
  ``apply_action``, ``is_terminal``, ``outcome``, ``clone``)
- :mod:`engine.actions` — action values, ``IllegalActionError``
- :mod:`engine.legal` — ``legal_actions(state)`` and its documented order
- :mod:`engine.agents` — ``Agent``, ``PlayerView``, ``random`` / ``greedy``
- :mod:`engine.abilities` — the ability framework (``registry`` docstring: hook API),
  ``is_fully_implemented``; one module per faction
- :mod:`engine.decks` — faction slug / deck text -> ``GameDeck``
- CLIs: ``python -m engine.simulate``, ``engine.replay``, ``engine.coverage``,
  ``engine.bench``
"""
