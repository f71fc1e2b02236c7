"""Simulation jobs, their chunk results and round-robin matrices (issue: simulations).

- ``SimulationJob``: one matchup, deck A against deck B, ``games`` games from ``seed``.
  Both deck lists are frozen into the job at submission (``deck_a``/``deck_b`` JSON:
  name, summoner, source and entries), so later deck edits never change a result.
  Its games are played in slices cut by time (the job framework, :mod:`work`); game
  ``i`` is always played from ``engine.play.derive_seed(seed, i)``, so totals do not
  depend on the slicing, the number of workers or restarts.
- ``ChunkResult``: the outcome of one slice's games, stored under the unique key
  ``(job, first_game)`` by an upsert: a slice is stored once, only while it still
  holds its lane, so no game is ever counted twice. Progress and the aggregated
  result are computed from these rows (``simulate.selectors``);
  ``SimulationJob.result`` is only the finaliser's snapshot of that aggregate.
- ``MatrixJob``: a round robin of several decks; one ``SimulationJob`` per pair.

Writes go through ``simulate.services`` only.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from cards.models import BaseModel
from work.models import ACTIVE_STATUSES, Agent, EngineJob, JobStatus

__all__ = [
    "ACTIVE_STATUSES",
    "Agent",
    "ChunkResult",
    "JobStatus",
    "MatrixJob",
    "SimulationJob",
    "Visibility",
]


class Visibility(models.TextChoices):
    """Who may read a job's results: its owner only (the default), anyone with the
    link (unlisted: not listed anywhere), or anyone (public: also listed)."""

    PRIVATE = "private", "Private (only me)"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public (listed for everyone)"


SHARED_VISIBILITIES = (Visibility.UNLISTED, Visibility.PUBLIC)

#: Length of a share token's random part in bytes (``secrets.token_urlsafe``: 22
#: URL-safe characters, 128 bits), far beyond guessing.
SHARE_TOKEN_BYTES = 16


def new_share_token() -> str:
    """An unguessable token for a shared result's URL (``/s/<token>/``)."""
    return secrets.token_urlsafe(SHARE_TOKEN_BYTES)


def share_token_field() -> models.CharField:
    """Numeric ids are for owners; anyone else reads a shared result by this token
    (unlisted: only by it; public: also listed, still by it)."""
    return models.CharField(
        max_length=43, unique=True, default=new_share_token, editable=False
    )


class MatrixJob(BaseModel):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matrix_jobs"
    )
    # Frozen deck lists, in the order of the matrix rows/columns.
    decks = models.JSONField(default=list)
    games_per_pair = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    agent = models.CharField(max_length=20, choices=Agent.choices)
    # A gauntlet: one matrix row, the first deck against each of the others (no
    # pairs among the others).
    gauntlet = models.BooleanField(default=False)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = share_token_field()
    status = models.CharField(
        max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["owner", "status"], name="simulate_matrix_owner_idx"),
        ]

    def __str__(self) -> str:
        return f"matrix {self.pk} ({len(self.decks)} decks)"

    @property
    def shared_path(self) -> str:
        """The page anyone opens while it is shared (ids are for the owner)."""
        from django.urls import reverse

        return reverse("simulate:matrix-shared", args=[self.share_token])


class SimulationJob(EngineJob):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulations"
    )
    deck_a = models.JSONField()
    deck_b = models.JSONField()
    agent_a = models.CharField(max_length=20, choices=Agent.choices)
    agent_b = models.CharField(max_length=20, choices=Agent.choices)
    # The number of games requested; in "to precision" mode the cap.
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    swap = models.BooleanField(default=False)
    ruleset = models.CharField(max_length=10, default="second")
    # Pair jobs of a matrix follow the matrix's visibility (see access_simulation).
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    share_token = share_token_field()
    # Expert override: at most this many game indices in one slice (None: slices
    # are cut by time only, which is all a job needs).
    chunk_size = models.PositiveIntegerField(null=True, blank=True)
    target_half_width = models.FloatField(null=True, blank=True)
    # The current round: 0, or in "to precision" mode the wave being played (each
    # wave is ``wave_games`` game indices, fixed at submission from WAVE_GAMES so
    # every process cuts the same waves; the target is checked between waves).
    round = models.PositiveIntegerField(default=0)
    wave_games = models.PositiveIntegerField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    matrix = models.ForeignKey(
        MatrixJob,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="jobs",
    )
    matrix_row = models.PositiveSmallIntegerField(null=True, blank=True)
    matrix_col = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["owner", "status"], name="simulate_job_owner_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(games__gt=0), name="simulate_job_games_gt_0"
            ),
            models.CheckConstraint(
                condition=Q(chunk_size__isnull=True) | Q(chunk_size__gt=0),
                name="simulate_job_chunk_size_gt_0",
            ),
            models.CheckConstraint(
                condition=Q(target_half_width__isnull=True)
                | Q(target_half_width__gt=0),
                name="simulate_job_target_half_width_gt_0",
            ),
        ]

    def __str__(self) -> str:
        return f"simulation {self.pk}: {self.games} games"

    @property
    def shared_path(self) -> str:
        """The page anyone opens while it is shared (ids are for the owner)."""
        from django.urls import reverse

        return reverse("simulate:simulation-shared", args=[self.share_token])

    @property
    def results_per_index(self) -> int:
        """With ``swap`` each game index is played twice, seats exchanged."""
        return 2 if self.swap else 1

    @property
    def total_games(self) -> int:
        """Games played when the job runs to the end."""
        return self.games * self.results_per_index


class ChunkResult(BaseModel):
    """Outcome of the game indices ``first_game ..`` of a job played by one slice
    (``games`` results: with ``swap`` two per index).

    ``outcomes``: one compact row per game, in game order:
    ``[winner, termination, turns, first_player, partial]`` with winner ``"a"``,
    ``"b"`` or ``None`` (draw). ``card_stats``: ``{"a"|"b": {slug: [summoned,
    destroyed, damage]}}`` summed over the chunk. ``turn_hist``: ``{turns: games}``.
    """

    job = models.ForeignKey(
        SimulationJob, on_delete=models.CASCADE, related_name="chunks"
    )
    first_game = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    wins_a = models.PositiveIntegerField()
    wins_b = models.PositiveIntegerField()
    draws = models.PositiveIntegerField()
    first_player_wins = models.PositiveIntegerField()
    # Games in which deck A moved first, and A's wins among them (the first-player
    # split; the rest of the games had B first).
    a_first_games = models.PositiveIntegerField(default=0)
    a_first_wins = models.PositiveIntegerField(default=0)
    partial_games = models.PositiveIntegerField(default=0)
    turns_sum = models.PositiveIntegerField()
    turn_hist = models.JSONField(default=dict)
    terminations = models.JSONField(default=dict)
    card_stats = models.JSONField(default=dict)
    # Abilities the engine does not implement that these games met (partial results),
    # and whether each side's setup used the engine's default layout.
    missing_abilities = models.JSONField(default=list)
    setup_defaults = models.JSONField(default=list)
    # Association counts for the per-card table (simulate.services.results.card_games):
    # ``{"a"|"b": {slug: {bucket: [games the card was played in, wins of its side]}}}``
    # plus ``{"a"|"b": {"": {bucket: [games, wins]}}}`` as the baseline, with bucket
    # the game-length band. A card counts as played once it is summoned, built or
    # played as an event; the counts say nothing about what the card caused.
    card_games = models.JSONField(default=dict)
    outcomes = models.JSONField(default=list)
    elapsed_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["job", "first_game"]
        constraints = [
            models.UniqueConstraint(
                fields=["job", "first_game"], name="simulate_chunk_unique_first_game"
            ),
            models.CheckConstraint(
                condition=Q(
                    games=models.F("wins_a") + models.F("wins_b") + models.F("draws")
                ),
                name="simulate_chunk_games_add_up",
            ),
        ]

    def __str__(self) -> str:
        return f"job {self.job_id} games from {self.first_game}"
