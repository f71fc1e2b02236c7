"""Browser-test plumbing.

The live server answers Chromium on keep-alive connections, one thread each; a
thread still parked on such a socket when the browser goes keeps its database
connection open, and on PostgreSQL the test database then cannot be dropped at the
end of the run ("being accessed by other users"). After the browser tests, close
those sessions from the server side.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="module", autouse=True)
def _close_live_server_sessions(django_db_blocker) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
