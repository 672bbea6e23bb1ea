"""BBO in the site: every public board links to BBO's hand viewer, the session offers its boards as LIN."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from django.urls import reverse
from endplay.parsers import lin as endplay_lin

from tournaments.bridge.formats.lin import HANDVIEWER
from tournaments.night.services.movement import session_finish


def _deals(session) -> dict[int, str]:
    return {
        board.number: f"N:{board.north} {board.east} {board.south} {board.west}"
        for board in session.boards.all()
    }


def _finished(session):
    return session_finish(session=session)  # every board public


def test_every_public_board_page_links_to_the_hand_viewer_with_its_deal(client, mitchell_session):
    _finished(mitchell_session)
    deals = _deals(mitchell_session)
    for number in (1, 2, 3):
        page = client.get(reverse("board", args=[mitchell_session.pk, number])).content.decode()
        [url] = [
            html.unescape(href) for href in re.findall(r'href="([^"]+)"', page) if href.startswith(HANDVIEWER)
        ]
        [board] = endplay_lin.loads(parse_qs(urlsplit(url).query)["lin"][0])
        assert (board.board_num, board.deal.to_pbn()) == (number, deals[number])
        assert reverse("session_lin", args=[mitchell_session.pk]) in page


def test_the_session_page_offers_the_boards_as_lin_and_bbo_reads_them(client, mitchell_session):
    _finished(mitchell_session)
    url = reverse("session_lin", args=[mitchell_session.pk])
    assert url in client.get(reverse("session", args=[mitchell_session.pk])).content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert 'filename="riverside-2026-11-20-friday-evening.lin"' in response["Content-Disposition"]
    read = endplay_lin.loads(response.content.decode())
    assert {board.board_num: board.deal.to_pbn() for board in read} == _deals(mitchell_session)


def test_the_public_lin_holds_no_board_still_in_play(client, mitchell_session):
    # The fixture is in play, without a movement: no board is public yet.
    response = client.get(reverse("session_lin", args=[mitchell_session.pk]))
    assert response.status_code == 404
    assert mitchell_session.boards.get(number=1).north not in response.content.decode()


def test_the_director_downloads_every_board_as_lin(director_client, mitchell_session):
    url = reverse("director:exchange:lin_download", args=[mitchell_session.pk])
    assert (
        url in director_client.get(reverse("director:session", args=[mitchell_session.pk])).content.decode()
    )
    read = endplay_lin.loads(director_client.get(url).content.decode())
    assert {board.board_num: board.deal.to_pbn() for board in read} == _deals(mitchell_session)


def test_the_director_lin_of_an_undealt_session_goes_back_with_a_message(director_client, howell_session):
    url = reverse("director:exchange:lin_download", args=[howell_session.pk])
    assert "there are no boards for BBO" in director_client.get(url, follow=True).content.decode()
