"""Read a PBN file's boards: the deal of each board number, and its double dummy when given.

Reading is lenient where real files are (see ``tags`` for the lexical rules): tags
ClubScore does not use, and ``-`` for one unknown hand (the fourth hand is the 13 cards
the other three do not hold). It refuses, with the line number, a deal that is not 52
distinct cards in four hands of 13, more than one unknown hand, a board given again
with another deal, and a [Dealer] or [Vulnerable] that is not the one the board number fixes: ClubScore
derives dealer and vulnerability from the board number (the 16-board cycle), so a file
that says otherwise would be played with conditions the hand record does not show;
better to refuse it and name the board than to store it with the wrong ones.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tournaments.bridge.cards import DECK_SIZE, FULL_DECK, CardError, Deal, Hand
from tournaments.bridge.formats.pbn.charset import decode_pbn
from tournaments.bridge.formats.pbn.results import PbnResults, read_results
from tournaments.bridge.formats.pbn.tags import Game, PbnError, Tag, read_games
from tournaments.bridge.formats.pbn.values import (
    DD_DECLARERS,
    DD_STRAINS,
    VULNERABLE_IN,
    VULNERABLE_OUT,
    PbnBoard,
)
from tournaments.bridge.seats import MAX_BOARD_NUMBER, Seat, board_dealer, board_vulnerability, seat_from

_UNKNOWN_HAND = "-"


def read_deal(tag: Tag) -> Deal:
    """Read a [Deal] value such as ``'N:AK.. ... - ...'``; one ``-`` hand is completed from the deck."""
    first, colon, rest = tag.value.strip().partition(":")
    try:
        seat = seat_from(first)
    except ValueError:
        raise PbnError(
            tag.line, f"bad [Deal] {tag.value!r}: it starts with a seat and a colon, as N:"
        ) from None
    texts = rest.split()
    if not colon or len(texts) != 4:
        raise PbnError(tag.line, f"bad [Deal] {tag.value!r}: four hands separated by spaces are needed")
    hands: dict[Seat, Hand] = {}
    unknown = []
    for offset, text in enumerate(texts):
        hand_seat = seat.rotate(offset)
        if text == _UNKNOWN_HAND:
            unknown.append(hand_seat)
            continue
        try:
            hands[hand_seat] = Hand.from_pbn(text)
        except CardError as error:
            raise PbnError(tag.line, f"[Deal], {hand_seat.full_name}'s hand: {error}") from None
    if len(unknown) > 1:
        names = ", ".join(seat.full_name for seat in unknown)
        raise PbnError(tag.line, f"[Deal] leaves {names} unknown: a hand record needs at least three hands")
    if unknown:
        held = {card for hand in hands.values() for card in hand.cards}
        rest_of_deck = [card for card in FULL_DECK if card not in held]
        if len(held) != DECK_SIZE - 13 or len(rest_of_deck) != 13:
            raise PbnError(tag.line, "[Deal]: the three known hands repeat a card")
        hands[unknown[0]] = Hand(frozenset(rest_of_deck))
    try:
        return Deal.from_hands(hands)
    except CardError as error:
        raise PbnError(tag.line, f"[Deal] is not 52 distinct cards: {error}") from None


def read_dd(tag: Tag) -> dict[str, dict[str, int]]:
    """Read [DoubleDummyTricks]: 20 hex digits, declarers N, S, E, W, each NT, S, H, D, C."""
    value = tag.value.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", value):
        raise PbnError(tag.line, f"bad [DoubleDummyTricks] {value!r}: 20 hex digits from 0 to d are needed")
    digits = iter(value)
    return {seat: {strain: int(next(digits), 16) for strain in DD_STRAINS} for seat in DD_DECLARERS}


def board_number(game: Game) -> int:
    tag = game.tags["board"]
    value = tag.value.strip()
    # ASCII digits, bounded: isdigit() admits '²' and int() refuses 5,000 digits (issue 24).
    if not re.fullmatch(r"[0-9]{1,4}", value) or not 1 <= int(value) <= MAX_BOARD_NUMBER:
        raise PbnError(
            tag.line, f"bad [Board] {value[:20]!r}: a board number from 1 to {MAX_BOARD_NUMBER} is needed"
        )
    return int(value)


def _check_dealer(game: Game, number: int) -> None:
    tag = game.get("dealer")
    if tag is None or tag.value.strip() in ("", "?"):
        return
    try:
        dealer = seat_from(tag.value).value
    except ValueError:
        raise PbnError(tag.line, f"bad [Dealer] {tag.value!r}: use N, E, S or W") from None
    if dealer != board_dealer(number):
        raise PbnError(
            tag.line,
            f"board {number} is dealt by {board_dealer(number)}, not {dealer}: "
            "ClubScore takes the dealer from the board number",
        )


def _check_vulnerability(game: Game, number: int) -> None:
    tag = game.get("vulnerable")
    if tag is None or tag.value.strip() in ("", "?"):
        return
    vulnerability = VULNERABLE_IN.get(tag.value.strip().upper())
    if vulnerability is None:
        raise PbnError(tag.line, f"bad [Vulnerable] {tag.value!r}: use None, NS, EW or All")
    if vulnerability != board_vulnerability(number):
        expected = VULNERABLE_OUT[board_vulnerability(number)]
        raise PbnError(
            tag.line,
            f"board {number} is vulnerable {expected}, not {VULNERABLE_OUT[vulnerability]}: "
            "ClubScore takes the vulnerability from the board number",
        )


def read_board(game: Game) -> PbnBoard:
    """Read one game's board: number, deal, double dummy; its dealer and vulnerability checked."""
    number = board_number(game)
    if "deal" not in game.tags:
        raise PbnError(game.tags["board"].line, f"board {number} has no [Deal]")
    _check_dealer(game, number)
    _check_vulnerability(game, number)
    dd_tag = game.get("doubledummytricks")
    return PbnBoard(
        number=number, deal=read_deal(game.tags["deal"]), dd_tricks=read_dd(dd_tag) if dd_tag else None
    )


@dataclass(frozen=True)
class PbnEvent:
    """One event of a file: its [Event] name ('' when the games give none) and its boards."""

    name: str
    boards: int

    @property
    def label(self) -> str:
        name = f"'{self.name}'" if self.name else "(no event name)"
        return f"{name} ({self.boards} board{'' if self.boards == 1 else 's'})"


class PbnEventChoice(ValueError):
    """A file of several events read without the one to take, or with a name it does not hold.

    ``events`` lists them, in file order, for the director to choose from (the PBN
    Verifier's test file and a congress's results hold several; each deals its own boards).
    """

    def __init__(self, problem: str, events: list[PbnEvent]) -> None:
        listed = ", ".join(event.label for event in events)
        super().__init__(f"{problem}: it holds {listed}")
        self.events = events


def _game_event(game: Game) -> str:
    return game.value("event")


def file_events(games: list[Game]) -> list[PbnEvent]:
    """The events of the file's board games, in file order, each with its number of distinct boards."""
    boards: dict[str, set[str]] = {}
    for game in games:
        if "board" in game.tags:
            boards.setdefault(_game_event(game), set()).add(game.value("board"))
    return [PbnEvent(name, len(numbers)) for name, numbers in boards.items()]


def pbn_events(text: str) -> list[PbnEvent]:
    """The events a decoded file holds (see ``file_events``); raise ``PbnError`` if it cannot be split."""
    return file_events(read_games(text.lstrip("\ufeff")))


def _event_games(games: list[Game], event: str | None) -> list[Game]:
    """The games of the event to take: all of a file of one event, else those of ``event``."""
    events = file_events(games)
    if event is None:
        if len(events) > 1:
            raise PbnEventChoice(f"the file holds {len(events)} events, so say which one to take", events)
        return games
    if event not in {found.name for found in events}:
        raise PbnEventChoice(f"the file has no event named '{event}'", events)
    return [game for game in games if _game_event(game) == event]


@dataclass(frozen=True)
class PbnFile:
    """A file's boards (each number once, in file order) and the results of its tables."""

    boards: list[PbnBoard]
    results: PbnResults


def read_pbn_file(text: str, event: str | None = None) -> PbnFile:
    """Read a PBN file's boards and results; raise ``PbnError`` naming the line at fault.

    A board may come once per table (a results file): its deal is taken once, and two
    games of one board that disagree on the deal are refused. Games with neither [Board]
    nor [Deal] (a file header of [Event] and [Site]) are skipped. A file whose boards
    belong to several [Event]s is read for one, ``event``; without it such a file is
    refused with ``PbnEventChoice``, naming its events, rather than mixing their deals.
    """
    games = _event_games(read_games(text.lstrip("\ufeff")), event)
    boards: dict[int, tuple[PbnBoard, int]] = {}
    board_games: list[tuple[Game, int]] = []
    for game in games:
        if "board" not in game.tags:
            if "deal" in game.tags:
                raise PbnError(game.tags["deal"].line, "a [Deal] without a [Board] number")
            continue
        board = read_board(game)
        board_games.append((game, board.number))
        line = game.tags["deal"].line
        if board.number not in boards:
            boards[board.number] = (board, line)
        elif boards[board.number][0].deal != board.deal:
            first = boards[board.number][1]
            raise PbnError(
                line,
                f"board {board.number} again with another deal (its deal is on line {first}): "
                "a session plays one deal a board, so a file of several sets must be split",
            )
    return PbnFile([board for board, _ in boards.values()], read_results(board_games, games))


def read_pbn(text: str) -> list[PbnBoard]:
    """Read every board of a PBN file, in file order, each number once (see ``read_pbn_file``)."""
    return read_pbn_file(text).boards


def read_pbn_bytes(data: bytes) -> list[PbnBoard]:
    """Read a PBN file's bytes, in the character set it declares (see ``decode_pbn``)."""
    return read_pbn(decode_pbn(data))
