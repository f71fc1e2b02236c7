"""Card catalog tables: a database copy of the YAML catalog in ``cards/data/``.

The YAML (read by ``engine.catalog``) is the source of truth; these rows are written
only by ``cards.services.catalog_load``, which upserts by slug and is idempotent. Every
enumeration mirrors the engine's enums (``engine.core.types``) so values round-trip
unchanged. Unknown numbers stay NULL ("stats unknown"), never guessed.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from engine.core import types as et


class BaseModel(models.Model):
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class CardType(models.TextChoices):
    UNIT = et.CardType.UNIT.value, "Unit"
    EVENT = et.CardType.EVENT.value, "Event"
    STRUCTURE = et.CardType.STRUCTURE.value, "Structure"


class CardClass(models.TextChoices):
    SUMMONER = et.CardClass.SUMMONER.value, "Summoner"
    CHAMPION = et.CardClass.CHAMPION.value, "Champion"
    COMMON = et.CardClass.COMMON.value, "Common"
    STANDARD = et.CardClass.STANDARD.value, "Standard event"
    EPIC = et.CardClass.EPIC.value, "Epic event"
    STRUCTURE = et.CardClass.STRUCTURE.value, "Structure"
    GATE = et.CardClass.GATE.value, "Gate"
    EVENT = et.CardClass.EVENT.value, "Event"
    WALL = et.CardClass.WALL.value, "Wall"
    MUTATION = et.CardClass.MUTATION.value, "Mutation"
    CONJURATION = et.CardClass.CONJURATION.value, "Conjuration"


class AttackType(models.TextChoices):
    MELEE = et.AttackType.MELEE.value, "Melee"
    RANGED = et.AttackType.RANGED.value, "Ranged"


class Phase(models.TextChoices):
    SUMMON = et.Phase.SUMMON.value, "Summon"
    MOVE = et.Phase.MOVE.value, "Move"
    BUILD = et.Phase.BUILD.value, "Build"
    ATTACK = et.Phase.ATTACK.value, "Attack"
    MAGIC = et.Phase.MAGIC.value, "Magic"
    DRAW = et.Phase.DRAW.value, "Draw"
    EVENTS = et.Phase.EVENTS.value, "Events"


class Confidence(models.TextChoices):
    HIGH = et.Confidence.HIGH.value, "High"
    MEDIUM = et.Confidence.MEDIUM.value, "Medium"
    LOW = et.Confidence.LOW.value, "Low"
    UNKNOWN = et.Confidence.UNKNOWN.value, "Unknown"


class DeckRole(models.TextChoices):
    """Roles in the order a deck list is printed (R9)."""

    SUMMONER = et.DeckRole.SUMMONER.value, "Summoner"
    STARTING_GATE = et.DeckRole.STARTING_GATE.value, "Starting gate"
    GATE = et.DeckRole.GATE.value, "Gates"
    STARTING_UNIT = et.DeckRole.STARTING_UNIT.value, "Starting units"
    EPIC_EVENT = et.DeckRole.EPIC_EVENT.value, "Epic events"
    STANDARD_EVENT = et.DeckRole.STANDARD_EVENT.value, "Standard events"
    CHAMPION = et.DeckRole.CHAMPION.value, "Champions"
    COMMON = et.DeckRole.COMMON.value, "Commons"
    WALL = et.DeckRole.WALL.value, "Walls"
    EVENT = et.DeckRole.EVENT.value, "Events"


class Edition(models.TextChoices):
    """The edition (engine ruleset) a catalog row belongs to: part of the identity of
    products, factions and cards (several names exist in both editions)."""

    SECOND = "second", "Second edition"
    FIRST = "first", "First edition"


DEFAULT_EDITION = Edition.SECOND


class EditionMixin:
    """Links to a row of another edition than the default carry ``?ruleset=``."""

    edition: str

    @property
    def ruleset_query(self) -> str:
        """ "" for the default edition, else "?ruleset=<edition>" (for URLs)."""
        return "" if self.edition == DEFAULT_EDITION else f"?ruleset={self.edition}"

    @property
    def ruleset_param(self) -> str:
        """ "" for the default edition, else "&ruleset=<edition>" (for URLs)."""
        return "" if self.edition == DEFAULT_EDITION else f"&ruleset={self.edition}"

    @property
    def is_default_edition(self) -> bool:
        return self.edition == DEFAULT_EDITION


class ProductKind(models.TextChoices):
    MASTER_SET = "master_set", "Master Set"
    STARTER_SET = "starter_set", "Starter set"
    FACTION_DECK = "faction_deck", "Faction deck"


class Symbol(BaseModel):
    """A build (deck) symbol, e.g. Water; ``slug`` is the lowercase name for URLs."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=40, unique=True)
    sort_order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "name"]

    def __str__(self) -> str:
        return self.name


class Product(EditionMixin, BaseModel):
    """Something a player can own: the Master Set, a starter set, a faction deck."""

    slug = models.SlugField(max_length=80)
    edition = models.CharField(
        max_length=10, choices=Edition.choices, default=DEFAULT_EDITION, db_index=True
    )
    name = models.CharField(max_length=120)
    kind = models.CharField(max_length=20, choices=ProductKind.choices)
    factions: models.ManyToManyField[Faction, ProductFaction] = models.ManyToManyField(
        "Faction", through="ProductFaction", related_name="products", blank=True
    )
    sort_order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "slug"]
        constraints = [
            models.UniqueConstraint(
                fields=["edition", "slug"], name="cards_product_edition_slug"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Faction(EditionMixin, BaseModel):
    slug = models.SlugField(max_length=80)
    edition = models.CharField(
        max_length=10, choices=Edition.choices, default=DEFAULT_EDITION, db_index=True
    )

    name = models.CharField(max_length=120)
    product = models.ForeignKey(
        Product,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="home_factions",
        help_text="The product the faction deck is sold in.",
    )
    wave = models.CharField(max_length=80, blank=True)
    build_symbols = models.ManyToManyField(Symbol, related_name="factions", blank=True)
    summoner = models.ForeignKey(
        "Card",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="summoner_of",
    )
    data_status = models.CharField(max_length=200, blank=True)
    deck_confidence = models.CharField(
        max_length=10, choices=Confidence.choices, default=Confidence.UNKNOWN
    )
    sort_order = models.PositiveIntegerField(default=0)
    notes = models.TextField(blank=True)
    sources = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["sort_order", "slug"]
        constraints = [
            models.UniqueConstraint(
                fields=["edition", "slug"], name="cards_faction_edition_slug"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ProductFaction(BaseModel):
    """A faction deck inside a product; ``copies`` > 1 when the product has it twice."""

    product = models.ForeignKey(
        Product, on_delete=models.CASCADE, related_name="faction_links"
    )
    faction = models.ForeignKey(
        Faction, on_delete=models.CASCADE, related_name="product_links"
    )
    copies = models.PositiveSmallIntegerField(default=1)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["product", "faction"], name="cards_productfaction_unique"
            ),
            models.CheckConstraint(
                condition=Q(copies__gt=0), name="cards_productfaction_copies_gt_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product_id}: {self.copies}x {self.faction_id}"


class Card(EditionMixin, BaseModel):
    slug = models.SlugField(max_length=80)
    edition = models.CharField(
        max_length=10, choices=Edition.choices, default=DEFAULT_EDITION, db_index=True
    )

    name = models.CharField(max_length=120, db_index=True)
    faction = models.ForeignKey(
        Faction,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="cards",
        help_text="Empty for neutral cards (the gates).",
    )
    card_type = models.CharField(max_length=12, choices=CardType.choices)
    # Class words in catalog order, e.g. ["common", "structure"]; values of CardClass.
    classes = models.JSONField(default=list, blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    strength = models.PositiveSmallIntegerField(null=True, blank=True)
    life = models.PositiveSmallIntegerField(null=True, blank=True)
    attack_type = models.CharField(
        max_length=10, choices=AttackType.choices, blank=True
    )
    symbols = models.ManyToManyField(Symbol, related_name="cards", blank=True)
    symbols_known = models.BooleanField(default=False)
    phase = models.CharField(max_length=10, choices=Phase.choices, blank=True)
    active = models.BooleanField(default=False)
    confidence = models.CharField(
        max_length=10, choices=Confidence.choices, default=Confidence.UNKNOWN
    )
    # Derived at load time from the engine's own definitions (CardDef.stats_known), so
    # pages and the API never disagree with the engine about what "known" means.
    stats_known = models.BooleanField(default=False)
    data_complete = models.BooleanField(
        default=False,
        help_text="Stats, symbols and every ability text are known.",
    )
    notes = models.TextField(blank=True)
    sources = models.JSONField(default=list, blank=True)
    sort_order = models.PositiveIntegerField(default=0, db_index=True)
    # Lowercase name + ability names and texts: a database-agnostic icontains search.
    search_text = models.TextField(blank=True)

    class Meta:
        ordering = ["sort_order", "slug"]
        constraints = [
            models.UniqueConstraint(
                fields=["edition", "slug"], name="cards_card_edition_slug"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def class_labels(self) -> list[str]:
        labels = dict(CardClass.choices)
        return [str(labels.get(c, c)) for c in self.classes]

    @property
    def kind_label(self) -> str:
        """What the card is, in one phrase without repeats: "Common unit",
        "Epic event", "Structure, gate", "Event" (no class recorded)."""
        labels = self.class_labels
        kind = str(self.get_card_type_display())  # type: ignore[attr-defined]
        if not labels:
            return kind
        text = ", ".join(labels)
        if kind.lower() in text.lower():
            return text[:1].upper() + text[1:]
        return f"{text} {kind.lower()}"

    @property
    def attack_range(self) -> int | None:
        """Spaces the unit's attack reaches by the rules (R7): a melee unit the
        adjacent card (1), a ranged unit up to 3 spaces in a straight line; None
        when the attack type is unknown or the card does not attack."""
        reach = {AttackType.MELEE.value: 1, AttackType.RANGED.value: 3}
        return reach.get(self.attack_type)

    @property
    def is_summoner(self) -> bool:
        return CardClass.SUMMONER in self.classes

    @property
    def missing_data(self) -> list[str]:
        """What the catalog does not know of this card, in words ([] when complete);
        reads the prefetched abilities."""
        missing = []
        if not self.stats_known:
            missing.append("numbers")
        if not self.symbols_known:
            missing.append("symbols")
        abilities = list(self.abilities.all())  # type: ignore[attr-defined]
        if any(a.text is None for a in abilities) or (
            self.card_type == CardType.EVENT and not abilities
        ):
            missing.append("texts")
        if not missing and not self.data_complete:
            missing.append("details")
        return missing


class Ability(BaseModel):
    """A named ability of a unit/structure, or the effect of an event (``.effect``)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    ability_id = models.CharField(max_length=160, db_index=True)
    name = models.CharField(max_length=120)
    # NULL = text unknown, which is not the same as an empty text.
    text = models.TextField(null=True, blank=True)  # noqa: DJ001
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["card", "order"]
        verbose_name_plural = "abilities"
        constraints = [
            models.UniqueConstraint(
                fields=["card", "ability_id"], name="cards_ability_card_id"
            ),
        ]

    def __str__(self) -> str:
        return self.ability_id


class FactionDeckEntry(BaseModel):
    faction = models.ForeignKey(
        Faction, on_delete=models.CASCADE, related_name="deck_entries"
    )
    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="deck_entries"
    )
    count = models.PositiveSmallIntegerField()
    role = models.CharField(max_length=20, choices=DeckRole.choices)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["faction", "order"]
        verbose_name_plural = "faction deck entries"
        constraints = [
            models.UniqueConstraint(
                fields=["faction", "card", "role"], name="cards_factiondeckentry_unique"
            ),
            models.CheckConstraint(
                condition=Q(count__gt=0), name="cards_factiondeckentry_count_gt_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card_id} ({self.role})"


class ProductCard(BaseModel):
    """Copies of a card in one product, summed over the faction decks it contains.

    This is what "owning 2x Master Set" multiplies.
    """

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="product_entries"
    )
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["product", "card__sort_order"]
        constraints = [
            models.UniqueConstraint(
                fields=["product", "card"], name="cards_productcard_unique"
            ),
            models.CheckConstraint(
                condition=Q(count__gt=0), name="cards_productcard_count_gt_0"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product_id}: {self.count}x {self.card_id}"


class SummonerSetup(BaseModel):
    """Setup layout (R2) from the owner's side: row 0 = back row, col 0 = leftmost.

    ``units`` is ``[{"card": slug, "row": r, "col": c}, ...]`` in catalog order.
    """

    BOARD_ROWS = 8
    BOARD_COLS = 6

    faction = models.OneToOneField(
        Faction, on_delete=models.CASCADE, related_name="setup"
    )
    summoner_row = models.PositiveSmallIntegerField()
    summoner_col = models.PositiveSmallIntegerField()
    gate_row = models.PositiveSmallIntegerField()
    gate_col = models.PositiveSmallIntegerField()
    units = models.JSONField(default=list, blank=True)
    confidence = models.CharField(
        max_length=10, choices=Confidence.choices, default=Confidence.UNKNOWN
    )
    source = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(summoner_row__lt=8)
                & Q(gate_row__lt=8)
                & Q(summoner_col__lt=6)
                & Q(gate_col__lt=6),
                name="cards_summonersetup_on_board",
            ),
        ]

    def __str__(self) -> str:
        return f"setup of {self.faction_id}"
