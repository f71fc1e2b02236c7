"""Issue 33: card values and suggestions work for first-edition decks from the
pages: the form offers first-edition opponents only, the job plays the first
edition's rules against them, and "only my collection" reads the first edition's
collection."""

from __future__ import annotations

import pytest
from django.test import TestCase

from analysis.models import AnalysisJob
from engine.deckbuilding.catalog import load_catalog

pytestmark = pytest.mark.django_db


@pytest.fixture
def first_deck(both_editions, db, user):  # type: ignore[no-untyped-def]
    from decks.models import Deck
    from decks.services import deck_copy

    faction = Deck.objects.get(
        is_faction_deck=True, ruleset="first", faction__slug="phoenix-elves"
    )
    return deck_copy(deck=faction, owner=user, name="Old phoenix")


@pytest.fixture
def page_client(client, user):  # type: ignore[no-untyped-def]
    client.force_login(user)
    return client


def test_card_values_of_a_first_edition_deck_from_the_page(
    page_client, first_deck, monkeypatch
):
    from work import dispatch

    monkeypatch.setattr("work.dispatch.send_tickets", dispatch._run_eagerly)
    url = f"/decks/{first_deck.pk}/analyse/card-values/"
    form = page_client.get(url).content.decode()
    first_factions = set(load_catalog(ruleset="first").factions)
    only_second = set(load_catalog().factions) - first_factions
    # the opponents offered are the first edition's
    assert 'value="tundra-orcs"' in form
    assert not any(f'value="{slug}"' in form for slug in only_second)
    with TestCase.captureOnCommitCallbacks(execute=True):
        response = page_client.post(
            url, {"max_games": "200", "agent": "random", "field": ["tundra-orcs"]}
        )
    assert response.status_code == 302, response.content.decode()[-3000:]
    job = AnalysisJob.objects.get()
    assert job.ruleset == "first"
    assert [d["source"].get("slug") for d in job.field] == ["tundra-orcs"]
    assert all(d.get("ruleset") == "first" for d in job.field)
    job.refresh_from_db()
    assert job.status == "done", job.error
    cards = {row["card"] for row in job.report["cards"]}
    first_cards = set(load_catalog(ruleset="first").cards)
    assert cards and cards <= first_cards


def test_first_edition_suggestions_read_the_first_edition_collection(
    first_deck, user, dispatched
):
    from django.core.exceptions import ValidationError

    from analysis import services
    from decks.services import collection_set

    collection_set(user=user, product="master-set", quantity=1)  # second edition
    with pytest.raises(ValidationError) as err:
        services.analysis_submit(
            owner=user,
            deck_id=first_deck.pk,
            kind="suggestions",
            field=["tundra-orcs"],
            collection_only=True,
        )
    assert "Record your collection first" in str(err.value)
    # With a first-edition product recorded the collection is known: the search
    # is built from it (this starter set holds nothing the deck lacks).
    first_products = list(load_catalog(ruleset="first").products)
    collection_set(user=user, product=first_products[0], quantity=1, ruleset="first")
    with pytest.raises(ValidationError) as err:
        services.analysis_submit(
            owner=user,
            deck_id=first_deck.pk,
            kind="suggestions",
            field=["tundra-orcs"],
            collection_only=True,
            max_games=2000,
        )
    assert "no legal swap in this pool" in str(err.value)
    # Every first-edition card the summoner may use: a search starts.
    with TestCase.captureOnCommitCallbacks(execute=True):
        job = services.analysis_submit(
            owner=user,
            deck_id=first_deck.pk,
            kind="suggestions",
            field=["tundra-orcs"],
            max_games=20_000,
        )
    assert job.ruleset == "first" and dispatched
    assert job.report["search"]["candidates"] > 0
