"""Database invariants of the catalog tables."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from cards.models import (
    Card,
    CardClass,
    Faction,
    FactionDeckEntry,
    Product,
    ProductCard,
    SummonerSetup,
)
from engine.core import types as et

pytestmark = pytest.mark.django_db


@pytest.fixture
def faction():
    return Faction.objects.create(slug="frost", name="Frost Clan")


@pytest.fixture
def card(faction):
    return Card.objects.create(
        slug="snow-archer",
        name="Snow Archer",
        faction=faction,
        card_type="unit",
        classes=["common"],
    )


def test_choices_mirror_engine_enums():
    assert {v for v, _ in CardClass.choices} == {c.value for c in et.CardClass}
    from cards.models import AttackType, CardType, Confidence, DeckRole, Phase

    for model_enum, engine_enum in [
        (CardType, et.CardType),
        (AttackType, et.AttackType),
        (Phase, et.Phase),
        (Confidence, et.Confidence),
        (DeckRole, et.DeckRole),
    ]:
        assert list(model_enum.values) == [m.value for m in engine_enum]


def test_deck_entry_count_must_be_positive(faction, card):
    with pytest.raises(IntegrityError), transaction.atomic():
        FactionDeckEntry.objects.create(
            faction=faction, card=card, count=0, role="common"
        )


def test_deck_entry_unique_per_role(faction, card):
    FactionDeckEntry.objects.create(faction=faction, card=card, count=1, role="common")
    FactionDeckEntry.objects.create(
        faction=faction, card=card, count=1, role="starting_unit"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        FactionDeckEntry.objects.create(
            faction=faction, card=card, count=4, role="common"
        )


def test_product_card_unique_and_positive(card):
    product = Product.objects.create(slug="box", name="Box", kind="faction_deck")
    ProductCard.objects.create(product=product, card=card, count=5)
    with pytest.raises(IntegrityError), transaction.atomic():
        ProductCard.objects.create(product=product, card=card, count=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        ProductCard.objects.filter(product=product).update(count=0)


def test_setup_is_on_the_board(faction):
    with pytest.raises(IntegrityError), transaction.atomic():
        SummonerSetup.objects.create(
            faction=faction, summoner_row=8, summoner_col=0, gate_row=0, gate_col=1
        )


def test_faction_with_cards_cannot_be_deleted_silently(faction, card):
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        faction.delete()


def test_str_and_labels(faction, card):
    card.classes = ["common", "structure"]
    assert str(card) == "Snow Archer"
    assert card.class_labels == ["Common", "Structure"]
    assert str(faction) == "Frost Clan"
