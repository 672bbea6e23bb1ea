"""axe-core, the accessibility engine, on every page the browser tests visit.

Our players are mostly past sixty, some with poor sight, some with a screen reader; a page
that a change makes unusable to them must fail a test, not wait for one of them to tell
us. ``check_every_page`` wraps the Playwright calls after which a page has loaded (``goto``,
``reload``, ``go_back``, ``wait_for_url``, ``wait_for_load_state``), so every browser test,
a new one too, checks each page it reaches without asking for it; ``assert_accessible``
is the same check, for a page reached another way. A page a test reaches again exactly as
it was checked (its markup the same but for figures: a phone's round reloaded, a director's
page after a result) is not checked again: axe on every load was a quarter of the browser
tests' time, and the same markup gives the same verdict.

A serious or critical violation fails the test. axe-core comes from axe-playwright-python's
wheel (its ``axe.min.js``), installed from the hashed lock: nothing is fetched at run time.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Error, Page

FAILING_IMPACTS = frozenset({"serious", "critical"})
# What axe reports: violations only (passes and the incomplete are the slow, large part).
AXE_OPTIONS = {"resultTypes": ["violations"]}
# The calls after which a page has loaded, and so is checked.
NAVIGATIONS = ("goto", "reload", "go_back", "go_forward", "wait_for_url", "wait_for_load_state")
# Set to a file name, every violation of every impact is written there too (a survey).
SURVEY_FILE = os.environ.get("CLUBSCORE_AXE_SURVEY")
# A page that navigates while axe runs destroys axe's context: wait for the new page, run again.
RETRIES = 3
# What changes on a page without changing its shape: figures, and stamps, tokens and nonces.
_FIGURES = re.compile(r"[A-Za-z0-9_+/=-]{16,}|[0-9]+")
# Playwright's own wait, taken before check_every_page wraps it: the retry must not check twice.
_wait_for_load_state = Page.wait_for_load_state


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every impact)."""
    for attempt in range(RETRIES):
        try:
            page.evaluate(AXE_SCRIPT)
            return page.evaluate("options => axe.run(document, options).then(r => r.violations)", AXE_OPTIONS)
        except Error as error:
            if "context was destroyed" not in str(error) or attempt == RETRIES - 1:
                raise
            _wait_for_load_state(page)
    raise AssertionError("unreachable")  # the loop returns or raises


def _describe(url: str, violations: list[dict[str, Any]]) -> str:
    lines = [f"axe-core on {url}:"]
    for violation in violations:
        targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:5])
        lines.append(f"  {violation['impact']} {violation['id']}: {violation['help']} ({targets})")
    return "\n".join(lines)


def _survey(url: str, violations: list[dict[str, Any]]) -> None:
    if SURVEY_FILE and violations:
        with Path(SURVEY_FILE).open("a") as survey:
            survey.write(_describe(url, violations) + "\n")


def assert_accessible(page: Page) -> None:
    """Fail on a serious or critical axe-core violation on the page as it is now."""
    violations = axe_violations(page)
    _survey(page.url, violations)
    failing = [violation for violation in violations if violation["impact"] in FAILING_IMPACTS]
    assert not failing, _describe(page.url, failing)


def _shape(page: Page) -> str | None:
    """The page's markup with its figures left out, as a digest; None if it is navigating away."""
    try:
        markup = page.content()
    except Error as error:
        if "navigating" in str(error) or "context was destroyed" in str(error):
            return None
        raise
    return hashlib.sha256(_FIGURES.sub("0", markup).encode()).hexdigest()


def _checked(navigation: Callable[..., Any], seen: set[str]) -> Callable[..., Any]:
    @functools.wraps(navigation)
    def navigate_and_check(page: Page, *args: Any, **kwargs: Any) -> Any:
        answer = navigation(page, *args, **kwargs)
        if not page.is_closed() and page.url.startswith("http"):
            shape = _shape(page)
            if shape is None or shape not in seen:
                assert_accessible(page)
                if shape is not None:
                    seen.add(shape)
        return answer

    return navigate_and_check


def check_every_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Check each page a browser test reaches, for the length of the test (once a shape)."""
    seen: set[str] = set()
    for name in NAVIGATIONS:
        monkeypatch.setattr(Page, name, _checked(getattr(Page, name), seen))
