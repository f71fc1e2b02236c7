"""``python manage.py simulate_pairs [--ruleset second] [--factions a,b,...]
[--with SLUG] [--games 100] [--workers 2] [--json]``

The player's main path as a benchmark: a default simulation (the form's defaults:
100 games, seats alternating, the default agent, no setting changed) of every
ordered pair of faction decks, all submitted at once to real Celery workers (one
worker with ``--workers`` processes, on a queue of its own) on the configured
database and broker (the embedded defaults when nothing is set). Reports each
pair's status, games, wall time and heals, and fails when any job did not
complete. A benchmark, not a test: its figures live in the docs with the machine
and date. Jobs are owned by the user ``simulate-bench``.
"""

from __future__ import annotations

import json
import tempfile
import time
from itertools import permutations
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from engine.deckbuilding.resolve import default_catalog, playable_factions
from simulate import workers
from simulate.models import SimulationJob
from simulate.services import jobs

BENCH_USER = "simulate-bench"


class Command(BaseCommand):
    help = "Simulate every ordered pair of faction decks with the form's defaults."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--ruleset", default="second")
        parser.add_argument("--factions", help="comma-separated slugs (default all)")
        parser.add_argument(
            "--with", dest="involving", help="only the pairs with this faction deck"
        )
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--timeout", type=float, default=6 * 3600)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        ruleset = options["ruleset"]
        known = playable_factions(default_catalog(ruleset))
        factions = options["factions"].split(",") if options["factions"] else known
        unknown = sorted(set(factions) - set(known))
        if unknown:
            raise CommandError(f"not a playable {ruleset} faction deck: {unknown}")
        owner, _ = get_user_model().objects.get_or_create(username=BENCH_USER)
        queue = workers.new_queue_name("sim-pairs")
        log = Path(tempfile.gettempdir()) / f"{queue}.log"
        env = {"WORK_QUEUE": queue}
        submitted: list[tuple[str, str, SimulationJob]] = []
        with workers.worker(queue, log, concurrency=options["workers"], env=env):
            time.sleep(3)  # let the worker boot before the clock starts
            started = time.monotonic()
            with override_settings(WORK_QUEUE=queue):
                pairs = [
                    (a, b)
                    for a, b in permutations(factions, 2)
                    if not options["involving"] or options["involving"] in (a, b)
                ]
                for i, (a, b) in enumerate(pairs):
                    job = jobs.simulation_submit(
                        owner=owner,
                        deck_a=a,
                        deck_b=b,
                        games=options["games"],
                        seed=options["seed"] + i,
                        swap=True,
                        ruleset=ruleset,
                        enforce_limits=False,
                    )
                    submitted.append((a, b, job))
            pending = {job.pk for _, _, job in submitted}
            finished: dict[int, float] = {}
            deadline = started + options["timeout"]
            while pending and time.monotonic() < deadline:
                time.sleep(1)
                for pk, status in SimulationJob.objects.filter(
                    pk__in=pending
                ).values_list("pk", "status"):
                    if status not in ("queued", "running"):
                        finished[pk] = time.monotonic() - started
                        pending.discard(pk)
            seconds = time.monotonic() - started
        workers.delete_queue(queue)
        rows = []
        for a, b, job in submitted:
            job.refresh_from_db()
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "job": job.pk,
                    "agent": job.agent_a,
                    "status": job.status,
                    "games": (job.result or {}).get("games", 0),
                    "seconds": round(finished.get(job.pk, seconds), 1),
                    "heals": job.heals,
                    "error": job.error,
                }
            )
        failed = [r for r in rows if r["status"] != "done"]
        report = {
            "ruleset": ruleset,
            "pairs": len(rows),
            "games_per_pair": 2 * options["games"],
            "workers": options["workers"],
            "seconds": round(seconds, 1),
            "done": len(rows) - len(failed),
            "rows": rows,
        }
        if options["json"]:
            self.stdout.write(json.dumps(report))
        else:
            for r in rows:
                self.stdout.write(
                    f"{r['a']:>16} v {r['b']:<16} {r['status']:<9} {r['games']:>5} "
                    f"games {r['seconds']:>8.1f} s  heals {r['heals']}  {r['error']}"
                )
            self.stdout.write(
                f"{report['done']} of {len(rows)} pairs done in {seconds:.0f} s "
                f"({options['workers']} worker processes, agent {rows[0]['agent']})"
            )
        if failed:
            raise CommandError(f"{len(failed)} of {len(rows)} jobs did not complete")
