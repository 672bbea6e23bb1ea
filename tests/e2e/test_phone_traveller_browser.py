"""The public board page's traveller on a 375-pixel phone: every score and percentage in sight.

Uses the browser and the played Mitchell of ``test_browser`` (Debian's chromium; skipped
without it, failed on CI). The screenshot is ``board-375.png`` (``make screenshots``).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_browser import PHONE, browser, running_session, screenshots  # noqa: F401 (fixtures)
from tournaments.night.models import Session
from tournaments.night.services.movement import session_finish

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_phone_sees_every_cell_of_the_traveller_without_scrolling(
    browser,  # noqa: F811
    live_server,
    running_session: Session,  # noqa: F811
    screenshots,  # noqa: F811
):
    session_finish(session=running_session)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{live_server.url}{reverse('board', args=[running_session.pk, 1])}")
    traveller = page.locator("table.traveller")
    traveller.scroll_into_view_if_needed()
    # Nothing scrolls sideways: neither the page nor the traveller inside its wrapper.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    wrapper = page.locator(".table-wrap", has=traveller)
    assert wrapper.evaluate("w => w.scrollWidth <= w.clientWidth"), "the traveller scrolls sideways"
    rows = traveller.locator("tbody tr")
    assert rows.count() == 3
    for index in range(rows.count()):
        for cell in rows.nth(index).locator("td").all():
            box = cell.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (
                cell.inner_text(),
                box,
            )
    # Each figure is named beside it on the phone, where the column headings are not shown.
    first = rows.first
    labels = first.locator("td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert '"NS %"' in labels and '"EW %"' in labels and '"NS score"' in labels
    page.screenshot(path=screenshots / "board-375.png", full_page=True)
