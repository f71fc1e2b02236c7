"""The Redis cache builds one ``redis.Redis`` per connection pool, not one per call
(Django's default: about 0.1 CPU ms a throttled request)."""

from __future__ import annotations

import threading

from sw_site.cache import FallbackRedisCache, redis_client, reset_breaker


def make_cache(*servers: str) -> FallbackRedisCache:
    return FallbackRedisCache(",".join(servers), {})


def test_one_client_per_pool_reused_across_calls() -> None:
    reset_breaker()
    cache = make_cache("redis://127.0.0.1:1/0")  # never connected: no command sent
    first = redis_client(cache)
    assert first is not None
    assert redis_client(cache) is first
    assert cache._cache.get_client(write=False) is first  # one server: one pool
    assert first.connection_pool is cache._cache._get_connection_pool(True)


def test_each_pool_has_its_own_client() -> None:
    cache = make_cache("redis://127.0.0.1:1/0", "redis://127.0.0.1:2/0")
    writer = cache._cache.get_client(write=True)
    reader = cache._cache.get_client(write=False)
    assert writer.connection_pool is not reader.connection_pool
    assert cache._cache.get_client(write=True) is writer


def test_threads_share_the_pool_client() -> None:
    cache = make_cache("redis://127.0.0.1:1/0")
    seen: list[object] = []
    threads = [
        threading.Thread(target=lambda: seen.append(cache._cache.get_client()))
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(c) for c in seen}) == 1
