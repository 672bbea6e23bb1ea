"""What the evening cannot know it says, and invents nothing: a result without a lead, a session
read from another scorer's file (issue 50, "Privacy, speed and bad data")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.analysis.models import AnalysisSharing
from tournaments.night.models import Result, Session

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr id="board-(\d+)" class="analysis-board">(.*?)</tr>', re.S)


def _rows(client, session: Session, result: Result) -> dict[str, str]:
    player = result.ns_pair.player1
    AnalysisSharing.objects.get_or_create(player=player, defaults={"public": True})
    page = client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode()
    return dict(ROW.findall(page))


def test_a_result_without_its_lead_says_so_and_judges_no_lead(client, night) -> None:
    session, _ = night
    result = Result.objects.filter(board__session=session, board__number=1).first()
    assert result is not None
    Result.objects.filter(pk=result.pk).update(lead="")
    row = _rows(client, session, result)["1"]
    assert "The lead was not recorded." in row
    assert "data-cost" not in row and "after a best lead" not in row
    assert "available" in row  # double-dummy is still known: the deal is


def test_a_session_read_from_a_file_says_its_leads_and_auctions_were_never_recorded(client, night) -> None:
    session, _ = night
    Session.objects.filter(pk=session.pk).update(source_sha256="0" * 64)
    result = Result.objects.filter(board__session=session).first()
    assert result is not None
    player = result.ns_pair.player1
    AnalysisSharing.objects.create(player=player, public=True)
    page = client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode()
    assert "This session was read from another scorer's file: leads and auctions were never recorded." in page
