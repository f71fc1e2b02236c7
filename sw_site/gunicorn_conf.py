"""gunicorn settings of the production web server: ``make serve`` runs
``gunicorn -c sw_site/gunicorn_conf.py sw_site.wsgi:application`` and ``make load``
(``sw_site.loadtest``) starts gunicorn with this same file, so the load figures are
those of the server ``make serve`` runs. Only the address differs (``--bind`` on the
command line, which overrides ``bind`` here).

Every value can be changed from the environment (defaults in brackets):

- ``WEB_WORKERS`` [4] processes of ``WEB_THREADS`` [2] threads (``gthread``). The
  site is CPU-bound Python: a process uses at most one core, so run about two
  processes per core (a process waiting on the database lets another compute); a
  few threads cover the time a request waits on the database, Redis or a slow
  client. On the 2-core VM, 4 x 2 held deck validation's p99 at 215 ms where 3 x 4
  gave 360 ms (more threads in one process only queue behind its lock).
- ``WEB_TIMEOUT`` [30] s a worker may be silent before the master replaces it;
  ``WEB_GRACEFUL_TIMEOUT`` [20] s a worker has to finish its requests on a restart.
- ``WEB_KEEPALIVE`` [5] s an idle keep-alive connection is held open (a proxy in front
  reuses its connections; more than its own idle timeout is not needed).
- ``WEB_KEEPALIVE_REQUESTS`` [20] requests answered on one keep-alive connection
  before it is closed (``Connection: close``; the client opens another at once), as
  nginx's ``keepalive_requests``; 0: no limit. A connection stays with the worker
  process that accepted it, and a burst of new connections is mostly accepted by
  whichever worker wakes first (45 of 50 in one of three, measured): that process
  then gets at most one core while the others idle, and its clients wait. Closing
  connections now and then lets the idle workers take them over (the reconnection
  is accepted by a worker waiting for work, not by the busy one).
- ``WEB_MAX_REQUESTS`` [100000] (+ up to ``WEB_MAX_REQUESTS_JITTER`` [10000]): a worker
  is replaced after this many requests, a guard against slow memory growth. The
  earlier 5,000 replaced every worker about every 5 s under load, and each new one
  paid its cold start (imports, catalog, first queries) while requests queued:
  the p99 of the load test. 0 never replaces a worker.
- ``WEB_ACCESS_LOG`` [none]: gunicorn's access log, ``-`` for stdout or a file name.
  Off by default: the proxy in front logs every request already, and gunicorn's line
  cost about 0.1 CPU ms a request (a tenth of a cached card search, measured).
  Errors are logged on stderr either way, with the request id.
- ``FORWARDED_ALLOW_IPS`` [127.0.0.1]: the proxies whose ``X-Forwarded-*`` headers
  are believed.
- ``WEB_PRELOAD`` [1]: the application is loaded once in the master and the workers
  are forked from it, with the engine's catalogs and the URL configuration loaded
  (``when_ready``): a replaced or crashed worker answers within about 0.1 s and 0.03
  CPU s instead of 1.1-1.6 s and 1 CPU s. The price: ``kill -HUP`` no longer reloads
  the code; restart the server to deploy.

See the operations guide, "Scaling" (docs/operations/scaling.md), for how these
were tuned.
"""

from __future__ import annotations

import os
from typing import Any


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _bool(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    return default if not value else value in {"1", "true", "yes", "on"}


wsgi_app = "sw_site.wsgi:application"
bind = [os.environ.get("WEB_BIND", "127.0.0.1:8000")]
worker_class = "gthread"
workers = _int("WEB_WORKERS", 4)
threads = _int("WEB_THREADS", 2)
timeout = _int("WEB_TIMEOUT", 30)
graceful_timeout = _int("WEB_GRACEFUL_TIMEOUT", 20)
keepalive = _int("WEB_KEEPALIVE", 5)
max_requests = _int("WEB_MAX_REQUESTS", 100_000)
max_requests_jitter = _int("WEB_MAX_REQUESTS_JITTER", 10_000)
preload_app = _bool("WEB_PRELOAD", True)
accesslog = os.environ.get("WEB_ACCESS_LOG", "") or None
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
keepalive_requests = _int("WEB_KEEPALIVE_REQUESTS", 20)
# The workers' heartbeat file is touched on every turn of their loop: in memory, not
# on a disk that may stall it (gunicorn's advice).
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
# gunicorn 25+ opens a control socket at one fixed path per user by default: two
# servers on one machine (make serve and make load, parallel tests) would fight over
# it, and nothing here uses gunicornc.
control_socket_disable = True


def when_ready(server: Any) -> None:
    """With the application preloaded, do once in the master, before the workers are
    forked, what each worker would otherwise do on its first requests: read the
    engine's catalogs (the JSON files the validator checks decks against; they change
    only with the code, and a deploy restarts the server) and import the URL
    configuration with every view (about 0.25 CPU s a worker, measured). Then close
    any database connection, so that no worker inherits one."""
    if not preload_app:
        return
    from django.db import connections
    from django.urls import get_resolver

    from engine.deckbuilding.catalog import load_catalog
    from engine.rulesets import ruleset_names

    for name in ruleset_names():
        try:
            load_catalog(ruleset=name)
        except (ValueError, OSError):  # a worker meets the same error on demand
            server.log.warning("catalog of %s not preloaded", name)
    get_resolver().resolve("/")  # imports the URL configuration; no database
    connections.close_all()


def pre_request(worker: Any, req: Any) -> None:
    """Close a keep-alive connection after its ``keepalive_requests``-th request
    (``req_number`` counts the requests of a connection, from 1)."""
    if keepalive_requests and req.req_number >= keepalive_requests:
        req.must_close = True
