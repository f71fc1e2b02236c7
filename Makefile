# Two entry points for a fresh machine with Python 3.11+: `make run` and `make test`.
# Everything else (virtualenv, install, migrations, catalog) is set up on demand.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= 2
PYTEST_ARGS ?=

.PHONY: install run worker test lint typecheck bench clean

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
# unless CELERY_BROKER_URL is set) and serve the site until Ctrl-C.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalog
	@echo ""
	@echo "  Summoner Wars deck lab: http://$(HOST):$(PORT)/   (API docs: http://$(HOST):$(PORT)/api/docs/)"
	@echo ""
	@$(BIN)/celery -A sw_site worker --loglevel=WARNING --concurrency=$(WORKERS) & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	  $(BIN)/python manage.py runserver --noreload $(HOST):$(PORT)

# An extra worker (e.g. on another machine sharing DATABASE_URL and CELERY_BROKER_URL).
worker: install
	$(BIN)/celery -A sw_site worker --loglevel=INFO --concurrency=$(WORKERS)

# The whole test suite on whatever DATABASE_URL / CELERY_BROKER_URL say (embedded defaults
# when unset).
test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .

typecheck: install
	$(BIN)/mypy sw_site cards decks simulate accounts engine

bench: install
	$(BIN)/python -m engine.bench

clean:
	rm -rf $(VENV) var db.sqlite3 staticfiles *.egg-info
