# ClubScore: `make run` serves the demo club, `make test` runs lint and every test.
# Both need only python3 and make on a fresh clone.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# Where `make run` serves: `make run PORT=8080` (or ADDRESS=0.0.0.0 for the local network).
ADDRESS ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench browser screenshots demo migrate clean

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

migrate: $(STAMP)
	DEBUG=1 $(PY) manage.py migrate --noinput

demo: migrate
	DEBUG=1 $(PY) manage.py load_demo --port $(PORT)

run: demo
	DEBUG=1 $(PY) manage.py runserver $(ADDRESS):$(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Debian's Chromium drives the end-to-end test (Playwright uses it as its executable;
# it cannot download a browser of its own here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then \
			(apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "could not install chromium; the browser test will be skipped"; \
		else echo "chromium is not installed (apt-get install chromium); the browser test will be skipped"; fi; }

test: $(STAMP) lint browser
	$(VENV)/bin/pytest

# Refresh the README's screenshots from the end-to-end test.
screenshots: $(STAMP) browser
	CLUBSCORE_SCREENSHOTS_DIR=docs/screenshots $(VENV)/bin/pytest tests/e2e -q

bench: $(STAMP)
	$(PY) bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm db.sqlite3.write-lock staticfiles .pytest_cache .ruff_cache .mypy_cache
