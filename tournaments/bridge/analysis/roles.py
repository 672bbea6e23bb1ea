"""A player's seat and role on a board.

ClubScore keeps pairs, not seats: a pair sits North-South or East-West at a table, and
its first-named player is taken to sit North (or East), his partner South (or West), as
the seating list and the imported files (BWS, USEBIO) name them (decision 0079). A role
follows from the seat and the declarer's seat.
"""

from __future__ import annotations

from enum import StrEnum

from tournaments.bridge.seats import Seat, seat_from

SIDE_SEATS = {"NS": (Seat.N, Seat.S), "EW": (Seat.E, Seat.W)}


class Role(StrEnum):
    DECLARER = "declarer"
    DUMMY = "dummy"
    ON_LEAD = "on_lead"
    DEFENDER = "defender"

    @property
    def declaring(self) -> bool:
        return self in (Role.DECLARER, Role.DUMMY)

    @property
    def defending(self) -> bool:
        return self in (Role.ON_LEAD, Role.DEFENDER)


def player_seat(side: str, position: int) -> Seat:
    """The seat of the pair's first (``position`` 0) or second (1) player on ``side`` ('NS' or 'EW')."""
    if side not in SIDE_SEATS or position not in (0, 1):
        raise ValueError(f"a player sits at side NS or EW, first or second, not {side!r} {position!r}")
    return SIDE_SEATS[side][position]


def role_of(seat: Seat | str, declarer: Seat | str) -> Role:
    """The role of the player in ``seat`` when ``declarer`` declares."""
    mine, declaring = seat_from(seat), seat_from(declarer)
    if mine == declaring:
        return Role.DECLARER
    if mine == declaring.partner:
        return Role.DUMMY
    if mine == declaring.lho:
        return Role.ON_LEAD
    return Role.DEFENDER


def leader_of(declarer: Seat | str) -> Seat:
    """The seat on opening lead: declarer's left-hand opponent."""
    return seat_from(declarer).lho
