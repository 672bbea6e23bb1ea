"""Read the deals of a LIN file (BBO's hand records), as ``bridge.formats.lin`` writes them and others do.

LIN is a list of ``key|value|`` pairs (``bridge.formats.lin`` describes the keys a hand
record uses). What this reader takes, from the producers whose files we have (BBO,
Big Deal's ``print_lin``, deal-convert's ``lin.py``, ClubScore's own):

- A board is an ``md`` pair: a dealer digit (1 South, 2 West, 3 North, 4 East), then the
  hands from South clockwise, separated by commas, each ``S...H...D...C...`` with ``T`` or
  ``10`` for the ten; one hand may be left empty or out (Big Deal leaves East's), and is
  the cards the others do not hold.
- Its number is the ``qx`` before it (``o12`` or ``c12``, the open or closed room of
  board 12) or the ``ah`` heading after it (``Board 12``); both must agree when both are
  there. A board's pairs run from its ``qx`` (or its ``pn``, or its ``md``) to the next.
- ``sv`` is the vulnerability: ``o``, ``0`` or ``-`` none, ``n`` North-South, ``e``
  East-West, ``b`` both. The dealer digit and ``sv`` must be the board number's, as the
  PBN reader asks of [Dealer] and [Vulnerable]: ClubScore derives both from the number.
- A board given twice (the open and the closed room) must have the same deal.
- Limits: boards 1-999. Errors name the line of the pair at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tournaments.bridge.cards import SUITS_HIGH_FIRST, Card, CardError, Deal, Suit, parse_rank
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    check_board_number,
    deal_from_hands,
    rest_of_deck,
)
from tournaments.bridge.formats.lin import LIN_SEATS
from tournaments.bridge.seats import SEATS, board_dealer, board_vulnerability, seat_from

_VULNERABILITY = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "Both"}
_ROOM = re.compile(r"[oc]([0-9]{1,4})", re.IGNORECASE)
_HEADING = re.compile(r"[^0-9]*?([0-9]{1,4})\s*")
_STARTS = ("pn", "md")  # a pair that opens the next board once the current one has its deal


@dataclass
class _Pair:
    key: str
    value: str
    line: int


@dataclass
class _Group:
    pairs: list[_Pair] = field(default_factory=list)

    def first(self, key: str) -> _Pair | None:
        return next((pair for pair in self.pairs if pair.key == key), None)


def _text(data: bytes) -> str:
    for number, line in enumerate(data.splitlines(), start=1):
        if b"\0" in line:
            raise DealFileError(f"line {number}", "a NUL byte: a LIN file is text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _pairs(text: str) -> list[_Pair]:
    """Every ``key|value|`` pair of the file with the line its key is on."""
    tokens = text.split("|")
    pairs = []
    line = 1
    for position in range(0, len(tokens) - 1, 2):
        key, value = tokens[position], tokens[position + 1]
        leading = key[: len(key) - len(key.lstrip())]
        key_line = line + leading.count("\n")
        pairs.append(_Pair(key.strip().lower(), value, key_line))
        line += key.count("\n") + value.count("\n")
    return pairs


def _groups(pairs: list[_Pair]) -> list[_Group]:
    """The pairs split into boards: at each ``qx``, or at a ``pn``/``md`` once the board has its ``md``."""
    groups = [_Group()]
    has_deal = False
    for pair in pairs:
        if pair.key == "qx" or (pair.key in _STARTS and has_deal):
            groups.append(_Group())
            has_deal = False
        groups[-1].pairs.append(pair)
        has_deal = has_deal or pair.key == "md"
    return [group for group in groups if group.first("md") is not None]


def _number(group: _Group) -> int:
    md = group.first("md")
    assert md is not None
    numbers = []
    for key, pattern in (("qx", _ROOM), ("ah", _HEADING)):
        pair = group.first(key)
        match = pattern.fullmatch(pair.value.strip()) if pair else None
        if pair and match:
            numbers.append((int(match[1]), pair))
    if not numbers:
        raise DealFileError(
            f"line {md.line}", "a deal (md) with no board number: no qx|o1| nor ah|Board 1| beside it"
        )
    number, pair = numbers[0]
    if len(numbers) == 2 and numbers[1][0] != number:
        raise DealFileError(
            f"line {numbers[1][1].line}",
            f"the heading says board {numbers[1][0]}, qx|{pair.value}| board {number}",
        )
    return check_board_number(number, f"line {pair.line}")


def _hand(text: str, where: str) -> list[Card]:
    cards: list[Card] = []
    suit: Suit | None = None
    compact = text.strip().upper().replace("10", "T")
    for char in compact:
        if char in "SHDC":
            suit = SUITS_HIGH_FIRST["SHDC".index(char)]
        elif suit is None:
            raise DealFileError(where, f"{text.strip()[:20]!r}: a hand starts with its suit letter, as SAK2")
        else:
            try:
                cards.append(Card(suit, parse_rank(char)))
            except CardError as error:
                raise DealFileError(where, str(error)) from None
    return cards


def _deal(md: _Pair, number: int) -> Deal:
    where = f"line {md.line} (board {number})"
    value = md.value.strip()
    if value[:1].isdigit():
        digit, value = value[0], value[1:]
        if digit not in "1234":
            raise DealFileError(where, f"dealer {digit}: LIN's dealer is 1 South, 2 West, 3 North or 4 East")
        dealer = seat_from(LIN_SEATS[int(digit) - 1])
        if dealer.value != board_dealer(number):
            raise DealFileError(
                where,
                f"board {number} is dealt by {board_dealer(number)}, not {dealer.value}: "
                "ClubScore takes the dealer from the board number",
            )
    texts = value.split(",")
    if len(texts) > 4:
        raise DealFileError(where, f"{len(texts)} hands: a deal has four, from South clockwise")
    by_seat = {
        seat_from(LIN_SEATS[index]): _hand(text, where) for index, text in enumerate(texts) if text.strip()
    }
    missing = [seat for seat in SEATS if seat not in by_seat]
    if len(missing) > 1:
        raise DealFileError(
            where,
            f"{', '.join(seat.full_name for seat in missing)} are not given: at most one may be left out",
        )
    if missing:
        by_seat[missing[0]] = rest_of_deck(list(by_seat.values()), where)
    return deal_from_hands([by_seat[seat] for seat in SEATS], where)


def _check_vulnerability(group: _Group, number: int) -> None:
    pair = group.first("sv")
    if pair is None or not pair.value.strip():
        return
    vulnerability = _VULNERABILITY.get(pair.value.strip().lower())
    if vulnerability is None:
        raise DealFileError(f"line {pair.line}", f"sv|{pair.value.strip()[:10]}|: use o, n, e or b")
    if vulnerability != board_vulnerability(number):
        raise DealFileError(
            f"line {pair.line}",
            f"board {number} is vulnerable {board_vulnerability(number)}, not {vulnerability}: "
            "ClubScore takes the vulnerability from the board number",
        )


def read_lin_deals(data: bytes) -> list[Board]:
    """Read a LIN file's boards in file order, each number once; refuse a bad pair by its line."""
    boards: dict[int, tuple[Deal, int]] = {}
    for group in _groups(_pairs(_text(data))):
        md = group.first("md")
        assert md is not None
        number = _number(group)
        deal = _deal(md, number)
        _check_vulnerability(group, number)
        if number in boards and boards[number][0] != deal:
            raise DealFileError(
                f"line {md.line}",
                f"board {number} again with another deal (its deal is on line {boards[number][1]})",
            )
        boards.setdefault(number, (deal, md.line))
    if not boards:
        raise DealFileError("the file", "no deal: a LIN hand record gives each board as md|...|")
    return [(number, deal) for number, (deal, _) in boards.items()]
