"""Summoner Wars rules engine: a pure Python library (no Django, no I/O beyond
reading the catalog YAML). Deterministic from its seed; every game replays from its
action log.

Layout (dependencies point down this list; a test keeps them so):

- :mod:`engine.core` — what every edition shares: value types, board, zones, dice,
  the hook framework (:mod:`engine.core.hooks`: read its docstring to write a card),
  ``GameState``, the :class:`~engine.core.ruleset.Ruleset` seam, the mechanics
  (movement, attack, turn stepping, the legal list), the play loop, replays,
  ``PlayerView`` and the ``Agent`` protocol (:mod:`engine.core.view`).
- :mod:`engine.rulesets` — one package per edition (:mod:`engine.rulesets.second`),
  each a ``Ruleset`` subclass with its rules by area, deck rules and abilities.
- :mod:`engine.agents` — ``random``, ``greedy``, ``mcts``; ``make_agent``.
- :mod:`engine.deckbuilding` — catalog loader, construction validator, deck text.
- :mod:`engine.tools` — statistics and agent-strength tables.
- :mod:`engine.play` — games and runs by name: ``new_game``, ``setup_game``,
  ``play_one``, ``play_many``, ``replay``.
- CLIs: ``python -m engine.simulate``, ``engine.replay``, ``engine.coverage``,
  ``engine.bench``, ``engine.construction``, ``engine.catalog``, ``engine.agents``.

Builds: ``pip install -e .`` compiles the hot modules with mypyc when it can; importing
this package first checks that the compiled files match their sources and otherwise
runs everything from the ``.py`` sources (:mod:`engine._build`; ``engine.BUILD`` says
which). It imports nothing else.
"""

from engine import _build

BUILD: str = _build.select()
