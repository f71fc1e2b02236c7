"""The lifecycle of engine work: plan lanes, claim, play a slice, store, advance,
heal, fail, cancel.

Invariants
----------
- A job's current round is a range of units (``Kind.units``) cut into at most
  ``LANES`` lanes. Unit ``i`` is always played the same way (game ``i`` from
  ``derive_seed(seed, i)``; seed block ``i`` of the round), so what is stored never
  depends on where slices were cut, how many workers played or how often a slice
  was re-run.
- A slice claims one queued lane by a conditional update (any database, no lock
  held while playing), beats a heartbeat on it while it plays, and stores its
  units and moves the lane's cursor in one transaction *only if it still holds
  the claim*. A slice taken for lost, or of a cancelled job, stores nothing.
- Claim order: interactive before batch, then the user served least recently
  (round robin between users), then the lane served least recently.
- Lost work is found by its holder's silence, never by waiting: the watchdog puts a
  running lane whose heartbeat is older than ``LOST_AFTER`` back in line; a queued
  lane is never re-sent, however long it waits.
- Status changes are conditional updates (``status__in=ACTIVE``), so a late slice
  never resurrects a cancelled or failed job.
- Tickets are sent only after the transaction that put lanes in line commits.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
import traceback
import uuid
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.db import connection, transaction
from django.db.models import F, Max, OuterRef, Subquery
from django.utils import timezone

from work import conf, dispatch, heartbeat, kinds
from work.dispatch import BrokerUnavailable
from work.kinds import GameError, Kind
from work.models import ACTIVE_STATUSES, JobStatus, Lane, LaneState, Priority, Share

logger = logging.getLogger("work")

__all__ = ["BrokerUnavailable", "GameError", "TooManyActiveJobs", "new_seed"]


class TooManyActiveJobs(Exception):
    """The user already has as many jobs of a kind queued or running as allowed."""


def new_seed() -> int:
    """A fresh seed for a job that names none (stored with the job: reproducible)."""
    return secrets.randbelow(2**31)


# --- planning -----------------------------------------------------------------


def split(units: range, lanes: int, min_units: int) -> list[range]:
    """``units`` cut into at most ``lanes`` contiguous ranges of near-equal size,
    none shorter than ``min_units`` (unless the whole is)."""
    n = len(units)
    if n == 0:
        return []
    count = max(1, min(lanes, n // max(1, min_units)))
    size, extra = divmod(n, count)
    out, start = [], units.start
    for k in range(count):
        stop = start + size + (1 if k < extra else 0)
        out.append(range(start, stop))
        start = stop
    return out


def plan_round(kind: Kind, job: Any) -> list[Lane]:
    """Create the lanes of the job's current round (inside the caller's
    transaction); returns them. Tickets: :func:`tickets_on_commit`."""
    now = timezone.now()
    lanes = [
        Lane(
            kind=kind.name,
            job_id=job.pk,
            owner_id=job.owner_id,
            priority=kind.priority(job),
            round=kind.round_of(job),
            start=r.start,
            stop=r.stop,
            cursor=r.start,
            queued_at=now,
        )
        for r in split(kind.units(job), conf.get("LANES"), conf.get("MIN_LANE_UNITS"))
    ]
    return Lane.objects.bulk_create(lanes)


def _counts(lanes: Iterable[Lane]) -> tuple[int, int]:
    interactive = batch = 0
    for lane in lanes:
        if lane.priority == Priority.BATCH:
            batch += 1
        else:
            interactive += 1
    return interactive, batch


def tickets_on_commit(lanes: Iterable[Lane], *, quiet: bool = True) -> None:
    interactive, batch = _counts(lanes)
    if interactive or batch:
        send = dispatch.send_tickets_quietly if quiet else dispatch.send_tickets
        transaction.on_commit(lambda: send(interactive, batch))


def submit(kind: Kind, job: Any, *, send: bool = True) -> None:
    """Plan the first round of a new job (inside the transaction that stored it)
    and, once it commits, send its tickets (:func:`send_or_fail_on_commit`)."""
    lanes = plan_round(kind, job)
    if send:
        send_or_fail_on_commit(kind, lanes, what="the job")


def send_or_fail_on_commit(kind: Kind, lanes: list[Lane], *, what: str) -> None:
    """Once the transaction commits, send the tickets of new jobs' ``lanes``. When
    the broker is down every one of those jobs is marked failed (so none sits
    queued with nothing behind it, counting against its owner's active jobs) and
    BrokerUnavailable is raised; ``what`` names the submission in the reason."""
    if not lanes:
        return
    interactive, batch = _counts(lanes)
    job_ids = sorted({lane.job_id for lane in lanes})

    def send_or_fail() -> None:
        from sw_site.celery import broker_errors

        try:
            dispatch.send_tickets(interactive, batch)
        except broker_errors() as exc:
            reason = f"the task queue was unavailable when {what} was submitted"
            for job_id in job_ids:
                fail(kind, job_id, f"{reason}: {exc}")
            raise BrokerUnavailable(str(exc)) from exc

    transaction.on_commit(send_or_fail)


# --- claiming -------------------------------------------------------------------


def claim(
    *, batch: bool = True, worker: str = "", only: tuple[str, int] | None = None
) -> Lane | None:
    """Claim the most deserving queued lane (interactive first; then the user
    served least recently; then the lane served least recently). ``batch``: may
    batch work be claimed; ``only``: (kind, job id), for running a job inline."""
    queued = Lane.objects.filter(state=LaneState.QUEUED)
    if not batch:
        queued = queued.filter(priority=Priority.INTERACTIVE)
    if only is not None:
        queued = queued.filter(kind=only[0], job_id=only[1])
    served = Share.objects.filter(owner=OuterRef("owner")).values("served_at")[:1]
    ordered = queued.annotate(owner_served=Subquery(served)).order_by(
        "priority",
        F("owner_served").asc(nulls_first=True),
        F("served_at").asc(nulls_first=True),
        "pk",
    )
    for _attempt in range(3):
        candidates = list(ordered[:8])
        if not candidates:
            return None
        for lane in candidates:
            token = uuid.uuid4().hex
            now = timezone.now()
            won = Lane.objects.filter(
                pk=lane.pk, state=LaneState.QUEUED, claim=lane.claim
            ).update(
                state=LaneState.RUNNING,
                claim=token,
                holder=worker[:200],
                beat_at=now,
                served_at=now,
            )
            if won:
                Share.objects.update_or_create(
                    owner_id=lane.owner_id, defaults={"served_at": now}
                )
                lane.refresh_from_db()
                return lane
    return None


class Beat(threading.Thread):
    """A running slice's heartbeat: every ``BEAT_SECONDS`` it stamps the lane it
    holds. When the lane is no longer its own (cancelled, or taken for lost), it
    sets ``lost`` so the slice stops early."""

    def __init__(self, lane_id: int, token: str) -> None:
        super().__init__(name=f"work-beat-{lane_id}", daemon=True)
        self.lane_id, self.token = lane_id, token
        self.lost = False
        self._stop_event = threading.Event()

    def run(self) -> None:
        try:
            while not self._stop_event.wait(float(conf.get("BEAT_SECONDS"))):
                if not beat_lane(self.lane_id, self.token):
                    self.lost = True
                    return
        except Exception as exc:  # noqa: BLE001 - a missed beat only risks a re-run
            logger.warning("heartbeat of lane %s failed: %r", self.lane_id, exc)
        finally:
            connection.close()

    def stop(self) -> None:
        self._stop_event.set()
        self.join(timeout=5)


def beat_lane(lane_id: int, token: str) -> bool:
    """Stamp a held lane; False when the slice no longer holds it."""
    return bool(
        Lane.objects.filter(pk=lane_id, claim=token, state=LaneState.RUNNING).update(
            beat_at=timezone.now()
        )
    )


# --- playing a slice --------------------------------------------------------------


def run_ticket(*, batch: bool = True, only: tuple[str, int] | None = None) -> bool:
    """What a ticket does: claim a lane and play one slice of it. False when there
    was nothing to claim."""
    lane = claim(batch=batch, worker=heartbeat.worker_name(), only=only)
    if lane is None:
        return False
    if (
        batch
        and lane.priority == Priority.INTERACTIVE
        and conf.queue(1) != conf.queue(0)
    ):
        # A batch ticket took interactive work: the batch lane it was sent for
        # still needs one (tickets of each class are conserved).
        transaction.on_commit(lambda: dispatch.send_tickets_quietly(0, 1))
    run_slice(lane)
    return True


def _detail(exc: BaseException) -> str:
    """An exception in one line, for a job's reason."""
    return "".join(traceback.format_exception_only(exc)).strip()


def run_slice(lane: Lane) -> None:
    kind = kinds.get(lane.kind)
    job = kind.model.objects.filter(pk=lane.job_id).first()
    if job is None or not job.is_active or kind.round_of(job) != lane.round:
        Lane.objects.filter(pk=lane.pk, claim=lane.claim).delete()
        return
    try:
        if stamp(kind.model, job.pk):
            kind.changed(job.pk)
        player = kind.player(job, lane)
    except GameError as exc:
        fail(kind, job.pk, str(exc))
        return
    except Exception as exc:  # noqa: BLE001 - any engine failure fails the job
        fail(kind, job.pk, f"could not set up the games: {_detail(exc)}")
        return
    beat = Beat(lane.pk, lane.claim)
    beat.start()
    results: list[Any] = []
    unit, clock = lane.cursor, time.monotonic()
    budget, error = conf.slice_seconds(), ""
    cap = kind.slice_cap(job)
    try:
        while unit < lane.stop and not beat.lost:
            spent = time.monotonic() - clock
            if results and spent + spent / len(results) > budget:
                break
            if cap and len(results) >= cap:
                break
            try:
                results.append(player.play(unit))
            except SoftTimeLimitExceeded:
                if not results:
                    error = (
                        f"{kind.describe_unit(job, unit)} did not finish within the "
                        "task time limit (CELERY_TASK_SOFT_TIME_LIMIT): one game "
                        "must fit in it; raise the limit"
                    )
                break
            except Exception as exc:  # noqa: BLE001 - reported with the unit
                what = kind.describe_unit(job, unit)
                error = f"game error in {what}: {_detail(exc)}"
                break
            unit += 1
    finally:
        beat.stop()
    if error:
        logger.warning("%s %s failed: %s", kind.name, job.pk, error)
        fail(kind, job.pk, error)
        return
    elapsed_ms = int((time.monotonic() - clock) * 1000)
    finish_slice(kind, lane, results, elapsed_ms)


def finish_slice(kind: Kind, lane: Lane, results: list[Any], elapsed_ms: int) -> None:
    """Store a slice's units and move its lane on, only while the slice still holds
    it; when the round's last lane is done, advance the job."""
    try:
        finished = _finish_slice(kind, lane, results, elapsed_ms)
    except Exception as exc:  # noqa: BLE001 - a result that cannot be kept fails
        logger.exception("%s %s: storing a slice failed", kind.name, lane.job_id)
        fail(kind, lane.job_id, f"could not store the games played: {_detail(exc)}")
        return
    if finished:
        kind.changed(lane.job_id)


def _finish_slice(kind: Kind, lane: Lane, results: list[Any], elapsed_ms: int) -> bool:
    finished = False
    with transaction.atomic():
        job = kind.model.objects.select_for_update().filter(pk=lane.job_id).first()
        held = (
            Lane.objects.select_for_update()
            .filter(pk=lane.pk, claim=lane.claim, state=LaneState.RUNNING)
            .first()
        )
        if held is None or job is None or not job.is_active:
            return False
        if results:
            kind.store(job, held, held.cursor, results, elapsed_ms)
        held.cursor += len(results)
        held.units_done += len(results)
        held.elapsed_ms += elapsed_ms
        held.claim = held.holder = ""
        held.beat_at = None
        held.heals = 0 if results else held.heals
        now = timezone.now()
        if held.cursor >= held.stop:
            held.state = LaneState.DONE
        else:
            held.state = LaneState.QUEUED
            held.queued_at = now
        held.save()
        kind.model.objects.filter(pk=job.pk).update(updated_at=now)
        if held.state == LaneState.QUEUED:
            tickets_on_commit([held])
        elif not (
            Lane.objects.filter(kind=kind.name, job_id=job.pk, round=held.round)
            .exclude(state=LaneState.DONE)
            .exists()
        ):
            Lane.objects.filter(kind=kind.name, job_id=job.pk).delete()
            if kind.advance(job):
                tickets_on_commit(plan_round(kind, job))
            else:
                finished = True
    return finished


def run_inline(kind: Kind, job_id: int) -> Any:
    """Play a job to its end in this process, slice after slice (the shell
    commands and tests): the same lanes, units and stores as the workers."""
    while run_ticket(only=(kind.name, job_id)):
        pass
    return kind.model.objects.get(pk=job_id)


# --- engine stamping ----------------------------------------------------------------


def stamp(model: Any, job_id: int) -> bool:
    """Mark a queued job running, stamped with this worker's engine; True when this
    call started it. The first slice stamps the job; every later slice must run the
    same code, so one result never mixes two versions of the rules (a deploy or an
    edit while the job runs fails it: GameError)."""
    from work.engine import engine_build, engine_version

    mine, build = engine_version(), engine_build()
    now = timezone.now()
    started = model.objects.filter(pk=job_id, status=JobStatus.QUEUED).update(
        status=JobStatus.RUNNING,
        started_at=now,
        updated_at=now,
        engine_version=mine,
        engine_build=build,
    )
    if started:
        return True
    stamped = (
        model.objects.filter(pk=job_id).values_list("engine_version", flat=True).first()
    )
    # both builds play the same games: a mix is recorded, not refused
    model.objects.filter(pk=job_id).exclude(engine_build__in=(build, "mixed")).update(
        engine_build="mixed"
    )
    if stamped != mine:
        raise GameError(
            f"this worker runs engine {mine} but the job's first games were "
            f"played by engine {stamped}: a result never mixes two versions of "
            "the rules; restart every worker on the same code and submit again"
        )
    return False


# --- ending -----------------------------------------------------------------------


def drop_lanes(kind: Kind, job_id: int) -> None:
    """Forget a job's lanes; a slice still running notices at its next beat."""
    Lane.objects.filter(kind=kind.name, job_id=job_id).delete()


def fail(kind: Kind, job_id: int, error: str) -> bool:
    """Mark an active job failed with ``error``; False when it was no longer
    active."""
    now = timezone.now()
    with transaction.atomic():
        failed = kind.model.objects.filter(
            pk=job_id, status__in=ACTIVE_STATUSES
        ).update(
            status=JobStatus.FAILED,
            error=error[:4000],
            finished_at=now,
            updated_at=now,
        )
        if failed:
            drop_lanes(kind, job_id)
    if failed:
        kind.changed(job_id)
    return bool(failed)


def cancel(kind: Kind, job_id: int) -> bool:
    """Cancel an active job (no-op otherwise): its queued lanes are forgotten and a
    running slice stops at its next beat, storing nothing."""
    now = timezone.now()
    with transaction.atomic():
        cancelled = kind.model.objects.filter(
            pk=job_id, status__in=ACTIVE_STATUSES
        ).update(status=JobStatus.CANCELLED, finished_at=now, updated_at=now)
        if cancelled:
            drop_lanes(kind, job_id)
    if cancelled:
        kind.changed(job_id)
    return bool(cancelled)


def restart(kind: Kind, job: Any, *, reset: dict[str, Any]) -> None:
    """Run a failed job again from its first round (``reset``: the kind's fields
    back to their submitted values, the kind's stored results already deleted by
    the caller in the same transaction). Tickets go on commit."""
    with transaction.atomic():
        updated = kind.model.objects.filter(pk=job.pk, status=JobStatus.FAILED).update(
            status=JobStatus.QUEUED,
            error="",
            started_at=None,
            finished_at=None,
            updated_at=timezone.now(),
            **reset,
        )
        if not updated:
            return
        job.refresh_from_db()
        drop_lanes(kind, job.pk)
        tickets_on_commit(plan_round(kind, job), quiet=False)
    kind.changed(job.pk)


# --- the watchdog ---------------------------------------------------------------------


def heal_lost(*, now: Any = None) -> list[Lane]:
    """Put running lanes whose heartbeat stopped (their worker died) back in line,
    or fail their job after ``MAX_HEALS`` losses in a row. Returns the lanes put
    back."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=float(conf.get("LOST_AFTER")))
    healed = []
    for lane in Lane.objects.filter(state=LaneState.RUNNING, beat_at__lt=cutoff):
        kind = kinds.get(lane.kind)
        if lane.heals >= conf.get("MAX_HEALS"):
            job = kind.model.objects.filter(pk=lane.job_id).first()
            what = kind.describe_unit(job, lane.cursor) if job else "its games"
            fail(
                kind,
                lane.job_id,
                f"the worker playing {what} stopped {lane.heals + 1} times in a row "
                "(killed, out of memory, or over CELERY_TASK_TIME_LIMIT)",
            )
            continue
        back = Lane.objects.filter(
            pk=lane.pk, claim=lane.claim, state=LaneState.RUNNING
        ).update(
            state=LaneState.QUEUED,
            claim="",
            holder="",
            beat_at=None,
            queued_at=now,
            heals=F("heals") + 1,
        )
        if back:
            kind.model.objects.filter(pk=lane.job_id).update(heals=F("heals") + 1)
            logger.warning(
                "lane %s (%s %s, from unit %s) lost its worker %s; back in line",
                lane.pk,
                lane.kind,
                lane.job_id,
                lane.cursor,
                lane.holder,
            )
            healed.append(lane)
    return healed


def orphans(*, now: Any = None) -> list[Lane]:
    """Queued lanes that no ticket can be on its way to: nothing is running
    anywhere and nothing was claimed for two watchdog intervals while work waits
    (a ticket lost with a broker error or a worker killed between storing a slice
    and sending its ticket)."""
    now = now or timezone.now()
    if Lane.objects.filter(state=LaneState.RUNNING).exists():
        return []
    queued = list(Lane.objects.filter(state=LaneState.QUEUED)[:16])
    if not queued:
        return []
    quiet = timedelta(seconds=2 * float(conf.get("WATCHDOG_INTERVAL") or 5))
    # The last claim anywhere (kept per user: lanes are deleted with their round).
    last = Share.objects.aggregate(m=Max("served_at"))["m"]
    oldest = min(lane.queued_at for lane in queued)
    if (last and now - last < quiet) or now - oldest < quiet:
        return []
    return queued


def watchdog_tick() -> list[int]:
    """One round of a worker's watchdog: leave a heartbeat for ``/api/health/``,
    put lanes whose worker died back in line, and re-send tickets for work left in
    line with nothing running. Returns the ids of the lanes acted on."""
    heartbeat.beat()
    healed = heal_lost()
    stray = orphans()
    if stray:
        logger.warning(
            "lanes %s wait with nothing running: their tickets sent again",
            [lane.pk for lane in stray],
        )
    dispatch.send_tickets_quietly(*_counts([*healed, *stray]))
    return [lane.pk for lane in [*healed, *stray]]
