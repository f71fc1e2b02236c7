"""Deck text format and deck codes (DESIGN.md "Deck text format"): engine/decktext.py.

Runs against a small hand-built catalog (minicatalog.py: the Polar Dwarves deck of R9
plus a few cards with awkward names); the round trips also run over every faction
deck of the real catalog once engine.catalog and cards/data are there.
"""

from __future__ import annotations

import base64
import random
import re
import zlib
from typing import Any

import pytest
from minicatalog import (
    POLAR,
    C,
    E,
    MiniCatalog,
    U,
    card,
    gates,
    polar_cards,
    polar_faction,
    real_catalog,
    real_decks,
)

from engine.core.types import CardDef, DeckEntry, DeckList
from engine.deckbuilding.construction import validate_deck
from engine.deckbuilding.decktext import (
    DeckCodeError,
    card_id,
    decode_deck_code,
    encode_deck_code,
    format_deck_text,
    parse_deck_text,
    resolve_card,
)


def mini_catalog(extra: tuple[CardDef, ...] = ()) -> MiniCatalog:
    cards = [
        *gates(),
        *polar_cards(),
        # Awkward names: two cards named "Twin", names starting with x / digits.
        card("twin-a", U, (C.COMMON,), ("Water",), name="Twin"),
        card("twin-b", U, (C.COMMON,), ("Water",), name="Twin"),
        card("xeno-ram", U, (C.COMMON,), ("Water",), name="Xeno Ram"),
        card("x-ray", E, (C.STANDARD,), ("Water",), name="X Ray"),
        card("queens-guard", U, (C.COMMON,), ("Water",), name="Queen’s Guard"),
        *extra,
    ]
    return MiniCatalog({c.slug: c for c in cards}, {"polar-dwarves": polar_faction()})


CAT = mini_catalog()

POLAR_TEXT = """\
# Deck: Polar Dwarves

# Summoner
1 Svara

# Gates
1 Starting Gate
3 Gate

# Starting units
1 Frost Mage
1 Ice Golem

# Epic events
2 Ice Ram

# Events
2 Parapet
2 Ice Repair
2 Glacial Shift

# Champions
1 Nadiana
1 Ollag
1 Jarmund

# Commons
4 Frost Mage
4 Ice Golem
4 Bear Cavalry
4 Ice Smith
"""


def parse(text: str) -> Any:
    return parse_deck_text(text, catalog=CAT)


# ------------------------------------------------------------------------ parsing


def test_format_faction_deck_exact_text() -> None:
    assert format_deck_text(POLAR, catalog=CAT, name="Polar Dwarves") == POLAR_TEXT


def test_parse_faction_deck_text() -> None:
    parsed = parse(POLAR_TEXT)
    assert parsed.ok and parsed.problems == ()
    assert parsed.name == "Polar Dwarves"
    assert parsed.counts() == POLAR
    assert validate_deck(parsed.entries, catalog=CAT).valid


@pytest.mark.parametrize(
    "line",
    [
        "4 Ice Smith",
        "4x Ice Smith",
        "4X Ice Smith",
        "4 x Ice Smith",
        "4 × Ice Smith",
        "4  ICE   smith",
        "  4 ice smith  ",
        "4 ice-smith",
        "4 Ice Smith  # the cheap ones",
        "4Ice Smith",
    ],
)
def test_line_variants(line: str) -> None:
    parsed = parse(line)
    assert parsed.problems == ()
    assert parsed.entries == (("ice-smith", 4),)


def test_names_starting_with_x_and_curly_quotes() -> None:
    parsed = parse("2 Xeno Ram\n2x Xeno Ram\n1 X Ray\n1x X Ray\n1 Queen's Guard\n")
    assert parsed.problems == ()
    assert parsed.counts() == {"xeno-ram": 4, "x-ray": 2, "queens-guard": 1}


def test_comments_blank_lines_crlf_and_duplicates_sum() -> None:
    text = "# my deck\r\n\r\n1 Svara\r\n2 Frost Mage\r\n   # note\r\n3 frost mage\r\n"
    parsed = parse(text)
    assert parsed.problems == ()
    assert parsed.entries == (("svara", 1), ("frost-mage", 5))
    assert parsed.name is None


def test_malformed_lines_are_problems_with_line_numbers() -> None:
    text = "\n".join(
        [
            "1 Svara",  # 1 ok
            "Svara",  # 2 no count
            "x Svara",  # 3 no count
            "-1 Frost Mage",  # 4 negative
            "0 Frost Mage",  # 5 zero
            "99999999999999999999999 Frost Mage",  # 6 huge
            "4",  # 7 no name
            "four Ice Smith",  # 8
            "4 Frost Mag",  # 9 unknown
            "2 Twin",  # 10 ambiguous
            "2 twin-a",  # 11 ok (slug)
        ]
    )
    parsed = parse(text)
    got = [(p.line, p.code) for p in parsed.problems]
    assert got == [
        (2, "text.malformed"),
        (3, "text.malformed"),
        (4, "text.malformed"),
        (5, "text.malformed"),
        (6, "text.malformed"),
        (7, "text.malformed"),
        (8, "text.malformed"),
        (9, "card.unknown"),
        (10, "card.unknown"),
    ]
    assert parsed.entries == (("svara", 1), ("twin-a", 2))
    unknown = parsed.problems[7]
    assert unknown.suggestion == "frost-mage"
    assert "did you mean Frost Mage" in unknown.message
    assert "twin-a" in parsed.problems[8].message
    v = unknown.to_violation()
    assert v.code == "card.unknown" and v.message.startswith("line 9: ")


def test_unknown_with_x_prefix_suggests_the_name() -> None:
    (p,) = parse("3x Bear Calvary").problems
    assert p.suggestion == "bear-cavalry"


def test_huge_inputs_do_not_crash() -> None:
    parsed = parse("1 Svara\n" * 5000)
    assert parsed.problems[0].code == "text.malformed"
    assert parsed.counts() == {"svara": 2000}
    parsed = parse("4 " + "a" * 300_000)
    assert [p.code for p in parsed.problems] == ["text.malformed", "card.unknown"]


def test_fuzz_parse_never_raises() -> None:
    rng = random.Random(1234)
    alphabet = "0123456789 xX#-\t\n\r\u00d7\u2019abcdefghijklmnopqrstuvwxyzIS\x00"
    for _ in range(500):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 200)))
        parsed = parse(text)
        for slug, count in parsed.entries:
            assert slug in CAT.cards and 1 <= count
        for p in parsed.problems:
            assert p.code in {"text.malformed", "card.unknown"}


def test_parse_rejects_non_text() -> None:
    with pytest.raises(TypeError):
        parse_deck_text(b"1 Svara", catalog=CAT)  # type: ignore[arg-type]


def test_resolve_card() -> None:
    assert resolve_card("FROST mage", catalog=CAT) == "frost-mage"
    assert resolve_card("frost-mage", catalog=CAT) == "frost-mage"
    assert resolve_card("Twin", catalog=CAT) is None
    assert resolve_card("Gate", catalog=CAT) == "gate"


# --------------------------------------------------------------------- formatting


def test_format_round_trip_and_idempotence_on_shuffled_input() -> None:
    rng = random.Random(7)
    items = list(POLAR.items()) + [("twin-b", 2), ("xeno-ram", 1)]
    for _ in range(20):
        rng.shuffle(items)
        text = format_deck_text(items, catalog=CAT)
        parsed = parse(text)
        assert parsed.problems == ()
        assert parsed.counts() == dict(items)
        assert format_deck_text(parsed.entries, catalog=CAT) == text


def test_format_writes_ambiguous_names_as_slugs() -> None:
    text = format_deck_text({"twin-a": 2, "twin-b": 1}, catalog=CAT)
    assert "2 twin-a" in text and "1 twin-b" in text
    assert parse(text).counts() == {"twin-a": 2, "twin-b": 1}


def test_format_unknown_and_unplaceable_cards() -> None:
    text = format_deck_text({"svara": 1, "no-such-card": 2}, catalog=CAT, name="x\ny")
    assert text.splitlines()[0] == "# Deck: x y"
    assert "# Not in the catalog\n2 no-such-card" in text
    parsed = parse(text)
    assert [p.code for p in parsed.problems] == ["card.unknown"]
    assert parsed.name == "x y"


def test_format_accepts_deck_list_and_entries() -> None:
    deck_list = CAT.factions["polar-dwarves"].deck
    assert deck_list is not None
    text = format_deck_text(deck_list, catalog=CAT)
    assert parse(text).counts() == POLAR
    assert format_deck_text(deck_list.entries, catalog=CAT) == text


def test_format_rejects_bad_counts() -> None:
    with pytest.raises(ValueError):
        format_deck_text({"svara": 0}, catalog=CAT)
    with pytest.raises(TypeError):
        format_deck_text("1 Svara", catalog=CAT)  # type: ignore[arg-type]


# --------------------------------------------------------------------- deck codes


def test_code_round_trip() -> None:
    code = encode_deck_code(POLAR, catalog=CAT)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert len(code) < 120
    ruleset, entries = decode_deck_code(code, catalog=CAT)
    assert ruleset == "second"
    assert entries == tuple(sorted(POLAR.items()))
    assert encode_deck_code(entries, catalog=CAT) == code
    padded = code + "=" * (-len(code) % 4)
    assert decode_deck_code(f"  {padded}\n", catalog=CAT) == (ruleset, entries)


def test_code_is_canonical() -> None:
    items = list(POLAR.items())
    random.Random(3).shuffle(items)
    split = [("frost-mage", 1), *((s, n - (s == "frost-mage")) for s, n in items)]
    assert encode_deck_code(split, catalog=CAT) == encode_deck_code(POLAR, catalog=CAT)


def test_code_ruleset_and_deck_list() -> None:
    code = encode_deck_code(POLAR, catalog=CAT, ruleset="second")
    assert decode_deck_code(code, catalog=CAT)[0] == "second"
    with pytest.raises(
        DeckCodeError, match="ruleset 'third': unknown; known: first, se"
    ):
        encode_deck_code(POLAR, catalog=CAT, ruleset="third")  # no such ruleset
    # the first edition's byte is 1 (its own catalog numbers its cards)
    assert (
        decode_deck_code(
            encode_deck_code(POLAR, catalog=CAT, ruleset="first"), catalog=CAT
        )[0]
        == "first"
    )
    deck_list = DeckList("x", "svara", tuple(DeckEntry(s, n) for s, n in POLAR.items()))
    assert encode_deck_code(deck_list, catalog=CAT) == encode_deck_code(
        POLAR, catalog=CAT
    )


def test_code_ids_do_not_depend_on_catalog_order() -> None:
    bigger = mini_catalog(extra=(card("aaa-new-card", U, (C.COMMON,), ("Water",)),))
    code = encode_deck_code(POLAR, catalog=CAT)
    assert decode_deck_code(code, catalog=bigger)[1] == tuple(sorted(POLAR.items()))


def _craft(body: bytes) -> str:
    check = (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    return base64.urlsafe_b64encode(body + check).decode().rstrip("=")


def _row(slug: str, count: int) -> bytes:
    return card_id(slug).to_bytes(4, "big") + bytes([count])


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("hello world!", "only letters"),
        ("ab=c", "only letters"),
        ("ABC=", "too short"),
        ("A", "bad base64"),
        ("AAAA", "too short"),
        ("x" * 5000, "too long"),
        (_craft(bytes([2, 0, 1]) + _row("svara", 1)), "version 2"),
        (_craft(bytes([1, 9, 1]) + _row("svara", 1)), "unknown ruleset"),
        (_craft(bytes([1, 0, 2]) + _row("svara", 1)), "holds 1"),
        (_craft(bytes([1, 0, 1]) + _row("nope", 1)), "unknown to this catalog"),
        (_craft(bytes([1, 0, 1]) + _row("svara", 0)), "0 copies"),
        (_craft(bytes([1, 0, 2]) + _row("svara", 1) * 2), "listed twice"),
    ],
)
def test_garbage_codes(code: str, fragment: str) -> None:
    with pytest.raises(DeckCodeError, match=re.escape(fragment)):
        decode_deck_code(code, catalog=CAT)


def test_damaged_code_fails_the_checksum() -> None:
    code = encode_deck_code(POLAR, catalog=CAT)
    failures = 0
    for i in range(len(code)):
        ch = "B" if code[i] != "B" else "C"
        damaged = code[:i] + ch + code[i + 1 :]
        with pytest.raises(DeckCodeError):
            decode_deck_code(damaged, catalog=CAT)
        failures += 1
    assert failures == len(code)
    with pytest.raises(DeckCodeError, match="checksum"):
        decode_deck_code(
            code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:], catalog=CAT
        )


def test_fuzz_decode_only_raises_deck_code_error() -> None:
    rng = random.Random(99)
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=!"
    for _ in range(500):
        code = "".join(rng.choice(chars) for _ in range(rng.randint(0, 150)))
        try:
            decode_deck_code(code, catalog=CAT)
        except DeckCodeError:
            pass


def test_encode_errors() -> None:
    with pytest.raises(DeckCodeError, match="not in the catalog"):
        encode_deck_code({"nope": 1}, catalog=CAT)
    with pytest.raises(DeckCodeError, match="255"):
        encode_deck_code({"gate": 300}, catalog=CAT)
    with pytest.raises(DeckCodeError, match="out of range"):
        encode_deck_code({"gate": 0}, catalog=CAT)
    with pytest.raises(DeckCodeError, match="ruleset"):
        encode_deck_code(POLAR, catalog=CAT, ruleset="third")
    with pytest.raises(TypeError):
        decode_deck_code(None, catalog=CAT)  # type: ignore[arg-type]
    assert issubclass(DeckCodeError, ValueError)


# ------------------------------------------------------------------ real catalog


@pytest.mark.parametrize("faction_slug", real_decks())
def test_real_deck_text_and_code_round_trip(faction_slug: str) -> None:
    catalog = real_catalog()
    deck_list = catalog.factions[faction_slug].deck
    counts = deck_list.counts()
    text = format_deck_text(deck_list, catalog=catalog, name=deck_list.name)
    parsed = parse_deck_text(text, catalog=catalog)
    assert parsed.problems == ()
    assert parsed.counts() == counts
    assert parsed.name == " ".join(deck_list.name.split())
    assert format_deck_text(parsed.entries, catalog=catalog, name=parsed.name) == text
    assert validate_deck(parsed.entries, catalog=catalog).valid
    for line in text.splitlines():
        if line and not line.startswith("#"):
            assert re.fullmatch(r"[0-9]+ \S.*", line)
    code = encode_deck_code(deck_list, catalog=catalog)
    assert decode_deck_code(code, catalog=catalog) == (
        "second",
        tuple(sorted(counts.items())),
    )


def test_real_catalog_card_ids_do_not_collide_and_names_resolve() -> None:
    catalog = real_catalog()
    ids = [card_id(s) for s in catalog.cards]
    assert len(set(ids)) == len(ids)
    for slug in catalog.cards:
        assert resolve_card(slug, catalog=catalog) == slug
