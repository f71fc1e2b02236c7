"""Ability coverage per faction (the command: ``python -m engine.coverage [--json]``,
:mod:`engine.cli.coverage`).

For every faction in the catalog: how many distinct cards, how many the engine plays in
full, the missing ones with the reason ("text unknown", "stats unknown (...)" or
"no implementation"), and how
many are *tested*.

Tested is measured, not assumed: every scenario test names the ability ids it
exercises with a marker, ``@pytest.mark.covers("svara.structural-shift")`` (an event's
effect is ``"<card-slug>.effect"``). The markers are read statically (``ast``, no
pytest import) from ``tests/engine/test_*.py`` under the repository root. A card is
tested when it is fully implemented and each of its implemented ability ids appears in
at least one marker; ``untested`` lists, per card, the implemented ability ids no
marker names. Without the tests folder (an installed package) ``tested`` and
``untested`` are null and ``tested_note`` says why.

JSON keys: top level ``cards``, ``complete_data``, ``implemented``, ``tested``,
``tested_note``, ``factions``; per faction ``cards``, ``complete_data`` (cards whose
texts and numbers are all known, so only engine work could be missing),
``implemented``, ``low_confidence`` (implemented cards whose catalog data is of low
confidence: played as the catalog reads, but the reading may be wrong; ``card``,
``name``), ``missing`` (``card``, ``name``,
``abilities``: [``id``, ``reason``]), ``deck_known``, ``tested``, ``untested``
(``card``, ``name``, ``abilities``: [ability id]).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.core.types import Confidence
from engine.rulesets import DEFAULT_RULESET, get_ruleset

if TYPE_CHECKING:
    from engine.deckbuilding.catalog import Catalog

MARKER = "covers"
NOT_IMPLEMENTED = (
    "no implementation"  # the one reason that is engine work, not a data gap
)
# engine/tools/coverage.py -> the repository root's tests/engine
TESTS_DIR = Path(__file__).resolve().parents[2] / "tests" / "engine"


@dataclass(frozen=True)
class CoversMarker:
    """One ``pytest.mark.covers(...)`` call found in a test file."""

    path: Path
    line: int
    test: str | None  # the decorated test function, None elsewhere (pytestmark...)
    ids: tuple[str, ...]  # non-literal arguments appear as "<non-literal: ...>"
    #: the edition whose abilities it tests (``covers(..., ruleset="...")``; the
    #: default ruleset when absent): card names, so ids, repeat across editions
    ruleset: str = DEFAULT_RULESET


def _is_covers(func: ast.expr) -> bool:
    """``pytest.mark.covers`` or ``mark.covers`` (``from pytest import mark``)."""
    if not (isinstance(func, ast.Attribute) and func.attr == MARKER):
        return False
    mark = func.value
    if isinstance(mark, ast.Name):
        return mark.id == "mark"
    return (
        isinstance(mark, ast.Attribute)
        and mark.attr == "mark"
        and isinstance(mark.value, ast.Name)
        and mark.value.id == "pytest"
    )


def _marker_ids(call: ast.Call) -> tuple[str, ...]:
    out: list[str] = []
    for arg in call.args:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            out.append(arg.value)
        else:
            out.append(f"<non-literal: {ast.unparse(arg)}>")
    return tuple(out)


def _marker_ruleset(call: ast.Call) -> str:
    for kw in call.keywords:
        if kw.arg == "ruleset" and isinstance(kw.value, ast.Constant):
            return str(kw.value.value)
    return DEFAULT_RULESET


def read_markers(tests_dir: Path = TESTS_DIR) -> list[CoversMarker]:
    """Every ``covers`` marker in ``tests_dir/test_*.py``, in file and line order."""
    found: list[CoversMarker] = []
    for path in sorted(tests_dir.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        owner: dict[int, str] = {}  # id(call) -> decorated test name
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for dec in node.decorator_list:
                    owner[id(dec)] = node.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_covers(node.func):
                found.append(
                    CoversMarker(
                        path,
                        node.lineno,
                        owner.get(id(node)),
                        _marker_ids(node),
                        _marker_ruleset(node),
                    )
                )
    found.sort(key=lambda m: (str(m.path), m.line))
    return found


def covered_ids(
    tests_dir: Path = TESTS_DIR, ruleset: str = DEFAULT_RULESET
) -> set[str] | None:
    """Ability ids of ``ruleset`` named by at least one ``covers`` marker; None
    without the tests."""
    if not tests_dir.is_dir():
        return None
    return {i for m in read_markers(tests_dir) if m.ruleset == ruleset for i in m.ids}


def implemented_ids(
    card_abilities: list[str], ruleset: str = DEFAULT_RULESET
) -> list[str]:
    """The ability ids among ``card_abilities`` that ``ruleset`` implements."""
    registry = get_ruleset(ruleset).load_abilities()
    return [a for a in card_abilities if a in registry]


def coverage(
    catalog: Catalog | None = None,
    tests_dir: Path = TESTS_DIR,
    ruleset: str = DEFAULT_RULESET,
) -> dict[str, Any]:
    from engine.deckbuilding.resolve import default_catalog

    registry = get_ruleset(ruleset).load_abilities()
    cat = catalog or default_catalog(ruleset)
    covered = covered_ids(tests_dir, get_ruleset(ruleset).name)
    factions: dict[str, Any] = {}
    for slug in cat.factions:
        cards = cat.cards_of(slug)
        missing = []
        untested = []
        low = []
        tested = 0
        complete = 0
        for c in cards:
            reasons = registry.missing_reasons(c)
            full = not reasons
            if all(r == NOT_IMPLEMENTED for _, r in reasons):
                complete += 1
            if full and c.confidence is Confidence.LOW:
                low.append({"card": c.slug, "name": c.name})
            if not full:
                missing.append(
                    {
                        "card": c.slug,
                        "name": c.name,
                        "abilities": [{"id": a, "reason": r} for a, r in reasons],
                    }
                )
            if covered is None:
                continue
            gaps = [
                a
                for a in implemented_ids([ab.id for ab in c.abilities], ruleset)
                if a not in covered
            ]
            if gaps:
                untested.append({"card": c.slug, "name": c.name, "abilities": gaps})
            elif full:
                tested += 1
        factions[slug] = {
            "cards": len(cards),
            "complete_data": complete,
            "implemented": len(cards) - len(missing),
            "low_confidence": low,
            "missing": missing,
            "deck_known": cat.factions[slug].deck is not None,
            "tested": tested if covered is not None else None,
            "untested": untested if covered is not None else None,
        }
    total = sum(f["cards"] for f in factions.values())
    done = sum(f["implemented"] for f in factions.values())
    note = None
    if covered is None:
        note = f"tests folder not found ({tests_dir}): tested is not measured"
    return {
        "cards": total,
        "complete_data": sum(f["complete_data"] for f in factions.values()),
        "implemented": done,
        "low_confidence": sum(len(f["low_confidence"]) for f in factions.values()),
        "tested": (
            sum(f["tested"] for f in factions.values()) if covered is not None else None
        ),
        "tested_note": note,
        "factions": factions,
    }


def markdown_table(cov: dict[str, Any]) -> str:
    """The README's coverage table (factions alphabetically, then the totals)."""

    def cell(v: int | None) -> str:
        return "?" if v is None else str(v)

    lines = [
        "| faction | cards | complete data | implemented | of which low-confidence "
        "data | tested | faction deck known |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for slug in sorted(cov["factions"]):
        f = cov["factions"][slug]
        lines.append(
            f"| {slug} | {f['cards']} | {f['complete_data']} | {f['implemented']} "
            f"| {len(f['low_confidence'])} | {cell(f['tested'])} "
            f"| {'yes' if f['deck_known'] else 'no'} |"
        )
    lines.append(
        f"| **all** | {cov['cards']} | {cov['complete_data']} | {cov['implemented']} "
        f"| {cov['low_confidence']} | {cell(cov['tested'])} | |"
    )
    return "\n".join(lines)
