"""Decks and collections (issue: deck building).

- ``Deck``: a named list of (card, count) entries owned by a user. The summoner is one
  of the entries (``1 Svara`` in the deck text format); ``Deck.summoner`` points at it
  and ``Deck.faction`` at the summoner's faction, both kept in step by
  ``decks.services`` (filters and pages need them without reading the entries).
- Faction decks: every faction deck of the catalog also exists as a public, read-only
  ``Deck`` with ``is_faction_deck=True`` and **no owner** (``owner=None``), written only
  by ``decks.services.faction_decks_sync``. A check constraint ties the two: a deck has
  an owner exactly when it is not a faction deck.
- ``OwnedProduct``: how many copies of a product (Master Set, a faction deck...) a user
  owns; the cards owned follow from ``cards.ProductCard``.

Removing a card from the catalog removes it from decks (``CASCADE`` on entries) and
clears a summoner (``SET_NULL``), so ``load_catalog`` is never blocked by user data; the
deck then simply fails validation. Writes go through ``decks.services`` only.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import (
    MaxLengthValidator,
    MaxValueValidator,
    ProhibitNullCharactersValidator,
)
from django.db import models
from django.db.models import Q

from cards.models import BaseModel

#: Bounds on user input (API, import, builder); the deck rules need far less.
MAX_ENTRY_COUNT = 99
MAX_DECK_ENTRIES = 200
MAX_OWNED_QUANTITY = 99
MAX_NOTES_LENGTH = 5000


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private (only me)"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public (listed for everyone)"


class Ruleset(models.TextChoices):
    SECOND = "second", "Second edition"
    FIRST = "first", "First edition"


class Deck(BaseModel):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="decks",
        help_text="Empty for the catalog's faction decks.",
    )
    name = models.CharField(
        max_length=100, validators=[ProhibitNullCharactersValidator()]
    )
    summoner = models.ForeignKey(
        "cards.Card",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="summoner_decks",
    )
    faction = models.ForeignKey(
        "cards.Faction",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="decks",
        help_text="The summoner's faction (for a faction deck: its faction).",
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    ruleset = models.CharField(
        max_length=10, choices=Ruleset.choices, default=Ruleset.SECOND
    )
    notes = models.TextField(
        blank=True,
        validators=[
            MaxLengthValidator(MAX_NOTES_LENGTH),
            ProhibitNullCharactersValidator(),
        ],
    )
    is_faction_deck = models.BooleanField(
        default=False, help_text="A catalog faction deck: public and read-only."
    )

    class Meta:
        ordering = ["-updated_at", "-pk"]
        indexes = [
            models.Index(fields=["owner", "-updated_at"], name="decks_deck_owner_idx"),
            models.Index(fields=["visibility"], name="decks_deck_visibility_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(is_faction_deck=True, owner__isnull=True)
                | Q(is_faction_deck=False, owner__isnull=False),
                name="decks_deck_owner_unless_faction_deck",
            ),
            models.UniqueConstraint(
                fields=["faction"],
                condition=Q(is_faction_deck=True),
                name="decks_deck_one_faction_deck_per_faction",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def read_only(self) -> bool:
        """Faction decks are read-only for everyone (copy them instead)."""
        return self.is_faction_deck


class DeckEntry(BaseModel):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(
        "cards.Card", on_delete=models.CASCADE, related_name="user_deck_entries"
    )
    count = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_ENTRY_COUNT)]
    )

    class Meta:
        ordering = ["deck", "card__sort_order", "card__slug"]
        verbose_name_plural = "deck entries"
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card"], name="decks_deckentry_unique_card"
            ),
            models.CheckConstraint(
                condition=Q(count__gt=0), name="decks_deckentry_count_gt_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card_id}"


class OwnedProduct(BaseModel):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="owned_products",
    )
    product = models.ForeignKey(
        "cards.Product", on_delete=models.CASCADE, related_name="owners"
    )
    quantity = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_OWNED_QUANTITY)]
    )

    class Meta:
        ordering = ["user", "product__sort_order", "product__slug"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "product"], name="decks_ownedproduct_unique_product"
            ),
            models.CheckConstraint(
                condition=Q(quantity__gt=0), name="decks_ownedproduct_quantity_gt_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.quantity}x {self.product_id}"
