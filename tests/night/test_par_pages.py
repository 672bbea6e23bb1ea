"""Par on every page a player or director reads it: as on a hand record, never the solver's notation."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tournaments.night.models import Session
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db

SAID = "5\u2666x\u22122 by N or S, NS \u2212300"


@pytest.fixture
def sacrifice_session(mitchell_session: Session) -> Session:
    """The Mitchell fixture, finished, with board 1's par a doubled sacrifice by North or South."""
    mitchell_session.boards.filter(number=1).update(par_contracts="5DNx-2, 5DSx-2", par_score=-300)
    session_finish(session=mitchell_session)
    return mitchell_session


def _text(response) -> str:
    assert response.status_code == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("board", lambda session: [session.pk, 1]),
        ("director:board", lambda session: [session.pk, 1]),
        ("hand_records", lambda session: [session.pk]),
        ("director:exchange:hand_records", lambda session: [session.pk]),
    ],
)
def test_the_pages_say_par_as_players_expect(director_client, sacrifice_session, name, args):
    text = _text(director_client.get(reverse(name, args=args(sacrifice_session))))
    assert f"Par: {SAID}" in text
    assert "5DNx-2" not in text


def test_the_pbn_download_says_par_for_readers_and_keeps_the_standard_tag(director_client, sacrifice_session):
    response = director_client.get(reverse("director:exchange:pbn_download", args=[sacrifice_session.pk]))
    text = response.content.decode()
    assert "{Par: " + SAID + "}" in text
    assert '[ParContract "NS 5DX"]' in text and '[OptimumScore "NS -300"]' in text


# --- The hand records page before the session ends ----------------------------------------------


@pytest.mark.parametrize("state", ["preparation", "play"])
def test_before_play_ends_the_hand_records_page_says_when_they_are_published(client, mitchell_session, state):
    Session.objects.filter(pk=mitchell_session.pk).update(state=state)
    text = _text(client.get(reverse("hand_records", args=[mitchell_session.pk])))
    assert "The hand records are published when play ends." in text
    assert "No board of this session has been dealt" not in text
