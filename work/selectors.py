"""Reads of the job framework: how far a job is, how fast it goes, what it waits
for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from work import kinds
from work.kinds import Kind
from work.models import Lane, LaneState


def job_progress(
    kind: Kind,
    job: Any,
    *,
    done: int,
    total: int,
    nominal_rate: Callable[[], float | None] | None = None,
) -> dict[str, Any]:
    """``done``/``total`` games with, while the job is active: ``running`` (slices
    playing it now), ``games_per_s`` (measured on its slices so far, per worker
    process; else ``nominal_rate()``, asked only then), ``eta_seconds`` (at that
    rate on as many processes as play it now, at least one) and ``waiting`` (words, when
    nothing plays it: what holds the workers)."""
    out: dict[str, Any] = {"done": done, "total": total}
    if not job.is_active:
        return out
    lanes = list(Lane.objects.filter(kind=kind.name, job_id=job.pk))
    running = sum(1 for lane in lanes if lane.state == LaneState.RUNNING)
    units = sum(lane.units_done for lane in lanes)
    seconds = sum(lane.elapsed_ms for lane in lanes) / 1000
    rate = units * kind.unit_games(job) / seconds if units and seconds else None
    if not rate and nominal_rate is not None:
        rate = nominal_rate()
    open_lanes = sum(1 for lane in lanes if lane.state != LaneState.DONE)
    parallel = max(1, min(running, open_lanes) if running else 1)
    out["running"] = running
    out["games_per_s"] = round(rate, 2) if rate else None
    remaining = max(0, total - done)
    out["eta_seconds"] = round(remaining / (rate * parallel)) if rate else None
    out["waiting"] = None if running else waiting_behind(kind, job.pk)
    return out


def waiting_behind(kind: Kind, job_id: int) -> str:
    """What a job with nothing running waits for, in words: "queued behind 1
    analysis and 2 simulations" (the jobs whose slices hold the workers now)."""
    busy = (
        Lane.objects.filter(state=LaneState.RUNNING)
        .exclude(kind=kind.name, job_id=job_id)
        .values_list("kind", "job_id")
        .distinct()
    )
    counts: dict[str, int] = {}
    for name, _job in busy:
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return "waiting for a worker"
    registered = kinds.all_kinds()
    parts = []
    for name, n in sorted(counts.items()):
        noun = registered[name].noun if name in registered else (name, name)
        parts.append(f"{n} {noun[0] if n == 1 else noun[1]}")
    return "queued behind " + " and ".join(parts)


def duration_text(seconds: float) -> str:
    if seconds < 1.5:
        return "about a second"
    if seconds < 90:
        return f"about {round(seconds)} seconds"
    if seconds < 90 * 60:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.1f} hours"
