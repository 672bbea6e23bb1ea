"""BBO's LIN: a session's boards as a LIN file, and a board as a link to BBO's hand viewer.

LIN is Bridge Base Online's notation: ``key|value|`` pairs, one board to a line. A hand
record needs five of them: ``pn`` (the players, from South clockwise), ``md`` (the
dealer as a digit, 1 South, 2 West, 3 North, 4 East, then the four hands from South
clockwise, each ``S..H..D..C..`` with ``T`` for the ten), ``ah`` (the heading,
``Board 7``), ``sv`` (vulnerability: ``o`` none, ``n`` North-South, ``e`` East-West, ``b``
both), and ``pg||`` to close the board. ``st||`` and ``rh||`` (empty title, reset
heading) are what BBO itself writes before and after the deal. BridgeWebs and Pianola
link every board to ``handviewer.html?lin=`` with such a line, and offer the session's
boards as one ``.lin`` file; ClubScore does the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import quote

from tournaments.bridge.cards import SUITS_HIGH_FIRST, Deal, Hand
from tournaments.bridge.seats import board_dealer, board_vulnerability

HANDVIEWER = "https://www.bridgebase.com/tools/handviewer.html"
LIN_SEATS = ("S", "W", "N", "E")  # LIN's order, from South clockwise; the dealer digit is 1 + the index
_PLAYERS = "South,West,North,East"
_VULNERABILITY = {"None": "o", "NS": "n", "EW": "e", "Both": "b"}


def lin_hand(hand: Hand) -> str:
    """Return a hand as LIN writes it: ``'SAKQHT98DAK2C432'`` (an empty suit is just its letter)."""
    return "".join(suit.letter + hand.holding_text(suit, ten="T", separator="") for suit in SUITS_HIGH_FIRST)


def lin_deal(number: int, deal: Deal) -> str:
    """Return the ``md`` value: the board number's dealer as a digit, then the hands from South."""
    dealer = LIN_SEATS.index(board_dealer(number)) + 1
    return f"{dealer}" + ",".join(lin_hand(deal[seat]) for seat in LIN_SEATS)


def lin_board(number: int, deal: Deal) -> str:
    """Return one board as a LIN line: players, deal, heading and vulnerability."""
    vulnerability = _VULNERABILITY[board_vulnerability(number)]
    return f"pn|{_PLAYERS}|st||md|{lin_deal(number, deal)}|rh||ah|Board {number}|sv|{vulnerability}|pg||"


def write_lin(boards: Iterable[tuple[int, Deal]]) -> str:
    """Return a LIN file of ``(number, deal)`` boards, one line each (BBO reads it as a hand record)."""
    return "".join(f"{lin_board(number, deal)}\n" for number, deal in boards)


def handviewer_url(number: int, deal: Deal) -> str:
    """Return the link that shows the board in BBO's hand viewer, as BridgeWebs and Pianola link them."""
    return f"{HANDVIEWER}?lin={quote(lin_board(number, deal), safe='|,')}"
