# Two commands a newcomer needs, `make run` and `make test`, and `make serve` for production (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000
WORKERS ?= 2
VAR_DIR := $(or $(JUDGEAPP_VAR_DIR),var)
comma := ,

.PHONY: run serve venue test test-postgres install install-dev browsers nginx bench clean

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

# Migrate, load the corpus and glossary and build the search index, each only when missing.
LOAD_MISSING = $(BIN)/python manage.py migrate --noinput \
	&& $(BIN)/python manage.py load_rules --if-missing \
	&& $(BIN)/python manage.py seed_glossary --if-empty \
	&& $(BIN)/python manage.py rebuild_index --if-missing

# The interface's translations, locale/*/LC_MESSAGES/*.po compiled to .mo (not committed); Django's
# compilemessages runs GNU gettext's msgfmt (Debian package gettext).
# Installed when missing and we are root, as nginx and Chromium are.
COMPILE_MESSAGES = command -v msgfmt >/dev/null || { if [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	  else echo "msgfmt missing: install GNU gettext (sudo apt-get install gettext)" >&2; exit 1; fi; }; \
	$(BIN)/python manage.py compilemessages -v0

## Install, migrate, load what is missing, serve with the development server.
run: install
	@$(COMPILE_MESSAGES)
	$(LOAD_MISSING)
	$(BIN)/python manage.py runserver $(HOST)

## Production: the same set-up on production settings, static files collected, nginx on HOST in front
## of gunicorn with WORKERS processes on a private loopback port (judgeapp/serving.py). DJANGO_SECRET_KEY
## is generated into $(VAR_DIR)/secret_key (mode 600) on first run when not given. See docs/deploy.md.
serve: export DJANGO_SETTINGS_MODULE := judgeapp.settings.prod
serve: export JUDGEAPP_BIND := $(HOST)
serve: export JUDGEAPP_WORKERS := $(WORKERS)
serve: export JUDGEAPP_TRUSTED_PROXIES := 127.0.0.1
serve: export DJANGO_ALLOWED_HOSTS := $(or $(DJANGO_ALLOWED_HOSTS),$(firstword $(subst :, ,$(HOST)))$(comma)localhost)
serve: install nginx
	@mkdir -p $(VAR_DIR)
	@$(COMPILE_MESSAGES) --settings=judgeapp.settings.dev
	@if [ -z "$$DJANGO_SECRET_KEY" ] && [ ! -s $(VAR_DIR)/secret_key ]; then \
	  (umask 077; $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $(VAR_DIR)/secret_key); \
	  echo "generated a secret key in $(VAR_DIR)/secret_key"; fi
	@export DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat $(VAR_DIR)/secret_key)}"; \
	  $(LOAD_MISSING) && \
	  $(BIN)/python manage.py collectstatic --noinput -v0 && \
	  exec $(BIN)/python -m judgeapp.serving

## At a venue: `make serve` for the phones on this machine's network (all its addresses, port VENUE_PORT),
## printing the addresses to open and a QR code of the first (judgeapp/venue.py).
## VENUE_TLS=1: the site over HTTPS on VENUE_TLS_PORT with the venue's own certificate authority (made once
## into $(VAR_DIR)/venue-tls/, judgeapp/venue_tls.py), so that phones can keep the rules offline; VENUE_PORT
## then serves the page that shows a phone how to trust it, and leads everything else to HTTPS.
VENUE_PORT ?= 8000
VENUE_TLS ?=
VENUE_TLS_PORT ?= 8443
venue: install
	@hosts="$$($(BIN)/python -m judgeapp.venue hosts $(VENUE_PORT))" && \
	  $(MAKE) --no-print-directory serve HOST=0.0.0.0:$(VENUE_PORT) DJANGO_ALLOWED_HOSTS="$$hosts" JUDGEAPP_VENUE=1 \
	  $(if $(filter 1 yes true,$(VENUE_TLS)),JUDGEAPP_TLS_BIND=0.0.0.0:$(VENUE_TLS_PORT))

## make serve puts Debian's nginx in front of gunicorn; install it when missing (needs root), with its
## Brotli filter (pages then go out in Brotli as well as gzip; without it, gzip only).
nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx libnginx-mod-http-brotli-filter >/dev/null; \
	  else echo "nginx missing: run 'sudo apt-get install nginx libnginx-mod-http-brotli-filter'" >&2; exit 1; fi; \
	elif [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-filter >/dev/null 2>&1 \
	      || echo "nginx's Brotli filter could not be installed: pages are compressed with gzip only" >&2; \
	  else echo "pages are compressed with gzip only: 'sudo apt-get install libnginx-mod-http-brotli-filter' adds Brotli" >&2; fi; \
	fi

## Browser tests drive Debian's Chromium; install it when missing (needs root).
browsers:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver gettext >/dev/null; \
	  else echo "Chromium missing: run 'sudo apt-get install chromium chromium-driver'" >&2; exit 1; fi; \
	fi

## The whole test suite, spread over TEST_WORKERS processes (pytest-xdist; `auto`: one per CPU core,
## `TEST_WORKERS=0` runs it in this one process). Each process loads the corpus once; a test module
## stays in one process (--dist loadfile), so its module fixtures are built once.
TEST_WORKERS ?= auto
test: install-dev browsers nginx
	@$(COMPILE_MESSAGES) --settings=judgeapp.settings.test
	$(BIN)/python manage.py makemigrations --check --dry-run --settings=judgeapp.settings.test >/dev/null
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile

## The database layer against PostgreSQL: DATABASE_URL must name a database the user may create test databases beside.
## The sandbox's locking too: two writers on one scenario, and 20 judges writing at once through gunicorn
## (that server uses the DATABASE_URL database itself, not a test database: point it at a scratch database),
## and two servers on that one database (a board through both; a publication found by both servers' search).
test-postgres: install-dev nginx
	@test -n "$$DATABASE_URL" || { echo "set DATABASE_URL=postgres://user:pass@host/db" >&2; exit 1; }
	$(BIN)/python -m pytest tests/rulesdb/test_services.py tests/rulesdb/test_commands.py tests/judgeapp/test_views.py \
	  tests/judgeapp/sandbox/test_concurrency.py \
	  tests/judgeapp/test_concurrent_writers.py::test_twenty_judges_writing_at_once_see_no_server_error \
	  tests/judgeapp/test_several_servers.py

## Every benchmark script (not the helper modules, whose names start with "_"); load.py takes ~90 s.
bench: install-dev
	for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) var
