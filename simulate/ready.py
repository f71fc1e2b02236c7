"""Ready answers: the faction matrices measured for the project, shipped with it.

``simulate/data/ready_matrices.json`` holds the matrices recorded in
``docs/measurements/`` (numbers copied from there, never re-measured or made up):
per matrix its edition, agent, games per cell, date, command and the commit that
recorded it, and per row deck its cells against every column deck. A cell is either
``{"score", "ci95"}`` (the row deck's score in %, draws counting half, and its 95%
Wilson interval, as recorded) or ``{"wins", "losses", "draws"}`` (a record; the page
computes its score and Wilson interval from those counts). :func:`ready_matrix_tables`
shapes them for the page; nothing here touches the database.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "ready_matrices.json"


@cache
def ready_matrices() -> dict[str, Any]:
    """The shipped file, parsed once per process."""
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def _cell(cell: dict[str, Any] | None) -> dict[str, Any] | None:
    """A cell as the page shows it: ``score`` (%), ``ci95`` ([low, high] in %),
    ``clear`` ("above"/"below" when the interval excludes 50%) and ``record``."""
    from engine.tools.stats import wilson
    from simulate.selectors import clear_side

    if cell is None:
        return None
    if "score" in cell:
        low, high = cell["ci95"]
        out = {"score": cell["score"], "ci95": [low, high], "record": None}
    else:
        wins, losses, draws = cell["wins"], cell["losses"], cell["draws"]
        games = wins + losses + draws
        # Draws count half, as in the recorded row scores; Wilson's interval on
        # that score over the cell's games (as the engine's matrix reports rows).
        points = wins + draws / 2
        low, high = wilson(points, games)
        rate = points / games if games else 0.0
        out = {
            "score": round(100 * rate),
            "ci95": [round(100 * low), round(100 * high)],
            "record": f"{wins}–{losses}" + (f" ({draws} drawn)" if draws else ""),
        }
    out["clear"] = clear_side([out["ci95"][0] / 100, out["ci95"][1] / 100])
    out["rate"] = out["score"] / 100
    return out


def _names(ruleset: str) -> dict[str, str]:
    from engine.deckbuilding.resolve import default_catalog

    try:
        factions = default_catalog(ruleset).factions
    except ValueError:
        return {}
    return {slug: f.name for slug, f in factions.items()}


def ready_matrix_tables() -> list[dict[str, Any]]:
    """Every shipped matrix with its provenance, its rows (deck name, cells, the
    row's pooled score) and its column headings, rows in the recorded order."""
    from simulate.selectors import edition_label

    tables = []
    for matrix in ready_matrices()["matrices"]:
        names = _names(matrix["ruleset"])
        rows = [
            {
                "slug": row["deck"],
                "name": names.get(row["deck"], row["deck"]),
                "cells": [_cell(c) for c in row["cells"]],
                "overall": row["overall"],
            }
            for row in matrix["rows"]
        ]
        tables.append(
            {
                **{k: v for k, v in matrix.items() if k != "rows"},
                "edition": edition_label(matrix["ruleset"]),
                "columns": [names.get(d, d) for d in matrix["decks"]],
                "rows": rows,
            }
        )
    return tables
