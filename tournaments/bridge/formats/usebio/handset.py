"""USEBIO hand records (``HANDSET``): each board's four hands, read and written.

Compscore and Cobalt write a ``HANDSET`` of one ``BOARD`` per deal with four ``HAND``s, each a
``DIRECTION`` (``North``...) and its ``SPADES``, ``HEARTS``, ``DIAMONDS`` and ``CLUBS``
(``AKT9``: T for the ten; an empty element for a void). Cobalt reads all four suits of
every hand, so a void is written as an empty element, never left out.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, SubElement

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.usebio.values import UsebioDeal, UsebioError, at_element
from tournaments.bridge.seats import MAX_BOARD_NUMBER

_SEATS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_SEAT_NAMES = (("North", "north"), ("East", "east"), ("South", "south"), ("West", "west"))
_SUITS = ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")


def _text(element: Element, tag: str) -> str:
    child = element.find(tag)
    return (child.text or "").strip() if child is not None else ""


def _board_number(board: Element, index: int) -> int:
    text = _text(board, "BOARD_NUMBER")
    if not re.fullmatch(r"\d{1,6}", text) or not 1 <= int(text) <= MAX_BOARD_NUMBER:
        raise UsebioError(
            f"HANDSET BOARD {index}: <BOARD_NUMBER> must be 1 to {MAX_BOARD_NUMBER}, not {text[:20]!r}"
        )
    return int(text)


def _hand(board: Element, seat: str, where: str) -> str:
    for hand in board.findall("HAND"):
        if _SEATS.get(_text(hand, "DIRECTION").upper()) == seat:
            suits = [_text(hand, suit).upper().replace("10", "T").strip("-") for suit in _SUITS]
            return ".".join(suits)
    raise UsebioError(f"{where}: no <HAND> for {seat}")


def _read_deal(board: Element, index: int) -> UsebioDeal:
    number = _board_number(board, index)
    where = f"HANDSET BOARD {number}"
    hands = [_hand(board, seat, where) for seat in "NESW"]
    try:
        Deal.from_pbn("N:" + " ".join(hands))
    except ValueError as error:
        raise UsebioError(f"{where}: not a deal ({error})") from None
    return UsebioDeal(number, *hands)


def read_deals(root: Element) -> list[UsebioDeal]:
    """Read the boards' hands; raise ``UsebioError`` naming a board whose hands are not a deal.

    The ``HANDSET``'s, or ``HAND``s written in the results' own ``BOARD``s (as a newer
    scorer does); sections repeat a board, with the same hands.
    """
    deals: dict[int, UsebioDeal] = {}
    boards = [board for board in root.iter("BOARD") if board.find("HAND") is not None]
    for index, board in enumerate(boards, start=1):
        with at_element(board):
            deal = _read_deal(board, index)
            if deals.setdefault(deal.number, deal) != deal:
                raise UsebioError(
                    f"HANDSET BOARD {deal.number}: the board's hands are given twice, differently"
                )
    return sorted(deals.values(), key=lambda deal: deal.number)


def write_handset(root: Element, deals: tuple[UsebioDeal, ...]) -> None:
    """Add a ``HANDSET``: each board's four hands, North first, suits spades to clubs."""
    handset = SubElement(root, "HANDSET")
    for deal in deals:
        board = SubElement(handset, "BOARD")
        SubElement(board, "BOARD_NUMBER").text = str(deal.number)
        for name, attribute in _SEAT_NAMES:
            hand = SubElement(board, "HAND")
            SubElement(hand, "DIRECTION").text = name
            for tag, cards in zip(_SUITS, getattr(deal, attribute).split("."), strict=True):
                SubElement(hand, tag).text = cards
