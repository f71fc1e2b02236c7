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
- :mod:`engine.agents` — ``random``, ``greedy``, ``mcts``, ``planner``...;
  ``make_agent``. The agents' own work sits beside the players, above them (it plays
  games through :mod:`engine.play`): the strength ladder (:mod:`engine.agents.ladder`,
  its data ``ladder.json``) and the tuning of the planner's weights
  (:mod:`engine.agents.tuning`, :mod:`engine.agents.texel`).
- :mod:`engine.deckbuilding` — catalog loader, construction validator, deck text.
- :mod:`engine.tools` — measurement: statistics, Elo, throughput
  (:mod:`engine.tools.bench`), ability coverage, agent tables and behaviour.
- :mod:`engine.play` — games and runs by name: ``new_game``, ``setup_game``,
  ``play_one``, ``play_many``, ``replay``.
- :mod:`engine.cli` — the command-line entry points, one module per command, each
  parsing and printing only: ``python -m engine.simulate``, ``engine.replay``,
  ``engine.coverage``, ``engine.bench``, ``engine.construction``,
  ``engine.catalog``, ``engine.ladder``, ``engine.tune``, ``engine.agents``,
  ``engine.optimize``. The commands' old module names (``engine.simulate`` for
  :mod:`engine.cli.simulate`...) are aliases of the new modules, kept by a small
  import hook, :mod:`engine.cli` (installed below): same module object, and
  ``python -m`` runs it.

Builds: ``pip install -e .`` compiles the hot modules with mypyc when it can; importing
this package first checks that the compiled files match their sources and otherwise
runs everything from the ``.py`` sources (:mod:`engine._build`; ``engine.BUILD`` says
which). Then it installs the aliases of the commands' old names
(:func:`engine.cli.install_aliases`, standard library only). It imports nothing else.
"""

from engine import _build

BUILD: str = _build.select()

# after the build is chosen (so the pure build's source-only finder sees every import)
from engine.cli import install_aliases  # noqa: E402

install_aliases()
