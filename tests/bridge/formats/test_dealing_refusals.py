"""Bad dealing files are refused, naming where (line, or record and byte) and what is wrong.

One table: each case damages a good file as files get damaged (cut short, a wrong
checksum, a card twice, a hand of 12 cards, NUL bytes, another format's name) and says
what the message must name. The readers refuse with ``DealFileError``, a ``ValueError``.
"""

from __future__ import annotations

import random

import pytest

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.dealing import DealFileError, read_deal_file, write_deal_file
from tournaments.bridge.formats.dealing.dlm import board_checksum
from tournaments.bridge.formats.lin import write_lin

rng = random.Random(32)
BOARDS = [(number, deal_from_permutation(random_permutation(rng))) for number in (1, 2, 3)]
DUP, DLM, BRI, DGE, BER = (write_deal_file(fmt, BOARDS) for fmt in ("dup", "dlm", "bri", "dge", "ber"))
LIN = write_lin(BOARDS).encode()


def replaced(data: bytes, offset: int, new: bytes) -> bytes:
    return data[:offset] + new + data[offset + len(new) :]


def dlm_board(number: int) -> tuple[bytes, bytes]:
    """Board ``number``'s line in DLM, and the same line with one card moved from its first seat to North."""
    line = next(line for line in DLM.split(b"\r\n") if line.startswith(b"Board %02d=" % number))
    letters = line[9:35].decode()
    moved = ("a" if letters[0] != "a" else "e") + letters[1:]  # both cards to North, or East's first card
    return line, b"Board %02d=%s%03d" % (number, moved.encode(), board_checksum(number, moved))


def dlm_wrong_checksum() -> bytes:
    line, _ = dlm_board(2)
    return DLM.replace(line, line[:-3] + b"%03d" % ((int(line[-3:]) + 1) % 1000))


def bri_card_twice() -> bytes:
    return replaced(BRI, 2, BRI[0:2])


def dge_card_twice() -> bytes:
    # North's first card shown again as East's first card of the same suit (both ranks stay 13 a hand).
    north_first = DGE[1:2] if DGE[1:2] != b"\x03" else DGE[2:3]
    east_spades = DGE[18:19]
    if east_spades == b"\x03":  # East has no spade: take a rank of North's hearts for East's hearts
        return replaced(DGE, DGE.index(b"\x03", 17) + 1, DGE[DGE.index(b"\x03") + 1 : DGE.index(b"\x03") + 2])
    return replaced(DGE, 18, north_first)


CASES = [
    # name, data, file name, what the message names
    ("empty", b"", "deals.dup", ["the file", "empty"]),
    ("only NULs", b"\0" * 156, "deals.dup", ["the file", "empty"]),
    ("unknown bytes", b"hello, dealing machine\n", "deals.txt", ["not a deal file", ".dup", ".dlm", ".ber"]),
    ("unknown without a name", b"\xff\xfe" * 80, "", ["not a deal file", ".bri", ".pbn", ".lin"]),
    ("a DLM file named .dup", DLM, "deals.dup", ["named .dup", "DLM file"]),
    ("a BRI file named .ber", BRI, "deals.ber", ["named .ber", "BRI file"]),
    ("DUP cut short in a record", DUP[:-10], "deals.dup", ["record 3 (board 3), byte 312", "cut short"]),
    (
        "DUP cut short at a record's end",
        DUP[:312],
        "deals.dup",
        ["the file", "boards 1-3", "holds 2", "cut short"],
    ),
    ("DUP a card number 53", replaced(DUP, 2, b"53"), "", ["record 1 (board 1), byte 2", "'53'", "01 to 52"]),
    (
        "DUP a NUL among the digits",
        replaced(DUP, 160, b"\0"),
        "",
        ["record 2 (board 2), byte 160", "card number"],
    ),
    ("DUP a card twice", replaced(DUP, 2, DUP[0:2]), "", ["record 1 (board 1)", "given twice"]),
    (
        "DUP parts disagree",
        replaced(DUP, 78, DUP[156 + 78 : 156 + 146]),
        "",
        ["record 1 (board 1), byte 78", "DGE part"],
    ),
    ("DUP a bad flag", replaced(DUP, 146, b"X"), "deals.dup", ["record 1 (board 1), byte 146", "Y or N"]),
    (
        "DUP another set",
        replaced(DUP, 156 + 153, b"04 "),
        "",
        ["record 2 (board 2), byte 302", "every record"],
    ),
    (
        "DLM a wrong header checksum",
        DLM.replace(b"Checksum=3", b"Checksum=7"),
        "",
        ["line 10", "Checksum=7", "give 3"],
    ),
    ("DLM a wrong board checksum", dlm_wrong_checksum(), "", ["line 14 (board 2)", "checksum"]),
    (
        "DLM a hand of 12 cards",
        DLM.replace(*dlm_board(3)),
        "",
        ["line 16 (board 3)", "holds 13 cards", "North 14", "12 cards"],
    ),
    ("DLM a NUL byte", DLM.replace(b"Status=Show", b"Status=\0how"), "", ["line 3", "0x00"]),
    ("DLM cut short", DLM[: DLM.index(b"Board 03")], "deals.dlm", ["'Board 03' is missing"]),
    ("DLM enciphered", DLM.replace(b"Crypto key=0", b"Crypto key=7"), "", ["line 9", "enciphered"]),
    ("DLM a board past 99", DLM.replace(b"To board=3", b"To board=120"), "", ["line 6", "1-99"]),
    ("BRI cut short", BRI[:300], "deals.bri", ["record 3 (board 3), byte 256", "cut short"]),
    ("BRI a card twice", bri_card_twice(), "", ["record 1 (board 1)", "given twice"]),
    (
        "BRI junk in the filler",
        replaced(BRI, 228, b"x"),
        "",
        ["record 2 (board 2), byte 228", "spaces and NULs"],
    ),
    ("DGE cut short", DGE[:200], "deals.dge", ["record 2 (board 2), byte 128", "cut short"]),
    ("DGE a card twice", dge_card_twice(), "", ["record 1 (board 1)", "once"]),
    ("DGE a NUL in a hand", replaced(DGE, 5, b"\0"), "deals.dge", ["record 1 (board 1), byte 5", "0x00"]),
    ("BER a seat 5", replaced(BER, 60, b"5"), "", ["record 2 (board 2), byte 60", "0x35", "1 North"]),
    (
        "BER a hand of 12 cards",
        replaced(BER, 0, b"2" if BER[:1] == b"1" else b"1"),
        "",
        ["record 1 (board 1)", "holds 13 cards", "12 and", "14 cards"],
    ),
    ("BER cut short", BER[:150], "deals.ber", ["record 3 (board 3), byte 104", "cut short"]),
    (
        "LIN the dealer of another board",
        LIN.replace(b"md|3", b"md|1", 1),
        "",
        ["line 1 (board 1)", "dealt by N, not S"],
    ),
    (
        "LIN another vulnerability",
        LIN.replace(b"sv|o|", b"sv|b|", 1),
        "",
        ["line 1", "vulnerable None, not Both"],
    ),
    ("LIN no board number", LIN.replace(b"ah|Board 1|", b"ah||", 1), "", ["line 1", "no board number"]),
    (
        "LIN two hands left out",
        LIN.replace(LIN[LIN.index(b"md|") : LIN.index(b"|rh")], b"md|3,,SAKQJT98765432,"),
        "",
        ["line 1", "at most one"],
    ),
    ("LIN a NUL byte", LIN.replace(b"Board 2", b"Board\0 2"), "", ["line 2", "NUL"]),
]


@pytest.mark.parametrize(
    ("data", "name", "named"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_a_bad_file_is_refused_naming_where_and_what(data, name, named):
    with pytest.raises(DealFileError) as refused:
        read_deal_file(data, name)
    message = str(refused.value)
    assert isinstance(refused.value, ValueError)
    for part in named:
        assert part in message, f"{part!r} not in {message!r}"


@pytest.mark.parametrize(
    ("fmt", "numbers", "named"),
    [
        ("bri", [2, 3], "board 1 is not dealt"),
        ("ber", [1, 2, 4], "board 3 is not dealt"),
        ("dge", [1, 3], "board 2 is not dealt"),
        ("dup", [5, 6, 8], "board 7 is not dealt"),
        ("dup", [98, 99, 100], "boards 1-99"),
        ("dlm", [99, 100], "boards 1-99"),
        ("dlm", [], "no dealt board"),
    ],
)
def test_a_format_of_consecutive_records_refuses_boards_it_cannot_hold(fmt, numbers, named):
    deal = BOARDS[0][1]
    with pytest.raises(DealFileError, match=named):
        write_deal_file(fmt, [(number, deal) for number in numbers])
