"""Deck ids in submissions: own decks, others' public/unlisted decks and faction deck
rows are accepted through ``decks.selectors.access_deck``; others' private decks are
"not found"; a stored deck that breaks the rules is rejected before queueing."""

from __future__ import annotations

import pytest
from django.test import TestCase

from engine.deckbuilding.catalog import load_catalog
from simulate.models import SimulationJob

from .conftest import FACTION_A, FACTION_B


@pytest.fixture
def deck_of(catalog_db, db):  # type: ignore[no-untyped-def]
    from decks.services import deck_create

    def make(owner, visibility="private", faction=FACTION_A, entries=None):
        deck = load_catalog().faction_deck(faction)
        return deck_create(
            owner=owner,
            name=f"{owner.username}'s {faction}",
            entries=entries or list(deck.counts().items()),
            visibility=visibility,
        )

    return make


def submit(client, deck_a, deck_b=FACTION_B):
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(
            "/api/simulations/",
            {"deck_a": deck_a, "deck_b": deck_b, "games": 4},
            format="json",
        )


def test_own_and_public_decks_by_id(auth_client, user, other_user, deck_of, dispatched):
    mine = deck_of(user)
    public = deck_of(other_user, visibility="public", faction=FACTION_B)
    unlisted = deck_of(other_user, visibility="unlisted")
    response = submit(auth_client, mine.pk, str(public.pk))
    assert response.status_code == 202, response.json()
    job = SimulationJob.objects.get(pk=response.json()["id"])
    assert job.deck_a["source"] == {"kind": "deck", "id": mine.pk}
    assert job.deck_a["name"] == mine.name
    assert job.deck_b["summoner"] == load_catalog().faction_deck(FACTION_B).summoner
    assert submit(auth_client, unlisted.pk).status_code == 202


def test_deck_list_is_frozen_at_submission(auth_client, user, deck_of, dispatched):
    from decks.services import deck_update

    deck = deck_of(user)
    job_id = submit(auth_client, deck.pk).json()["id"]
    frozen = SimulationJob.objects.get(pk=job_id).deck_a
    deck_update(deck=deck, name="renamed", entries=[])
    assert SimulationJob.objects.get(pk=job_id).deck_a == frozen


def test_others_private_deck_is_not_found(auth_client, other_user, deck_of, dispatched):
    theirs = deck_of(other_user)
    response = submit(auth_client, theirs.pk)
    assert response.status_code == 400
    assert response.json()["errors"]["deck_a"][0]["code"] == "deck.not_found"
    assert dispatched == []


def test_illegal_stored_deck_is_rejected(auth_client, user, deck_of, dispatched):
    deck = load_catalog().faction_deck(FACTION_A)
    illegal = deck_of(user, entries=[(deck.summoner, 1)])
    response = submit(auth_client, illegal.pk)
    assert response.status_code == 400
    assert "commons.count" in {e["code"] for e in response.json()["errors"]["deck_a"]}
    assert dispatched == [] and not SimulationJob.objects.exists()
