"""DGE: Duplimate's deal file of the four hands written out, with the DOS suit symbols.

Layout (Duplimate's convert.pdf, "the DGE part"; Big Deal's ``print_dge``, ``output.c``):

- One record of 128 bytes a board; no header, no board number: record 1 is board 1, and
  so on in file order. No dealer or vulnerability.
- Bytes 0-67: the four hands, North, East, South, West, 17 bytes each: a suit symbol
  before each suit (the DOS code page's: 0x06 spade, 0x03 heart, 0x04 diamond, 0x05
  club, in that order) and the hand's 13 ranks, ``AKQJT98765432``, high first. A void
  is its symbol alone, so a hand is always 4 + 13 = 17 bytes.
- Bytes 68-127: filler, 60 NUL bytes as Big Deal writes them (the reader also takes spaces).
- Limits: none in the format; ClubScore reads boards 1-999.

The 68 bytes are also the second part of every DUP record (``dup``), read and written here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.bridge.cards import SUITS_HIGH_FIRST, Card, Deal, Hand, parse_rank
from tournaments.bridge.formats.dealing.bri import read_records, record_where
from tournaments.bridge.formats.dealing.values import (
    Board,
    DealFileError,
    consecutive_numbers,
    deal_from_hands,
)
from tournaments.bridge.seats import SEATS

RECORD_SIZE = 128
PART_SIZE = 68  # 4 hands x (4 symbols + 13 ranks)
HAND_BYTES = 17
SUIT_SYMBOLS = b"\x06\x03\x04\x05"  # spade, heart, diamond, club in the DOS code page
_RANKS = b"AKQJT98765432"
_FILLER = b"\0" * (RECORD_SIZE - PART_SIZE)


def _hand_bytes(hand: Hand) -> bytes:
    return b"".join(
        symbol.to_bytes(1, "big") + hand.holding_text(suit, ten="T", separator="").encode("ascii")
        for symbol, suit in zip(SUIT_SYMBOLS, SUITS_HIGH_FIRST, strict=True)
    )


def dge_part(deal: Deal) -> bytes:
    """Return the 68 bytes of a deal: North's, East's, South's and West's hands, suit by suit."""
    return b"".join(_hand_bytes(deal[seat]) for seat in SEATS)


def _read_hand(part: bytes, seat_index: int, *, index: int, start: int, first_board: int) -> list[Card]:
    """Read one hand's 17 bytes: each suit symbol in its order, then that suit's ranks."""
    cards: list[Card] = []
    suit_index = -1
    base = seat_index * HAND_BYTES
    for position in range(base, base + HAND_BYTES):
        byte = part[position]
        where = record_where(index, start + position, first_board)
        if suit_index + 1 < 4 and byte == SUIT_SYMBOLS[suit_index + 1]:
            suit_index += 1
        elif suit_index >= 0 and byte in _RANKS:
            cards.append(Card(SUITS_HIGH_FIRST[suit_index], parse_rank(chr(byte))))
        else:
            expected = (
                "the spade symbol (0x06)"
                if suit_index < 0
                else "a rank (AKQJT98765432) or the next suit's symbol"
            )
            raise DealFileError(
                where, f"byte 0x{byte:02x} where {expected} is needed in {SEATS[seat_index].full_name}'s hand"
            )
    if suit_index != 3:
        raise DealFileError(
            record_where(index, start + base, first_board),
            f"{SEATS[seat_index].full_name}'s hand does not give the four suits in its 17 bytes",
        )
    return cards


def read_dge_part(part: bytes, *, index: int, start: int, first_board: int = 1) -> Deal:
    """Read the 68 bytes at file offset ``start`` of record ``index`` as a deal."""
    hands = [_read_hand(part, seat, index=index, start=start, first_board=first_board) for seat in range(4)]
    return deal_from_hands(hands, record_where(index, start, first_board))


def read_dge(data: bytes) -> list[Board]:
    """Read a DGE file's boards, numbered 1, 2, 3... in file order; refuse a bad record by its byte."""
    return read_records(
        data, size=RECORD_SIZE, part=PART_SIZE, name="DGE", after="the four hands", read_part=read_dge_part
    )


def write_dge(boards: Sequence[Board] | Iterable[Board]) -> bytes:
    """Return boards 1..n as a DGE file, as Big Deal writes it."""
    listed = list(boards)
    consecutive_numbers(listed, "DGE", first=1)
    return b"".join(dge_part(deal) + _FILLER for _, deal in listed)
