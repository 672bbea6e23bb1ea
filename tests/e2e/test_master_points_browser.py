"""Master points in headless Chromium: a director names his club's federation on its settings
page, finishes a night, and finds the awards on the session page, the club's totals and the
players' pages; every page checked by axe-core (``tests/e2e/accessibility.py``).

Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.e2e.test_browser import _log_in, browser  # noqa: F401 (fixture)
from tests.federation.test_ledger import FIXTURES
from tournaments.exchange.services.usebio import usebio_import
from tournaments.federation.models import MasterPointAward

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_director_names_the_federation_and_finds_the_nights_awards(browser, live_server, club):  # noqa: F811
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    page = _log_in(browser, live_server, reverse("director:club_settings", args=[club.slug]))
    page.get_by_label("Federation:", exact=True).select_option("abf")
    page.get_by_label("The club's number at its federation").fill("2074")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**{reverse('director:club_settings', args=[club.slug])}")
    assert "settings are saved" in page.locator(".messages").inner_text()

    # The night is over: its awards are made on the club's scale.
    page.goto(f"{live_server.url}{reverse('director:state_confirm', args=[session.pk, 'finish'])}")
    page.get_by_role("button", name="Yes, finish the session").click()
    page.wait_for_url(f"**{reverse('director:session', args=[session.pk])}")
    awards = page.locator("table.master-points tbody tr")
    assert awards.count() == MasterPointAward.objects.values("pair").order_by().distinct().count() == 7
    assert "0.21" in awards.first.inner_text()

    page.goto(f"{live_server.url}{reverse('director:master_points', args=[club.slug])}")
    assert "Season 2022" in page.locator("main").inner_text()
    winner = MasterPointAward.objects.filter(place=1).first()
    page.get_by_role("link", name=winner.player.name).first.click()
    page.wait_for_url(f"**{reverse('player', args=[winner.player_id])}")
    seasons = page.locator("section.master-points").inner_text()
    assert "2022" in seasons and "0.21" in seasons
