"""The dealing machines' files in headless Chromium: download a session's DUP, deal its boards from a DLM.

Uses the browser of ``test_browser`` (Debian's chromium; skipped without it, failed on CI).
Every page it reaches is checked by axe-core (``tests/e2e/accessibility.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.conftest import mitchell_3nt
from tests.e2e.test_browser import DESKTOP, PHONE, browser  # noqa: F401 (fixtures)
from tournaments.bridge.formats.dealing import read_deal_file
from tournaments.night.models import AuditAction, ResultChange, Session
from tournaments.night.services.results import result_record

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DLM = Path(__file__).resolve().parent.parent / "fixtures" / "dealing" / "bigdeal-1.2.dlm"


def _log_in(page, live_server, to: str) -> None:
    page.goto(f"{live_server.url}{reverse('login')}?next={to}")
    page.fill("#id_username", "director")
    page.fill("#id_password", "bridge-director-pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{to}")


def test_a_director_downloads_the_dup_and_deals_from_a_dlm_confirming_a_played_board(
    browser,  # noqa: F811
    live_server,
    mitchell_session: Session,
    director,  # noqa: F811
):
    result_record(
        board=mitchell_session.boards.get(number=1), entry=mitchell_3nt(mitchell_session, 1, 1), user=director
    )
    page = browser.new_context(viewport=DESKTOP, accept_downloads=True).new_page()
    session_url = reverse("director:session", args=[mitchell_session.pk])
    _log_in(page, live_server, session_url)

    with page.expect_download() as download:
        page.click(".deal-file-links >> text=DUP")
    dup = Path(download.value.path()).read_bytes()
    assert [board.number for board in read_deal_file(dup, download.value.suggested_filename).boards] == [
        1,
        2,
        3,
    ]

    page.click("#make-boards summary")
    page.click("text=Deal from a dealing machine's file")
    page.set_input_files("#id_file", str(DLM))
    page.click("text=Show the boards it deals")
    page.wait_for_selector("text=Deal these boards")
    assert "Deal boards 1-2" in page.locator("h1").inner_text()
    assert page.locator("table.deals tbody tr").count() == 2
    assert "Already played, with results: board 1" in page.locator(".warning").inner_text()

    page.click("text=Deal these boards")  # without the tick: refused, nothing stored
    page.wait_for_selector("text=Tick the confirmation")
    assert not ResultChange.objects.filter(action=AuditAction.REDEAL).exists()

    page.check("#id_redeal_played")
    page.click("text=Deal these boards")
    page.wait_for_url(f"**{session_url}#boards")
    assert "Dealt boards 1-2 from bigdeal-1.2.dlm" in page.locator("body").inner_text()
    assert mitchell_session.boards.get(number=2).north == "AKQ984.KQT7..Q83"
    assert ResultChange.objects.filter(action=AuditAction.REDEAL, board_number=1).count() == 1


def test_the_deal_file_preview_fits_a_phone(browser, live_server, mitchell_session: Session):  # noqa: F811
    page = browser.new_context(viewport=PHONE).new_page()
    upload = reverse("director:exchange:deal_file_upload", args=[mitchell_session.pk])
    _log_in(page, live_server, upload)
    page.set_input_files("#id_file", str(DLM))
    page.click("text=Show the boards it deals")
    page.wait_for_selector("text=Deal these boards")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
