"""``python manage.py simulate_resume [--all-queued]``

One round of the workers' watchdog from a shell: lanes of slices whose worker died
go back in line, and work left in line with nothing running gets its tickets again
(``work.services.watchdog_tick``). Every worker's watchdog already does this each
``WORK_WATCHDOG_INTERVAL`` seconds; ``--all-queued`` also re-sends a ticket for every
queued lane (after the broker lost its messages, e.g. a wiped ``var/`` folder):
tickets carry no job, so a surplus only costs a look at the lanes.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from work import services
from work.dispatch import send_tickets
from work.models import Lane, LaneState, Priority


class Command(BaseCommand):
    help = "Put lost slices back in line and re-send tickets for waiting work."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--all-queued", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        acted = services.watchdog_tick()
        self.stdout.write(f"watchdog round: lanes {acted} back in line")
        if options["all_queued"]:
            queued = Lane.objects.filter(state=LaneState.QUEUED)
            batch = queued.filter(priority=Priority.BATCH).count()
            interactive = queued.count() - batch
            send_tickets(interactive, batch)
            self.stdout.write(f"sent {interactive + batch} ticket(s)")
