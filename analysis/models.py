"""Deck analyses: card values and swap suggestions, played as resumable runs.

- ``AnalysisJob``: one run of a kind (``card-values`` or ``suggestions``) over one
  deck as it was at submission (``deck_frozen``: the deck version analysed, the
  frozen-deck JSON of ``simulate.adapters``; ``deck_updated_at`` stamps the version)
  against a field of frozen decks. Everything the run holds between rounds is
  ``state`` (the engine run's own JSON, :mod:`engine.optimize.runs`); with the seed,
  the agent and ``engine_version`` it makes the job reproducible and resumable.
- ``AnalysisPiece``: the blocks one slice played in one round (``piece``: the
  round's index of its first block), stored under the unique key
  ``(job, round, piece)`` only while the slice held its lane, so no block is ever
  counted twice. When every block of a round is stored the round is absorbed in
  block order, the state saved and the pieces deleted (the job framework,
  :mod:`work`, cuts rounds into slices).

Writes go through ``analysis.services`` only.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from cards.models import BaseModel
from engine.optimize.suggest import MAX_CLIMB
from work.models import Agent, EngineJob


class Kind(models.TextChoices):
    CARD_VALUES = "card-values", "Card values"
    SUGGESTIONS = "suggestions", "Swap suggestions"


class AnalysisJob(EngineJob):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="analyses"
    )
    deck = models.ForeignKey(
        "decks.Deck",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="analyses",
    )
    deck_frozen = models.JSONField()
    deck_updated_at = models.DateTimeField(null=True, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    field = models.JSONField(default=list)
    agent = models.CharField(max_length=20, choices=Agent.choices)
    seed = models.BigIntegerField()
    max_games = models.PositiveIntegerField()
    ruleset = models.CharField(max_length=10, default="second")
    # Suggestions: only cards the owner has in their collection (frozen here).
    collection_only = models.BooleanField(default=False)
    collection = models.JSONField(null=True, blank=True)
    # Suggestions: accepted swaps in a row (each becomes the base of the next
    # search); card values always 1.
    climb = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_CLIMB)]
    )
    state = models.JSONField(null=True, blank=True)
    # Rounds absorbed into ``state`` and games in ``state``.
    rounds = models.PositiveIntegerField(default=0)
    games_done = models.PositiveIntegerField(default=0)
    report = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["owner", "status"], name="analysis_owner_idx"),
            models.Index(fields=["deck", "kind"], name="analysis_deck_kind_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_games__gt=0), name="analysis_max_games_gt_0"
            ),
            models.CheckConstraint(
                condition=Q(climb__gte=1, climb__lte=MAX_CLIMB),
                name="analysis_climb_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.pk} of {self.deck_frozen.get('name')}"


class AnalysisPiece(BaseModel):
    """Blocks ``[index, score, luck, turns]`` of the round's tasks ``piece ..
    piece+len-1`` (``engine.optimize.runs.blocks_to_json``)."""

    job = models.ForeignKey(
        AnalysisJob, on_delete=models.CASCADE, related_name="pieces"
    )
    round = models.PositiveIntegerField()
    piece = models.PositiveIntegerField()
    blocks = models.JSONField(default=list)
    elapsed_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["job", "round", "piece"]
        constraints = [
            models.UniqueConstraint(
                fields=["job", "round", "piece"], name="analysis_piece_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"job {self.job_id} round {self.round} piece {self.piece}"
