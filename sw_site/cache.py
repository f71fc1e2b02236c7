"""The shared cache when it is Redis (``DJANGO_CACHE_URL=redis://...``), and what the
site does while Redis is down.

:class:`FallbackRedisCache` is Django's ``RedisCache`` that never lets a Redis outage
become an error page: while Redis cannot be reached, reads answer a miss (the
caller's default) and writes are dropped, so browsing the catalog, validating decks
and logging in keep working (the cache only ever holds what can be recomputed: the
workers' heartbeat, cached reads). After a failure Redis is not asked again for
``RETRY_SECONDS`` (a circuit breaker: one slow or refused connection per few
seconds, not one per request), and one warning is logged per outage.

The abuse limits do not count in this cache (``sw_site.throttles`` keeps its own
atomic counters, in Redis when the cache is Redis, with the database as a fallback
while Redis is down): see :func:`redis_client` and :func:`redis_failed`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

logger = logging.getLogger("sw_site.cache")

#: Seconds Redis is left alone after a connection error.
RETRY_SECONDS = 5.0

_lock = threading.Lock()
_clients_lock = threading.Lock()  # the client objects and their pools, made once
_down_until = 0.0

T = TypeVar("T")


def redis_errors() -> tuple[type[BaseException], ...]:
    """What a Redis client raises when Redis is unreachable or refuses to serve."""
    import redis

    return (redis.exceptions.RedisError, OSError)


def redis_down() -> bool:
    """True while the breaker is open (a Redis error less than RETRY_SECONDS ago)."""
    return time.monotonic() < _down_until


def redis_failed(exc: BaseException) -> None:
    """Open the breaker after ``exc`` (a Redis error); logs once per outage."""
    global _down_until
    with _lock:
        was_down = redis_down()
        _down_until = time.monotonic() + RETRY_SECONDS
    if not was_down:
        logger.warning(
            "Redis cache unavailable (%s); reads miss and writes are dropped, "
            "abuse limits count in the database, retrying in %.0f s",
            type(exc).__name__,
            RETRY_SECONDS,
        )


def reset_breaker() -> None:
    """Ask Redis again on the next call (tests)."""
    global _down_until
    with _lock:
        _down_until = 0.0


def redis_client(cache: Any) -> Any:
    """The raw ``redis.Redis`` client behind ``cache`` when it is a Redis cache whose
    breaker is closed; None otherwise (a database cache, or Redis is down)."""
    if not isinstance(cache, RedisCache) or redis_down():
        return None
    return cache._cache.get_client(write=True)


class ReusedClientRedisCacheClient(RedisCacheClient):
    """Django's client makes a new ``redis.Redis`` for every cache call and every
    throttle count (about 0.1 CPU ms each: its response callbacks are set up anew);
    one per connection pool is enough, as a ``redis.Redis`` is thread-safe and takes
    a pooled connection for each command."""

    def _get_connection_pool(self, write: bool) -> Any:
        # Django creates a pool on first use with no lock: two threads could each
        # make one (and each a client on it)
        with _clients_lock:
            return super()._get_connection_pool(write)  # type: ignore[misc]

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        clients: dict[int, Any] = self.__dict__.setdefault("_clients", {})
        client = clients.get(id(pool))  # pools live as long as this object
        if client is None:
            new = self._client(connection_pool=pool)  # type: ignore[attr-defined]
            client = clients.setdefault(id(pool), new)
        return client


class FallbackRedisCache(RedisCache):
    """``RedisCache`` failing open: a miss / a dropped write while Redis is down."""

    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient

    @property
    def _cache(self) -> Any:
        """The client object, made once (Django's ``cached_property`` has no lock:
        threads arriving together could each make one, each with its own pools)."""
        got = self.__dict__.get("_client_object")
        if got is None:
            with _clients_lock:
                got = self.__dict__.get("_client_object")
                if got is None:
                    servers, options = self._servers, self._options  # type: ignore[attr-defined]
                    got = self._class(servers, **options)
                    self.__dict__["_client_object"] = got
        return got

    def _try(self, call: Callable[[], T], fallback: T) -> T:
        if redis_down():
            return fallback
        try:
            return call()
        except redis_errors() as exc:
            redis_failed(exc)
            return fallback

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._try(
            lambda: super(FallbackRedisCache, self).get(key, default, version), default
        )

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._try(
            lambda: super(FallbackRedisCache, self).get_many(keys, version), {}
        )

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._try(
            lambda: super(FallbackRedisCache, self).has_key(key, version), False
        )

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._try(
            lambda: super(FallbackRedisCache, self).set(key, value, timeout, version),
            None,
        )

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._try(
            lambda: super(FallbackRedisCache, self).add(key, value, timeout, version),
            False,
        )

    def touch(
        self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._try(
            lambda: super(FallbackRedisCache, self).touch(key, timeout, version), False
        )

    def set_many(
        self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self._try(
            lambda: super(FallbackRedisCache, self).set_many(data, timeout, version),
            list(data),
        )

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._try(
            lambda: super(FallbackRedisCache, self).delete(key, version), False
        )

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._try(
            lambda: super(FallbackRedisCache, self).delete_many(keys, version), None
        )

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        # A counter that cannot be read is a missing key, as Django's API has it.
        result = self._try(
            lambda: super(FallbackRedisCache, self).incr(key, delta, version), None
        )
        if result is None:
            raise ValueError(f"Key {key!r} not found (the Redis cache is unavailable).")
        return result

    def clear(self) -> None:
        self._try(lambda: super(FallbackRedisCache, self).clear(), None)
