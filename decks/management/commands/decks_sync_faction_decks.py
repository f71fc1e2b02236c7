"""``python manage.py decks_sync_faction_decks``: make the catalog's faction decks
exist as public, read-only decks (idempotent). Run after ``load_catalog``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from decks.services import faction_decks_sync


class Command(BaseCommand):
    help = "Create or update the public read-only faction decks (after load_catalog)."

    def handle(self, *args: Any, **options: Any) -> None:
        report = faction_decks_sync()
        self.stdout.write(self.style.SUCCESS(report.as_text()))
