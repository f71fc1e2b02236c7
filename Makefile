# Two entry points for a fresh machine with Python 3.11+: `make run` and `make test`.
# Everything else (virtualenv, install, migrations, catalog) is set up on demand.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= 2
PYTEST_ARGS ?=
PYTEST_WORKERS ?= auto

# The web server's settings (WEB_WORKERS, WEB_THREADS, WEB_MAX_REQUESTS, ...) are read
# from the environment by sw_site/gunicorn_conf.py, which holds their defaults: set
# them in the environment or on the command line (make serve WEB_WORKERS=4).

.PHONY: install run dev serve worker test test-fast lint typecheck bench load docs clean

# Installing compiles the engine's hot modules with mypyc when a C compiler works
# (setup.py; SW_ENGINE_PURE=1 skips it) and says which build it made.
$(VENV)/.installed: pyproject.toml setup.py
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11+ is required") if sys.version_info < (3, 11) else None'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -c 'import engine._build as b; print(b.describe())'
	touch $@

install: $(VENV)/.installed

# Migrate, load the catalog, start a background Celery worker (embedded filesystem broker
# unless CELERY_BROKER_URL is set; its watchdog re-sends chunks lost with a worker) and
# serve the site until Ctrl-C. DEBUG stays off (visitors see the site's own error
# pages), so runserver is told to serve the static files anyway (--insecure).
# `make dev` is the same with Django's debug pages and the auto-reloader.
RUNSERVER_ARGS ?= --noreload --insecure
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalog
	@echo ""
	@echo "  Summoner Wars deck lab: http://$(HOST):$(PORT)/   (API docs: http://$(HOST):$(PORT)/api/docs/)"
	@echo ""
	@$(BIN)/celery -A sw_site worker --loglevel=WARNING --concurrency=$(WORKERS) & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	  $(BIN)/python manage.py runserver $(RUNSERVER_ARGS) $(HOST):$(PORT)

# For developers: `make run` with DJANGO_DEBUG=1 (Django's debug pages on errors) and
# runserver's auto-reloader.
dev:
	DJANGO_DEBUG=1 $(MAKE) run RUNSERVER_ARGS=

# Production web server: gunicorn as sw_site/gunicorn_conf.py sets it up (WEB_WORKERS
# processes x WEB_THREADS threads, 4 x 2 by default; docs/operations/scaling.md), static
# files collected and served by WhiteNoise. Set the production variables first (README,
# "Production"); run `make worker` beside it (its watchdog heals lost chunks).
serve: install
	$(BIN)/python manage.py check --deploy
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalog
	$(BIN)/python manage.py collectstatic --noinput -v0
	exec $(BIN)/gunicorn -c sw_site/gunicorn_conf.py --bind $(HOST):$(PORT)

# Bounded load test of the server `make serve` runs (the same gunicorn configuration,
# on a free loopback port; needs wrk): card search and deck validation, LOAD_CLIENTS
# connections for LOAD_SECONDS seconds each. Run it on a quiet machine.
LOAD_CLIENTS ?= 50
LOAD_SECONDS ?= 30
load: install
	$(BIN)/python -m sw_site.loadtest --clients $(LOAD_CLIENTS) --seconds $(LOAD_SECONDS)

# An extra worker (e.g. on another machine sharing DATABASE_URL and CELERY_BROKER_URL).
worker: install
	$(BIN)/celery -A sw_site worker --loglevel=INFO --concurrency=$(WORKERS)

# The whole test suite on whatever DATABASE_URL / CELERY_BROKER_URL say (embedded defaults
# when unset), spread over every core (pytest-xdist; PYTEST_WORKERS=0 runs it in one
# process). `make test-fast` is the inner loop: no browser, no real worker subprocess,
# no long fuzz run.
test: install
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

test-fast: install
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) -m "not slow and not browser and not worker" $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install
	$(BIN)/mypy sw_site cards decks work simulate analysis accounts engine

bench: install
	$(BIN)/python -m engine.bench

# The documentation site (mkdocs.yml, docs/) built offline into site/; --strict turns any
# warning (a broken link, a page left out of the nav) into a failure.
docs: install
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) var db.sqlite3 staticfiles *.egg-info
