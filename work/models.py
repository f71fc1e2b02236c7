"""The job lifecycle every kind shares, and the lanes that hold a job's work.

- ``JobStatus``: queued, running, done, failed, cancelled; ``EngineJob``: the
  fields of that lifecycle (status, reason, times, the engine that played), the
  abstract base of ``simulate.SimulationJob`` and ``analysis.AnalysisJob``.
- ``Lane``: a contiguous range of one job's work units (game indices of a
  simulation, seed blocks of an analysis round) with a cursor. A lane is
  ``queued`` (waiting for a worker), ``running`` (a slice holds it: ``claim`` is the
  slice's token, ``beat_at`` its heartbeat) or ``done``. Lanes live while their
  round runs; a job's lanes are deleted when the round ends, the job finishes, fails
  or is cancelled.
- ``Share``: when each user's work last got a worker (round robin between users).

Writes go through ``work.services`` only.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from cards.models import BaseModel


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"


ACTIVE_STATUSES = (JobStatus.QUEUED, JobStatus.RUNNING)


class Agent(models.TextChoices):
    """Every agent a job may name. Which of them the engine offers is the
    registry's (``engine.agents.AGENTS``, see ``simulate.agents``): a choice here
    with no engine agent behind it is never accepted by the API or the forms."""

    RANDOM = "random", "Random"
    GREEDY = "greedy", "Greedy (one-ply heuristic)"
    PLANNER = "planner", "Planner (plans its whole turn)"
    MCTS = "mcts", "MCTS"


class Priority(models.IntegerChoices):
    """Interactive work (a simulation or gauntlet a person waits for) is claimed
    before batch work (card values, suggestions, big matrices)."""

    INTERACTIVE = 0, "Interactive"
    BATCH = 1, "Batch"


class EngineJob(BaseModel):
    """The lifecycle of any engine job (a kind of ``work.kinds.Kind``)."""

    status = models.CharField(
        max_length=10, choices=JobStatus.choices, default=JobStatus.QUEUED
    )
    error = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Hash of engine/ (simulate.adapters.engine_version): the web's at submission,
    # then the workers' from the first slice on (every slice must agree).
    engine_version = models.CharField(max_length=40, blank=True)
    # "compiled" (mypyc) or "pure": which engine build played the games (both give
    # the same games); "mixed" when workers of both builds played slices.
    engine_build = models.CharField(max_length=10, blank=True)
    # Slices of the job put back in line because their worker stopped beating.
    heals = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES


class LaneState(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"


class Lane(models.Model):
    kind = models.CharField(max_length=20)
    job_id = models.BigIntegerField()
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    priority = models.PositiveSmallIntegerField(
        choices=Priority.choices, default=Priority.INTERACTIVE
    )
    round = models.PositiveIntegerField(default=0)
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    cursor = models.PositiveIntegerField()
    state = models.CharField(
        max_length=10, choices=LaneState.choices, default=LaneState.QUEUED
    )
    # The running slice's token (empty when queued): a slice stores its games only
    # while it still holds the lane, so a slice taken for lost never counts twice.
    claim = models.CharField(max_length=32, blank=True)
    holder = models.CharField(max_length=200, blank=True)
    beat_at = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField()
    served_at = models.DateTimeField(null=True, blank=True)
    # Slices lost in a row (their worker stopped beating); reset by a stored slice.
    heals = models.PositiveIntegerField(default=0)
    # Units played and the time they took (the measured rate of the ETA).
    units_done = models.PositiveIntegerField(default=0)
    elapsed_ms = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["kind", "job_id", "round", "start"]
        indexes = [
            models.Index(fields=["state", "priority"], name="work_lane_state_idx"),
            models.Index(fields=["kind", "job_id"], name="work_lane_job_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "job_id", "round", "start"], name="work_lane_unique"
            ),
            models.CheckConstraint(
                condition=Q(start__lte=models.F("cursor"))
                & Q(cursor__lte=models.F("stop")),
                name="work_lane_cursor_in_range",
            ),
        ]

    def __str__(self) -> str:
        span = f"[{self.start}, {self.stop})"
        return f"{self.kind} {self.job_id} round {self.round} {span}"


class Share(models.Model):
    """When a user's work last started a slice: the least recently served user's
    work is claimed first (round robin between users, not first come)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    served_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.owner_id} served {self.served_at:%H:%M:%S}"
