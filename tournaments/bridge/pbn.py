"""PBN 2.1 (Portable Bridge Notation) hand records: write a session's deals, read a file's.

PBN is what dealing machines (Duplimate, Dealer4) and BridgeComposer read and write.
A file is a list of games separated by blank lines; a game is a list of tag pairs
``[Name "value"]``, some followed by data lines (the tables, the auction, the play).

Writing: ``% PBN 2.1`` then one game per board with [Event]/[Site]/[Date] when given,
[Board], [Dealer], [Vulnerable] (None, NS, EW, All), [Deal "N:..."], and when the
double-dummy analysis is known [DoubleDummyTricks] (20 hex digits: declarers N, E, S,
W, each strains NT, S, H, D, C), [OptimumScore "NS 420"], [ParContract] and the
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"] with one line per declarer
and strain (``N NT 9``); then par for a human reader in a comment,
``{Par: 2♥ by E or W, NS −110}``. The export format's seven-tag roster (players, contract,
result) is left out: a hand record has none of it, so the file declares no ``% EXPORT``.

Reading is lenient where real dealing-machine files are: ``;`` and ``{...}`` comments
(a brace comment may span lines), ``%`` escape lines, ``#`` for the previous game's
value of a tag, CRLF line ends, a byte-order mark, tags ClubScore does not use, and
``-`` for one unknown hand (the fourth hand is the 13 cards the other three do not
hold). It refuses, with the line number, a malformed tag, a deal that is not 52
distinct cards in four hands of 13, more than one unknown hand, a repeated board number,
and a [Dealer] or [Vulnerable] that is not the one the board number fixes: ClubScore
derives dealer and vulnerability from the board number (the 16-board cycle), so a file
that says otherwise would be played with conditions the hand record does not show;
better to refuse it and name the board than to store it with the wrong ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tournaments.bridge.cards import DECK_SIZE, FULL_DECK, CardError, Deal, Hand
from tournaments.bridge.par import ParNotationError, par_text
from tournaments.bridge.seats import Seat, board_dealer, board_vulnerability, seat_from

PBN_VERSION = "2.1"
DD_DECLARERS = ("N", "E", "S", "W")
DD_STRAINS = ("NT", "S", "H", "D", "C")  # the order of DoubleDummyTricks and of the table lines
OPTIMUM_RESULT_HEADER = "Declarer;Denomination\\2R;Result\\2R"

# ClubScore's vulnerability names to PBN's, and every PBN spelling back.
_VULNERABLE_OUT = {"None": "None", "NS": "NS", "EW": "EW", "Both": "All"}
_VULNERABLE_IN = {
    "NONE": "None",
    "LOVE": "None",
    "-": "None",
    "NS": "NS",
    "EW": "EW",
    "ALL": "Both",
    "BOTH": "Both",
}

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_UNKNOWN_HAND = "-"
# Tags followed by data lines (PBN 2.1 section 3: the Auction, Play and *Table sections).
_SECTION_TAGS = ("auction", "play")


class PbnError(ValueError):
    """A PBN file that cannot be read; ``line`` is the 1-based line at fault."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class PbnBoard:
    """One board of a hand record: its deal and, when analysed, its double-dummy figures."""

    number: int
    deal: Deal
    dd_tricks: Mapping[str, Mapping[str, int]] | None = None  # declarer -> strain -> tricks
    par_score: int | None = None  # from North-South
    par_contracts: str = ""  # as ClubScore stores them: '4SEx-3, 4SWx-3'

    @property
    def dealer(self) -> str:
        return board_dealer(self.number)

    @property
    def vulnerability(self) -> str:
        return board_vulnerability(self.number)


# --- Writing -----------------------------------------------------------------------------------


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str, *, raw: bool = False) -> str:
    """Return a tag pair; ``raw`` keeps a table header's column widths (``\\2R``) as the spec writes them."""
    return f'[{name} "{value if raw else _quote(value)}"]'


def double_dummy_hex(dd_tricks: Mapping[str, Mapping[str, int]]) -> str:
    """Return the [DoubleDummyTricks] value: one hex digit per declarer (N, E, S, W) and strain."""
    return "".join(f"{dd_tricks[seat][strain]:x}" for seat in DD_DECLARERS for strain in DD_STRAINS)


_PAR_CONTRACT = re.compile(r"^(\d)(NT|[CDHS])([NESW])(x{0,2})", re.IGNORECASE)


def par_contract_pbn(par_contracts: str) -> str:
    """Return the [ParContract] value from ClubScore's par text: ``'2NTE=, 2NTW='`` -> ``'EW 2NT'``.

    PBN names the side (or seat) and the contract; ClubScore lists each declarer, so two
    declarers of one side with the same contract are written once, for the side.
    """
    by_contract: dict[str, list[str]] = {}
    for text in (part.strip() for part in par_contracts.split(",")):
        match = _PAR_CONTRACT.match(text)
        if match is None:
            continue
        contract = f"{match[1]}{match[2].upper()}{match[4].upper()}"
        by_contract.setdefault(contract, []).append(match[3].upper())
    parts = []
    for contract, seats in by_contract.items():
        side = seat_from(seats[0]).side
        whole_side = all(seat_from(seat).side == side for seat in seats) and len(set(seats)) == 2
        parts.append(f"{side if whole_side else ''.join(seats)} {contract}")
    return "; ".join(parts)


def _par_comment(board: PbnBoard) -> list[str]:
    """Return par for a reader, ``{Par: 2♥ by E or W, NS −110}``: the tags above are for programs."""
    try:
        return ["{Par: " + par_text(board.par_contracts, board.par_score) + "}"]
    except ParNotationError:
        return []


def write_pbn(
    boards: Iterable[PbnBoard], *, event: str = "", site: str = "", date: str = "", creator: str = "ClubScore"
) -> str:
    """Return a PBN 2.1 file of ``boards``; ``date`` as PBN writes it (``'2026.11.23'``)."""
    lines = [f"% PBN {PBN_VERSION}", f"% Creator: {creator}", ""]
    for board in boards:
        if event:
            lines.append(_tag("Event", event))
        if site:
            lines.append(_tag("Site", site))
        if date:
            lines.append(_tag("Date", date))
        lines += [
            _tag("Board", str(board.number)),
            _tag("Dealer", board.dealer),
            _tag("Vulnerable", _VULNERABLE_OUT[board.vulnerability]),
            _tag("Deal", board.deal.pbn(board.dealer)),
        ]
        if board.dd_tricks:
            lines.append(_tag("DoubleDummyTricks", double_dummy_hex(board.dd_tricks)))
        if board.par_score is not None:
            lines.append(_tag("OptimumScore", f"NS {board.par_score}"))
            if board.par_contracts:
                lines.append(_tag("ParContract", par_contract_pbn(board.par_contracts)))
            lines += _par_comment(board)
        if board.dd_tricks:
            lines.append(_tag("OptimumResultTable", OPTIMUM_RESULT_HEADER, raw=True))
            lines += [
                f"{seat} {strain:>2} {board.dd_tricks[seat][strain]}"
                for seat in DD_DECLARERS
                for strain in DD_STRAINS
            ]
        lines.append("")
    return "\r\n".join(lines)


# --- Reading -----------------------------------------------------------------------------------


@dataclass
class _Tag:
    value: str
    line: int


def _strip_comments(text: str, line_number: int, in_brace: bool) -> tuple[str, bool]:
    """Return the line without its comments (outside quoted values) and whether a ``{`` stays open."""
    kept = []
    in_string = False
    index = 0
    while index < len(text):
        char = text[index]
        if in_brace:
            if char == "}":
                in_brace = False
        elif in_string:
            kept.append(char)
            if char == "\\" and index + 1 < len(text):
                kept.append(text[index + 1])
                index += 1
            elif char == '"':
                in_string = False
        elif char == ";":
            break
        elif char == "{":
            in_brace = True
        else:
            kept.append(char)
            if char == '"':
                in_string = True
        index += 1
    if in_string:
        raise PbnError(line_number, f"a tag value is not closed by a quote: {text.strip()!r}")
    return "".join(kept), in_brace


def _games(text: str) -> list[dict[str, _Tag]]:
    """Split the file into games of tags (name lower-cased), resolving ``#`` to the previous game's value."""
    games: list[dict[str, _Tag]] = []
    current: dict[str, _Tag] = {}
    previous: dict[str, _Tag] = {}
    section: str | None = None
    in_brace = False
    for line_number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith("%") and not in_brace:
            continue
        line, in_brace = _strip_comments(raw, line_number, in_brace)
        line = line.strip()
        if not line:
            if not raw.strip() and not in_brace and current:
                games.append(current)
                previous, current, section = current, {}, None
            continue
        if not line.startswith("["):
            if section is None:
                raise PbnError(line_number, f'expected a tag such as [Board "1"], found {line[:40]!r}')
            continue  # a data line of the Auction, Play or a table: not used here
        position = 0
        while position < len(line):
            match = _TAG.match(line, position)
            if match is None:
                raise PbnError(line_number, f'bad tag syntax {line[position:][:40]!r}: write [Name "value"]')
            name, value = match[1], match[2].replace('\\"', '"').replace("\\\\", "\\")
            key = name.lower()
            if value == "#":
                if key not in previous:
                    raise PbnError(line_number, f'[{name} "#"] repeats a value, but no earlier game has one')
                value = previous[key].value
            if key in current:
                raise PbnError(
                    line_number, f"[{name}] appears twice in one game (first on line {current[key].line})"
                )
            current[key] = _Tag(value, line_number)
            section = name if key in _SECTION_TAGS or (key.endswith("table") and key != "table") else None
            position = match.end()
            while position < len(line) and line[position].isspace():
                position += 1
    if current:
        games.append(current)
    return games


def _read_deal(tag: _Tag) -> Deal:
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


def _read_dd(tag: _Tag) -> dict[str, dict[str, int]]:
    value = tag.value.strip()
    if not re.fullmatch(r"[0-9a-dA-D]{20}", value):
        raise PbnError(tag.line, f"bad [DoubleDummyTricks] {value!r}: 20 hex digits from 0 to d are needed")
    digits = iter(value)
    return {seat: {strain: int(next(digits), 16) for strain in DD_STRAINS} for seat in DD_DECLARERS}


def _read_board(game: dict[str, _Tag]) -> PbnBoard:
    board_tag = game["board"]
    if not board_tag.value.strip().isdigit() or int(board_tag.value) < 1:
        raise PbnError(board_tag.line, f"bad [Board] {board_tag.value!r}: a board number from 1 up is needed")
    number = int(board_tag.value)
    if "deal" not in game:
        raise PbnError(board_tag.line, f"board {number} has no [Deal]")
    dealer_tag = game.get("dealer")
    if dealer_tag is not None and dealer_tag.value.strip() not in ("", "?"):
        try:
            dealer = seat_from(dealer_tag.value).value
        except ValueError:
            raise PbnError(dealer_tag.line, f"bad [Dealer] {dealer_tag.value!r}: use N, E, S or W") from None
        if dealer != board_dealer(number):
            raise PbnError(
                dealer_tag.line,
                f"board {number} is dealt by {board_dealer(number)}, not {dealer}: "
                "ClubScore takes the dealer from the board number",
            )
    vulnerable_tag = game.get("vulnerable")
    if vulnerable_tag is not None and vulnerable_tag.value.strip() not in ("", "?"):
        vulnerability = _VULNERABLE_IN.get(vulnerable_tag.value.strip().upper())
        if vulnerability is None:
            raise PbnError(
                vulnerable_tag.line, f"bad [Vulnerable] {vulnerable_tag.value!r}: use None, NS, EW or All"
            )
        if vulnerability != board_vulnerability(number):
            expected = _VULNERABLE_OUT[board_vulnerability(number)]
            raise PbnError(
                vulnerable_tag.line,
                f"board {number} is vulnerable {expected}, not {_VULNERABLE_OUT[vulnerability]}: "
                "ClubScore takes the vulnerability from the board number",
            )
    dd_tag = game.get("doubledummytricks")
    return PbnBoard(
        number=number, deal=_read_deal(game["deal"]), dd_tricks=_read_dd(dd_tag) if dd_tag else None
    )


def read_pbn(text: str) -> list[PbnBoard]:
    """Read every board of a PBN file, in file order; raise ``PbnError`` naming the line at fault.

    Games with neither [Board] nor [Deal] (a file header of [Event] and [Site]) are skipped.
    """
    boards: list[PbnBoard] = []
    seen: dict[int, int] = {}
    for game in _games(text.lstrip("\ufeff")):
        if "board" not in game:
            if "deal" in game:
                raise PbnError(game["deal"].line, "a [Deal] without a [Board] number")
            continue
        board = _read_board(game)
        if board.number in seen:
            raise PbnError(
                game["board"].line, f"board {board.number} again (first on line {seen[board.number]})"
            )
        seen[board.number] = game["board"].line
        boards.append(board)
    return boards


def read_pbn_bytes(data: bytes) -> list[PbnBoard]:
    """Read a PBN file's bytes: UTF-8 (with or without BOM), else Latin-1 as older dealing software writes."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_pbn(text)
