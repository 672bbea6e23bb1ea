"""The printed hand records in headless Chromium: the page as a director sees it, and its PDF.

Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
The screenshot is the one the README shows (``make screenshots``).
"""

from __future__ import annotations

import random
import re

import pytest
from django.urls import reverse

from tests.e2e.test_browser import DESKTOP, browser, screenshots  # noqa: F401 (fixtures)
from tournaments.night.models import Session
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_finish

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def dealt_session(mitchell_session: Session) -> Session:
    """The Mitchell fixture with ten boards dealt and the session over: three pages of hand records."""
    boards_deal(session=mitchell_session, count=10, rng=random.Random(12))
    return session_finish(session=mitchell_session)


def _pdf_page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def test_the_hand_records_print_four_boards_to_a_page(browser, live_server, dealt_session, screenshots):  # noqa: F811
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(live_server.url + reverse("hand_records", args=[dealt_session.pk]))
    assert page.locator(".hr-board").count() == 10
    assert page.locator(".hr-board").first.locator(".hand").count() == 4
    page.screenshot(path=screenshots / "hand-records.png", full_page=False)
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert _pdf_page_count(pdf) == 3
    context.close()
