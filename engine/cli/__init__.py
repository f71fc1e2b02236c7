"""The engine's command-line entry points, one module per command.

====================================  =================================================
``python -m engine.simulate``         :mod:`engine.cli.simulate`: play a matchup
``python -m engine.replay FILE``      :mod:`engine.cli.replay`: a recorded game
``python -m engine.construction``     :mod:`engine.cli.construction`: deck legality
``python -m engine.catalog``          :mod:`engine.cli.catalog`: validate the YAML
``python -m engine.coverage``         :mod:`engine.cli.coverage`: abilities covered
``python -m engine.bench``            :mod:`engine.cli.bench`: engine throughput
``python -m engine.ladder``           :mod:`engine.cli.ladder`: agent strength (Elo)
``python -m engine.tune``             :mod:`engine.cli.tune`: tune the planner
``python -m engine.agents``           :mod:`engine.cli.agents`: agent tables
``python -m engine.optimize``         :mod:`engine.cli.optimize`: deck optimisation
``python -m engine.adjudication``     :mod:`engine.cli.adjudication`: calibrate it
====================================  =================================================

A command module parses its arguments, calls the library (:mod:`engine.play`,
:mod:`engine.tools`, :mod:`engine.agents`, :mod:`engine.deckbuilding`...) and prints;
the work itself lives in the library, where the site and the tests call it too
(``tests/test_engine_layout.py`` keeps it so).

**The old names.** The commands used to be modules at the top of ``engine/``
(``engine/simulate.py``...). Their names keep working, for ``python -m`` and for
``import``: :data:`ALIASES` maps each old name to the module that now holds it, and
:class:`AliasFinder`, which ``engine/__init__.py`` puts first on ``sys.meta_path``
(:func:`install_aliases`) before any other ``engine.*`` module is imported, resolves
them:

- ``import engine.simulate`` (or ``from engine import simulate``) imports
  :mod:`engine.cli.simulate` and binds that very module object under the old name
  too (in ``sys.modules`` and as an attribute of ``engine``): one module, two names,
  never a second copy with its own globals.
- ``python -m engine.simulate`` runs the source of :mod:`engine.cli.simulate` as
  ``__main__`` (``runpy`` asks the finder for the code), with the same flags and
  output as before.
- ``importlib.util.find_spec("engine.simulate")`` answers with the real file as
  ``origin``.

``engine.ladder`` was the ladder's library as well as its command, and what its
importers use is the library's state (its data file, the ratings read once): the old
name is the library, :mod:`engine.agents.ladder` (so ``monkeypatch.setattr(ladder,
"DATA_FILE", ...)`` still reaches the code that reads it), which hands
``python -m`` over to its command, :mod:`engine.cli.ladder`. ``engine.texel`` was
never a command: it is the Texel tuning's library, :mod:`engine.agents.texel`.

An alias only ever names a module that exists under its new name; there is nothing
else to it (no wrapper module, no copy). The table is the whole list: a new command
goes into ``engine/cli/`` under its own name and needs no alias.

This package imports only the standard library: ``engine/__init__.py`` loads it on
every ``import engine``.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

ENGINE_DIR = Path(__file__).resolve().parent.parent

#: Old module name -> the module ``import`` gives for it now. The command modules
#: moved into this package; the ladder's and the Texel tuning's library (what
#: ``engine.ladder`` and ``engine.texel`` were imported for) to the agents' work.
ALIASES: dict[str, str] = {
    "engine.adjudication": "engine.cli.adjudication",
    "engine.bench": "engine.cli.bench",
    "engine.catalog": "engine.cli.catalog",
    "engine.construction": "engine.cli.construction",
    "engine.coverage": "engine.cli.coverage",
    "engine.ladder": "engine.agents.ladder",
    "engine.replay": "engine.cli.replay",
    "engine.simulate": "engine.cli.simulate",
    "engine.tune": "engine.cli.tune",
    "engine.texel": "engine.agents.texel",
}

#: Every ``python -m`` name the engine answers to (``--help`` works for each):
#: the old top-level names above and the packages with a ``__main__``.
COMMANDS: tuple[str, ...] = (
    "engine.simulate",
    "engine.replay",
    "engine.construction",
    "engine.catalog",
    "engine.coverage",
    "engine.bench",
    "engine.ladder",
    "engine.tune",
    "engine.agents",
    "engine.optimize",
    "engine.adjudication",
)


def _source_of(module: str) -> Path:
    """The ``.py`` file of an ``engine`` module (not imported)."""
    return ENGINE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


class AliasLoader(importlib.abc.Loader):
    """Loads an old name by importing the real module and putting that very object
    in ``sys.modules`` under the old name (the import system returns what
    ``sys.modules`` holds once ``exec_module`` is done)."""

    def __init__(self, real: str) -> None:
        self.real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> None:
        return None  # a placeholder module, replaced in exec_module

    def exec_module(self, module: ModuleType) -> None:
        sys.modules[module.__name__] = importlib.import_module(self.real)

    def get_code(self, fullname: str) -> CodeType | None:
        """The real module's code (``python -m`` runs it as ``__main__``)."""
        spec = importlib.util.find_spec(self.real)
        loader = spec.loader if spec is not None else None
        get_code = getattr(loader, "get_code", None)
        code: CodeType | None = get_code(self.real) if get_code else None
        return code

    def is_package(self, fullname: str) -> bool:
        return False


class AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the names in :data:`ALIASES` (and nothing else)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        real = ALIASES.get(fullname)
        if real is None:
            return None
        return importlib.machinery.ModuleSpec(
            fullname, AliasLoader(real), origin=str(_source_of(real))
        )


def install_aliases() -> None:
    """Put :class:`AliasFinder` first on ``sys.meta_path`` (once per process)."""
    if not any(isinstance(f, AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, AliasFinder())
