"""Abuse limits, counted in the shared cache (``CACHES``: the database or Redis, never
one process's memory, so two gunicorn workers or a restart change nothing).

Rates live in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` under these scopes (the
README's configuration table lists them; ``DJANGO_THROTTLE_RATES`` overrides any):

- ``login_address``: login attempts (API token and the login page) per client address;
- ``login_account``: *failed* logins per account: once spent, even the right password
  is refused until the window has passed (60 wrong guesses then the right one no
  longer succeed);
- ``signup_address``: sign-ups per address;
- ``validate_anon`` / ``validate_user``: deck validations per address (anonymous) or
  per user;
- ``simulation_submit``: accepted simulation and matrix submissions per user
  (``simulate.apis``; an invalid submission spends nothing).

The client address is ``REMOTE_ADDR`` unless ``DJANGO_NUM_PROXIES`` says how many
reverse proxies put theirs in ``X-Forwarded-For`` (a client cannot pick its own).
"""

from __future__ import annotations

import hashlib
from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class ScopedThrottle(SimpleRateThrottle):
    """A throttle whose scope is fixed by the class; ``peek`` checks without
    counting, ``record`` counts without checking (for limits that count only
    outcomes: failed logins, accepted submissions)."""

    scope: str = ""

    def __init__(self) -> None:  # rates are read per request (tests override them)
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES or {}
        rate = rates.get(self.scope)
        return None if rate is None else str(rate)

    def ident_key(self, ident: str) -> str:
        digest = hashlib.sha256(ident.encode()).hexdigest()[:32]
        return self.cache_format % {"scope": self.scope, "ident": digest}

    def peek(self, request: Any, view: Any = None) -> bool:
        """True when one more would be allowed (nothing is counted)."""
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - (self.duration or 0):
            self.history.pop()
        return len(self.history) < (self.num_requests or 0)

    def record(self, request: Any, view: Any = None) -> None:
        """Count one (after ``peek`` or on its own)."""
        if self.rate is None:
            return
        key = self.get_cache_key(request, view)
        if key is None:
            return
        now = self.timer()
        window = self.duration or 0
        history = [t for t in self.cache.get(key, []) if t > now - window]
        history.insert(0, now)
        self.cache.set(key, history, self.duration)


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


class SignupAddressThrottle(AddressThrottle):
    scope = "signup_address"


class ValidateAnonThrottle(AnonAddressThrottle):
    scope = "validate_anon"


class ValidateUserThrottle(UserThrottle):
    scope = "validate_user"


class LoginAccountThrottle(ScopedThrottle):
    """Failed logins of one account (whatever the address): ``peek`` before checking
    the password, ``record`` after a failure."""

    scope = "login_account"

    def __init__(self, username: str) -> None:
        super().__init__()
        self.username = username.strip().casefold()

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.ident_key(f"account:{self.username}") if self.username else None


def login_wait(request: Any, username: str) -> float | None:
    """Seconds to wait before another login attempt for ``username`` from this
    address, or None when the attempt may go ahead (and is counted per address)."""
    address = LoginAddressThrottle()
    account = LoginAccountThrottle(username)
    if not address.peek(request):
        return address.wait()
    if not account.peek(request):
        return account.wait()
    address.record(request)
    return None


def login_failed(request: Any, username: str) -> None:
    LoginAccountThrottle(username).record(request)


def signup_wait(request: Any) -> float | None:
    """Seconds to wait before another sign-up from this address, or None (counted)."""
    throttle = SignupAddressThrottle()
    if not throttle.peek(request):
        return throttle.wait()
    throttle.record(request)
    return None
