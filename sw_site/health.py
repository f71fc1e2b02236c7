"""``GET /api/health/``: is the site able to do its work right now?

Three checks, each with its own verdict and details:

- ``database``: a ``SELECT 1`` on the default database;
- ``broker``: a connection to the Celery broker (1 s timeout);
- ``workers``: a worker's watchdog left a heartbeat in the shared cache within the
  last three watchdog intervals (``work.heartbeat``).

200 when all three pass, otherwise 503 with ``{"code": "service_unavailable",
"message", "checks"}`` (a load balancer needs only the status; an operator reads the
details). Never cached, never throttled, no login.
"""

from __future__ import annotations

import time
from typing import Any

from django.db import connection
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


def _timed(check: Any) -> dict[str, Any]:
    started = time.monotonic()
    try:
        details = check() or {}
        result = {"ok": True, **details}
    except Exception as exc:  # noqa: BLE001 - any failure is the answer
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:300]}
    result["ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


def check_database() -> dict[str, Any]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"vendor": connection.vendor}


def check_broker() -> dict[str, Any]:
    from sw_site.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, timeout=1)
        transport = conn.transport.driver_type
        if transport == "redis":
            conn.default_channel.client.ping()
    return {"transport": str(transport)}


def check_workers() -> dict[str, Any]:
    from work import conf, heartbeat

    seen = heartbeat.last()
    if seen is None:
        raise RuntimeError("no worker has reported yet")
    age = max(0.0, time.time() - float(seen["at"]))
    # Three watchdog rounds: a killed worker is reported within 15 s by default.
    limit = 3 * float(conf.get("WATCHDOG_INTERVAL") or 5)
    if age > limit:
        raise RuntimeError(
            f"last worker heartbeat {age:.0f} s ago (more than {limit:.0f} s)"
        )
    return {"last_seen_seconds": round(age, 1), "worker": seen.get("worker")}


def health_report() -> dict[str, dict[str, Any]]:
    return {
        "database": _timed(check_database),
        "broker": _timed(check_broker),
        "workers": _timed(check_workers),
    }


_Check = inline_serializer(
    "HealthCheck",
    {
        "ok": serializers.BooleanField(),
        "ms": serializers.FloatField(),
        "error": serializers.CharField(required=False),
    },
)
_Checks = inline_serializer(
    "HealthChecks", {"database": _Check, "broker": _Check, "workers": _Check}
)


class HealthApi(APIView):
    authentication_classes: list[type] = []
    permission_classes: list[type] = []
    throttle_classes: list[type] = []

    @extend_schema(
        operation_id="health_retrieve",
        auth=[],
        description="The state of the database, the broker and the workers (a "
        "worker heartbeat within the last three watchdog intervals).",
        responses={
            200: inline_serializer(
                "HealthOk", {"status": serializers.CharField(), "checks": _Checks}
            ),
            503: OpenApiResponse(
                response=inline_serializer(
                    "HealthUnavailable",
                    {
                        "code": serializers.CharField(),
                        "message": serializers.CharField(),
                        "status": serializers.CharField(),
                        "checks": _Checks,
                    },
                ),
                description="At least one check failed; `checks` says which.",
            ),
        },
    )
    def get(self, request: Request) -> Response:
        checks = health_report()
        failed = sorted(name for name, result in checks.items() if not result["ok"])
        headers = {"Cache-Control": "no-store"}
        if not failed:
            return Response({"status": "ok", "checks": checks}, headers=headers)
        body = {
            "code": "service_unavailable",
            "message": f"Failing: {', '.join(failed)}.",
            "status": "unavailable",
            "checks": checks,
        }
        return Response(
            body, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers=headers
        )
