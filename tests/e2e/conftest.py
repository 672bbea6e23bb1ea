"""One headless Chromium for each browser-test module, instead of one for each test.

Starting Playwright's driver and Chromium costs about a second of CPU (and several seconds
of a loaded machine's wall time); each test still gets fresh browser contexts (cookies,
storage, pages) and closes them, so no test sees another's pages. ``browser`` in
``test_browser.py`` is the per-test fixture the tests ask for; it wraps this one.

The scope is the module, not the session: between its sync calls Playwright marks its
event loop as running in this thread, and Django then refuses the ORM to any test that
has not allowed it (``DJANGO_ALLOW_ASYNC_UNSAFE``). A module's Chromium stops when its
last test ends, so the other tests run as they always did.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connections
from playwright.sync_api import Browser

from tests.e2e.waiting import WAIT_MS

# Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs
# headless): the full browser's new headless mode took 1.3x its wall time and 1.4x its CPU
# over the browser tests (docs/decisions.md, "The suite's time"). Full Chromium still
# serves where only it is installed.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
FULL_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(autouse=True)
def pages_ask_every_second(settings) -> None:
    """The phones' refresh, the standings' and the director's grid's poll every second.

    A test that waits for a phone or a page to show another table's result waits for the
    page's next ask: at 15 s, a Swiss teams night's three rounds spent half their time
    idle (the grid asks every 4 s). The tests of the refresh itself drive the page's
    clock at the real interval (test_table_refresh_browser.py).
    """
    settings.CLUBSCORE_TABLE_REFRESH_SECONDS = 1
    settings.CLUBSCORE_STANDINGS_POLL_SECONDS = 1
    settings.CLUBSCORE_TABLE_GRID_POLL_SECONDS = 1


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, for one module's tests; skipped without it (failed on CI)."""
    executable = _chromium()
    if executable is None:
        reason = f"{HEADLESS_SHELL} is absent: install Debian's chromium-headless-shell (make browser)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch:
        # Playwright's sync API runs an event loop in this thread; the tests' own ORM calls
        # (and pytest-django's set-up and flush around them) are still plain synchronous ones.
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            launch = playwright.chromium.launch
            browser = launch(executable_path=executable, args=CHROMIUM_ARGS, timeout=WAIT_MS)
            patch.setattr(browser, "new_context", _waiting(browser.new_context))
            patch.setattr(browser, "new_page", _waiting(browser.new_page))
            try:
                yield browser
            finally:
                browser.close()
                close_the_loops_connections()


def _waiting(make):
    """``make`` (a browser's ``new_page`` or ``new_context``) whose clicks and waits allow
    ``WAIT_MS``, not Playwright's 30 s: a finish that does a night's work inline (the awards,
    the table money, the leads' analysis) took longer than that on CI's two busy cores."""

    def made(*args, **kwargs):
        thing = make(*args, **kwargs)
        thing.set_default_timeout(WAIT_MS)
        return thing

    return made


def _chromium() -> str | None:
    """The headless shell, or full Chromium where only it is installed; None without either."""
    return next((path for path in (HEADLESS_SHELL, FULL_CHROMIUM) if Path(path).exists()), None)


def close_the_loops_connections() -> None:
    """Close the database connections this thread opened while Playwright's loop was running.

    While an event loop runs in a thread, Django keeps that thread's connections apart from
    its plain ones (asgiref's ``Local`` follows the loop's context), so the tests' ORM calls
    open a second connection that Django's own teardown never sees. Left open, it made
    PostgreSQL's DROP DATABASE at the end of the suite wait 5 s and fail ("being accessed
    by other users"). Called while the loop is still marked running, ``close_all`` reaches
    exactly those.
    """
    connections.close_all()
