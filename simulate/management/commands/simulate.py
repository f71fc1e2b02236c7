"""``python manage.py simulate --a DECK --b DECK --games N --seed S [...] --json``

Runs a simulation job synchronously in this process, through the same services as
the web (a job row, chunks, the finaliser), and prints the result with the keys of
``python -m engine.simulate --json``. DECK is a faction slug, a database deck id, or
a path to a deck text file (as the engine CLI).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.rulesets import DEFAULT_RULESET, ruleset_names
from simulate import adapters, selectors
from simulate.services import jobs
from simulate.services.decks import DeckRejected

SHELL_USER = "simulate-shell"


def _deck_spec(arg: str, ruleset: str | None = None) -> Any:
    """A deck file becomes an inline list (parsed by the engine in the ruleset's
    catalog); the rest as given."""
    path = Path(arg)
    if arg.isdigit() or not path.is_file():
        return arg
    from engine.deckbuilding.decktext import parse_deck_text
    from engine.deckbuilding.resolve import default_catalog

    parsed = parse_deck_text(
        path.read_text(encoding="utf-8"), catalog=default_catalog(ruleset)
    )
    if not parsed.ok:
        problems = "; ".join(f"line {p.line}: {p.message}" for p in parsed.problems)
        raise CommandError(f"{arg}: {problems}")
    return [{"card": slug, "count": n} for slug, n in parsed.entries]


class Command(BaseCommand):
    help = "Run a simulation job synchronously (decks: faction slug, deck id, file)."

    def add_arguments(self, parser: CommandParser) -> None:
        agents = [name for name, _ in adapters.agent_choices()]
        parser.add_argument("--a", required=True, help="faction slug, deck id or file")
        parser.add_argument("--b", required=True, help="faction slug, deck id or file")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--seed", type=int, default=0)
        default = "default: the strongest agent fast enough for the job"
        parser.add_argument("--agent-a", choices=agents, help=default)
        parser.add_argument("--agent-b", choices=agents, help=default)
        parser.add_argument(
            "--ruleset", default=DEFAULT_RULESET, choices=ruleset_names()
        )
        parser.add_argument("--swap", action="store_true")
        parser.add_argument("--chunk-size", type=int, default=None)
        parser.add_argument("--target-half-width", type=float, default=None)
        parser.add_argument(
            "--user",
            help="run as this user (their private decks); default: a shell user "
            "that sees public decks only",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        if options["user"]:
            try:
                owner = user_model.objects.get(username=options["user"])
            except user_model.DoesNotExist:
                raise CommandError(f"no user {options['user']!r}") from None
        else:
            owner, created = user_model.objects.get_or_create(username=SHELL_USER)
            if created:
                owner.set_unusable_password()
                owner.save(update_fields=["password"])
        try:
            job = jobs.simulation_submit(
                owner=owner,
                deck_a=_deck_spec(options["a"], options["ruleset"]),
                deck_b=_deck_spec(options["b"], options["ruleset"]),
                games=options["games"],
                seed=options["seed"],
                agent_a=options["agent_a"],
                agent_b=options["agent_b"],
                swap=options["swap"],
                ruleset=options["ruleset"],
                chunk_size=options["chunk_size"],
                target_half_width=options["target_half_width"],
                dispatch=False,
                enforce_limits=False,
            )
        except DeckRejected as exc:
            lines = [f"  {e['code']}: {e['message']}" for e in exc.errors]
            raise CommandError(
                "\n".join([f"{exc.field} is not legal:", *lines])
            ) from exc
        except (ValidationError, jobs.TooManyActiveJobs) as exc:
            raise CommandError(str(exc)) from exc
        job = jobs.simulation_run_inline(job_id=job.pk)
        out = selectors.simulation_summary(
            job=job, deck_a=options["a"], deck_b=options["b"]
        )
        if job.status != "done":
            raise CommandError(f"simulation {job.pk} {job.status}: {job.error}")
        if options["json"]:
            self.stdout.write(json.dumps(out, sort_keys=True))
            return
        low, high = out["ci95"]
        self.stdout.write(
            f"{out['deck_a']} vs {out['deck_b']}: "
            f"{out['wins_a']}-{out['wins_b']}-{out['draws']} (win rate A "
            f"{out['win_rate_a']:.3f}, 95% CI {low:.3f}-{high:.3f}), avg "
            f"{out['avg_turns']:.1f} turns, partial={out['partial']} (job {job.pk}; "
            f"played by {job.agent_a} v {job.agent_b})"
        )
