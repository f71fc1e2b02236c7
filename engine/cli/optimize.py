"""``python -m engine.optimize``: deck optimisation (card values, swap suggestions,
honesty checks, variance; the library is :mod:`engine.optimize`).

The command's argument parsing still lives in ``engine/optimize/__main__.py`` (which
``python -m engine.optimize`` runs); this module names it beside the other commands,
and ``python -m engine.cli.optimize`` runs the same."""

from __future__ import annotations

from engine.optimize.__main__ import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
