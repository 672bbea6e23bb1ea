"""A table's phone in French: the browser asks for French, the players tap 3 SA and read the score.

The phone follows the browser's language (Chromium's locale, sent as Accept-Language);
its screens are the script's, drawn from the words the page carries; the contract is
tapped in French (SA, the seats N, E, S, O) and stored as the one contract it is (3NT).
The chooser then switches the phone to Dutch, and the choice is kept when it reloads.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import seated_mitchell
from tests.e2e.test_browser import browser  # noqa: F401 (fixture)
from tests.e2e.test_table_entry_browser import _boards, _fieldset, _stored
from tests.e2e.waiting import WAIT_MS
from tournaments.night.models import Session, TableAccess

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 740}


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, name="Soirée", tables=3, boards_per_round=2, rounds=2, start=True)


def test_a_french_phone_enters_3sa_and_reads_the_score(browser, live_server, night):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    token = TableAccess.objects.get(session=night, table=1).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("#call-director").inner_text() == "Appeler l'arbitre"
    board = _boards(night, 1, 1)[0]
    assert page.locator(f"button[data-board='{board}']").inner_text().startswith(f"Donne {board}")

    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contrat").get_by_role("button", name="3", exact=True).click()
    _fieldset(page, "Dénomination").get_by_role("button", name="SA", exact=True).click()
    declarers = _fieldset(page, "Déclarant").get_by_role("button")
    assert declarers.all_inner_texts() == ["N", "E", "S", "O"]
    _fieldset(page, "Déclarant").get_by_role("button", name="N", exact=True).click()
    _fieldset(page, "Levées : faites ou de chute").get_by_role("button", name="=", exact=True).click()
    page.locator("#score-entry").click()

    assert page.locator(".confirm-contract").inner_text() == "3SA par Nord, juste fait (9 levées)"
    assert page.locator("#confirm-score").inner_text().split() == ["NS", "+400", "·", "EO", "-400"]
    page.locator("#accept").click()
    page.locator("#own-percentage").wait_for(timeout=WAIT_MS)
    assert page.locator("#own-percentage").inner_text().startswith("Votre pourcentage sur cette donne : NS ")
    (stored,) = _stored(night, board)
    assert (stored.contract, stored.declarer, stored.tricks, stored.ns_score) == ("3NT", "N", 9, 400)

    # The chooser: Dutch, kept when the phone reloads its page.
    page.locator(".language-chooser button[value='nl']").click()
    expect(page.locator("html")).to_have_attribute("lang", "nl", timeout=WAIT_MS)
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    assert page.locator("#call-director").inner_text() == "De wedstrijdleider roepen"
    page.reload()
    page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
    assert page.locator("html").get_attribute("lang") == "nl"
    assert f"\u2713 {board}" not in page.locator(f"button[data-board='{board}']").inner_text()
    assert "3SA N =" in page.locator(f"button[data-board='{board}']").inner_text()
    context.close()


def test_a_french_phones_traveller_names_each_cell_where_its_headings_are_hidden(
    browser,  # noqa: F811
    live_server,
    night,
):
    """Issue 45, item 8: a 375-pixel phone hides the traveller's headings (clubscore.css) and names
    each cell above it instead, in the phone's language; the suit is its symbol."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    token = TableAccess.objects.get(session=night, table=1).token
    page.goto(f"{live_server.url}{reverse('table_entry', args=[token])}")
    board = _boards(night, 1, 1)[0]
    page.locator(f"button[data-board='{board}']").click(timeout=WAIT_MS)
    _fieldset(page, "Contrat").get_by_role("button", name="4", exact=True).click()
    _fieldset(page, "Dénomination").get_by_role("button", name="pique").click()
    _fieldset(page, "Déclarant").get_by_role("button", name="N", exact=True).click()
    _fieldset(page, "Levées : faites ou de chute").get_by_role("button", name="=", exact=True).click()
    page.locator("#score-entry").click()
    page.locator("#accept").click()
    row = page.locator("table.traveller tbody tr").first
    row.wait_for(timeout=WAIT_MS)
    assert not page.locator("table.traveller thead").is_visible() or page.locator(
        "table.traveller thead"
    ).evaluate("h => h.getBoundingClientRect().height <= 1")
    labels = row.locator("td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert labels == ['"NS"', '"EO"', '"Résultat"', '"Score NS"', '"% NS"']
    assert row.locator("td.contract").inner_text() == "4\u2660 N ="
    assert page.locator("#back-to-round").inner_text() == "Retour au tour"
    context.close()
