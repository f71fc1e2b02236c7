"""Configuration loads as documented: Celery settings really reach the Celery app
(no silently ignored misspelt keys) and the embedded defaults need no server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

from sw_site.celery import app

ROOT = Path(__file__).resolve().parent.parent


def test_celery_reads_django_settings():
    assert app.conf.task_serializer == "json"
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.task_time_limit == settings.CELERY_TASK_TIME_LIMIT
    assert app.conf.task_soft_time_limit == settings.CELERY_TASK_SOFT_TIME_LIMIT
    assert app.conf.task_soft_time_limit < app.conf.task_time_limit


def test_every_celery_setting_is_known_to_celery():
    from celery.app.defaults import NAMESPACES, flatten

    known = {key.upper() for key, _ in flatten(NAMESPACES)}
    ours = {
        name[len("CELERY_") :] for name in dir(settings) if name.startswith("CELERY_")
    }
    ours -= {"BROKER_DIR"}  # our own helper, not a Celery option
    unknown = sorted(name for name in ours if name not in known)
    assert not unknown, f"settings Celery would silently ignore: {unknown}"


def run_settings(env: dict[str, str], code: str) -> subprocess.CompletedProcess[str]:
    base = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "CELERY_RESULT_BACKEND",
            "DJANGO_DEBUG",
            "DJANGO_SECRET_KEY",
        )
    }
    base.update(env, DJANGO_SETTINGS_MODULE="sw_site.settings")
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_embedded_defaults_without_environment():
    out = run_settings(
        {},
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_BROKER_URL)",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["django.db.backends.sqlite3", "filesystem://"]


def test_postgres_and_redis_from_environment():
    out = run_settings(
        {
            "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/3",
        },
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.CELERY_RESULT_BACKEND)",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [
        "django.db.backends.postgresql",
        "redis://127.0.0.1:6379/3",
    ]


def test_production_requires_secret_key():
    out = run_settings({"DJANGO_DEBUG": "0"}, "import django; django.setup()")
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY is required" in out.stderr


def documented_production_env() -> dict[str, str]:
    """The production block of .env.example (the README's table documents each)."""
    text = (ROOT / ".env.example").read_text()
    block = text.split("# Production", 1)[1]
    env = {}
    for line in block.splitlines()[1:]:
        name, sep, value = line.lstrip("# ").partition("=")
        if sep and name.isupper():
            env[name] = value
    return env


def test_deploy_check_passes_with_production_settings():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    documented = documented_production_env()
    assert {"DJANGO_DEBUG", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"} <= set(
        documented
    )
    env.update(documented)
    env.update(
        DJANGO_SECRET_KEY="test-only-9f3kQ2mZr7LpW8vX1nB4tY6uH0sD5gJ3cE2aR9oIxq7Vw",
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_lost_slices_heal_within_a_minute_and_running_ones_are_never_taken():
    """A killed worker's slice is back in line at most LOST_AFTER + WATCHDOG_INTERVAL
    seconds after its last heartbeat (< 60 s); a running slice beats several times
    within LOST_AFTER, so it is never taken for lost; a slice ends well inside the
    soft time limit, which is below the hard one."""
    from work import conf

    lost, every, beat = (
        conf.get("LOST_AFTER"),
        conf.get("WATCHDOG_INTERVAL"),
        conf.DEFAULTS["BEAT_SECONDS"],  # (the tests slow the in-process beat)
    )
    assert 0 < every and lost + every < 60
    assert lost >= 3 * beat
    assert settings.CELERY_TASK_SOFT_TIME_LIMIT < settings.CELERY_TASK_TIME_LIMIT
    assert conf.slice_seconds() <= settings.CELERY_TASK_SOFT_TIME_LIMIT / 3


def test_caches_are_shared_between_processes():
    """Throttles and the workers' heartbeat live in a store every process sees."""
    backend = settings.CACHES["default"]["BACKEND"]
    assert backend in (
        "django.core.cache.backends.db.DatabaseCache",
        "django.core.cache.backends.redis.RedisCache",
    )


def test_every_environment_variable_is_in_the_readme_table():
    """Each variable the settings read is documented in the README's configuration
    table (issue 15: production variables were undocumented)."""
    import re

    settings_py = (ROOT / "sw_site" / "settings.py").read_text()
    read = set(
        re.findall(
            r"(?:environ\.get|env_bool|env_list|environ)\(?\[?\"([A-Z_]+)\"",
            settings_py,
        )
    )
    read |= set(re.findall(r'os\.environ\["([A-Z_]+)"\]', settings_py))
    read -= {"DJANGO_SETTINGS_MODULE"}
    assert {
        "DATABASE_URL",
        "DJANGO_CSRF_TRUSTED_ORIGINS",
        "DATABASE_CONN_MAX_AGE",
    } <= read
    readme = (ROOT / "README.md").read_text()
    table = readme.split("## Configuration", 1)[1].split("\n## ", 1)[0]
    missing = sorted(name for name in read if f"`{name}`" not in table)
    assert not missing, f"not in the README's configuration table: {missing}"
