"""``python manage.py simulate_resume [--minutes 30]``

Resume simulation jobs that have made no progress for a while (a chunk message lost
with its worker: kombu's filesystem broker, the embedded default, never redelivers).
Missing chunks are sent again (bounded by SIMULATE_MAX_RESENDS; the chunk upsert
makes a chunk that was merely slow harmless). Every worker's watchdog already does
this each SIMULATE_WATCHDOG_INTERVAL seconds (sw_site.celery.Watchdog); this command
is for a shell, e.g. after all workers were down.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from simulate.services import jobs


class Command(BaseCommand):
    help = "Re-send the missing chunks of simulation jobs stuck for --minutes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--minutes", type=float, default=30)

    def handle(self, *args: Any, **options: Any) -> None:
        since = timezone.now() - timedelta(minutes=options["minutes"])
        resumed = jobs.simulation_resume_stale(older_than=since)
        self.stdout.write(f"resumed {len(resumed)} job(s): {resumed}")
