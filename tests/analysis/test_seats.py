"""An individual night: each board's role is the seat the player actually held at that board's
table (the movement's seating), not one seat for the evening (issue 50)."""

from __future__ import annotations

import random
import re

import pytest
from django.db.models import Q
from django.urls import reverse

from tests.night.individuals import individual_night, individual_play
from tournaments.analysis.models import AnalysisSharing
from tournaments.bridge.individual import individual
from tournaments.night.models import IndividualPlayer, Result
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db

SEATS = "NESW"
ROLE_WORDS = ("Declarer", "On lead", "Dummy", "Defender")  # by the seat's offset from declarer
ROW = re.compile(r'<tr id="board-(\d+)" class="analysis-board">(.*?)</tr>', re.S)


def _role(seat: str, declarer: str) -> str:
    return ROLE_WORDS[(SEATS.index(seat) - SEATS.index(declarer)) % 4]


def test_an_individuals_roles_follow_the_seat_he_held_on_each_board(client, club) -> None:
    session = individual_night(club, rounds=4, boards_per_round=2)
    boards_deal(session=session, count=8, rng=random.Random(7), background=False, redeal_played=True)
    individual_play(session)
    session = session_finish(session=session)
    movement = individual(session.movement_tables or 0, 2, rounds=session.movement_rounds)
    numbers = {row.number: row.player for row in IndividualPlayer.objects.filter(session=session)}
    for number, player in numbers.items():
        AnalysisSharing.objects.create(player=player, public=True)
        seats = {
            board: seat
            for seating in movement.seatings
            for seat in SEATS
            if getattr(seating, {"N": "north", "E": "east", "S": "south", "W": "west"}[seat]) == number
            for board in seating.boards
        }
        page = client.get(reverse("player_evening", args=[session.pk, player.pk]))
        assert page.status_code == 200
        rows = dict(ROW.findall(page.content.decode()))
        assert {int(n) for n in rows} == set(seats)
        for board, seat in seats.items():
            role = re.search(r'<td class="role">(.*?)</td>', rows[str(board)])
            assert role is not None and role.group(1) == _role(seat, "N"), (number, board, seat)


def test_an_individuals_partnership_view_holds_the_boards_played_together(client, club) -> None:
    session = individual_night(club, rounds=3, boards_per_round=2)
    boards_deal(session=session, count=6, rng=random.Random(7), background=False, redeal_played=True)
    individual_play(session)
    session = session_finish(session=session)
    player = IndividualPlayer.objects.get(session=session, number=1).player
    AnalysisSharing.objects.create(player=player, public=True)
    evening = client.get(reverse("player_evening", args=[session.pk, player.pk])).content.decode()
    pairs = list(session.pairs.filter(Q(player1=player) | Q(player2=player)))
    assert len(pairs) == 3  # a new partner each round
    for pair in pairs:
        link = reverse("pair_evening", args=[session.pk, pair.pk])
        assert link in evening
        page = client.get(link).content.decode()
        together = {
            str(number)
            for number in Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair)).values_list(
                "board__number", flat=True
            )
        }
        assert {number for number, _ in ROW.findall(page)} == together and len(together) == 2


def test_a_partnership_that_played_nothing_has_no_view_and_no_link(client, night) -> None:
    from tournaments.core.models import Player
    from tournaments.night.models import Pair

    session, _ = night
    late, partner = Player.objects.create(name="Late Comer"), Player.objects.create(name="Her Partner")
    idle = Pair.objects.create(session=session, number=9, direction="NS", player1=late, player2=partner)
    AnalysisSharing.objects.create(player=late, public=True)
    assert client.get(reverse("pair_evening", args=[session.pk, idle.pk])).status_code == 404
    assert client.get(reverse("player_evening", args=[session.pk, late.pk])).status_code == 404
    played = Pair.objects.get(session=session, direction="NS", number=1)
    AnalysisSharing.objects.create(player=played.player1, public=True)
    page = client.get(reverse("player_evening", args=[session.pk, played.player1.pk])).content.decode()
    assert reverse("pair_evening", args=[session.pk, played.pk]) in page
    assert reverse("pair_evening", args=[session.pk, idle.pk]) not in page
