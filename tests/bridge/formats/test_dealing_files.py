"""Real dealing files of other software read as the PBN their source gives, and ours as theirs are written.

The files are in tests/fixtures/dealing (README: source, commit, licence): Big Deal 1.2's
and deal-convert's output of the same deals in every format, beside the PBN file each
source gives. Where the producer is Big Deal, whose bytes the dealing machines take, our
writer must give the same bytes (BRI, DGE, BER; DUP and DLM where they differ only by
the version of Big Deal). Published examples are checked too: Duplimate's own (convert.pdf)
and two real DLM board lines that users quoted on public forums.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.dealing import read_deal_file, write_deal_file
from tournaments.bridge.formats.dealing.bri import read_bri
from tournaments.bridge.formats.dealing.dge import read_dge
from tournaments.bridge.formats.dealing.dlm import board_checksum, read_dlm
from tournaments.bridge.formats.pbn import read_pbn_bytes

FIXTURES = Path(__file__).parents[2] / "fixtures" / "dealing"
SOURCES = {
    "bigdeal-1.2": ("dup", "dlm", "bri", "dge", "ber"),
    "deal-convert": ("dup", "dlm", "bri", "dge", "ber", "lin"),
}
CASES = [(source, fmt) for source, formats in SOURCES.items() for fmt in formats]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def source_pbn(source: str) -> list[tuple[int, Deal]]:
    return [(board.number, board.deal) for board in read_pbn_bytes(fixture(f"{source}.pbn"))]


def read(name: str) -> list[tuple[int, Deal]]:
    return [(board.number, board.deal) for board in read_deal_file(fixture(name), name).boards]


@pytest.mark.parametrize(("source", "fmt"), CASES)
def test_a_real_file_reads_as_the_pbn_its_source_gives(source, fmt):
    assert read(f"{source}.{fmt}") == source_pbn(source)


@pytest.mark.parametrize(("source", "fmt"), CASES)
def test_a_real_file_is_known_by_its_bytes_whatever_its_name(source, fmt):
    assert read_deal_file(fixture(f"{source}.{fmt}"), "from-the-club").format == fmt


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("fmt", ["bri", "dge", "ber"])
def test_our_records_are_the_bytes_big_deal_and_deal_convert_write(source, fmt):
    assert write_deal_file(fmt, source_pbn(source)) == fixture(f"{source}.{fmt}")


@pytest.mark.parametrize("source", SOURCES)
def test_our_dup_records_are_theirs_with_the_set_repeated_in_every_record(source):
    # Big Deal since 1.3 repeats the 10-byte trailer in every record; 1.2 and deal-convert
    # wrote it in the first one only, NULs after.
    ours, theirs = write_deal_file("dup", source_pbn(source)), fixture(f"{source}.dup")
    assert ours[:156] == theirs[:156]
    for start in range(156, len(theirs), 156):
        assert ours[start : start + 146] == theirs[start : start + 146]
        assert theirs[start + 146 : start + 156] == b"\0" * 10
        assert ours[start + 146 : start + 156] == ours[146:156]


@pytest.mark.parametrize("source", SOURCES)
def test_our_dlm_board_lines_are_theirs_all_99_with_their_checksums(source):
    def board_lines(data: bytes) -> list[str]:
        return [
            line for line in data.decode("ascii").splitlines() if line.startswith(("Board ", "Duplicates "))
        ]

    ours = write_deal_file("dlm", source_pbn(source))
    assert board_lines(ours) == board_lines(fixture(f"{source}.dlm"))
    assert len(board_lines(ours)) == 2 * 99
    assert ours.count(b"\r\n") == len(
        ours.splitlines()
    )  # Windows line ends, as the machines' software writes


def test_dealer_bri_reads_eight_boards_numbered_from_1():
    boards = read_bri(fixture("dealer.bri"))
    assert [number for number, _ in boards] == list(range(1, 9))
    assert boards[0][1] == Deal.from_pbn(
        "N:JT2.A963.KQ54.J7 Q94.QJ8.JT63.A93 A875.K7.A92.K652 K63.T542.87.QT84"
    )


def test_a_lin_line_as_big_deal_writes_it_three_hands_and_sv_0_reads_as_its_pbn():
    # Big Deal's print_lin (output.c): qx, the dealer digit, South, West and North (East left
    # out: the rest of the deck), the heading, sv|0| for none vulnerable.
    [(number, deal)] = source_pbn("bigdeal-1.2")[:1]
    hands = ",".join(
        "".join(suit + holding for suit, holding in zip("SHDC", deal[seat].pbn().split("."), strict=True))
        for seat in "SWN"
    )
    line = f"qx|o1|md|3{hands}|rh||ah|Board 1|sv|0|pg||\n".encode()
    assert [(board.number, board.deal) for board in read_deal_file(line).boards] == [(number, deal)]


def test_duplimates_own_example_reads_as_its_document_writes_the_hands():
    # Duplimate's convert.pdf: "BRI 18043727240822422106250717 51503215164929412640314645
    # 43351128302039140152133403" and "DGE ♠J987♥JT7643♦A4♣Q ♠♥KQ2♦QT9♣AK98543 ♠AQ42♥A8♦KJ762♣J2
    # ♠KT653♥95♦853♣T76", North, East, South (and West in the DGE line).
    bri = b"180437272408224221062507175150321516492941264031464543351128302039140152133403"
    symbols = str.maketrans({"♠": "\x06", "♥": "\x03", "♦": "\x04", "♣": "\x05"})
    dge = "♠J987♥JT7643♦A4♣Q♠♥KQ2♦QT9♣AK98543♠AQ42♥A8♦KJ762♣J2♠KT653♥95♦853♣T76".translate(symbols)
    expected = Deal.from_pbn("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
    assert read_bri(bri + b" " * 32 + b"\0" * 18) == [(1, expected)]
    assert read_dge(dge.encode("latin-1") + b"\0" * 60) == [(1, expected)]


@pytest.mark.parametrize(
    ("line", "where"),
    [
        # Robin Barker and Gerben42, "Structure of DLM files", forums.bridgebase.com topic 61351, 2013.
        ("Board 01=cgcajjjnakpkchipnjhmbmbpbh022", "BBO forums"),
        # Steve Foster, "File formats", rec.games.bridge, 12 March 2011.
        ("Board 01=jlifaelnecgmoldfjmcflinlap023", "rec.games.bridge"),
    ],
)
def test_real_dlm_board_lines_quoted_in_public_have_the_checksum_we_compute(line, where):
    letters, checksum = line[9:35], int(line[35:])
    assert board_checksum(1, letters) == checksum
    header = "\r\n".join(
        [
            "[Document]",
            "Status=Show",
            "Duplicates=0",
            "From board=1",
            "To board=1",
            "Crypto key=0",
            "Checksum=1",
            "",
        ]
    )
    [(number, deal)] = read_dlm((header + line + "\r\n").encode())
    assert number == 1 and all(len(deal[seat].cards) == 13 for seat in "NESW")


def test_the_dlm_reader_takes_deal_converts_checksum_for_a_set_not_from_board_1():
    # deal-convert writes the number of boards XOR 1 (Status=Show); Big Deal Duplicates XOR From XOR To XOR 1.
    shifted = [(number + 16, deal) for number, deal in source_pbn("deal-convert")]  # boards 17-32
    ours = write_deal_file("dlm", shifted)
    assert b"Checksum=48\r\n" in ours  # 0 ^ 17 ^ 32 ^ 1
    theirs = ours.replace(b"Duplicates=0\r\n", b"Duplicates=1\r\n").replace(b"Checksum=48", b"Checksum=17")
    assert [(board.number, board.deal) for board in read_deal_file(theirs).boards] == shifted


def test_a_dlm_headline_in_a_windows_code_page_does_not_stop_the_reading():
    boards = source_pbn("bigdeal-1.2")
    headline = "Headline=Klubb Ørebro".encode("cp1252")
    data = write_deal_file("dlm", boards).replace(b"Headline=ClubScore", headline)
    assert [(board.number, board.deal) for board in read_deal_file(data).boards] == boards
