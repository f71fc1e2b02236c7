"""Settings for the Summoner Wars deck lab, read from the environment (12-factor).

With no environment at all the site runs on embedded defaults: a SQLite file in the
project folder and Celery over kombu's filesystem transport (no server to install).
Set DATABASE_URL (postgres://...) and CELERY_BROKER_URL (redis://...) for real services.
See .env.example for every variable.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("SW_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# CORE https://docs.djangoproject.com/en/5.2/ref/settings/
# Three modes, chosen by DJANGO_DEBUG:
# - unset (`make run`): local. Visitors get the site's own 404/403/500 pages (DEBUG
#   off), with a development key, local host names and plain HTTP.
# - 1 (`make dev`): a developer asked for Django's debug pages (DEBUG on).
# - 0 (`make serve`): production. DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS are
#   required and the SECURITY toggles below are on.
DEBUG = env_bool("DJANGO_DEBUG", False)
PRODUCTION = os.environ.get("DJANGO_DEBUG", "").strip() != "" and not DEBUG
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is required when DJANGO_DEBUG is off"
        )
    SECRET_KEY = "insecure-dev-key-do-not-use-in-production-sw-decklab"  # noqa: S105
ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS",
    [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"],
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])
CSRF_FAILURE_VIEW = "sw_site.pages.csrf_failure"  # the site's 403 page, not Django's

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI / ReDoc assets as local static files
    "csp",  # Content-Security-Policy header (see CONTENT_SECURITY_POLICY)
    "accounts",
    "cards",
    "decks",
    "work",
    "simulate",
    "analysis",
    "sw_site.composition.SiteConfig",  # plugs the higher apps into the lower's pages
]

MIDDLEWARE = [
    # Outermost, so that every response gets the Content-Security-Policy header, the
    # JSON errors made by the next middleware included.
    "sw_site.csp.CSPMiddleware",  # django-csp's, with the site policy built once
    # Next, so that every error under /api/ (even a 413 or a 404 of an unknown URL)
    # comes out as JSON {"code", "message"}.
    "sw_site.middleware.ApiErrorMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

if PRODUCTION:
    # Production: static files from the WSGI server itself, out of STATIC_ROOT
    # (`collectstatic`; https://whitenoise.readthedocs.io/). Locally runserver
    # serves them (`make run` passes --insecure, since DEBUG is off there too).
    MIDDLEWARE.insert(3, "whitenoise.middleware.WhiteNoiseMiddleware")

ROOT_URLCONF = "sw_site.urls"
WSGI_APPLICATION = "sw_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# DATABASES https://github.com/jazzband/dj-database-url
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Persistent connections (seconds; 0 closes after each request), checked
        # before reuse so a restarted database costs no failed request.
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default is shared by the web process and its worker: WAL lets
    # readers go on while one process writes, the busy timeout makes a writer wait
    # for the other instead of failing, and IMMEDIATE transactions take the write
    # lock when they begin. A deferred transaction that reads and then writes cannot
    # wait: SQLite fails its upgrade at once with "database is locked" whatever the
    # timeout, which is what a sign-up met while the worker stored results.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# CACHES https://docs.djangoproject.com/en/5.2/topics/cache/
# Shared by every web and worker process (throttles, the workers' heartbeat, cached
# catalog reads): the database by default (`manage.py createcachetable`, which the
# run and serve commands do), Redis when DJANGO_CACHE_URL=redis://... Never a
# per-process memory cache: two gunicorn workers would each count their own quota.
# Redis through sw_site.cache.FallbackRedisCache: while Redis is down reads miss and
# writes are dropped (browsing, validation and logins keep working), and the abuse
# limits count in the database meanwhile (sw_site/throttles.py).
_CACHE_URL = os.environ.get("DJANGO_CACHE_URL", "")
CACHES: dict[str, dict[str, Any]]
if _CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "sw_site.cache.FallbackRedisCache",
            "LOCATION": _CACHE_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "sw_cache",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }
# Catalog read answers, per process (cards/read_cache.py): keyed by the catalog's
# version, so nothing needs to be shared or invalidated across processes.
CACHES["catalog"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "catalog-reads",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 2000},
}

# AUTH https://docs.djangoproject.com/en/5.2/topics/auth/
_PASSWORD_VALIDATION = "django.contrib.auth.password_validation."
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": _PASSWORD_VALIDATION + "UserAttributeSimilarityValidator"},
    {"NAME": _PASSWORD_VALIDATION + "MinimumLengthValidator"},
    {"NAME": _PASSWORD_VALIDATION + "CommonPasswordValidator"},
    {"NAME": _PASSWORD_VALIDATION + "NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# I18N
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# STATIC https://docs.djangoproject.com/en/5.2/howto/static-files/
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").is_dir() else []
# Production (DJANGO_DEBUG=0): `collectstatic` (run by `make serve`) writes hashed,
# compressed copies that WhiteNoise serves with far-future cache headers.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# SECURITY (production toggles; `manage.py check --deploy` passes with DJANGO_DEBUG=0)
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_CONTENT_TYPE_NOSNIFF = True

# REST FRAMEWORK https://www.django-rest-framework.org/api-guide/settings/
# Abuse limits (sw_site/throttles.py), counted in the shared cache; any of them can be
# changed with DJANGO_THROTTLE_RATES="scope=rate,scope=rate" (rate: N/s|m|h|d).
THROTTLE_RATES = {
    "login_address": "30/min",
    "login_account": "10/hour",
    "signup_address": "10/hour",
    "validate_anon": "120/min",
    "validate_user": "600/min",
}
for _item in env_list("DJANGO_THROTTLE_RATES", []):
    _scope, _, _rate = _item.partition("=")
    THROTTLE_RATES[_scope.strip()] = _rate.strip()
# API tokens expire this many days after they were issued (0: never).
TOKEN_TTL_DAYS = int(os.environ.get("DJANGO_TOKEN_TTL_DAYS", "90"))

REST_FRAMEWORK = {
    # Token first: an unauthenticated request is answered 401 with
    # `WWW-Authenticate: Token` (DRF takes the header from the first class).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_THROTTLE_RATES": THROTTLE_RATES,
    # Reverse proxies in front of the site that append to X-Forwarded-For (0: the
    # client address is REMOTE_ADDR; a client can never choose its own).
    "NUM_PROXIES": int(os.environ.get("DJANGO_NUM_PROXIES", "0")),
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "sw_site.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "sw_site.api.exception_handler",
    # JSON with a size and nesting limit (sw_site.parsers), then forms.
    "DEFAULT_PARSER_CLASSES": [
        "sw_site.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Summoner Wars deck lab API",
    "DESCRIPTION": "Card catalog, deck validation and simulated matchups.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs pages load their JavaScript from our static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Keep spectacular's enum hook; add the "exactly one of" request rules.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "sw_site.openapi.postprocess_one_of",
    ],
    "COMPONENT_SPLIT_REQUEST": True,
}

# CONTENT SECURITY POLICY https://django-csp.readthedocs.io/
# Strict: scripts and styles only from our own static files (no inline <script>,
# no on* handler, no style attribute in the templates; the JavaScript sets styles
# through the DOM, which CSP allows), nothing embedded, no framing, forms only to
# this site. The API docs pages relax style-src and img-src for themselves only
# (sw_site/urls.py): Swagger UI and ReDoc inject <style> elements and data: icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    },
}

# CELERY https://docs.celeryq.dev/en/stable/userguide/configuration.html
# Default: kombu's filesystem transport under var/, so the run command needs no server.
CELERY_BROKER_DIR = VAR_DIR / "celery-broker"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, str | int | float]
if CELERY_BROKER_URL.startswith("filesystem://"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIR),
        "data_folder_out": str(CELERY_BROKER_DIR),
        "control_folder": str(VAR_DIR / "celery-control"),
        # kombu looks for new message files once a second by default; every slice
        # of a job is a new message, so a second between slices cost up to a tenth
        # of the workers' time. A directory listing ten times a second costs little.
        "polling_interval": 0.1,
    }
elif CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    # Redis redelivers the message of a worker that died (acks_late) only after this
    # many seconds; keep it above CELERY_TASK_TIME_LIMIT so a chunk that is still
    # running is never handed out twice (a duplicate would be harmless: chunks upsert).
    _visibility = int(os.environ.get("CELERY_BROKER_VISIBILITY_TIMEOUT", "900"))
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": _visibility,
        # kombu looks for expired messages every 10th tick by default; look every
        # tick, and tick often enough for short timeouts.
        "unacked_restore_throttle": 1,
        "unacked_restore_interval": max(1, min(10, _visibility // 2)),
        # A broker that is down must not hold a submission for long: fail fast (the
        # API answers 503 broker_unavailable within about a second).
        "socket_connect_timeout": 1,
    }
    CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_RESULT_BACKEND = os.environ.get(
    "CELERY_RESULT_BACKEND",
    "redis" + CELERY_BROKER_URL[len("redis") :]
    if CELERY_BROKER_URL.startswith("redis")
    else f"file://{VAR_DIR / 'celery-results'}",
)
if CELERY_RESULT_BACKEND.startswith(("redis://", "rediss://")):
    # Chords keep their counters in the result backend; its default is 20 retries a
    # second apart, which held a submission 20 s when Redis was down.
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
        "retry_policy": {
            "max_retries": 2,
            "interval_start": 0,
            "interval_step": 0.25,
            "interval_max": 0.5,
        }
    }
# Publishing a task: a few quick retries, then the error (kombu's default waits less
# than a second too, but say so).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.25,
    "interval_max": 0.5,
}
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Engine work runs in slices cut by time (work.conf SLICE_SECONDS, at most a third of
# the soft limit), so these bound one slice, never a job: a single game that cannot
# finish inside the soft limit fails its job with a reason naming the game.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "45"))
CELERY_TASK_TIME_LIMIT = int(
    os.environ.get("CELERY_TASK_TIME_LIMIT", str(CELERY_TASK_SOFT_TIME_LIMIT + 10))
)
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)

# WORK (work/conf.py holds every default of the job framework; these are also read
# from the environment, for the operator: see the operations guide, "Jobs")
if os.environ.get("WORK_SLICE_SECONDS"):
    WORK_SLICE_SECONDS = float(os.environ["WORK_SLICE_SECONDS"])
if os.environ.get("WORK_WATCHDOG_INTERVAL"):
    WORK_WATCHDOG_INTERVAL = float(os.environ["WORK_WATCHDOG_INTERVAL"])
if os.environ.get("WORK_LOST_AFTER"):
    WORK_LOST_AFTER = float(os.environ["WORK_LOST_AFTER"])
if os.environ.get("WORK_QUEUE"):
    WORK_QUEUE = os.environ["WORK_QUEUE"]
if os.environ.get("WORK_BATCH_QUEUE"):
    WORK_BATCH_QUEUE = os.environ["WORK_BATCH_QUEUE"]

# LOGGING
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
