"""The director's USEBIO import in headless Chromium: from the director's home to the new session.

Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.e2e.test_browser import DESKTOP, PHONE, browser  # noqa: F401 (fixtures)
from tournaments.night.models import Session

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FIXTURE = (
    Path(__file__).resolve().parent.parent / "fixtures" / "usebio" / "compscore-mp-mitchell-adjusted.xml"
)


def test_a_director_previews_and_confirms_a_usebio_file(browser, live_server, club):  # noqa: F811
    page = browser.new_context(viewport=DESKTOP).new_page()
    home = reverse("director:home")
    page.goto(f"{live_server.url}{reverse('login')}?next={home}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{home}")
    page.click("text=Import a USEBIO results file")
    page.set_input_files("#id_file", str(FIXTURE))
    page.click("text=Preview")
    page.wait_for_selector("text=Confirm the import")
    assert "Preview: EL Thu 1.00pm Open (28-Jul-22)" in page.locator("h1").inner_text()
    assert page.locator("table.standings tbody tr").count() == 42
    noted = "Board 3, line 1 (1 NS v 1 EW): the file's director gave this A5050 NS 23"
    assert noted in page.locator("ul.differences").inner_text()
    assert not Session.objects.exists()
    page.click("text=Confirm the import")
    page.wait_for_selector("text=Open the session")
    session = Session.objects.get()
    page.click("text=Open the session")
    page.wait_for_url(f"**{reverse('director:session', args=[session.pk])}")


def test_the_usebio_upload_fits_a_phone(browser, live_server, director):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    upload = reverse("director:exchange:usebio_upload")
    page.goto(f"{live_server.url}{reverse('login')}?next={upload}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{upload}")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
