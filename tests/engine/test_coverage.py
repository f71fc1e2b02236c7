"""engine.tools.coverage (the command: engine.cli.coverage): the ``tested`` figure
is measured from ``covers`` markers.

Every implemented ability must be named by at least one ``@pytest.mark.covers`` marker
(a new ability without a scenario test fails here), and every marker must name an
ability id of the catalog (no typos)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.cli.coverage import main
from engine.deckbuilding.resolve import default_catalog
from engine.rulesets import RULESETS, get_ruleset
from engine.rulesets.second import SECOND
from engine.tools import coverage as cov_mod
from engine.tools.coverage import TESTS_DIR, coverage, covered_ids, read_markers

HERE = Path(__file__).resolve().parent
FACTION_FILES = (
    "test_polar_dwarves.py",
    "test_cave_goblins.py",
    "test_fallen_kingdom.py",
    "test_breakers.py",
    "test_savanna_elves.py",
    "test_vanguards.py",
    "test_phoenix_elves.py",
    "test_tundra_orcs.py",
    "test_fungal_dwarves.py",
    "test_high_elves.py",
    "test_swamp_orcs.py",
)


def catalog_ability_ids() -> set[str]:
    cat = default_catalog()
    return {a.id for c in cat.cards.values() for a in c.abilities}


def test_reads_this_tests_folder() -> None:
    assert TESTS_DIR == HERE


def test_every_implemented_ability_is_covered_by_a_marker() -> None:
    REGISTRY = SECOND.load_abilities()
    covered = covered_ids()
    assert covered is not None
    cat = default_catalog()
    untested = sorted(
        a.id
        for c in cat.cards.values()
        for a in c.abilities
        if a.id in REGISTRY and a.id not in covered
    )
    assert untested == [], (
        "implemented abilities without a scenario test marked "
        f"@pytest.mark.covers(...): {untested}"
    )


def test_every_implemented_first_edition_ability_is_covered() -> None:
    registry = get_ruleset("first").load_abilities()
    covered = covered_ids(ruleset="first")
    assert covered is not None
    cat = default_catalog("first")
    untested = sorted(
        a.id
        for c in cat.cards.values()
        for a in c.abilities
        if a.id in registry and a.id not in covered
    )
    assert untested == []


def test_every_marker_names_a_catalog_ability() -> None:
    known = {
        name: {a.id for c in default_catalog(name).cards.values() for a in c.abilities}
        for name in RULESETS
    }
    markers = read_markers()
    assert markers, "no covers markers found"
    bad = [
        f"{m.path.name}:{m.line} {m.test}: {i}"
        for m in markers
        for i in m.ids
        if i not in known.get(m.ruleset, set())
    ]
    assert bad == []
    assert all(m.ids for m in markers), "a covers marker without ability ids"


@pytest.mark.slow  # over 10 s: CI runs it, make test-fast does not
def test_every_faction_scenario_test_declares_what_it_covers() -> None:
    unmarked = []
    for name in FACTION_FILES:
        tree = ast.parse((HERE / name).read_text(encoding="utf-8"))
        marked = {m.test for m in read_markers(HERE) if m.path.name == name}
        unmarked += [
            f"{name}::{node.name}"
            for node in tree.body
            if isinstance(node, ast.FunctionDef)
            and node.name.startswith("test_")
            and node.name not in marked
        ]
    assert unmarked == []


def test_json_output_has_the_documented_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {
        "cards",
        "complete_data",
        "implemented",
        "low_confidence",
        "tested",
        "tested_note",
        "factions",
    }
    assert out["tested_note"] is None and isinstance(out["tested"], int)
    assert out["tested"] <= out["implemented"] <= out["cards"]
    assert out["complete_data"] <= out["cards"]
    for slug, f in out["factions"].items():
        assert set(f) == {
            "cards",
            "complete_data",
            "implemented",
            "low_confidence",
            "missing",
            "deck_known",
            "tested",
            "untested",
        }, slug
        assert f["tested"] <= f["implemented"] <= f["cards"]
        assert len(f["low_confidence"]) <= f["implemented"]
        assert all(set(c) == {"card", "name"} for c in f["low_confidence"])
        for m in f["missing"]:
            assert set(m) == {"card", "name", "abilities"}
            assert all(set(a) == {"id", "reason"} for a in m["abilities"])
        for u in f["untested"]:
            assert set(u) == {"card", "name", "abilities"}
            assert all(isinstance(a, str) for a in u["abilities"])
    assert sum(f["tested"] for f in out["factions"].values()) == out["tested"]


def test_text_output_shows_tested(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("implemented ") and ", tested " in lines[0]
    assert "polar-dwarves: 12/12, tested 12" in lines


def test_low_confidence_lists_the_playable_cards_read_from_weak_sources() -> None:
    """A card the engine plays from low-confidence data is named (the simulation
    plays the catalog's reading, which may be wrong); one it cannot play is not."""
    from engine.core.types import Confidence

    cov = coverage()
    cat = default_catalog()
    high_elves = {c["card"] for c in cov["factions"]["high-elves"]["low_confidence"]}
    assert "arbiter-of-war" in high_elves  # fan-sourced numbers, implemented
    assert "attendant-priest" in high_elves  # Support's text: low (issue 14)
    sand = {c["card"] for c in cov["factions"]["sand-goblins"]["low_confidence"]}
    assert cat.card("krusk").confidence is Confidence.LOW
    assert "krusk" not in sand  # low too, but not playable
    assert cat.card("arbiter-of-peace").confidence is not Confidence.LOW
    assert "arbiter-of-peace" not in high_elves  # official page
    assert cov["factions"]["polar-dwarves"]["low_confidence"] == []
    assert cov["low_confidence"] == sum(
        len(f["low_confidence"]) for f in cov["factions"].values()
    )
    he = cov["factions"]["high-elves"]
    row = (
        f"| high-elves | {he['cards']} | {he['complete_data']} | {he['implemented']} "
        f"| {len(high_elves)} | {he['tested']} | no |"
    )
    assert row in cov_mod.markdown_table(cov).splitlines()


def test_tested_equals_implemented_when_every_ability_is_covered() -> None:
    cov = coverage()
    full = [s for s, f in cov["factions"].items() if f["untested"] == []]
    assert "polar-dwarves" in full
    for slug in full:
        f = cov["factions"][slug]
        assert f["tested"] == f["implemented"], slug
    # a partly implemented faction counts only its fully implemented cards
    sg = cov["factions"]["sand-goblins"]
    assert sg["implemented"] == 1 and sg["tested"] == 1 and sg["cards"] > 1


def test_a_missing_marker_lowers_tested_and_names_the_ability(tmp_path: Path) -> None:
    cat = default_catalog()
    ids = [a.id for c in cat.cards_of("polar-dwarves") for a in c.abilities]
    kept = [i for i in ids if i != "ice-golem.slow"]
    (tmp_path / "test_fake.py").write_text(
        "import pytest\n\n\n"
        f"@pytest.mark.covers({', '.join(repr(i) for i in kept)})\n"
        "def test_x() -> None:\n    pass\n",
        encoding="utf-8",
    )
    f = coverage(tests_dir=tmp_path)["factions"]["polar-dwarves"]
    assert f["implemented"] == 12 and f["tested"] == 11
    assert f["untested"] == [
        {"card": "ice-golem", "name": "Ice Golem", "abilities": ["ice-golem.slow"]}
    ]


#: the first edition's implemented cards per faction (``python -m engine.coverage
#: --ruleset first --json``) since the magic pile became a zone of real cards: every
#: card with complete data; a faction may grow, never shrink, and every implemented
#: card stays tested
FIRST_IMPLEMENTED = {
    "benders": 14,
    "cave-goblins": 26,
    "cloaks": 28,
    "deep-dwarves": 16,
    "fallen-kingdom": 25,
    "guild-dwarves": 28,
    "jungle-elves": 28,
    "mercenaries": 37,
    "mountain-vargath": 17,
    "phoenix-elves": 28,
    "sand-goblins": 16,
    "shadow-elves": 16,
    "swamp-orcs": 17,
    "the-filth": 23,
    "tundra-orcs": 26,
    "vanguards": 26,
}


def test_first_edition_keeps_every_implemented_card_tested() -> None:
    cov = coverage(ruleset="first")
    got = {s: f["implemented"] for s, f in cov["factions"].items()}
    assert set(got) == set(FIRST_IMPLEMENTED)
    below = {
        s: (n, FIRST_IMPLEMENTED[s]) for s, n in got.items() if n < FIRST_IMPLEMENTED[s]
    }
    assert below == {}, "factions below their implemented count (now, expected)"
    untested = {
        s: (f["tested"], f["implemented"], f["untested"])
        for s, f in cov["factions"].items()
        if f["tested"] != f["implemented"]
    }
    assert untested == {}, "tested must equal implemented (tested, implemented, gaps)"
    assert cov["tested"] == cov["implemented"] >= sum(FIRST_IMPLEMENTED.values())
    # every card whose text is known is implemented (372 cards; Heretic's Rebuke's
    # text is unknown, so it has no complete data and stays out)
    assert cov["cards"] == 372
    assert cov["implemented"] == cov["tested"] == cov["complete_data"] == 371


def test_a_missing_first_edition_marker_lowers_tested(tmp_path: Path) -> None:
    """The first edition's tested figure checks the first edition's abilities (an
    ability only the first edition implements counts too)."""
    cat = default_catalog("first")
    registry = get_ruleset("first").load_abilities()
    second = SECOND.load_abilities()
    ids = [
        a.id
        for c in cat.cards_of("phoenix-elves")
        for a in c.abilities
        if a.id in registry
    ]
    dropped = next(i for i in ids if i not in second)
    kept = [i for i in ids if i != dropped]
    (tmp_path / "test_fake.py").write_text(
        "import pytest\n\n\n"
        f"@pytest.mark.covers({', '.join(repr(i) for i in kept)}, ruleset='first')\n"
        "def test_x() -> None:\n    pass\n",
        encoding="utf-8",
    )
    f = coverage(tests_dir=tmp_path, ruleset="first")["factions"]["phoenix-elves"]
    assert f["tested"] == f["implemented"] - 1
    assert [dropped] == [a for u in f["untested"] for a in u["abilities"]]


def test_without_the_tests_folder_tested_is_null(tmp_path: Path) -> None:
    cov = coverage(tests_dir=tmp_path / "absent")
    assert cov["tested"] is None and cov["tested_note"]
    assert cov["implemented"] == coverage()["implemented"]
    for f in cov["factions"].values():
        assert f["tested"] is None and f["untested"] is None


def test_read_markers_forms(tmp_path: Path) -> None:
    (tmp_path / "test_forms.py").write_text(
        "import pytest\n"
        "from pytest import mark\n\n"
        'pytestmark = pytest.mark.covers("a.x")\n\n\n'
        '@mark.covers("b.y", "c.z")\n'
        "def test_one() -> None:\n    pass\n\n\n"
        "NAME = 'd'\n\n\n"
        "@pytest.mark.covers(NAME)\n"
        "def test_two() -> None:\n    pass\n",
        encoding="utf-8",
    )
    (tmp_path / "helper.py").write_text(
        'import pytest\n\n\n@pytest.mark.covers("ignored.x")\ndef f(): pass\n',
        encoding="utf-8",
    )
    got = [(m.test, m.ids) for m in read_markers(tmp_path)]
    assert got == [
        (None, ("a.x",)),
        ("test_one", ("b.y", "c.z")),
        ("test_two", ("<non-literal: NAME>",)),
    ]


def test_engine_coverage_imports_neither_pytest_nor_django() -> None:
    tree = ast.parse(Path(cov_mod.__file__).read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    assert not roots & {"pytest", "django", "_pytest"}
