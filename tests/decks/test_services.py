"""decks.services: deck writes, imports, the collection and the faction deck sync.

Every rejected write leaves no row behind (checked with the table counts)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from decks import services
from decks.models import Deck, DeckEntry, OwnedProduct
from decks.selectors import deck_entry_pairs, deck_validate

pytestmark = pytest.mark.django_db


def rows() -> tuple[int, int]:
    return Deck.objects.count(), DeckEntry.objects.count()


# ---------------------------------------------------------------------- deck_create


def test_deck_create_stores_entries_summoner_and_faction(catalog, user, svara_cards):
    deck = services.deck_create(owner=user, name="Frost wall", entries=svara_cards)
    assert deck.summoner.slug == "svara"
    assert deck.faction.slug == "polar-dwarves"
    assert deck.visibility == "private"
    assert dict(deck_entry_pairs(deck)) == dict(svara_cards)
    assert deck_validate(deck).valid


def test_deck_create_adds_the_given_summoner_as_an_entry(catalog, user):
    deck = services.deck_create(
        owner=user, name="Start", summoner="svara", entries=[("ice-smith", 4)]
    )
    assert dict(deck_entry_pairs(deck)) == {"svara": 1, "ice-smith": 4}


def test_deck_create_merges_duplicate_lines(catalog, user):
    deck = services.deck_create(
        owner=user, name="Dup", entries=[("ice-smith", 2), ("ice-smith", 2)]
    )
    assert dict(deck_entry_pairs(deck)) == {"ice-smith": 4}
    assert deck.summoner is None


def test_deck_create_with_two_summoners_has_no_summoner_but_saves(catalog, user):
    deck = services.deck_create(
        owner=user, name="Two", entries=[("svara", 1), ("sneeks", 1)]
    )
    assert deck.summoner is None
    assert "summoner.count" in deck_validate(deck).codes


def test_unknown_card_is_rejected_with_did_you_mean_and_nothing_saved(catalog, user):
    before = rows()
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_create(
            owner=user, name="Typo", entries=[("ice-smit", 4), ("svara", 1)]
        )
    problem = exc.value.problems[0]
    assert problem["code"] == "card.unknown"
    assert problem["suggestion"] == "ice-smith"
    assert "did you mean Ice Smith" in problem["message"]
    assert rows() == before


def test_non_summoner_summoner_is_rejected(catalog, user):
    before = rows()
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_create(owner=user, name="Bad", summoner="ice-smith")
    assert exc.value.problems[0]["code"] == "summoner.invalid"
    assert rows() == before


@pytest.mark.parametrize("count", [0, -1, 100, 10**9])
def test_counts_out_of_range_are_rejected(catalog, user, count):
    before = rows()
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_create(owner=user, name="Bad", entries=[("ice-smith", count)])
    assert exc.value.problems[0]["code"] == "count.out_of_range"
    assert rows() == before


def test_duplicates_summing_above_the_cap_are_rejected(catalog, user):
    with pytest.raises(services.DeckInputError):
        services.deck_create(
            owner=user, name="Bad", entries=[("ice-smith", 60), ("ice-smith", 60)]
        )


def test_too_many_entries_are_rejected_before_any_lookup(catalog, user):
    before = rows()
    entries = [(f"card-{i}", 1) for i in range(10_000)]
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_create(owner=user, name="Huge", entries=entries)
    assert exc.value.problems[0]["code"] == "deck.too_many_entries"
    assert "at most 200" in exc.value.problems[0]["message"]
    assert rows() == before


def test_every_problem_is_reported_at_once(catalog, user):
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_create(
            owner=user,
            name="Bad",
            entries=[("nope-one", 1), ("ice-smith", 0), ("nope-two", 1)],
        )
    codes = [p["code"] for p in exc.value.problems]
    assert codes.count("card.unknown") == 2
    assert "count.out_of_range" in codes


def test_invalid_fields_fail_full_clean(catalog, user):
    with pytest.raises(ValidationError):
        services.deck_create(owner=user, name="", entries=[])
    with pytest.raises(ValidationError):
        services.deck_create(owner=user, name="x", visibility="secret")
    with pytest.raises(ValidationError):
        services.deck_create(owner=user, name="x" * 101)
    assert Deck.objects.filter(owner=user).count() == 0


# ---------------------------------------------------------------------- deck_update


def test_deck_update_replaces_entries_wholesale(make_deck, user):
    deck = make_deck(user)
    services.deck_update(deck=deck, entries=[("svara", 1), ("ice-smith", 2)])
    deck.refresh_from_db()
    assert dict(deck_entry_pairs(deck)) == {"svara": 1, "ice-smith": 2}
    assert deck.summoner.slug == "svara"


def test_deck_update_fields_only_keeps_entries(make_deck, user):
    deck = make_deck(user)
    services.deck_update(deck=deck, name="Renamed", notes="n", visibility="public")
    deck.refresh_from_db()
    assert (deck.name, deck.notes, deck.visibility) == ("Renamed", "n", "public")
    assert DeckEntry.objects.filter(deck=deck).count() == 14


def test_deck_update_summoner_alone_swaps_the_summoner_entry(make_deck, user):
    deck = make_deck(user)
    services.deck_update(deck=deck, summoner="sneeks")
    deck.refresh_from_db()
    pairs = dict(deck_entry_pairs(deck))
    assert "svara" not in pairs and pairs["sneeks"] == 1
    assert deck.faction.slug == "cave-goblins"


def test_failed_update_changes_nothing(make_deck, user):
    deck = make_deck(user)
    before = sorted(deck_entry_pairs(deck))
    with pytest.raises(services.DeckInputError):
        services.deck_update(deck=deck, name="New", entries=[("nope", 1)])
    deck = Deck.objects.get(pk=deck.pk)
    assert deck.name == "Frost wall"
    assert sorted(deck_entry_pairs(deck)) == before


def test_faction_decks_are_read_only(faction_deck):
    with pytest.raises(PermissionDenied):
        services.deck_update(deck=faction_deck, name="Mine now")
    with pytest.raises(PermissionDenied):
        services.deck_delete(deck=faction_deck)
    assert Deck.objects.filter(pk=faction_deck.pk).exists()


def test_deck_delete_removes_deck_and_entries(make_deck, user):
    deck = make_deck(user)
    services.deck_delete(deck=deck)
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not DeckEntry.objects.filter(deck_id=deck.pk).exists()


# ------------------------------------------------------------------------ deck_copy


def test_deck_copy_of_a_faction_deck_is_a_private_editable_deck(faction_deck, user):
    copy = services.deck_copy(deck=faction_deck, owner=user)
    assert copy.owner == user
    assert copy.visibility == "private"
    assert not copy.is_faction_deck
    assert copy.name == "Polar Dwarves (faction deck) (copy)"
    assert sorted(deck_entry_pairs(copy)) == sorted(deck_entry_pairs(faction_deck))
    services.deck_update(deck=copy, name="Mine")


def test_deck_copy_with_a_name(make_deck, user, other_user):
    deck = make_deck(user, visibility="public")
    copy = services.deck_copy(deck=deck, owner=other_user, name="Borrowed")
    assert copy.name == "Borrowed" and copy.owner == other_user


# --------------------------------------------------------------------------- import

TEXT = """# Deck: Imported wall
1 Svara
1 starting gate
3 Gate
5 Frost Mage
5x Ice Golem
2 Ice Ram
2 Parapet   # walls
2 Ice Repair
2 Glacial Shift
1 Nadiana
1 Ollag
1 Jarmund
4 Bear Cavalry
4 Ice Smith
"""


def test_deck_import_text_reads_names_counts_and_the_deck_name(catalog, user):
    deck = services.deck_import_text(owner=user, text=TEXT)
    assert deck.name == "Imported wall"
    assert deck.summoner.slug == "svara"
    assert deck_validate(deck).valid


def test_deck_import_text_reports_unknown_lines_and_saves_nothing(catalog, user):
    before = rows()
    text = TEXT.replace("4 Ice Smith", "4 Ice Smiht").replace("1 Ollag", "1 Olag")
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_import_text(owner=user, text=text)
    problems = exc.value.problems
    assert [p["code"] for p in problems] == ["card.unknown", "card.unknown"]
    assert {p["suggestion"] for p in problems} == {"ice-smith", "ollag"}
    assert all(p["message"].startswith("line ") for p in problems)
    assert rows() == before


def test_deck_import_text_rejects_malformed_and_empty_text(catalog, user):
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_import_text(owner=user, text="Svara twice\n")
    assert exc.value.problems[0]["code"] == "text.malformed"
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_import_text(owner=user, text="# only a comment\n\n")
    assert exc.value.problems[0]["code"] == "text.empty"


def test_deck_import_code_round_trip(catalog, user, svara_cards):
    from engine.deckbuilding.decktext import encode_deck_code

    code = encode_deck_code(svara_cards, catalog=catalog)
    deck = services.deck_import_code(owner=user, code=code, name="Coded")
    assert dict(deck_entry_pairs(deck)) == dict(svara_cards)


@pytest.mark.parametrize("code", ["", "not a code!", "AAAA", "A" * 5000])
def test_deck_import_code_rejects_garbage(catalog, user, code):
    before = rows()
    with pytest.raises(services.DeckInputError) as exc:
        services.deck_import_code(owner=user, code=code)
    assert exc.value.problems[0]["code"] == "deck_code.invalid"
    assert rows() == before


# ----------------------------------------------------------------------- collection


def test_collection_set_creates_updates_and_removes(catalog, user):
    owned = services.collection_set(user=user, product="master-set", quantity=1)
    assert owned.quantity == 1
    owned = services.collection_set(user=user, product="master-set", quantity=2)
    assert OwnedProduct.objects.get(user=user).quantity == 2
    assert services.collection_set(user=user, product="master-set", quantity=0) is None
    assert not OwnedProduct.objects.filter(user=user).exists()
    # Removing what is not owned is fine (idempotent).
    assert services.collection_set(user=user, product="master-set", quantity=0) is None


@pytest.mark.parametrize(
    ("product", "quantity"),
    [("master-set", -1), ("master-set", 100), ("nope", 1), ("master-set", True)],
)
def test_collection_set_rejects_bad_input(catalog, user, product, quantity):
    with pytest.raises(ValidationError):
        services.collection_set(user=user, product=product, quantity=quantity)
    assert not OwnedProduct.objects.exists()


def test_collection_set_many_is_all_or_nothing(catalog, user):
    with pytest.raises(ValidationError):
        services.collection_set_many(
            user=user, quantities={"master-set": 1, "starter-set": -5}
        )
    assert not OwnedProduct.objects.exists()


# -------------------------------------------------------------------- faction decks


def test_every_catalog_faction_deck_exists_public_and_read_only(catalog):
    with_deck = {s for s, f in catalog.factions.items() if f.deck is not None}
    decks = Deck.objects.filter(is_faction_deck=True).select_related("faction")
    assert {d.faction.slug for d in decks} == with_deck
    for deck in decks:
        assert deck.owner is None and deck.visibility == "public" and deck.read_only
        expected = catalog.faction_deck(deck.faction.slug).counts()
        assert dict(deck_entry_pairs(deck)) == expected
        assert deck.summoner.slug == catalog.factions[deck.faction.slug].summoner


def test_faction_decks_sync_is_idempotent(catalog):
    stamps = dict(Deck.objects.values_list("pk", "updated_at"))
    report = services.faction_decks_sync()
    assert (report.created, report.updated, report.deleted) == (0, 0, 0)
    assert report.unchanged == len(stamps)
    assert dict(Deck.objects.values_list("pk", "updated_at")) == stamps


def test_faction_decks_sync_repairs_drift_and_removes_stale_decks(
    catalog, faction_deck
):
    from cards.models import FactionDeckEntry

    DeckEntry.objects.filter(deck=faction_deck, card__slug="ice-smith").update(count=1)
    FactionDeckEntry.objects.filter(faction__slug="breakers").delete()
    report = services.faction_decks_sync()
    assert report.updated == 1 and report.deleted == 1
    assert dict(deck_entry_pairs(faction_deck))["ice-smith"] == 4
    assert not Deck.objects.filter(faction__slug="breakers").exists()


def test_management_command_syncs(catalog):
    from io import StringIO

    from django.core.management import call_command

    Deck.objects.filter(is_faction_deck=True).delete()
    out = StringIO()
    call_command("decks_sync_faction_decks", stdout=out)
    n = sum(1 for f in catalog.factions.values() if f.deck is not None)
    assert n == 8 and f"{n} created" in out.getvalue()
    out = StringIO()
    call_command("decks_sync_faction_decks", stdout=out)
    assert f"0 created, 0 updated, 0 deleted, {n} unchanged" in out.getvalue()
