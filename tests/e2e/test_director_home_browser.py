"""The director's home fits a 1280-pixel screen and a phone, nothing cut off (issue 45, item 8).

The home lists the director's teams events and sessions, each a table of six or five
columns with a club's name, a session's name and its movement written out. At 1280 px
and at a phone's 375 px neither the page nor a table's box may be wider than the screen:
a table a director must scroll sideways hides the session he came for.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import PHONE, _log_in, browser  # noqa: F401 (fixtures)
from tests.night.sections import unequal_sections
from tournaments.core.models import Club
from tournaments.teams.services.events import teams_event_create

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WIDE = {"width": 1280, "height": 800}

# What overflows sideways: the page itself, and any scroll box on it (a table's ``.table-wrap``).
OVERFLOWS = """() => {
  const page = document.documentElement;
  const wide = [];
  if (page.scrollWidth > page.clientWidth) wide.push(`page ${page.scrollWidth} > ${page.clientWidth}`);
  for (const box of document.querySelectorAll("main .table-wrap, main table")) {
    const label = box.getAttribute("aria-label") || box.tagName;
    if (box.scrollWidth > box.clientWidth + 1) wide.push(`${label} ${box.scrollWidth} > ${box.clientWidth}`);
    const right = box.getBoundingClientRect().right;
    if (right > page.clientWidth + 1) wide.push(`${label} ends at ${right} > ${page.clientWidth}`);
  }
  return wide;
}"""


def _a_directors_week(club: Club) -> None:
    """A club with a long name, a night of sections, a Mitchell with a long name, and a teams event."""
    club.name = "The Riverside and District Contract Bridge Club"
    club.save(update_fields=["name"])
    unequal_sections(club, play=False)
    seated_mitchell(club, name="Tuesday afternoon novices' and intermediates' pairs", tables=7, rounds=None)
    teams_event_create(
        club=club,
        date=datetime.date(2026, 12, 20),
        name="Christmas Swiss teams for the Riverside trophy",
        rounds=3,
        boards_per_match=8,
    )


@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1280px", "phone"])
def test_the_directors_home_fits_the_screen(browser, live_server, club, viewport):  # noqa: F811
    _a_directors_week(club)
    page = _log_in(browser, live_server, reverse("director:home"))
    page.set_viewport_size(viewport)
    page.locator("main table").first.wait_for()
    assert page.locator("main table").count() == 2  # the teams events and the sessions
    assert page.evaluate(OVERFLOWS) == []
    # Every session and event is there to read and to follow, on the phone too.
    for name in ("Unequal sections", "Tuesday afternoon novices' and intermediates' pairs"):
        link = page.get_by_role("link", name=name)
        assert link.is_visible()
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
