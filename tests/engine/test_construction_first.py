"""First-edition deck construction (research/first-edition.md R46-R53; RULES.md R10):
engine/deckbuilding/construction_walls.py against the real first-edition catalog
(cards/data/first). Every catalog deck (presets and sample decks) is legal; each
violation code is exercised by a table of decks derived from the Ret-Talus preset (S9,
official) and the Abua Shi preset (S11)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.deckbuilding.catalog import load_catalog
from engine.deckbuilding.construction import validate_deck

CAT = load_catalog(ruleset="first")
RET = dict(CAT.summoners["ret-talus"].deck.counts())
ABUA = dict(CAT.summoners["abua-shi"].deck.counts())


def check(cards: Any, **kw: Any) -> Any:
    return validate_deck(cards, catalog=CAT, ruleset="first", **kw)


def edit(base: dict[str, int], **changes: int) -> dict[str, int]:
    out = dict(base)
    for k, v in changes.items():
        slug = k.replace("_", "-")
        if v == 0:
            out.pop(slug, None)
        else:
            out[slug] = v
    return out


@pytest.mark.parametrize("summoner", sorted(CAT.summoners))
def test_every_catalog_deck_is_legal(summoner: str) -> None:
    sd = CAT.summoners[summoner]
    report = check(sd.deck.counts())
    assert report.valid, [e.message for e in report.errors]
    assert report.summary.total_cards == 34  # R3
    assert sd.deck_kind in ("preset", "sample")


def test_presets_are_the_researched_ones() -> None:
    presets = {s for s, d in CAT.summoners.items() if d.deck_kind == "preset"}
    assert presets == {"ret-talus", "abua-shi", "sneeks", "prince-elien"}
    assert RET["skeletal-archer"] == 7 and RET["reaper"] == 5  # S9


CASES: list[tuple[str, dict[str, int], dict[str, Any], list[str]]] = [
    ("ret-talus-preset", RET, {}, []),
    ("abua-shi-preset", ABUA, {}, []),
    (
        "summoner-given-not-listed",
        edit(RET, ret_talus=0),
        {"summoner": "ret-talus"},
        [],
    ),
    (
        "no-summoner",
        edit(RET, ret_talus=0),
        {},
        ["summoner.count", "events.missing"][:1],
    ),
    ("two-summoners", edit(RET, mad_sirian=1), {}, ["summoner.count"]),
    (
        "second-summoner-given",
        edit(RET, mad_sirian=1),
        {"summoner": "ret-talus"},
        ["card.not_allowed"],
    ),
    ("unknown-card", edit(RET, zombie_warior=1), {}, ["card.unknown"]),
    (
        "absurd-count",
        edit(RET, reaper=5000),
        {},
        ["card.not_allowed", "commons.count", "starting_units.missing"],
    ),
    # R47: exactly the events of the reference card
    ("event-missing", edit(RET, dark_sacrifice=2), {}, ["events.missing"]),
    ("event-extra-copy", edit(RET, dark_sacrifice=4), {}, ["events.copies"]),
    ("event-not-listed", edit(RET, burn=1), {}, ["card.not_allowed"]),
    ("shared-event-not-listed", edit(RET, reinforcements=1), {}, ["card.not_allowed"]),
    (
        "all-events-missing",
        {k: v for k, v in RET.items() if CAT.cards[k].phase is None},
        {},
        ["events.missing"] * 4,
    ),
    # R48: walls and the setup units
    ("two-walls", edit(RET, wall=2), {}, ["walls.count"]),
    ("four-walls", edit(RET, wall=4), {}, ["walls.count"]),
    ("ice-wall-is-not-a-wall-slot", edit(RET, ice_wall=1), {}, ["card.not_allowed"]),
    ("vine-wall-separate-pile", edit(RET, vine_wall=1), {}, ["card.not_allowed"]),
    ("conjuration", edit(RET, phoenix=1), {}, ["card.not_allowed"]),
    (
        "setup-unit-missing",
        edit(RET, skeletal_archer=1, zombie_warrior=10, reaper=7),
        {},
        ["starting_units.missing"],
    ),
    # R49, R51: slots and copies
    ("nineteen-commons", edit(RET, reaper=6), {}, ["commons.count"]),
    ("seventeen-commons", edit(RET, reaper=4), {}, ["commons.count"]),
    (
        "eleven-of-a-common",
        edit(RET, skeletal_archer=11, reaper=1),
        {},
        ["commons.copies"],
    ),
    ("ten-of-a-common-is-fine", edit(RET, skeletal_archer=10, reaper=2), {}, []),
    ("two-of-a-champion", edit(RET, dragos=2, skhull=0), {}, ["champions.copies"]),
    ("two-champions", edit(RET, skhull=0), {}, ["champions.count"]),
    ("four-champions", edit(RET, anica=1), {}, ["champions.count"]),
    # R50: faction and Mercenaries
    ("other-faction-unit", edit(RET, reaper=4, lioness=1), {}, ["faction.mismatch"]),
    (
        "six-mercenaries",
        edit(RET, reaper=1, skeletal_archer=6, zombie_warrior=5, vermin=6),
        {},
        [],
    ),
    (
        "seven-mercenaries",
        edit(RET, reaper=1, skeletal_archer=5, zombie_warrior=5, vermin=7),
        {},
        ["mercenaries.count"],
    ),
    ("mercenary-champion", edit(RET, skhull=0, saella=1), {}, []),
    (
        "mercenary-summoner-all-mercenaries",
        dict(CAT.summoners["rallul"].deck.counts()),
        {},
        [],
    ),
    (
        "mercenary-summoner-other-faction",
        edit(dict(CAT.summoners["rallul"].deck.counts()), stone_golem=5, reaper=1),
        {},
        ["faction.mismatch"],
    ),
    # R52: Mutations fill either slot (The Filth)
    (
        "filth-mutation-as-common",
        edit(
            dict(CAT.summoners["the-demagogue"].deck.counts()),
            zealot=8,
            bestial_mutant=1,
        ),
        {},
        [],
    ),
    (
        "filth-mutation-as-champion",
        edit(dict(CAT.summoners["the-demagogue"].deck.counts()), her=0, claw_mutant=1),
        {},
        [],
    ),
    (
        "filth-too-many-mutations",
        edit(dict(CAT.summoners["the-demagogue"].deck.counts()), bestial_mutant=1),
        {},
        ["commons.count"],
    ),
    (
        "empty",
        {},
        {},
        ["summoner.count", "walls.count", "champions.count", "commons.count"],
    ),
]


@pytest.mark.parametrize(
    ("cards", "kwargs", "expected"),
    [pytest.param(c, k, e, id=i) for i, c, k, e in CASES],
)
def test_first_edition_deck_cases(
    cards: dict[str, int], kwargs: dict[str, Any], expected: list[str]
) -> None:
    report = check(cards, **kwargs)
    assert sorted(report.codes) == sorted(expected), [e.message for e in report.errors]
    assert report.valid is (not expected)
    json.dumps(report.to_json())


def test_table_is_big_enough() -> None:
    assert len(CASES) >= 25


def test_all_violations_at_once() -> None:
    bad = edit(RET, wall=1, dark_sacrifice=0, burn=1, reaper=11, lioness=1, anica=1)
    codes = set(check(bad).codes)
    assert {
        "walls.count",
        "events.missing",
        "card.not_allowed",
        "commons.copies",
        "faction.mismatch",
        "champions.count",
    } <= codes


def test_a_second_edition_catalog_passed_in_is_replaced() -> None:
    second = load_catalog()
    assert validate_deck(RET, catalog=second, ruleset="first").valid


def test_same_name_cards_resolve_by_faction() -> None:
    assert set(CAT.same_name("Archer")) == {
        "archer-phoenix-elves",
        "archer-jungle-elves",
    }
    card = CAT.find_card("Archer", faction="jungle-elves")
    assert card is not None and card.slug == "archer-jungle-elves"


def test_deck_text_resolves_a_shared_name_by_the_summoners_faction() -> None:
    from engine.deckbuilding.decktext import format_deck_text, parse_deck_text

    parsed = parse_deck_text("1 Abua Shi\n6 Archer\n3 Wall\n", catalog=CAT)
    assert parsed.ok and dict(parsed.entries)["archer-jungle-elves"] == 6
    parsed = parse_deck_text("6 Archer\n1 Prince Elien\n", catalog=CAT)
    assert dict(parsed.entries)["archer-phoenix-elves"] == 6
    alone = parse_deck_text("6 Archer\n", catalog=CAT)
    assert [p.code for p in alone.problems] == ["card.unknown"]
    assert "several cards" in alone.problems[0].message
    # the text a deck exports reads back to the same cards
    text = format_deck_text(RET, catalog=CAT, name="Dead")
    assert dict(parse_deck_text(text, catalog=CAT).entries) == RET
