"""A finished phone night with leads: three tables of a Mitchell, six boards dealt, every result
sent by the tables' phones with its lead, then finished (the lead solves run at the finish)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.bridge.seats import lho
from tournaments.night.models import Board, Session, TableAccess
from tournaments.night.selectors.movements import session_movement
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_finish, session_start

# The tricks each table takes against double-dummy: table 2 is one trick short.
TABLE_DELTA = {1: 0, 2: -1, 3: 0}
HANDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True)
class Sent:
    table: int
    board: int
    contract: str
    declarer: str
    tricks: int
    lead: str


def lead_card(board: Board, leader: str, table: int) -> str:
    """The card table ``table``'s leader leads: the table-th card of his hand, suit first ('SK')."""
    suits = getattr(board, HANDS[leader]).split(".")
    cards = [f"{suit}{'10' if rank == 'T' else rank}" for suit, holding in zip("SHDC", suits, strict=True)
             for rank in holding]  # fmt: skip
    return cards[(table * 5) % len(cards)]


def phone_night(club, client, *, scoring: str = "mp") -> tuple[Session, list[Sent]]:
    session = seated_mitchell(club, name="Phone night", tables=3, boards_per_round=2, rounds=3)
    if scoring != "mp":
        Session.objects.filter(pk=session.pk).update(scoring=scoring)
        session.refresh_from_db()
    boards_deal(session=session, count=6, rng=random.Random(50), background=False)
    session = session_start(session=session)
    movement = session_movement(session)
    assert movement is not None
    sent = []
    for round_ in range(1, 4):
        for table in range(1, 4):
            token = TableAccess.objects.get(session=session, table=table).token
            for number in sorted(movement.encounter(round_, table).boards):
                board = Board.objects.get(session=session, number=number)
                declarer = "N" if number % 2 else "E"
                tricks = max(0, min(13, board.dd_tricks[declarer]["NT"] + TABLE_DELTA[table]))
                lead = lead_card(board, lho(declarer).value, table)
                body = {"key": f"key-{round_}-{table}-{number}", "round": round_, "board": number}
                body |= {"contract": "3NT", "declarer": declarer, "tricks": str(tricks), "lead": lead}
                response = client.post(
                    reverse("table_submit", args=[token]),
                    data=json.dumps(body),
                    content_type="application/json",
                )
                assert response.status_code in (200, 201), response.content
                sent.append(Sent(table, number, "3NT", declarer, tricks, lead))
    return session_finish(session=session), sent


@pytest.fixture
def night(club, client) -> tuple[Session, list[Sent]]:
    return phone_night(club, client)
