"""Deck text format (import/export) and short deck codes.

Text format (DESIGN.md): one line per entry, ``COUNT Card Name`` (``COUNTx Card Name``
and ``COUNT x Card Name`` too), blank lines and ``#`` comments ignored (also after an
entry), names matched case-insensitively, slugs accepted too; ``1 Svara`` is the
summoner line. A first comment ``# Deck: NAME`` names the deck.

* :func:`parse_deck_text` never raises on user text: bad lines become problems
  (``text.malformed``, or ``card.unknown`` with a did-you-mean). Duplicate lines sum;
  entries keep the order in which cards first appear.
* :func:`format_deck_text` groups the deck by inferred role (``engine.construction``)
  under ``#`` headers. Within a section, cards that also appear in an earlier section
  come first, then input order: so ``format(parse(format(d))) == format(d)`` and parsing
  the text gives back the same (slug, count) pairs. A card is written by name when its
  name resolves back to it, else by slug (two cards with one name).
* Deck codes: ``base64url(version, ruleset, n, n x (crc32(slug), count), crc16)``
  without padding (about 110 characters for a 34-card deck). Card ids are CRC32s of
  slugs, so they do not move when cards are added to the catalog; entries are sorted by
  id, so a deck has exactly one code. :func:`decode_deck_code` raises
  :class:`DeckCodeError` (a ValueError) with a clear message on any garbage and returns
  the entries sorted by slug.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.types import DeckEntry, DeckList, DeckRole
from engine.deckbuilding.construction import (
    MAX_COUNT,
    MAX_ENTRIES,
    CatalogLike,
    Violation,
    assign_roles,
    suggest_card,
)
from engine.rulesets import DEFAULT_RULESET, RULESETS

__all__ = [
    "DeckCodeError",
    "ParsedDeck",
    "TextProblem",
    "decode_deck_code",
    "encode_deck_code",
    "format_deck_text",
    "parse_deck_text",
    "resolve_card",
]

MAX_TEXT_CHARS = 200_000
MAX_LINES = 2_000
MAX_CODE_CHARS = 4_096

SECTIONS: tuple[tuple[str, tuple[DeckRole, ...]], ...] = (
    ("Summoner", (DeckRole.SUMMONER,)),
    ("Gates", (DeckRole.STARTING_GATE, DeckRole.GATE)),
    ("Starting units", (DeckRole.STARTING_UNIT,)),
    ("Epic events", (DeckRole.EPIC_EVENT,)),
    ("Events", (DeckRole.STANDARD_EVENT,)),
    ("Champions", (DeckRole.CHAMPION,)),
    ("Commons", (DeckRole.COMMON,)),
)

#: sections of an edition with walls and reference cards (the first)
WALL_SECTIONS: tuple[tuple[str, tuple[DeckRole, ...]], ...] = (
    ("Summoner", (DeckRole.SUMMONER,)),
    ("Walls", (DeckRole.WALL,)),
    ("Events", (DeckRole.EVENT,)),
    ("Champions", (DeckRole.CHAMPION,)),
    ("Commons", (DeckRole.COMMON,)),
)

DeckInput = (
    Mapping[str, int] | Sequence[tuple[str, int]] | Iterable[DeckEntry] | DeckList
)


# ------------------------------------------------------------------------ resolving


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").casefold().split())


class _Index:
    """Name/slug lookup over one catalog (:func:`_index_of` keeps it per catalog)."""

    def __init__(self, catalog: CatalogLike) -> None:
        self.catalog = catalog
        self.slugs = {slug.casefold(): slug for slug in catalog.cards}
        self.names: dict[str, list[str]] = {}
        for slug, card in catalog.cards.items():
            self.names.setdefault(_norm(card.name), []).append(slug)

    def resolve(self, text: str) -> str | None:
        """Slug first, then a name shared by no other card."""
        key = _norm(text)
        if key in self.slugs:
            return self.slugs[key]
        hits = self.names.get(key, [])
        return hits[0] if len(hits) == 1 else None

    def ambiguous(self, text: str) -> list[str]:
        hits = self.names.get(_norm(text), [])
        return sorted(hits) if len(hits) > 1 else []

    def label(self, slug: str) -> str:
        """How deck text writes a card: its name if that reads back, else its slug."""
        card = self.catalog.cards.get(slug)
        if card is not None and self.resolve(card.name) == slug:
            return card.name
        return slug


_INDEXES: dict[int, _Index] = {}


def _index_of(catalog: CatalogLike) -> _Index:
    """The lookup of ``catalog``, built once per catalog object (catalogs are
    read-only; building it normalises every card name, most of a parse's work)."""
    got = _INDEXES.get(id(catalog))
    if got is None or got.catalog is not catalog:
        if len(_INDEXES) >= 8:
            _INDEXES.clear()
        got = _INDEXES[id(catalog)] = _Index(catalog)
    return got


def resolve_card(text: str, *, catalog: CatalogLike) -> str | None:
    """The slug that ``text`` (a slug or a name, any case) names, or None."""
    return _index_of(catalog).resolve(text)


# -------------------------------------------------------------------------- parsing


@dataclass(frozen=True, slots=True)
class TextProblem:
    line: int  # 1-based line number (0: the text as a whole)
    code: str  # "text.malformed" | "card.unknown"
    message: str
    text: str = ""  # the offending line, trimmed
    suggestion: str | None = None  # card.unknown: the closest slug

    def to_violation(self) -> Violation:
        where = f"line {self.line}: " if self.line else ""
        return Violation(
            self.code, where + self.message, card=None, suggestion=self.suggestion
        )


@dataclass(frozen=True, slots=True)
class ParsedDeck:
    entries: tuple[tuple[str, int], ...]  # (slug, count), first-seen order, summed
    problems: tuple[TextProblem, ...]
    name: str | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def counts(self) -> dict[str, int]:
        return dict(self.entries)


_LINE = re.compile(r"([0-9]+)\s*(.*)")
_X_PREFIX = re.compile(r"[xX\u00d7]\s*(.+)")
_NAME_COMMENT = re.compile(r"#\s*deck\s*:\s*(.*)", re.IGNORECASE)


def parse_deck_text(text: str, *, catalog: CatalogLike) -> ParsedDeck:
    """Parse deck text; never raises on user text (TypeError if ``text`` is no str)."""
    if not isinstance(text, str):
        raise TypeError(f"deck text must be str, not {type(text).__name__}")
    index = _index_of(catalog)
    problems: list[TextProblem] = []
    counts: dict[str, int] = {}
    pending: list[tuple[int, str, str, int]] = []
    name: str | None = None
    if len(text) > MAX_TEXT_CHARS:
        problems.append(
            TextProblem(
                0,
                "text.malformed",
                f"text of {len(text)} characters; only the first {MAX_TEXT_CHARS} "
                "were read",
            )
        )
        text = text[:MAX_TEXT_CHARS]
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        problems.append(
            TextProblem(
                0,
                "text.malformed",
                f"{len(lines)} lines; only the first {MAX_LINES} were read",
            )
        )
        lines = lines[:MAX_LINES]

    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        shown = line if len(line) <= 80 else line[:77] + "..."
        if line.startswith("#"):
            m = _NAME_COMMENT.fullmatch(line)
            if m and name is None and not counts and m[1].strip():
                name = m[1].strip()
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue

        def bad(message: str, shown: str = shown, number: int = number) -> None:
            problems.append(TextProblem(number, "text.malformed", message, shown))

        m = _LINE.fullmatch(line)
        if m is None:
            bad(f"expected 'COUNT Card Name', got {shown!r}")
            continue
        digits, rest = m[1], m[2].strip()
        count = int(digits) if len(digits) <= 6 else MAX_COUNT + 1
        if count < 1 or count > MAX_COUNT:
            bad(f"count {digits[:12]} out of range 1..{MAX_COUNT}")
            continue
        if not rest:
            bad(f"missing card name after the count in {shown!r}")
            continue
        slug = index.resolve(rest)
        query = rest
        xm = _X_PREFIX.fullmatch(rest)
        if xm is not None:
            # "4x Ice Smith": "x" glued to the count or followed by a space.
            glued = line[len(digits) : len(digits) + 1] in ("x", "X", "\u00d7")
            if slug is None:
                slug = index.resolve(xm[1])
            if glued or rest[1:2].isspace():
                query = xm[1]
        if slug is None and index.ambiguous(query):
            pending.append((number, query, shown, count))  # settled by the summoner
            continue
        if slug is None:
            problems.append(_unknown_problem(number, query, shown, index))
            continue
        counts[slug] = counts.get(slug, 0) + count
        if len(counts) > MAX_ENTRIES:
            bad(f"more than {MAX_ENTRIES} different cards; the rest was not read")
            del counts[slug]
            break
    if pending:
        # A name several factions print (first edition: Archer, Fighter...) is the
        # card of the deck's summoner's faction, when the deck names one summoner.
        cards = index.catalog.cards
        summoners = [s for s in counts if cards[s].is_summoner]
        faction = cards[summoners[0]].faction if len(summoners) == 1 else None
        for number, query, shown, count in pending:
            mine = [h for h in index.ambiguous(query) if cards[h].faction == faction]
            if faction is not None and len(mine) == 1:
                counts[mine[0]] = counts.get(mine[0], 0) + count
            else:
                problems.append(_unknown_problem(number, query, shown, index))
        problems.sort(key=lambda pr: pr.line)
    return ParsedDeck(tuple(counts.items()), tuple(problems), name)


def _unknown_problem(number: int, query: str, shown: str, index: _Index) -> TextProblem:
    q = query if len(query) <= 60 else query[:57] + "..."
    hits = index.ambiguous(query)
    if hits:
        return TextProblem(
            number,
            "card.unknown",
            f"{q!r} names several cards ({', '.join(hits)}); write the slug",
            shown,
            hits[0],
        )
    best = suggest_card(query, index.catalog)
    if best is None:
        return TextProblem(number, "card.unknown", f"{q!r}: no such card", shown)
    return TextProblem(
        number,
        "card.unknown",
        f"{q!r}: no such card; did you mean {best.name}?",
        shown,
        best.slug,
    )


# ----------------------------------------------------------------------- formatting


def _merged(entries: DeckInput) -> tuple[dict[str, int], str | None]:
    summoner: str | None = None
    items: Iterable[object]
    if isinstance(entries, DeckList):
        summoner = entries.summoner
        items = entries.entries
    elif isinstance(entries, Mapping):
        items = entries.items()
    elif isinstance(entries, str | bytes) or not isinstance(entries, Iterable):
        raise TypeError("entries must be a mapping, a DeckList or (slug, count) pairs")
    else:
        items = entries
    counts: dict[str, int] = {}
    for item in items:
        if isinstance(item, DeckEntry):
            slug, count = item.card, item.count
        elif isinstance(item, tuple | list) and len(item) == 2:
            slug, count = item[0], item[1]
        else:
            raise TypeError(
                f"deck entries must be (slug, count) pairs, not {item!r:.80}"
            )
        if not isinstance(slug, str):
            raise TypeError("card slugs must be str")
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError("counts must be int")
        counts[slug] = counts.get(slug, 0) + count
    for slug, count in counts.items():
        if not 1 <= count <= MAX_COUNT:
            raise ValueError(f"{slug}: count {count} out of range 1..{MAX_COUNT}")
    return counts, summoner


def format_deck_text(
    entries: DeckInput, *, catalog: CatalogLike, name: str | None = None
) -> str:
    """Deck text grouped by role with ``#`` headers (see the module docstring).

    Cards no slot can hold go under ``# Other``, slugs the catalog does not know under
    ``# Not in the catalog`` (written as slugs). Raises ValueError on counts outside
    1..1000 (this is program data, not user text).
    """
    counts, summoner = _merged(entries)
    index = _index_of(catalog)
    known = {s: n for s, n in counts.items() if s in catalog.cards}
    summoner = summoner if summoner in catalog.cards else None
    edition = getattr(catalog, "ruleset", "")
    sections = SECTIONS
    if edition and RULESETS[edition].catalog_schema == "walls":
        from engine.deckbuilding.construction_walls import validate_walls_deck

        profile = RULESETS[edition].deck_profile
        assert profile is not None
        report = validate_walls_deck(
            known, catalog=catalog, profile=profile, ruleset=edition, summoner=summoner
        )
        placed: Sequence[DeckEntry] = report.summary.entries
        sections = WALL_SECTIONS
    else:
        placed = assign_roles(known, catalog=catalog, summoner=summoner)
    order = {slug: i for i, slug in enumerate(counts)}
    role_order = [r for _t, roles in sections for r in roles]
    role_rank = {r: i for i, r in enumerate(role_order)}
    first_rank: dict[str, int] = {}
    for e in placed:
        rank = role_rank.get(e.role, len(role_order)) if e.role else len(role_order)
        first_rank[e.card] = min(rank, first_rank.get(e.card, rank))

    def key(e: DeckEntry) -> tuple[int, int]:
        return (first_rank[e.card], order.get(e.card, len(order)))

    out: list[str] = []
    if name is not None and name.strip():
        out.append(f"# Deck: {' '.join(name.split())}")
    groups: list[tuple[str, list[tuple[str, int]]]] = []
    for title, roles in sections:
        within = {r: i for i, r in enumerate(roles)}  # gates: 10-life gate first
        picked = sorted(
            (e for e in placed if e.role in within),
            key=lambda e: (within[e.role] if e.role is not None else 0, *key(e)),
        )
        groups.append((title, [(index.label(e.card), e.count) for e in picked]))
    other = sorted((e for e in placed if e.role is None), key=key)
    groups.append(("Other", [(index.label(e.card), e.count) for e in other]))
    missing = [(s, n) for s, n in counts.items() if s not in catalog.cards]
    groups.append(("Not in the catalog", missing))
    for title, lines in groups:
        if not lines:
            continue
        if out:
            out.append("")
        out.append(f"# {title}")
        out.extend(f"{n} {label}" for label, n in lines)
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------ deck codes


class DeckCodeError(ValueError):
    """A deck code that cannot be encoded or decoded; the message says why."""


CODE_VERSION = 1
_CODE_CHARS = re.compile(r"[A-Za-z0-9_-]+")


def card_id(slug: str) -> int:
    """Stable 32-bit id of a card: CRC32 of its slug (independent of catalog order)."""
    return zlib.crc32(slug.encode("utf-8")) & 0xFFFFFFFF


def _ids(catalog: CatalogLike) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for slug in sorted(catalog.cards):
        out.setdefault(card_id(slug), []).append(slug)
    return out


def _check16(body: bytes) -> bytes:
    return (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")


def encode_deck_code(
    entries: DeckInput, *, catalog: CatalogLike, ruleset: str = DEFAULT_RULESET
) -> str:
    """A short URL-safe code for the deck (duplicates summed; order does not matter).
    The ruleset is one byte: its ``Ruleset.deck_code``."""
    rs = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if rs is None or rs.deck_code < 0:
        known = ", ".join(n for n, r in RULESETS.items() if r.deck_code >= 0)
        raise DeckCodeError(f"ruleset {str(ruleset)[:40]!r}: unknown; known: {known}")
    try:
        counts, summoner = _merged(entries)
    except ValueError as exc:
        raise DeckCodeError(str(exc)) from exc
    if summoner is not None and summoner not in counts:
        counts[summoner] = 1
    if len(counts) > 255:
        raise DeckCodeError(f"{len(counts)} different cards; a code holds 255")
    ids = _ids(catalog)
    body = bytearray([CODE_VERSION, rs.deck_code, len(counts)])
    rows: list[tuple[int, int]] = []
    for slug, count in counts.items():
        if slug not in catalog.cards:
            raise DeckCodeError(f"{slug!r:.60}: not in the catalog")
        if count > 255:
            raise DeckCodeError(f"{slug}: {count} copies; a code holds at most 255")
        cid = card_id(slug)
        if len(ids[cid]) > 1:
            raise DeckCodeError(f"{slug}: its id collides with {ids[cid]}")
        rows.append((cid, count))
    for cid, count in sorted(rows):
        body += cid.to_bytes(4, "big") + bytes([count])
    body += _check16(bytes(body))
    return base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def decode_deck_code(
    code: str, *, catalog: CatalogLike
) -> tuple[str, tuple[tuple[str, int], ...]]:
    """``(ruleset, ((slug, count), ...))`` with entries sorted by slug.

    Raises DeckCodeError on anything that is not a code made by ``encode_deck_code``
    for a card of this catalog; TypeError if ``code`` is not a str.
    """
    if not isinstance(code, str):
        raise TypeError(f"a deck code is a str, not {type(code).__name__}")
    code = code.strip().rstrip("=")  # tolerate base64 padding pasted back
    if not code:
        raise DeckCodeError("empty deck code")
    if len(code) > MAX_CODE_CHARS:
        raise DeckCodeError(f"deck code of {len(code)} characters is far too long")
    if not _CODE_CHARS.fullmatch(code):
        raise DeckCodeError("a deck code holds only letters, digits, '-' and '_'")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError) as exc:
        raise DeckCodeError("not a deck code (bad base64 length)") from exc
    if len(raw) < 5:
        raise DeckCodeError("deck code too short")
    body, check = raw[:-2], raw[-2:]
    if _check16(body) != check:
        raise DeckCodeError("deck code damaged (checksum mismatch): copy it again")
    version, rs, n = body[0], body[1], body[2]
    if version != CODE_VERSION:
        raise DeckCodeError(f"deck code version {version}; this site reads version 1")
    by_code = {r.deck_code: n for n, r in RULESETS.items() if r.deck_code >= 0}
    if rs not in by_code:
        raise DeckCodeError(f"deck code names unknown ruleset #{rs}")
    rows = body[3:]
    if len(rows) != 5 * n:
        raise DeckCodeError(f"deck code says {n} cards but holds {len(rows) / 5:g}")
    ids = _ids(catalog)
    out: dict[str, int] = {}
    for i in range(n):
        cid = int.from_bytes(rows[5 * i : 5 * i + 4], "big")
        count = rows[5 * i + 4]
        slugs = ids.get(cid, [])
        if len(slugs) != 1:
            why = "unknown to this catalog" if not slugs else f"ambiguous {slugs}"
            raise DeckCodeError(f"card id {cid:08x}: {why}")
        if count == 0:
            raise DeckCodeError(f"{slugs[0]}: 0 copies in the deck code")
        if slugs[0] in out:
            raise DeckCodeError(f"{slugs[0]}: listed twice in the deck code")
        out[slugs[0]] = count
    return by_code[rs], tuple(sorted(out.items()))
