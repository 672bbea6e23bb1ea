# ClubScore: `make run` serves the demo club (with a worker of its task queue), `make test` runs lint
# and every test.
# Both need only python3 and make on a fresh clone.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Where `make run` serves: `make run PORT=8080` (or ADDRESS=0.0.0.0 for the local network).
ADDRESS ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint lock bench browser screenshots demo migrate clean messages

# The venv installs the dev lock, every version pinned and every file's hash checked, so a
# fresh clone gets what the tests ran with. requirements*.in are what we edit; `make lock`
# regenerates requirements*.txt from them (`make lock LOCK_ARGS=--upgrade` to move the pins).
# Then the project itself, editable, for its `simpscore` command: hashes cannot cover a local
# folder, hence a step of its own, with no dependencies (the lock brought them) and built by the
# lock's setuptools (no build isolation, so nothing unpinned is downloaded). Its warning that a
# folder named like a package may shadow it describes this checkout, as intended: silenced.
# Last, the project's packages are compiled to bytecode (__pycache__, ignored by git): where
# PYTHONDONTWRITEBYTECODE is set Python never writes it, and every start of a command would
# compile the modules it imports from source again (compileall writes it all the same, ~1 s).
PACKAGES := tournaments clubscore migrations
$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --require-hashes -r requirements-dev.txt
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	$(PY) -m compileall -q $(PACKAGES)
	touch $(STAMP)

# pip-tools lives in a venv of its own, not in the project's. The dev lock is constrained by
# the runtime lock (requirements-dev.in reads `-c requirements.txt`), so the two agree.
LOCK_VENV := $(VENV)/pip-tools
PIP_COMPILE := $(LOCK_VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url --no-emit-find-links $(LOCK_ARGS)
lock:
	test -x $(LOCK_VENV)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_VENV) && $(LOCK_VENV)/bin/pip install --quiet --upgrade pip pip-tools; }
	$(PIP_COMPILE) --output-file=requirements.txt requirements.in
	$(PIP_COMPILE) --output-file=requirements-dev.txt requirements-dev.in

migrate: $(STAMP) messages
	DEBUG=1 $(PY) manage.py migrate --noinput

# The translations: locale/*/LC_MESSAGES/django.po are committed, their compiled .mo are built
# here (gettext's msgfmt, installed with apt where it is missing), never committed, so a
# catalogue is one text file to review and merge. `--check` refuses a broken placeholder.
# tests/conftest.py builds them too when pytest runs alone.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
messages: $(CATALOGUES)
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po
	@command -v msgfmt >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq gettext >/dev/null; \
		else echo "msgfmt is missing: apt-get install gettext"; exit 1; fi; }
	msgfmt --check -o $@ $<

demo: migrate
	DEBUG=1 $(PY) manage.py load_demo --port $(PORT)

# The server and, beside it, one worker of the task queue (manage.py run_jobs: the boards'
# analyses, the rescoring after the tables' sends, the ratings, the mail, the nightly backup),
# both on the same SQLite file: one command, no other service. Ctrl+C stops both.
run: demo
	DEBUG=1 $(PY) manage.py run_jobs & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	DEBUG=1 $(PY) manage.py runserver $(ADDRESS):$(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Debian's Chromium headless shell drives the browser tests (Playwright uses it as its executable;
# it cannot download a browser of its own here).
browser:
	@command -v chromium-headless-shell >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then \
			(apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null) || echo "could not install chromium-headless-shell; the browser tests will be skipped"; \
		else echo "chromium-headless-shell is not installed (apt-get install chromium-headless-shell); the browser tests will be skipped"; fi; }

# The suite runs on WORKERS processes (pytest-xdist), one per core of CI's two-core machine, each
# with its own test database; `make test WORKERS=0` runs it in one process. pyproject.toml's
# `--dist loadfile` keeps each file on one worker (docs/decisions.md, "The suite's time").
WORKERS ?= 2
test: $(STAMP) lint browser messages
	$(VENV)/bin/pytest -n $(WORKERS)

# Refresh the README's screenshots from the end-to-end test.
screenshots: $(STAMP) browser messages
	CLUBSCORE_SCREENSHOTS_DIR=docs/screenshots $(VENV)/bin/pytest tests/e2e -q

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -f $(CATALOGUES)
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm db.sqlite3.write-lock staticfiles .pytest_cache .ruff_cache .mypy_cache
