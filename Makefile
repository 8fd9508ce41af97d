# Two commands a newcomer needs: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000

.PHONY: run test test-postgres install install-dev browsers bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## Install, migrate, load the corpus (and build the search index) when missing, serve.
run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_rules --if-missing
	$(BIN)/python manage.py seed_glossary --if-empty
	$(BIN)/python manage.py rebuild_index --if-missing
	$(BIN)/python manage.py runserver $(HOST)

## Browser tests drive Debian's Chromium; install it when missing (needs root).
browsers:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else echo "Chromium missing: run 'sudo apt-get install chromium chromium-driver'" >&2; exit 1; fi; \
	fi

## The whole test suite.
test: install-dev browsers
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=judgeapp.settings.test >/dev/null
	$(BIN)/python -m pytest

## The database layer against PostgreSQL: DATABASE_URL must name a database the user may create test databases beside.
test-postgres: install-dev
	@test -n "$$DATABASE_URL" || { echo "set DATABASE_URL=postgres://user:pass@host/db" >&2; exit 1; }
	$(BIN)/python -m pytest tests/rulesdb/test_services.py tests/rulesdb/test_commands.py tests/judgeapp/test_views.py

bench: install-dev
	for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) var
