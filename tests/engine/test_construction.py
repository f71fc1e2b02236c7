"""Deck construction rules (R9, R10 seam): engine/deckbuilding/construction.py.

Most cases run against a small hand-built catalog (minicatalog.py: the Polar Dwarves
deck of the second-edition rulebook example, plus a Cave Goblins deck and a few odd
cards for the edge cases), so they do not depend on the state of cards/data. The
real-catalog tests check every faction deck of the real catalog (engine.catalog) once
it exists.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from minicatalog import (
    POLAR,
    ROOT,
    C,
    E,
    MiniCatalog,
    S,
    U,
    card,
    faction,
    gates,
    polar_cards,
    polar_faction,
    real_catalog,
    real_decks,
)

from engine.cli.construction import main
from engine.core.types import DeckEntry, DeckRole
from engine.deckbuilding.construction import (
    MAX_ENTRIES,
    ValidationReport,
    assign_roles,
    validate_deck,
)

# --------------------------------------------------------------------- mini catalog
GOBLINS: dict[str, int] = {
    "sneeks": 1,
    "starting-gate": 1,
    "gate": 3,
    "horde-slinger": 5,
    "beast-rider": 5,
    "enrage-the-horde": 2,
    "pile-on": 2,
    "sneak": 2,
    "unrelenting": 2,
    "blarf": 1,
    "smeg": 1,
    "the-eater": 1,
    "horde-climber": 4,
    "horde-clinger": 4,
}


def mini_catalog() -> MiniCatalog:
    g = "cave-goblins"
    cards = [
        *gates(),
        *polar_cards(),
        card("sneeks", U, (C.SUMMONER,), ("Martial", "Instinct", "Cunning"), faction=g),
        card("blarf", U, (C.CHAMPION,), ("Cunning",), faction=g),
        card("smeg", U, (C.CHAMPION,), ("Cunning", "Instinct"), faction=g),
        card("the-eater", U, (C.CHAMPION,), ("Instinct",), faction=g, cost=6),
        card("beast-rider", U, (C.COMMON,), ("Instinct",), faction=g, cost=2),
        card("horde-climber", U, (C.COMMON,), ("Cunning",), faction=g),
        card("horde-clinger", U, (C.COMMON,), ("Cunning",), faction=g),
        card("horde-slinger", U, (C.COMMON,), ("Instinct",), faction=g),
        card("enrage-the-horde", E, (C.EPIC,), faction=g, cost=1),
        card("pile-on", E, (C.STANDARD,), ("Instinct", "Cunning"), faction=g),
        card("sneak", E, (C.STANDARD,), ("Cunning",), faction=g),
        card("unrelenting", E, (C.STANDARD,), ("Instinct",), faction=g, cost=1),
        # Edge cases.
        card("water-sprite", U, (C.COMMON,), ("Water", "Fire"), faction="other"),
        card("sellsword", U, (C.COMMON,), ("Martial",), faction=None, cost=2),
        card("mystery-event", E, (C.STANDARD,), symbols_known=False, cost=None),
        card("odd-unit", U, ()),
        card("vine-gate", S, (C.STRUCTURE, C.GATE), faction="swamp-orcs", life=6),
        card("ava", U, (C.SUMMONER,), faction="skyspear-avians", symbols_known=False),
    ]
    factions = [
        polar_faction(),
        faction(
            g,
            "sneeks",
            (("horde-slinger", 1), ("beast-rider", 1)),
            (("enrage-the-horde", 2),),
            ("Instinct", "Cunning"),
            GOBLINS,
        ),
        faction("skyspear-avians", "ava", (), (), ()),
    ]
    return MiniCatalog({c.slug: c for c in cards}, {f.slug: f for f in factions})


CAT = mini_catalog()


def deck(base: Mapping[str, int] = POLAR, **changes: int) -> dict[str, int]:
    """``base`` with counts changed (0 removes the card); kwargs use _ for -."""
    out = dict(base)
    for key, n in changes.items():
        slug = key.replace("_", "-")
        if n:
            out[slug] = n
        else:
            out.pop(slug, None)
    return out


def check(cards: Any, **kwargs: Any) -> ValidationReport:
    kwargs.setdefault("catalog", CAT)
    return validate_deck(cards, **kwargs)


# ----------------------------------------------------------------------- the table

# (id, cards, kwargs, expected error codes in any order, with multiplicity)
CASES: list[tuple[str, Any, dict[str, Any], list[str]]] = [
    ("polar-legal", POLAR, {}, []),
    ("goblins-legal", GOBLINS, {}, []),
    ("polar-as-pairs", list(POLAR.items()), {}, []),
    ("split-lines-sum", [("frost-mage", 1), *deck(frost_mage=4).items()], {}, []),
    ("explicit-summoner-absent", deck(svara=0), {"summoner": "svara"}, []),
    ("explicit-summoner-present", POLAR, {"summoner": "svara"}, []),
    ("other-faction-shares-symbol", deck(ice_smith=0, water_sprite=4), {}, []),
    ("martial-card-with-svara", deck(ice_smith=0, sellsword=4), {}, []),
    # R9: exactly 1 summoner.
    ("no-summoner", deck(svara=0), {}, ["summoner.count"]),
    ("two-svara", deck(svara=2), {}, ["summoner.count"]),
    ("two-summoners", deck(sneeks=1), {}, ["summoner.count"]),
    (
        "explicit-other-summoner",
        deck(sneeks=1),
        {"summoner": "svara"},
        ["card.not_allowed"],
    ),
    ("explicit-not-a-summoner", POLAR, {"summoner": "ollag"}, ["card.not_allowed"]),
    ("explicit-unknown-summoner", POLAR, {"summoner": "svaar"}, ["card.unknown"]),
    # R9: gates.
    ("no-ten-life-gate", deck(starting_gate=0), {}, ["gate.ten_life.count"]),
    ("two-ten-life-gates", deck(starting_gate=2), {}, ["gate.ten_life.count"]),
    ("two-five-life-gates", deck(gate=2), {}, ["gate.five_life.count"]),
    ("four-five-life-gates", deck(gate=4), {}, ["gate.five_life.count"]),
    ("faction-gate", deck(vine_gate=1), {}, ["card.not_allowed"]),
    # R9: starting units and epic events of the summoner.
    (
        "no-frost-mage",
        deck(frost_mage=0, water_sprite=4),
        {},
        ["starting_units.missing"],
    ),
    ("no-epic-event", deck(ice_ram=0), {}, ["epic_events.missing"]),
    ("one-epic-event", deck(ice_ram=1), {}, ["epic_events.missing"]),
    ("three-epic-events", deck(ice_ram=3), {}, ["card.not_allowed"]),
    ("other-summoners-epic", deck(enrage_the_horde=2), {}, ["card.not_allowed"]),
    # R9: 6 standard events (2 copies), 3 champions (1 copy), 16 commons (4 copies).
    ("five-standard-events", deck(parapet=1), {}, ["standard_events.count"]),
    (
        "seven-standard-events",
        deck(parapet=3, ice_repair=1),
        {},
        ["standard_events.copies"],
    ),
    ("two-champions", deck(ollag=0), {}, ["champions.count"]),
    ("champion-twice", deck(nadiana=2, ollag=0), {}, ["champions.copies"]),
    ("fifteen-commons", deck(ice_smith=3), {}, ["commons.count"]),
    ("common-five-times", deck(bear_cavalry=5, ice_smith=3), {}, ["commons.copies"]),
    (
        "starting-unit-six-copies",
        deck(frost_mage=6, ice_smith=3),
        {},
        ["commons.copies"],
    ),
    # R9: symbols.
    ("symbol-mismatch", deck(ice_smith=0, horde_climber=4), {}, ["symbol.mismatch"]),
    ("mismatch-event", deck(glacial_shift=0, sneak=2), {}, ["symbol.mismatch"]),
    ("symbols-unknown", deck(mystery_event=1), {}, ["card.not_allowed"]),
    ("class-unknown", deck(odd_unit=1), {}, ["card.not_allowed"]),
    # Unknown cards and absurd input.
    ("unknown-card", deck(frost_mag=1), {}, ["card.unknown"]),
    ("zero-count", [*POLAR.items(), ("bear-cavalry", 0)], {}, ["card.not_allowed"]),
    (
        "negative-count",
        [*POLAR.items(), ("bear-cavalry", -3)],
        {},
        ["card.not_allowed"],
    ),
    ("huge-count", [*POLAR.items(), ("parapet", 5000)], {}, ["card.not_allowed"]),
    (
        "too-many-entries",
        [*POLAR.items()] + [("nope", 1)] * (MAX_ENTRIES + 10),
        {},
        ["card.not_allowed", "card.unknown"],
    ),
    (
        "empty-deck",
        {},
        {},
        [
            "summoner.count",
            "gate.ten_life.count",
            "gate.five_life.count",
            "standard_events.count",
            "champions.count",
            "commons.count",
        ],
    ),
    # Rulesets (R10 seam).
    ("ruleset-misspelt", POLAR, {"ruleset": "secnd"}, ["ruleset.unsupported"]),
    ("ruleset-unknown", POLAR, {"ruleset": "third"}, ["ruleset.unsupported"]),
]


@pytest.mark.parametrize(
    ("cards", "kwargs", "expected"),
    [pytest.param(c, k, e, id=i) for i, c, k, e in CASES],
)
def test_deck_cases(cards: Any, kwargs: dict[str, Any], expected: list[str]) -> None:
    report = check(cards, **kwargs)
    assert sorted(report.codes) == sorted(expected), [e.message for e in report.errors]
    assert report.valid is (not expected)
    assert not report.warnings
    json.dumps(report.to_json())  # always serialisable


def test_table_is_big_enough() -> None:
    assert len(CASES) >= 30


# ------------------------------------------------------------------ specific rules


def test_starting_units_do_not_count_toward_the_four() -> None:
    """R9: 5 Frost Mage with Svara = 1 starting unit + 4 commons."""
    report = check(POLAR)
    roles = {(e.card, e.role): e.count for e in report.summary.entries}
    assert roles[("frost-mage", DeckRole.STARTING_UNIT)] == 1
    assert roles[("frost-mage", DeckRole.COMMON)] == 4
    assert report.summary.roles == {
        "summoner": 1,
        "starting_gate": 1,
        "gate": 3,
        "starting_unit": 2,
        "epic_event": 2,
        "standard_event": 6,
        "champion": 3,
        "common": 16,
    }


def test_copies_message_names_card_and_numbers() -> None:
    report = check(deck(frost_mage=6, ice_smith=3))
    (v,) = report.errors
    assert v.card == "frost-mage" and v.count == 5 and v.limit == 4
    assert v.message == (
        "Frost Mage: 5 copies (6 in all), at most 4; starting units are not counted"
    )


def test_commons_copies_message() -> None:
    (v,) = check(deck(bear_cavalry=5, ice_smith=3)).errors
    assert (
        v.message == "Bear Cavalry: 5 copies, at most 4; starting units are not counted"
    )


def test_every_violation_reported_at_once() -> None:
    cards = deck(gate=2, parapet=3, ice_smith=5, horde_climber=1, ice_smth=1)
    report = check(cards)
    assert sorted(report.codes) == sorted(
        [
            "gate.five_life.count",
            "standard_events.count",
            "standard_events.copies",
            "commons.count",
            "commons.copies",
            "symbol.mismatch",
            "card.unknown",
        ]
    )
    by_code = {v.code: v for v in report.errors}
    assert by_code["commons.count"].count == 18
    assert by_code["standard_events.count"].count == 7
    assert by_code["symbol.mismatch"].card == "horde-climber"


def test_many_rules_broken_together_without_summoner() -> None:
    report = check(deck(svara=0, starting_gate=0, ollag=0, ice_ram=1, parapet=3))
    assert sorted(report.codes) == sorted(
        [
            "summoner.count",
            "gate.ten_life.count",
            "champions.count",
            "epic_events.missing",
            "standard_events.count",
            "standard_events.copies",
        ]
    )


def test_missing_summoner_is_presumed_from_epic_events() -> None:
    (v,) = check(deck(svara=0)).errors
    assert v.code == "summoner.count" and v.count == 0 and v.limit == 1
    assert "Svara" in v.message
    assert check(deck(svara=0)).summary.summoner is None


def test_two_summoners_message() -> None:
    (v,) = check(deck(sneeks=1)).errors
    assert v.message.startswith("2 summoners (Svara, Sneeks), exactly 1")


def test_symbol_mismatch_message() -> None:
    (v,) = check(deck(ice_smith=0, horde_climber=4)).errors
    assert v.message == (
        "Horde Climber (Cunning) shares no build symbol with Svara "
        "(Logic, Martial, Water)"
    )


def test_epic_events_and_starting_units_are_symbol_exempt() -> None:
    """Ice Ram carries only the faction emblem (no symbol) and is still legal."""
    assert CAT.cards["ice-ram"].symbols == ()
    assert check(POLAR).valid


def test_other_summoners_starting_unit_is_a_plain_common() -> None:
    # Horde Slinger (Instinct) in Svara's deck: not exempt, so a symbol mismatch.
    report = check(deck(ice_smith=3, horde_slinger=1))
    assert report.codes == ("symbol.mismatch",)


def test_unknown_card_suggestion() -> None:
    (v,) = check(deck(frost_mag=1)).errors
    assert v.code == "card.unknown" and v.card == "frost-mag"
    assert v.suggestion == "frost-mage"
    assert "did you mean Frost Mage" in v.message
    (w,) = check(deck(POLAR, **{"Bear Calvary": 1})).errors
    assert w.suggestion == "bear-cavalry"
    (x,) = check(deck(zzzzzzzz=1)).errors
    assert x.suggestion is None and "no such card" in x.message


def test_summoner_with_unknown_data() -> None:
    """The catalog does not know Ava's starting units, epic events or symbols."""
    report = check({"ava": 1, "starting-gate": 1, "gate": 3})
    codes = set(report.codes)
    assert {
        "starting_units.missing",
        "epic_events.missing",
        "card.not_allowed",
    } <= codes
    assert not report.valid


def test_absurd_counts_report_numbers() -> None:
    report = check([*POLAR.items(), ("ice-smith", -2), ("bogus", 10**9)])
    msgs = {v.card: v for v in report.errors}
    assert msgs["ice-smith"].count == -2 and "1 to 1000" in msgs["ice-smith"].message
    assert msgs["bogus"].count == 10**9


def test_long_unknown_slug_is_cheap() -> None:
    report = check({"x" * 100_000: 1, **POLAR})
    assert report.codes == ("card.unknown",)
    assert len(report.errors[0].message) < 200


@pytest.mark.parametrize(
    "bad",
    [
        "svara",
        b"svara",
        42,
        None,
        {"svara": "1"},
        {"svara": 1.0},
        {"svara": True},
        {1: 1},
        [("svara",)],
        [("svara", 1, 2)],
        ["svara"],
    ],
)
def test_wrong_python_types_raise_type_error(bad: Any) -> None:
    with pytest.raises(TypeError):
        check(bad)


def test_wrong_keyword_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        check(POLAR, summoner=3)
    with pytest.raises(TypeError):
        check(POLAR, ruleset=2)
    with pytest.raises(TypeError):
        check(POLAR, owned=[("svara", 1)])


def test_deck_entries_input() -> None:
    entries = [DeckEntry(s, n, None) for s, n in POLAR.items()]
    assert check(entries).valid
    assert check(CAT.factions["polar-dwarves"].deck.entries).valid  # type: ignore[union-attr]


def test_collection_short_is_a_warning() -> None:
    owned = {s: n for s, n in POLAR.items()} | {"bear-cavalry": 2}
    del owned["gate"]
    report = check(POLAR, owned=owned)
    assert report.valid
    assert [w.code for w in report.warnings] == ["collection.short"] * 2
    by_card = {w.card: w for w in report.warnings}
    assert by_card["bear-cavalry"].count == 4 and by_card["bear-cavalry"].limit == 2
    assert by_card["bear-cavalry"].message == (
        "Bear Cavalry: the deck needs 4, you own 2"
    )
    assert by_card["gate"].limit == 0
    assert check(POLAR, owned=POLAR).warnings == ()


def test_collection_counts_implicit_summoner() -> None:
    report = check(deck(svara=0), summoner="svara", owned={})
    assert "svara" in {w.card for w in report.warnings}


def test_ruleset_unsupported_message() -> None:
    report = check(POLAR, ruleset="third")
    assert report.errors[0].message == (
        "ruleset 'third': not supported yet; supported: first, second"
    )
    assert report.summary.ruleset == "third"


def test_second_edition_cards_against_the_first_edition_rules() -> None:
    # a second-edition deck is checked against the first edition's own catalog
    report = check(POLAR, ruleset="first")
    assert report.summary.ruleset == "first"
    assert "card.unknown" in report.codes


def test_summary_numbers() -> None:
    s = check(POLAR).summary
    assert s.summoner == "svara"
    assert s.total_cards == 34
    assert dict(s.cost_curve) == {0: 12, 1: 5, 2: 5, 3: 4, 5: 2, 6: 1}
    assert s.total_cost == 43
    assert s.unknown_cost == 0
    assert s.class_counts["common"] == 18  # starting units included
    assert s.class_counts["structure"] == 5 + 2 + 4  # Ice Golem, Parapet, gates
    assert s.class_counts["gate"] == 4
    assert s.symbols == {"Logic": 16, "Martial": 1, "Water": 16}
    assert s.cost_by_class["champion"] == 16
    data = check(POLAR).to_json()
    assert data["summary"]["cost_curve"]["0"] == 12
    assert data["valid"] is True and data["errors"] == []


def test_violation_json_shape() -> None:
    data = check(deck(ollag=0, frost_mag=1)).to_json()
    errors = {e["code"]: e for e in data["errors"]}
    assert errors["champions.count"] == {
        "code": "champions.count",
        "message": "2 champions, exactly 3",
        "card": None,
        "count": 2,
        "limit": 3,
    }
    assert errors["card.unknown"]["suggestion"] == "frost-mage"


def test_report_is_deterministic() -> None:
    cards = deck(gate=2, parapet=3, ice_smith=5, horde_climber=1, ice_smth=1)
    assert check(cards) == check(dict(cards))


def test_assign_roles_order() -> None:
    roles = [e.role for e in assign_roles(POLAR, catalog=CAT)]
    assert roles[0] is DeckRole.SUMMONER
    assert roles[-1] is DeckRole.COMMON
    assert roles == sorted(roles, key=list(roles).index)  # grouped


# --------------------------------------------------------------------------- CLI


def test_cli_with_deck_text_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import types

    fake = types.ModuleType("engine.catalog")
    fake.load_catalog = mini_catalog  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.catalog", fake)
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(f"{n} {s}" for s, n in POLAR.items()))
    assert main([str(path)]) == 0
    assert capsys.readouterr().out.startswith("VALID")
    assert main(["polar-dwarves", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    path.write_text("4 Frost Mag\n1 Svara\n")
    assert main([str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["errors"][0]["code"] == "card.unknown"
    assert main(["skyspear-avians"]) == 2  # no deck list
    assert main(["no-such-thing"]) == 2
    # another edition's catalog: no such faction there; its own factions check
    assert main(["polar-dwarves", "--ruleset", "first"]) == 2
    assert main(["fallen-kingdom", "--ruleset", "first"]) == 0
    # a ruleset no registered ruleset answers to: the report's ruleset.unsupported
    assert main(["polar-dwarves", "--ruleset", "third", "--json"]) == 1
    assert "ruleset.unsupported" in capsys.readouterr().out


# ------------------------------------------------------------------- real catalog


@pytest.mark.parametrize("faction_slug", real_decks())
def test_real_faction_deck_is_legal(faction_slug: str) -> None:
    catalog = real_catalog()
    faction_def = catalog.factions[faction_slug]
    report = validate_deck(faction_def.deck.counts(), catalog=catalog)
    assert report.valid, [v.message for v in report.errors]
    assert report.summary.total_cards == 34
    assert report.summary.summoner == faction_def.summoner
    # The inferred roles agree with the roles the deck list states.
    stated: dict[tuple[str, Any], int] = {}
    for e in faction_def.deck.entries:
        if e.role is not None:
            stated[(e.card, e.role)] = stated.get((e.card, e.role), 0) + e.count
    inferred = {(e.card, e.role): e.count for e in report.summary.entries}
    if stated:
        assert inferred == stated


def test_real_catalog_has_polar_dwarves_deck() -> None:
    catalog = real_catalog()
    deck_list = catalog.factions["polar-dwarves"].deck
    assert deck_list is not None
    assert validate_deck(deck_list.counts(), catalog=catalog).valid
    # R9: 5 Frost Mage with Svara is legal; a sixth is one too many.
    counts = deck_list.counts()
    counts["frost-mage"] = 6
    counts["ice-smith"] -= 1
    assert validate_deck(counts, catalog=catalog).codes == ("commons.copies",)


def test_cli_real_catalog_subprocess() -> None:
    real_catalog()
    run = subprocess.run(
        [sys.executable, "-m", "engine.construction", "polar-dwarves", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["valid"] is True
    bad = subprocess.run(
        [sys.executable, "-m", "engine.construction"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode == 2
