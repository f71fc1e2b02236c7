"""Simulations as engine work (:mod:`work`): a unit is one game index (two games,
seats exchanged, with ``swap``), played from ``derive_seed(job.seed, i)``.

A job plays one round of every game index, or, "to precision"
(``target_half_width``), rounds of ``WAVE_GAMES`` indices with the target checked
between rounds, so where a job stops depends only on its games, never on timing.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from simulate import adapters, conf
from simulate.models import JobStatus, SimulationJob
from work.kinds import Kind, Player
from work.models import Priority


class _GamePlayer(Player):
    def __init__(self, job: SimulationJob) -> None:
        self.job = job
        self.deck_a = adapters.game_deck(job.deck_a)
        self.deck_b = adapters.game_deck(job.deck_b)
        self.rules = adapters.rules(job.ruleset)

    def play(self, unit: int) -> list[Any]:
        from engine.play import play_many

        job = self.job
        return play_many(
            self.deck_a,
            self.deck_b,
            seed=job.seed,
            games=1,
            agent_a=job.agent_a,
            agent_b=job.agent_b,
            swap=job.swap,
            game_indices=[unit],
            rules=self.rules,
            # The action log tells which events each side played (card_games).
            record=True,
        )


def is_interactive(games: int) -> bool:
    """A person waits for it: up to ``WORK_INTERACTIVE_MAX_GAMES`` games."""
    from work import conf as work_conf

    return games <= int(work_conf.get("INTERACTIVE_MAX_GAMES"))


class SimulationKind(Kind):
    name = "simulation"
    model = SimulationJob
    unit_name = "game"
    noun = ("simulation", "simulations")

    def units(self, job: SimulationJob) -> range:
        if job.target_half_width is None:
            return range(0, job.games) if job.round == 0 else range(0)
        wave = job.wave_games or int(conf.get("WAVE_GAMES"))
        start = job.round * wave
        return range(start, min(start + wave, job.games))

    def round_of(self, job: SimulationJob) -> int:
        return job.round

    def priority(self, job: SimulationJob) -> int:
        games = job.total_games
        if job.matrix_id:  # the whole matrix's games decide
            from simulate.services.matrices import matrix_pairs, pair_games

            matrix = job.matrix
            assert matrix is not None
            pairs = matrix_pairs(len(matrix.decks), gauntlet=matrix.gauntlet)
            games = len(pairs) * pair_games(matrix.games_per_pair)
        return Priority.INTERACTIVE if is_interactive(games) else Priority.BATCH

    def player(self, job: SimulationJob, lane: Any) -> Player:
        return _GamePlayer(job)

    def slice_cap(self, job: SimulationJob) -> int | None:
        return job.chunk_size

    def unit_games(self, job: SimulationJob) -> int:
        return job.results_per_index

    def describe_unit(self, job: SimulationJob | None, unit: int) -> str:
        if job is None:
            return f"game {unit}"
        from engine.play import derive_seed

        return f"game {unit} (seed {derive_seed(job.seed, unit)})"

    def store(
        self,
        job: SimulationJob,
        lane: Any,
        first: int,
        results: list[Any],
        elapsed_ms: int,
    ) -> None:
        from simulate.services.results import chunk_row, results_store

        games = [r for unit in results for r in unit]
        expected = len(results) * job.results_per_index
        if len(games) != expected:
            msg = f"the engine returned {len(games)} results, not {expected}"
            raise RuntimeError(msg)
        row = chunk_row(games, events=adapters.events_played(job, games))
        row["elapsed_ms"] = elapsed_ms
        results_store(job_id=job.pk, first_game=first, **row)

    def advance(self, job: SimulationJob) -> bool:
        from simulate.selectors import simulation_result

        result = simulation_result(job=job)
        if job.target_half_width is not None:
            half_width = result["half_width"]
            target_met = result["games"] and half_width <= job.target_half_width
            job.round += 1
            if not target_met and self.units(job):
                job.save(update_fields=["round", "updated_at"])
                return True
        job.status = JobStatus.DONE
        job.result = result
        job.finished_at = timezone.now()
        job.save(
            update_fields=["status", "result", "finished_at", "round", "updated_at"]
        )
        return False

    def changed(self, job_id: int) -> None:
        matrix_id = (
            SimulationJob.objects.filter(pk=job_id)
            .values_list("matrix_id", flat=True)
            .first()
        )
        if matrix_id:
            from simulate.services.matrices import matrix_refresh

            matrix_refresh(matrix_id=matrix_id)


SIMULATION = SimulationKind()
