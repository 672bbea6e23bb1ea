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


def _field(client, session, player, number: int) -> tuple[str, list[str]]:
    page = client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode()
    cell = re.search(r'<td class="field">(.*?)</td>', dict(ROW.findall(page))[str(number)], re.S)
    assert cell is not None
    if 'field-contracts">' not in cell.group(1):
        return cell.group(1), []
    listed = cell.group(1).split('field-contracts">')[1].split("<br>")[0]
    listed = re.sub(r'<span class="visually-hidden">.*?</span>', "", listed)  # a suit's name for the ear
    return cell.group(1), re.sub(r"<[^>]+>", "", listed).strip().split("; ")


def test_each_board_lists_the_contracts_bid_besides_the_fields_and_how_many_made_them(client, night) -> None:
    session, _ = night
    results = list(Result.objects.filter(board__session=session, board__number=2).order_by("pk"))
    assert [(r.contract, r.declarer) for r in results] == [("3NT", "E")] * 3
    Result.objects.filter(pk=results[0].pk).update(contract="4S", tricks=10)  # 4S by East, made
    player = results[1].ns_pair.player1
    AnalysisSharing.objects.create(player=player, public=True)
    made = sum((r.tricks or 0) >= 9 for r in results[1:])
    cell, others = _field(client, session, player, 2)
    assert f"3NT EW: 2 of 3 tables, {made} made" in cell
    assert others == ["4♠ EW: 1 bid, 1 made"]


def test_with_no_contract_of_the_field_every_contract_is_listed(client, night) -> None:
    session, _ = night
    results = list(Result.objects.filter(board__session=session, board__number=2).order_by("pk"))
    Result.objects.filter(pk=results[0].pk).update(contract="4S", tricks=9)
    Result.objects.filter(pk=results[1].pk).update(contract="2NT", tricks=9)
    player = results[2].ns_pair.player1
    AnalysisSharing.objects.create(player=player, public=True)
    cell, others = _field(client, session, player, 2)
    assert "3 tables, no contract of the field" in cell
    assert len(others) == 3 and all(text.endswith((": 1 bid, 1 made", ": 1 bid, 0 made")) for text in others)
    assert [text.split(":")[0] for text in others] == ["2NT EW", "3NT EW", "4♠ EW"]
