"""Abuse limits, counted in a store every process shares (never one process's memory,
so two gunicorn workers or a restart change nothing).

Rates live in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` under these scopes (the
README's configuration table lists them; ``DJANGO_THROTTLE_RATES`` overrides any):

- ``login_address``: login attempts (API token, the login page and ``/admin/login/``)
  per client address;
- ``login_account``: *failed* logins per account: once spent, even the right password
  is refused (429 with ``Retry-After``) until the window has passed;
- ``signup_address``: sign-ups per address;
- ``validate_anon`` / ``validate_user``: deck validations per address (anonymous) or
  per user;
- ``simulation_submit``: accepted simulation and matrix submissions per user
  (``simulate.apis``; an invalid submission spends nothing).

The client address is ``REMOTE_ADDR`` unless ``DJANGO_NUM_PROXIES`` says how many
reverse proxies put theirs in ``X-Forwarded-For`` (a client cannot pick its own).

Counting is atomic: a window is one counter, created by its first event with the
window's length as its lifetime and incremented in one step that returns the new
count (:class:`Counters`), so N concurrent requests see N different counts and never
more than the limit get through (a read-then-write list of timestamps let 13 of a
limit of 10 through, and DRF's ``wait()`` answered None past the limit, which let
every later attempt through). A login *reserves* its account slot before the
password is checked (so concurrent guesses cannot all pass the check) and gives it
back when the password was right.

Where the counters live, and what happens when that store is down:

- the default cache is Redis (``DJANGO_CACHE_URL=redis://``): in Redis, one Lua
  script per event (INCR, PEXPIRE on the first, PTTL: atomic);
- otherwise, or while Redis is down (``sw_site.cache``'s breaker): in the database,
  table ``sw_throttle`` (one ``INSERT ... ON CONFLICT DO UPDATE ... RETURNING``
  statement; Django's database cache has no atomic ``incr``). So during a Redis
  outage the login lockout keeps counting, in the database (it starts from zero
  there: an attacker gains at most one window's attempts per outage), and never
  fails open;
- when the database is down too: limits with ``fail_open`` (validation, simulation
  submissions) let the request through — those requests need no login secret and
  have their own caps; the login and sign-up limits fail closed (the database error
  propagates: a 503, never an unthrottled password check).
"""

from __future__ import annotations

import hashlib
import logging
import random
import time
from typing import Any

from django.core.cache import caches
from django.db import DatabaseError, connection
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from sw_site import cache as shared_cache

logger = logging.getLogger("sw_site.throttles")

# Redis: one atomic step per event. KEYS[1] the counter, ARGV[1] the window (ms),
# ARGV[2] the increment. Returns {count, milliseconds left in the window}.
_HIT = """
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
"""
# Give one back (a login whose password was right), never below zero, never
# creating a counter that has expired meanwhile.
_RELEASE = """
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0
"""

# The database: one statement (SQLite 3.35+ and PostgreSQL both take it, and both
# evaluate every SET expression against the row as it was before the update).
_DB_HIT = (
    'INSERT INTO sw_throttle ("key", count, expires) VALUES (%s, %s, %s) '
    'ON CONFLICT ("key") DO UPDATE SET '
    "count = CASE WHEN sw_throttle.expires <= %s THEN %s "
    "ELSE sw_throttle.count + %s END, "
    "expires = CASE WHEN sw_throttle.expires <= %s THEN %s "
    "ELSE sw_throttle.expires END "
    "RETURNING count, expires"
)


class Counters:
    """Atomic windowed counters in Redis (when the default cache is Redis and up)
    or the database (``accounts.models.ThrottleCounter``)."""

    @staticmethod
    def _redis() -> Any:
        # caches["default"], not the ``cache`` proxy: isinstance() sees the backend.
        return shared_cache.redis_client(caches["default"])

    @staticmethod
    def redis_key(key: str) -> str:
        """The Redis key of a counter (the cache's prefix and version: ``clear()``
        empties the counters with the rest of the cache)."""
        return str(caches["default"].make_key(key))

    @staticmethod
    def hit(key: str, window: float, delta: int = 1) -> tuple[int, float]:
        """Count ``delta`` events; (count in the window, seconds left in it)."""
        client = Counters._redis()
        if client is not None:
            try:
                n, ttl = client.eval(
                    _HIT, 1, Counters.redis_key(key), max(1, int(window * 1000)), delta
                )
                return int(n), int(ttl) / 1000
            except shared_cache.redis_errors() as exc:
                shared_cache.redis_failed(exc)
        return Counters._db_hit(key, window, delta)

    @staticmethod
    def peek(key: str) -> tuple[int, float]:
        """(count in the current window, seconds left in it) without counting."""
        client = Counters._redis()
        if client is not None:
            try:
                full = Counters.redis_key(key)
                with client.pipeline() as pipe:
                    value, ttl = pipe.get(full).pttl(full).execute()
                return int(value or 0), max(0, int(ttl)) / 1000
            except shared_cache.redis_errors() as exc:
                shared_cache.redis_failed(exc)
        return Counters._db_peek(key)

    @staticmethod
    def release(key: str) -> None:
        """Give one event back (never below zero, never reviving a window)."""
        client = Counters._redis()
        if client is not None:
            try:
                client.eval(_RELEASE, 1, Counters.redis_key(key))
                return
            except shared_cache.redis_errors() as exc:
                shared_cache.redis_failed(exc)
        with connection.cursor() as cursor:
            cursor.execute(
                "UPDATE sw_throttle SET count = count - 1 "
                'WHERE "key" = %s AND count > 0 AND expires > %s',
                [key, time.time()],
            )

    @staticmethod
    def _db_hit(key: str, window: float, delta: int) -> tuple[int, float]:
        now = time.time()
        with connection.cursor() as cursor:
            cursor.execute(
                _DB_HIT,
                [key, delta, now + window, now, delta, delta, now, now + window],
            )
            count, expires = cursor.fetchone()
            if count == delta and random.random() < 0.02:  # now and then, tidy up
                cursor.execute("DELETE FROM sw_throttle WHERE expires < %s", [now - 60])
        return int(count), max(0.0, float(expires) - now)

    @staticmethod
    def _db_peek(key: str) -> tuple[int, float]:
        now = time.time()
        with connection.cursor() as cursor:
            cursor.execute(
                'SELECT count, expires FROM sw_throttle WHERE "key" = %s '
                "AND expires > %s",
                [key, now],
            )
            row = cursor.fetchone()
        return (int(row[0]), float(row[1]) - now) if row else (0, 0.0)


class ScopedThrottle(SimpleRateThrottle):
    """A throttle whose scope is fixed by the class, counted atomically in
    :class:`Counters`. As a DRF throttle (``allow_request``) every request counts;
    ``peek`` checks without counting and ``record`` counts without checking (for
    limits that count only outcomes: accepted submissions). ``wait()`` is never
    None for a refused request."""

    scope: str = ""
    #: When the counters cannot be reached at all (Redis and the database down):
    #: True lets the request through, False lets the database error propagate.
    fail_open: bool = True

    def __init__(self) -> None:  # rates are read per request (tests override them)
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self._wait = 0.0

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        rate = rates.get(self.scope)
        return None if rate is None else str(rate)

    def ident_key(self, ident: str) -> str:
        digest = hashlib.sha256(ident.encode()).hexdigest()[:32]
        return self.cache_format % {"scope": self.scope, "ident": digest}

    def _counted(self, request: Any, view: Any, *, count: bool) -> bool:
        """Is this request within the limit? Counts it when ``count``."""
        if self.rate is None:
            return True
        key = self.get_cache_key(request, view)
        if key is None:
            return True
        self.key = key
        window = float(self.duration or 1)
        try:
            if count:
                n, left = Counters.hit(key, window)
                allowed = n <= (self.num_requests or 0)
            else:
                n, left = Counters.peek(key)
                allowed = n < (self.num_requests or 0)
        except DatabaseError:
            if not self.fail_open:
                raise
            logger.warning("%s: counters unavailable, request allowed", self.scope)
            return True
        self._wait = left if left > 0 else window
        return allowed

    def allow_request(self, request: Any, view: Any) -> bool:
        """Count this request; False once the window's limit is spent."""
        return self._counted(request, view, count=True)

    def peek(self, request: Any, view: Any = None) -> bool:
        """True when one more would be allowed (nothing is counted)."""
        return self._counted(request, view, count=False)

    def record(self, request: Any, view: Any = None) -> None:
        """Count one (after ``peek`` or on its own)."""
        self._counted(request, view, count=True)

    def release(self, request: Any, view: Any = None) -> None:
        """Give back one counted event (e.g. a login whose password was right)."""
        if self.rate is None:
            return
        key = self.get_cache_key(request, view)
        if key is not None:
            Counters.release(key)

    def wait(self) -> float:
        """Seconds until the current window ends (at least 1)."""
        return max(1.0, self._wait)


class AddressThrottle(ScopedThrottle):
    """Counted per client address."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.ident_key(self.get_ident(request))


class AnonAddressThrottle(AddressThrottle):
    """Counted per address for anonymous clients only."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return None
        return super().get_cache_key(request, view)


class UserThrottle(ScopedThrottle):
    """Counted per logged-in user."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return self.ident_key(f"user:{user.pk}")


class LoginAddressThrottle(AddressThrottle):
    scope = "login_address"
    fail_open = False


class SignupAddressThrottle(AddressThrottle):
    scope = "signup_address"
    fail_open = False


class ValidateAnonThrottle(AnonAddressThrottle):
    scope = "validate_anon"


class ValidateUserThrottle(UserThrottle):
    scope = "validate_user"


class LoginAccountThrottle(ScopedThrottle):
    """Failed logins of one account (whatever the address). Every attempt reserves
    a slot before the password is checked (:func:`login_wait`); a right password
    gives it back (:func:`login_succeeded`), a wrong one keeps it."""

    scope = "login_account"
    fail_open = False

    def __init__(self, username: str) -> None:
        super().__init__()
        self.username = username.strip().casefold()

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.ident_key(f"account:{self.username}") if self.username else None


def login_wait(request: Any, username: str) -> float | None:
    """Seconds to wait before another login attempt for ``username`` from this
    address, or None when the attempt may go ahead. Counts the attempt for the
    address and reserves one of the account's failures: call
    :func:`login_succeeded` when the password was right (:func:`login_failed`
    otherwise, which keeps the reservation). Once the account's limit is spent,
    every attempt is refused until its window ends, the right password included."""
    address = LoginAddressThrottle()
    if not address.allow_request(request, None):
        return address.wait()
    account = LoginAccountThrottle(username)
    if not account.allow_request(request, None):
        return account.wait()
    return None


def login_failed(request: Any, username: str) -> None:
    """A wrong password: the failure was counted by :func:`login_wait` already."""


def login_succeeded(request: Any, username: str) -> None:
    """The right password: give back the failure :func:`login_wait` reserved."""
    LoginAccountThrottle(username).release(request)


def signup_wait(request: Any) -> float | None:
    """Seconds to wait before another sign-up from this address, or None (counted)."""
    throttle = SignupAddressThrottle()
    if not throttle.allow_request(request, None):
        return throttle.wait()
    return None
