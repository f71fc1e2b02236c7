"""decks.selectors: access rules, listing, the collection, validation, the builder."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404

from decks import selectors, services
from decks.models import Deck

pytestmark = pytest.mark.django_db

ANON = AnonymousUser()


# ------------------------------------------------------------------------ access


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_owner_reads_and_edits_own_decks(make_deck, user, visibility):
    deck = make_deck(user, visibility)
    assert selectors.access_deck(user, deck.pk) == deck
    assert selectors.access_deck(user, deck.pk, write=True) == deck
    assert selectors.access_deck(user, deck.pk, lock=True, write=True) == deck


@pytest.mark.parametrize("reader", ["other", "anonymous"])
def test_someone_elses_private_deck_is_404_never_403(
    make_deck, user, other_user, reader
):
    deck = make_deck(user, "private")
    who = other_user if reader == "other" else ANON
    with pytest.raises(Http404):
        selectors.access_deck(who, deck.pk)
    with pytest.raises(Http404):
        selectors.access_deck(who, deck.pk, write=True)


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
@pytest.mark.parametrize("reader", ["other", "anonymous"])
def test_unlisted_and_public_decks_are_readable_not_writable(
    make_deck, user, other_user, visibility, reader
):
    deck = make_deck(user, visibility)
    who = other_user if reader == "other" else ANON
    assert selectors.access_deck(who, deck.pk) == deck
    with pytest.raises(PermissionDenied):
        selectors.access_deck(who, deck.pk, write=True)


def test_faction_decks_are_readable_by_all_and_writable_by_none(faction_deck, user):
    for who in (user, ANON):
        assert selectors.access_deck(who, faction_deck.pk) == faction_deck
        with pytest.raises(PermissionDenied):
            selectors.access_deck(who, faction_deck.pk, write=True)


@pytest.mark.parametrize("deck_id", [0, 999_999, "abc", None])
def test_missing_deck_is_404(catalog, user, deck_id):
    with pytest.raises(Http404):
        selectors.access_deck(user, deck_id)
    with pytest.raises(Http404):
        selectors.deck_get(deck_id=deck_id)


# ---------------------------------------------------------------------------- list


def test_list_is_own_decks_plus_public_ones(make_deck, user, other_user):
    mine = {make_deck(user, v, name=f"mine {v}").pk for v in ("private", "unlisted")}
    theirs_public = make_deck(other_user, "public", name="theirs public").pk
    make_deck(other_user, "private", name="theirs private")
    make_deck(other_user, "unlisted", name="theirs unlisted")
    faction = set(
        Deck.objects.filter(is_faction_deck=True).values_list("pk", flat=True)
    )
    listed = set(selectors.deck_list_for(user).values_list("pk", flat=True))
    assert listed == mine | {theirs_public} | faction
    anon = set(selectors.deck_list_for(ANON).values_list("pk", flat=True))
    assert anon == {theirs_public} | faction


def test_list_filters(make_deck, user, other_user):
    make_deck(user, name="Glacier rush")
    make_deck(other_user, "public", name="Other glacier")
    names = lambda **f: sorted(  # noqa: E731
        d.name for d in selectors.deck_list_for(user, filters=f)
    )
    assert names(mine="true") == ["Glacier rush"]
    assert names(q="glacier") == ["Glacier rush", "Other glacier"]
    assert names(q="glacier", mine="false") == ["Other glacier"]
    assert names(faction_decks="true", faction="polar-dwarves") == [
        "Polar Dwarves (faction deck)"
    ]
    assert "Glacier rush" in names(summoner="svara")
    assert names(mine="true", visibility="public") == []


@pytest.mark.parametrize(
    "filters", [{"faction": "nope"}, {"summoner": "nope"}, {"visibility": "secret"}]
)
def test_invalid_filters_raise_validation_error(catalog, user, filters):
    with pytest.raises(ValidationError):
        selectors.deck_list_for(user, filters=filters)


def test_mine_for_anonymous_is_empty(catalog):
    assert not selectors.deck_list_for(ANON, filters={"mine": "true"}).exists()


# ---------------------------------------------------------------------- collection


def test_owned_cards_are_quantity_times_product_count(catalog, user):
    assert selectors.collection_owned_cards(user=user) is None  # nothing recorded
    assert selectors.collection_owned_cards(user=ANON) is None
    services.collection_set(user=user, product="master-set", quantity=2)
    owned = selectors.collection_owned_cards(user=user)
    # The Master Set holds one Polar Dwarves deck: 5 Frost Mage (1 starting + 4).
    assert owned["frost-mage"] == 10
    assert owned["svara"] == 2
    assert "queen-maldaria" not in owned


def test_collection_rows_list_every_product(catalog, user):
    services.collection_set(user=user, product="starter-set", quantity=3)
    rows = selectors.collection_rows(user=user)
    assert len(rows) == len(catalog.products)
    assert dict((p.slug, q) for p, q in rows)["starter-set"] == 3


# ---------------------------------------------------------------------- validation


def test_collection_short_warnings_and_buildable(make_deck, user):
    deck = make_deck(user)
    assert selectors.deck_buildable(deck, user) is None
    assert selectors.deck_buildable(deck, ANON) is None
    services.collection_set(user=user, product="master-set", quantity=1)
    report = selectors.deck_validate(deck, user=user)
    assert report.valid
    assert report.warnings == ()
    assert selectors.deck_buildable(deck, user) is True

    services.deck_update(
        deck=deck,
        entries=[(s, n) for s, n in selectors.deck_entry_pairs(deck)] + [("sneeks", 1)],
    )
    deck = selectors.deck_get(deck_id=deck.pk)
    services.collection_set(user=user, product="starter-set", quantity=1)
    report = selectors.deck_validate(
        [("svara", 1), ("frost-mage", 11)], user=user, summoner="svara"
    )
    short = [w for w in report.warnings if w.code == "collection.short"]
    assert [(w.card, w.count, w.limit) for w in short] == [("frost-mage", 11, 5)]
    assert selectors.deck_buildable(report, user) is False


def test_deck_validate_uses_the_one_rules_implementation(catalog):
    report = selectors.deck_validate([("svara", 1), ("ice-smith", 5)])
    assert not report.valid
    assert "commons.copies" in report.codes
    assert "gate.ten_life.count" in report.codes


def test_deck_views_share_one_collection_query(
    make_deck, user, django_assert_num_queries
):
    decks = [make_deck(user, name=f"d{i}") for i in range(3)]
    services.collection_set(user=user, product="master-set", quantity=1)
    decks = list(selectors.deck_queryset().filter(pk__in=[d.pk for d in decks]))
    with django_assert_num_queries(1):
        views = selectors.deck_views(decks, user=user)
    assert all(v.buildable and v.can_edit and v.report.valid for v in views)


# ------------------------------------------------------------------------- builder


def test_builder_pool_is_exactly_what_the_rules_accept(catalog):
    pool = {p.card.slug: p for p in selectors.builder_pool("svara")}
    own = {c.slug for c in catalog.cards_of("polar-dwarves")}
    assert own <= set(pool)
    assert pool["svara"].locked == 1
    assert pool["starting-gate"].locked == 1 and pool["gate"].locked == 3
    assert pool["ice-ram"].locked == pool["ice-ram"].max_count == 2
    assert (pool["frost-mage"].locked, pool["frost-mage"].max_count) == (1, 5)
    assert pool["nadiana"].max_count == 1
    assert pool["parapet"].max_count == 2
    assert "sneeks" not in pool  # another summoner
    assert "enrage-the-horde" not in pool  # another summoner's epic event
    from engine.deckbuilding.construction import validate_deck

    for slug, item in pool.items():
        if item.role in ("summoner", "starting_gate", "gate"):
            continue
        report = validate_deck([(slug, 1)], catalog=catalog, summoner="svara")
        assert not [
            v
            for v in report.errors
            if v.card == slug and v.code in ("symbol.mismatch", "card.not_allowed")
        ]


def test_builder_pool_rejects_non_summoners(catalog):
    with pytest.raises(ValidationError):
        selectors.builder_pool("ice-smith")
    with pytest.raises(ValidationError):
        selectors.builder_pool("no-such-card")


def test_builder_rows_keep_locked_copies_and_list_foreign_cards(catalog):
    rows = selectors.deck_builder_rows(
        summoner="svara", counts={"sneeks": 1, "ice-smith": 3}, owned=None
    )
    by_slug = {r.card.slug: r for r in rows}
    assert by_slug["gate"].count == 3  # locked copies even when absent
    assert by_slug["ice-smith"].count == 3
    assert by_slug["sneeks"].allowed is False


def test_slot_targets_follow_the_summoner(catalog):
    targets = selectors.deck_slot_targets("svara")
    assert targets["starting_unit"] == 2 and targets["epic_event"] == 2
    assert sum(targets.values()) == 34


def test_summoner_choices_are_checkable_summoners(catalog):
    slugs = [c.slug for c in selectors.summoner_choices()]
    assert "svara" in slugs and "sneeks" in slugs
    assert all(catalog.cards[s].is_summoner for s in slugs)
