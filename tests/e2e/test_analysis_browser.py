"""A player's evening in the browser (issue 50): his boards with roles, double-dummy, lead
costs and verdicts, and the season's chart; the README's screenshot of a player's evening."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from tests.analysis.conftest import phone_night
from tests.e2e.test_browser import browser, screenshots  # noqa: F401 (fixtures)
from tournaments.analysis.models import AnalysisSharing
from tournaments.core.models import Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_player_reads_his_evening_and_his_season(browser, live_server, club, screenshots) -> None:  # noqa: F811
    session, _ = phone_night(club, Client())
    north = Player.objects.get(name="North 2")  # table 2 takes a trick less than double-dummy
    AnalysisSharing.objects.create(player=north, public=True)
    page = browser.new_context(viewport={"width": 1600, "height": 900}).new_page()  # the whole board table
    page.goto(f"{live_server.url}{reverse('player_evening', args=[session.pk, north.pk])}")
    expect(page.locator("tr.analysis-board")).to_have_count(6)
    expect(page.locator("tr.role-overall")).to_be_visible()
    page.screenshot(path=screenshots / "player-evening.png", full_page=True)
    page.goto(f"{live_server.url}{reverse('player_season', args=[north.pk])}")
    expect(page.locator("svg.analysis-chart")).to_have_count(3)  # declarer play, leads, contracts
    expect(page.locator("svg.analysis-chart").first).to_be_visible()
