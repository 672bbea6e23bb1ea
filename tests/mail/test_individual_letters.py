"""An individual's results letters: one to each player, with his own place among the players.

An individual's partnerships each play one round; a letter a partnership told each player
twelve times over that he was "place 1= of 24" on two boards, "not played" on the rest
(issue 45, item 2). Each player is written once: his place and percentage as the
individual standings give them, and every board he played, with the partnership he
played it in.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.mail.conftest import SITE
from tests.night.individuals import PLAYERS, played_individual
from tournaments.bridge.season.members import MemberLine
from tournaments.mail.models import ResultMail
from tournaments.night.selectors.individual import individual_session_standings
from tournaments.night.services.movement import session_finish
from tournaments.season.services.members import members_import

pytestmark = pytest.mark.django_db


def _address(name: str) -> str:
    return f"{name.replace(' ', '.').lower()}@example.org"


@pytest.fixture
def members(club):
    members_import(
        club=club,
        lines=[MemberLine(number, name, "", _address(name)) for number, name in enumerate(PLAYERS, start=1)],
    )


def test_each_player_of_an_individual_gets_one_letter_with_his_own_place(
    email_on, club, members, django_capture_on_commit_callbacks
):
    session = played_individual(club)
    with django_capture_on_commit_callbacks(execute=True):
        session_finish(session=session)
    lines, _unscored = individual_session_standings(session)
    assert sorted(message.to[0] for message in mail.outbox) == sorted(map(_address, PLAYERS))
    sent = {message.to[0]: message for message in mail.outbox}
    boards = session.boards.count()
    for line in lines:
        letter = sent[_address(line.name)]
        text = letter.body
        assert letter.subject.endswith(f"place {line.place}, {line.percentage:.2f}%")
        assert f"Player {line.number}: {line.name}" in text
        assert f"Place: {line.place} of {len(PLAYERS)}" in text
        assert f"Percentage: {line.percentage:.2f}%" in text
        played = re.findall(r"^Board (\d+): (NS|EW) against ([^,]+), 3NT", text, re.MULTILINE)
        assert sorted(int(number) for number, *_ in played) == list(range(1, boards + 1))
        assert all(" - " in opponents for *_, opponents in played)  # the opponents' names
        assert "not played" not in text and f"Total: {boards} boards" in text
        percentages = [float(p) for p in re.findall(r" MP, ([\d.]+)%$", text, re.MULTILINE)]
        assert sum(percentages) / len(percentages) == pytest.approx(line.percentage, abs=0.05)
        assert f"{SITE}/session/{session.pk}/individual/" in text
    assert ResultMail.objects.filter(session=session).count() == len(PLAYERS)


def test_the_directors_mail_page_lists_each_player_of_an_individual_once(
    email_on, director_client, club, members, django_capture_on_commit_callbacks
):
    session = played_individual(club)
    with django_capture_on_commit_callbacks(execute=True):
        session_finish(session=session)
    page = director_client.get(reverse("director:mail_session", args=[session.pk])).content.decode()
    body = page.split('class="mails"', 1)[1].split("</tbody>", 1)[0]
    rows = re.findall(r"<tr>\s*<td>([^<]*)</td>\s*<td>([^<]*)</td>", body)
    assert rows == [(str(number), name) for number, name in enumerate(PLAYERS, start=1)]
