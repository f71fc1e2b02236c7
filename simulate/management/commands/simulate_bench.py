"""``python manage.py simulate_bench [--games 10000] [--workers 1,2] [--json]``

Times one job (both sides played by ``--agent``, default: the agent simulations
default to for that many games, :func:`simulate.agents.default_agent`) run by real
Celery workers (``--workers``: the
concurrency of each run, one worker process with that many pool processes) against
``python -m engine.simulate`` in one process, on the configured database and broker
(a private queue, so other workers do not interfere). Checks that every run's totals
equal the CLI's. Jobs are owned by the user ``simulate-bench``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from simulate import selectors, workers
from simulate.agents import default_agent
from simulate.models import SimulationJob
from simulate.services import jobs

BENCH_USER = "simulate-bench"
COMPARED = ("games", "wins_a", "wins_b", "draws", "win_rate_a", "ci95", "avg_turns")


class Command(BaseCommand):
    help = "Benchmark a simulation on 1..N Celery workers against the engine CLI."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--a", default="cave-goblins")
        parser.add_argument("--b", default="breakers")
        parser.add_argument("--games", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--agent", help="who plays both sides (default: the simulations' default)"
        )
        parser.add_argument("--chunk-size", type=int, default=None)
        parser.add_argument("--workers", default="1,2", help="concurrencies to time")
        parser.add_argument("--timeout", type=float, default=3600)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        games, seed = options["games"], options["seed"]
        agent = options["agent"] = options["agent"] or default_agent(games=games)
        cli_args = ["--a", options["a"], "--b", options["b"], "--games", str(games)]
        cli_args += ["--seed", str(seed), "--agent-a", agent, "--agent-b", agent]
        started = time.monotonic()
        cli = subprocess.run(
            [sys.executable, "-m", "engine.simulate", *cli_args, "--json"],
            capture_output=True,
            text=True,
            check=True,
        )
        runs: list[dict[str, Any]] = [
            {"runner": "engine CLI, 1 process", "seconds": time.monotonic() - started}
        ]
        expected = json.loads(cli.stdout)
        get_user_model().objects.get_or_create(username=BENCH_USER)
        for concurrency in (int(n) for n in options["workers"].split(",")):
            job, seconds = self._run_on_workers(concurrency, options)
            summary = selectors.simulation_summary(job=job)
            if job.status != "done" or any(summary[k] != expected[k] for k in COMPARED):
                raise CommandError(f"job {job.pk} differs from the CLI: {summary}")
            runs.append(
                {
                    "runner": f"Celery, {concurrency} worker process(es)",
                    "job": job.pk,
                    "seconds": seconds,
                }
            )
        for run in runs:
            run["games_per_s"] = games / run["seconds"]
        report = {"games": games, "agent": agent, "seed": seed, "runs": runs}
        if options["json"]:
            self.stdout.write(json.dumps(report))
            return
        for run in runs:
            self.stdout.write(
                f"{run['runner']:<34} {run['seconds']:8.1f} s "
                f"{run['games_per_s']:8.1f} games/s"
            )
        self.stdout.write(f"totals identical to the CLI: {COMPARED}")

    def _run_on_workers(
        self, concurrency: int, options: dict[str, Any]
    ) -> tuple[SimulationJob, float]:
        queue = workers.new_queue_name("sim-bench")
        log = Path(tempfile.gettempdir()) / f"{queue}.log"
        owner = get_user_model().objects.get(username=BENCH_USER)
        env = {"WORK_QUEUE": queue}
        with workers.worker(queue, log, concurrency=concurrency, env=env):
            time.sleep(3)  # let the worker boot before the clock starts
            started = time.monotonic()
            with override_settings(WORK_QUEUE=queue):
                job = jobs.simulation_submit(
                    owner=owner,
                    deck_a=options["a"],
                    deck_b=options["b"],
                    games=options["games"],
                    seed=options["seed"],
                    agent_a=options["agent"],
                    agent_b=options["agent"],
                    chunk_size=options["chunk_size"],
                    enforce_limits=False,
                )
            deadline = started + options["timeout"]
            while time.monotonic() < deadline:
                job.refresh_from_db()
                if not job.is_active:
                    break
                time.sleep(0.2)
            seconds = time.monotonic() - started
        workers.delete_queue(queue)
        return job, seconds
