"""``python manage.py load_catalog [--data-dir DIR]``: copy the YAML catalog into the
database and refresh the public faction decks built from it (idempotent; prints what
changed). A malformed catalog is a CommandError that names the file, card and field,
and leaves the database untouched.

The faction decks are the decks app's, which the catalog never imports: decks
receives ``cards.hooks.catalog_loaded``, sent inside the same transaction, and the
command prints the report its receiver returns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from cards.hooks import answers, catalog_loaded
from cards.services import catalog_load
from engine.deckbuilding.catalog import CatalogError, load_catalog
from engine.rulesets import DEFAULT_RULESET, ruleset_names


class Command(BaseCommand):
    help = "Load the card catalog (cards/data/*.yaml) into the database, idempotently."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--data-dir",
            type=Path,
            default=None,
            help="Catalog directory (default: the project's cards/data/).",
        )

    def handle(self, *args: Any, data_dir: Path | None = None, **options: Any) -> None:
        if data_dir is not None and not data_dir.is_dir():
            raise CommandError(f"--data-dir {data_dir}: not a directory")
        # --data-dir replaces the default edition's folder; every other edition
        # loads from its own folder under cards/data (an edition is part of a card's
        # identity, so each edition's rows are synced on their own).
        catalogs = []
        try:
            for name in ruleset_names():
                default = name == DEFAULT_RULESET
                if data_dir is not None and not default:
                    continue
                catalogs.append(
                    (name, load_catalog(data_dir if default else None, ruleset=name))
                )
        except CatalogError as exc:
            raise CommandError(f"Malformed catalog: {exc}") from exc
        with transaction.atomic():
            reports = [(n, catalog_load(catalog=c, edition=n)) for n, c in catalogs]
            synced = answers(
                catalog_loaded, type(self), editions=[n for n, _ in catalogs]
            )
        for name, report in reports:
            catalog = dict(catalogs)[name]
            self.stdout.write(report.as_text())
            verb = "updated" if report.changed else "already up to date"
            self.stdout.write(
                self.style.SUCCESS(
                    f"Catalog ({name} edition) {verb}: {len(catalog.factions)} "
                    f"factions, {len(catalog.cards)} cards, "
                    f"{len(catalog.products)} products."
                )
            )
        for _, answer in synced:  # the faction decks' sync report
            if answer is not None:
                self.stdout.write(answer.as_text())
