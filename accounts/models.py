"""Accounts add no user model (Django's ``auth.User``); this app keeps the abuse
limits' counters when they live in the database (``sw_site.throttles``)."""

from __future__ import annotations

from django.db import models


class ThrottleCounter(models.Model):
    """One abuse-limit window: ``count`` events since it began, until ``expires``
    (seconds since the epoch). Updated only by single atomic SQL statements
    (``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``) so concurrent requests in
    any number of processes never read the same count: Django's database cache has
    no atomic ``incr`` (it is a get then a set), hence a table of its own."""

    key = models.CharField(max_length=120, primary_key=True)
    count = models.IntegerField(default=0)
    expires = models.FloatField(db_index=True)

    class Meta:
        db_table = "sw_throttle"

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
