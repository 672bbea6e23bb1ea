"""The field on each board of a player's evening: how many tables bid and made each contract,
not only the most frequent one (issue 50, "how many tables bid and made what")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.analysis.models import AnalysisSharing
from tournaments.night.models import Result

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr id="board-(\d+)" class="analysis-board">(.*?)</tr>', re.S)


def test_each_board_lists_every_contract_the_field_bid_and_how_many_made_it(client, night) -> None:
    session, _ = night
    result = Result.objects.filter(board__session=session, board__number=2).first()
    assert result is not None
    player = result.ns_pair.player1
    AnalysisSharing.objects.create(player=player, public=True)
    rows = dict(
        ROW.findall(client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode())
    )
    for number, row in rows.items():
        results = Result.objects.filter(board__session=session, board__number=int(number))
        by_side: dict[str, list[int]] = {}
        for each in results:
            by_side.setdefault("NS" if each.declarer in "NS" else "EW", []).append(each.tricks or 0)
        listed = re.findall(r'<span class="field-contract">(.*?)</span>', row)
        assert listed == [
            f"3NT {side}: {len(tricks)} bid, {sum(t >= 9 for t in tricks)} made"
            for side, tricks in by_side.items()
        ]
