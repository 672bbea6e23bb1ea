"""PBN 2.1 hand records: the written file, its round trip, endplay's reading of it, and bad files."""

import random
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.cards import Deal
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.pbn import (
    PbnBoard,
    PbnError,
    decode_pbn,
    double_dummy_hex,
    par_contract_pbn,
    read_pbn,
    read_pbn_bytes,
    read_pbn_file,
    write_pbn,
)
from tournaments.bridge.formats.pbn.writing import table_lines
from tournaments.bridge.seats import board_dealer

DEAL_1 = "N:KT75.9753.T543.J 982.8.AKJ7.AQT85 AJ6.64.962.K9764 Q43.AKQJT2.Q8.32"
DEAL_2 = "E:AK5.KQ2.AJ86.T92 QJ.JT98.KT5.AKQ3 T98432.A.Q73.J85 76.76543.942.764"
# Each declarer's figures differ, so a file that swaps two declarers is caught.
DD = {seat: {"NT": 7, "S": 8, "H": 9, "D": 10, "C": "NSEW".index(seat) * 4} for seat in "NESW"}
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pbn"


def random_boards(count: int, seed: int = 7) -> list[PbnBoard]:
    rng = random.Random(seed)
    return [
        PbnBoard(number, deal_from_permutation(random_permutation(rng), dealer=board_dealer(number)))
        for number in range(1, count + 1)
    ]


def test_export_then_import_gives_the_same_deals():
    boards = random_boards(32)
    read = read_pbn(write_pbn(boards, event="Monday pairs", site="Oxford", date="2026.11.23"))
    assert [(board.number, board.deal) for board in read] == [(board.number, board.deal) for board in boards]


def test_export_writes_dealer_vulnerability_and_double_dummy_tags():
    board = PbnBoard(4, Deal.from_pbn(DEAL_1), dd_tricks=DD, par_score=-420, par_contracts="4SEx-3, 4SWx-3")
    text = write_pbn([board])
    assert '[Board "4"]' in text
    assert '[Dealer "W"]' in text
    assert '[Vulnerable "All"]' in text
    assert f'[Deal "{Deal.from_pbn(DEAL_1).pbn("W")}"]' in text
    assert '[DoubleDummyTricks "789a0789a4789a8789ac"]' in text
    assert '[OptimumScore "NS -420"]' in text
    assert '[ParContract "EW 4SX"]' in text
    assert '[ParContract "EW 4SX"]\r\n{Par: 4\u2660x\u22123 by E or W, NS \u2212420}\r\n' in text
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    # Result\2R: the tricks are right-aligned in two columns, as BridgeComposer writes them.
    assert "\r\nN NT  7\r\nN  S  8\r\n" in text
    assert "\r\nN  C  0\r\nS NT  7\r\n" in text
    assert "\r\nS  C  4\r\nE NT  7\r\n" in text
    assert "\r\nW  D 10\r\nW  C 12\r\n" in text
    assert read_pbn(text)[0].dd_tricks == DD


def test_export_without_analysis_writes_no_double_dummy_tags():
    text = write_pbn(random_boards(1))
    assert "DoubleDummyTricks" not in text and "OptimumResultTable" not in text and "ParContract" not in text
    assert "Event" not in text


@pytest.mark.parametrize(
    "header, row, line",
    [
        ("Declarer;Denomination\\2R;Result\\2R", ("N", "NT", "7"), "N NT  7"),
        ("Declarer;Denomination\\2R;Result\\2R", ("W", "C", "11"), "W  C 11"),
        ("Rank\\2R;Names\\6L;PairId", ("1", "Ann", "7"), " 1 Ann    7"),
        ("+Rank;-Score\\5R", ("12", "-420"), "12  -420"),
    ],
)
def test_a_table_line_pads_each_column_as_its_header_says(header, row, line):
    assert table_lines(header, [row]) == [line]


def test_export_declares_utf8_and_both_readers_read_it_back():
    event = "Klub \u0141\u00f3d\u017a \u2013 Monday"  # not in Latin-1
    data = write_pbn(random_boards(2), event=event).encode("utf-8")
    assert data.split(b"\r\n")[:2] == [b"% PBN 2.1", b"%Content-type: text/x-pbn; charset=UTF-8"]
    assert [board.number for board in read_pbn_bytes(data)] == [1, 2]
    assert [game.info["Event"] for game in endplay_pbn.loads(decode_pbn(data))] == [event, event]


def test_a_latin1_byte_0x85_inside_a_tag_value_does_not_break_its_line():
    """Byte 0x85 is Windows' "..." in a Latin-1 file; Python's str.splitlines breaks a line at it."""
    text = write_pbn(random_boards(1), event="Tuesday \x85 pairs").replace(
        "charset=UTF-8", "charset=ISO-8859-1"
    )
    boards = read_pbn_bytes(text.encode("latin-1"))
    assert [board.number for board in boards] == [1]
    assert '[Event "Tuesday \x85 pairs"]' in decode_pbn(text.encode("latin-1"))


def test_a_file_declared_latin1_is_read_as_latin1():
    # BridgeComposer declares charset=ISO-8859-1 and writes the Czech title in it.
    text = decode_pbn((FIXTURES / "bridgecomposer-hand-record.pbn").read_bytes())
    assert '%HRTitleEvent "2. p\u00e1rov\u00fd turnaj BKP 19. 10. 2022"' in text


@pytest.mark.parametrize(
    "par, expected",
    [
        ("2NTE=, 2NTW=", "EW 2NT"),
        ("4SEx-3, 4SWx-3", "EW 4SX"),
        ("3HN=", "N 3H"),
        ("4HN=, 4HS=, 5DE x-1", "NS 4H; E 5D"),
        ("", ""),
    ],
)
def test_par_contract_names_the_side_when_both_declarers_make_it(par, expected):
    assert par_contract_pbn(par) == expected


def test_double_dummy_hex_is_declarers_n_s_e_w_each_nt_s_h_d_c():
    assert double_dummy_hex(DD) == "789a0" + "789a4" + "789a8" + "789ac"


def _optimum_result_table(text: str) -> list[dict[str, dict[str, int]]]:
    """The [OptimumResultTable] rows of each game, read independently of ClubScore's reader."""
    tables = []
    for game in endplay_pbn.loads(text):
        rows = game.info["OptimumResultTable"]["rows"]
        table: dict[str, dict[str, int]] = {}
        for declarer, strain, tricks in rows:
            table.setdefault(declarer, {})[strain] = int(tricks)
        tables.append(table)
    return tables


def test_bridgecomposer_double_dummy_tricks_read_as_its_own_optimum_result_table():
    # BridgeComposer writes each board's figures twice: the hex digits and the table.
    text = (FIXTURES / "bridgecomposer-hand-record.pbn").read_bytes().decode("latin-1")
    boards = read_pbn(text)
    assert [board.number for board in boards] == [16, 17, 18]
    assert [board.dd_tricks for board in boards] == _optimum_result_table(text)


def test_bridgecomposer_double_dummy_tricks_are_what_clubscore_computes_for_the_deal():
    from tournaments.night.analysis import board_analysis

    boards = read_pbn((FIXTURES / "bridgecomposer-hand-record.pbn").read_bytes().decode("latin-1"))
    for board in boards:
        assert board_analysis(board.deal, board.number).tricks == board.dd_tricks


def test_exported_double_dummy_tricks_agree_with_the_exported_table():
    boards = [PbnBoard(4, Deal.from_pbn(DEAL_1), dd_tricks=DD, par_score=-420, par_contracts="4SEx-3")]
    text = write_pbn(boards)
    assert _optimum_result_table(text) == [DD]
    assert read_pbn(text)[0].dd_tricks == DD


def test_endplay_reads_every_exported_deal_back_equal():
    boards = random_boards(16, seed=11)
    for board in boards[:2]:
        object.__setattr__(board, "dd_tricks", DD)
        object.__setattr__(board, "par_score", 110)
        object.__setattr__(board, "par_contracts", "2SN=, 2SS=")
    read = endplay_pbn.loads(write_pbn(boards, event="Club night", date="2026.11.23"))
    assert len(read) == len(boards)
    for ours, theirs in zip(boards, read, strict=True):
        assert theirs.board_num == ours.number
        assert theirs.deal.to_pbn() == ours.deal.pbn("N")
        assert (
            theirs.vul.name.lower()
            == {"None": "none", "NS": "ns", "EW": "ew", "Both": "both"}[ours.vulnerability]
        )
    table = read[0].info["OptimumResultTable"]
    assert table["rows"][0] == ["N", "NT", "7"]
    assert len(table["rows"]) == 20


DEALER_MACHINE_FILE = (
    "\ufeff% PBN 2.0\r\n"
    "% Generated by a dealing machine\r\n"
    "{ a brace comment\r\n"
    "  over two lines }\r\n"
    '[Event "Club night"] ; the event\r\n'
    '[Site "Hall"]\r\n'
    '[Board "1"]\r\n'
    '[Dealer "N"]\r\n'
    '[Vulnerable "None"] { no one }\r\n'
    f'[Deal "{DEAL_1}"]\r\n'
    '[Auction "N"]\r\n'
    "Pass 1H Pass 2H\r\n"
    "AP\r\n"
    "\r\n"
    '[Event "#"]\r\n'
    '[Site "#"]\r\n'
    '[Board "2"][Dealer "E"]\r\n'
    '[Vulnerable "NS"]\r\n'
    '[Deal "E:AK5.KQ2.AJ86.T92 QJ.JT98.KT5.AKQ3 - 76.76543.942.764"]\r\n'
)


def test_reading_is_lenient_about_what_dealing_machine_files_contain():
    boards = read_pbn_bytes(DEALER_MACHINE_FILE.encode("utf-8"))
    assert [board.number for board in boards] == [1, 2]
    assert boards[0].deal == Deal.from_pbn(DEAL_1)
    assert boards[1].deal == Deal.from_pbn(DEAL_2)


def test_a_header_game_without_board_is_skipped_and_missing_dealer_tags_are_fine():
    text = f'[Event "x"]\n\n[Board "3"]\n[Deal "{DEAL_1}"]\n'
    assert [board.number for board in read_pbn(text)] == [3]


def test_latin1_files_are_read():
    text = f'[Event "Caf\xe9"]\n[Board "1"]\n[Deal "{DEAL_1}"]\n'
    assert read_pbn_bytes(text.encode("latin-1"))[0].number == 1


GOOD = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL_1}"]\n'


@pytest.mark.parametrize(
    "text, line, problem",
    [
        ('[Board "1"\n', 1, "bad tag syntax"),
        ('[Board 1]\n[Deal "x"]\n', 1, "bad tag syntax"),
        ('[Event "open\n', 1, "not closed by a quote"),
        ('Board "1"\n', 1, "expected a tag"),
        ('[Board "1"]\n[Deal "N:AKQJT98765432... - - -"]\n', 2, "unknown"),
        ('[Board "1"]\n[Deal "' + DEAL_1.replace("KT75", "KT76") + '"]\n', 2, "repeated"),
        ('[Board "1"]\n[Deal "' + DEAL_1.replace("KT75", "KT7") + '"]\n', 2, "13 cards"),
        ('[Board "1"]\n[Deal "' + DEAL_1.replace("N:", "X:") + '"]\n', 2, "starts with a seat"),
        ('[Board "1"]\n[Deal "N:AK5.KQ2.AJ86.T92"]\n', 2, "four hands"),
        (GOOD + "\n" + GOOD.replace(DEAL_1, DEAL_2), 9, "board 1 again with another deal"),
        (GOOD.replace('"N"]', '"E"]'), 2, "dealt by N, not E"),
        (GOOD.replace('"None"', '"All"'), 3, "vulnerable None, not All"),
        (GOOD.replace('"None"', '"Some"'), 3, "bad [Vulnerable]"),
        (GOOD.replace('[Dealer "N"]', '[Dealer "Q"]'), 2, "bad [Dealer]"),
        ('[Board "0"]\n', 1, "board number from 1"),
        ('[Board "1"]\n[Dealer "N"]\n', 1, "no [Deal]"),
        (f'[Deal "{DEAL_1}"]\n', 1, "without a [Board]"),
        (GOOD + '[DoubleDummyTricks "12"]\n', 5, "20 hex digits"),
    ],
)
def test_a_malformed_file_is_refused_naming_its_line(text, line, problem):
    with pytest.raises(PbnError) as caught:
        read_pbn(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: ")
    assert problem in str(caught.value)
    assert isinstance(caught.value, ValueError)


# A hand converted from BBO's LIN by a file converter: the players' chat and the
# commentator's notes become {} comments that run over several lines, with blank lines,
# tags, quotes, semicolons and "%" inside them, between the play and the next game.
BBO_CONVERTED_FILE = (
    "% PBN 2.1\r\n"
    "% EXPORT\r\n"
    '[Event "BBO teaching table"]\r\n'
    '[Site "BBO"]\r\n'
    '[Board "1"]\r\n'
    '[West "wendy"]\r\n[North "nick"]\r\n[East "ed"]\r\n[South "sue"]\r\n'
    '[Dealer "N"]\r\n'
    '[Vulnerable "None"]\r\n'
    f'[Deal "{DEAL_1}"]\r\n'
    '[Declarer "S"]\r\n[Contract "4H"]\r\n[Result "10"]\r\n'
    '[Auction "N"]\r\n'
    "Pass 1H {nick: light\r\n"
    "opening} Pass 4H\r\n"
    "AP\r\n"
    '[Play "W"]\r\n'
    "SA S2 S3 S4\r\n"
    "*\r\n"
    "{sue: I thought about 3NT,\r\n"
    '  "really"; but [South] chose 4H\r\n'
    "\r\n"
    "% not a % line inside a comment\r\n"
    "nick: well played}\r\n"
    "\r\n"
    "{ Next hand:\r\n"
    "  the commentator's note\r\n"
    "}\r\n"
    '[Event "#"]\r\n'
    '[Site "#"]\r\n'
    '[Board "2"]\r\n'
    '[Dealer "E"]\r\n'
    '[Vulnerable "NS"]\r\n'
    f'[Deal "{DEAL_2}"]\r\n'
    "{ last words\r\n"
    "  over two lines }\r\n"
)


def test_brace_comments_over_several_lines_are_read_as_comments():
    read = read_pbn_file(BBO_CONVERTED_FILE)
    assert [board.number for board in read.boards] == [1, 2]
    assert read.boards[1].deal == Deal.from_pbn(DEAL_2)
    assert len(read.results.results) == 1  # the table's 4H by South, its players named


def test_a_brace_comment_never_closed_is_refused_naming_where_it_opens():
    text = GOOD + "{ a comment\nthat goes on\n\n" + GOOD.replace('"1"', '"2"').replace(DEAL_1, DEAL_2)
    with pytest.raises(PbnError) as caught:
        read_pbn(text)
    assert caught.value.line == 5
    assert "no } closes it" in str(caught.value)
