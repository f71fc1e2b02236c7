"""System checks of the job framework's timing settings (``manage.py check``)."""

from __future__ import annotations

from typing import Any

from django.core import checks


@checks.register()
def heartbeat_timing(**kwargs: Any) -> list[checks.CheckMessage]:
    """A slice beats every BEAT_SECONDS and is taken for lost after LOST_AFTER
    seconds of silence: LOST_AFTER must leave room for a few missed beats, or
    slices still running are re-run (harmless to results, wasted work)."""
    from work import conf

    beat, lost = float(conf.get("BEAT_SECONDS")), float(conf.get("LOST_AFTER"))
    if lost < 3 * beat:
        return [
            checks.Warning(
                f"WORK_LOST_AFTER ({lost:g} s) should be at least three heartbeats "
                f"(WORK_BEAT_SECONDS = {beat:g} s)",
                hint="Raise WORK_LOST_AFTER or beat more often.",
                id="work.W001",
            )
        ]
    return []
