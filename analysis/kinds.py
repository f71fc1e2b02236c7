"""Analyses as engine work (:mod:`work`): a unit is one seed block of the current
round of the job's engine run (:mod:`analysis.runs`), rebuilt from the job's frozen
decks and stored ``state`` wherever a slice runs, so every worker sees the same
blocks. When every block of a round is stored, the round is absorbed in block
order and the next round planned, or the job finishes.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from analysis.models import AnalysisJob, AnalysisPiece
from analysis.runs import job_run
from work.kinds import GameError, Kind, Player
from work.models import JobStatus, Priority


class _BlockPlayer(Player):
    def __init__(self, job: AnalysisJob) -> None:
        run = job_run(job)
        self.tasks = run.next_round()
        self.decks = run.decks()

    def play(self, unit: int) -> Any:
        from engine.optimize.paired import run_blocks

        return run_blocks(self.decks, [self.tasks[unit]])[0]


class AnalysisKind(Kind):
    name = "analysis"
    model = AnalysisJob
    unit_name = "seed block"
    noun = ("analysis", "analyses")

    def units(self, job: AnalysisJob) -> range:
        if job.status not in (JobStatus.QUEUED, JobStatus.RUNNING):
            return range(0)
        return range(len(job_run(job).next_round()))

    def round_of(self, job: AnalysisJob) -> int:
        return job.rounds

    def priority(self, job: AnalysisJob) -> int:
        return Priority.BATCH

    def player(self, job: AnalysisJob, lane: Any) -> Player:
        return _BlockPlayer(job)

    def unit_games(self, job: AnalysisJob) -> int:
        return 2

    def describe_unit(self, job: AnalysisJob | None, unit: int) -> str:
        where = f" of round {job.rounds}" if job is not None else ""
        return f"seed block {unit}{where}"

    def store(
        self,
        job: AnalysisJob,
        lane: Any,
        first: int,
        results: list[Any],
        elapsed_ms: int,
    ) -> None:
        from engine.optimize.runs import blocks_to_json

        AnalysisPiece.objects.bulk_create(
            [
                AnalysisPiece(
                    job_id=job.pk,
                    round=lane.round,
                    piece=first,
                    blocks=blocks_to_json(results),
                    elapsed_ms=elapsed_ms,
                )
            ],
            update_conflicts=True,
            unique_fields=["job", "round", "piece"],
            update_fields=["blocks", "elapsed_ms", "updated_at"],
        )

    def advance(self, job: AnalysisJob) -> bool:
        from engine.optimize.runs import blocks_from_json

        pieces = AnalysisPiece.objects.filter(job=job, round=job.rounds).order_by(
            "piece"
        )
        blocks = [b for p in pieces for b in blocks_from_json(p.blocks)]
        run = job_run(job)
        planned = run.next_round()
        if len(blocks) != len(planned):  # never absorb a round with a hole
            raise GameError(
                f"round {job.rounds}: {len(blocks)} blocks stored for "
                f"{len(planned)} planned"
            )
        run.absorb(planned, blocks)
        AnalysisPiece.objects.filter(job=job, round=job.rounds).delete()
        job.state = run.state()
        job.report = run.report()
        job.rounds += 1
        job.games_done = run.played
        more = bool(run.next_round())
        if not more:
            job.status = JobStatus.DONE
            job.finished_at = timezone.now()
        job.save()
        return more


ANALYSIS = AnalysisKind()
