"""Reading a Bridgemate file's tables: sections, movement, players, results as BCS keeps them, hands."""

from __future__ import annotations

import pytest

from tests.bridge.formats.bws_tables import (
    DEAL_1,
    hand_row,
    mitchell_rounds,
    played,
    players,
    received,
    tables,
)
from tournaments.bridge.formats.bws import BwsError, Outcome, StandardMovement, read_bws, standard_movement

DEAL = DEAL_1


def _section(**overrides):
    return read_bws(tables(**overrides)).section(None)


def _result(section, board, table):
    return next(r for r in section.results if (r.board, r.table) == (board, table))


def test_a_night_reads_its_session_section_movement_players_and_results():
    file = read_bws(tables())
    assert (file.name, str(file.date), file.guid) == ("Friday pairs", "2026-11-20", "GUID-1")
    section = file.section(None)
    assert (section.letter, section.tables, section.is_mitchell) == ("A", 3, True)
    assert len(section.rounds) == 9 and section.board_numbers == [1, 2, 3, 4, 5, 6]
    assert len(section.results) == 18
    first = _result(section, 1, 1)
    assert (first.contract, first.declarer, first.tricks, first.ns_pair, first.ew_pair) == (
        "3NT",
        "N",
        9,
        1,
        1,
    )
    north = next(p for p in section.players if p.pair == ("NS", 1) and p.seat == "N")
    assert (north.number, north.name) == ("1010", "Ann North")
    assert standard_movement(section) == StandardMovement("mitchell", 3, 3, 2, "relay")


@pytest.mark.parametrize(
    ("contract", "result", "expected"),
    [
        ("4 S x", "-2", ("4SX", 8)),
        ("1 C xx", "+1", ("1CXX", 8)),
        ("7 NT", "=", ("7NT", 13)),
        ("PASS", "", ("PASS", None)),
    ],
)
def test_contracts_and_results_are_read_as_bcs_writes_them(contract, result, expected):
    rows = [received(1, 1, 1, 1, 1, 1, 1, contract=contract, result=result, declarer="E")]
    found = _section(results=rows).results[0]
    assert (found.contract, found.tricks) == expected


def test_a_later_row_corrects_an_earlier_one_and_an_erased_last_row_leaves_no_result():
    rows = [
        received(5, 1, 1, 1, 1, 1, 1, contract="3 NT", result="="),
        received(9, 1, 1, 1, 1, 1, 1, contract="4 S", result="-1"),  # the correction
        received(6, 1, 1, 1, 2, 1, 1, contract="2 H", result="="),
        received(8, 1, 1, 1, 2, 1, 1, erased=True),  # erased, nothing since
        received(7, 1, 2, 1, 3, 2, 2, erased=True),
        received(11, 1, 2, 1, 3, 2, 2, contract="1 NT", result="+2"),  # entered again after the erasure
    ]
    section = _section(results=rows)
    assert (_result(section, 1, 1).contract, _result(section, 1, 1).row_id) == ("4S", 9)
    assert _result(section, 2, 1).outcome is Outcome.ERASED
    assert (_result(section, 3, 2).contract, _result(section, 3, 2).tricks) == ("1NT", 9)


@pytest.mark.parametrize(
    ("remarks", "outcome", "percentages"),
    [
        ("Not played", Outcome.NOT_PLAYED, (None, None)),
        ("60%-40%", Outcome.ADJUSTED, (60, 40)),
        ("50%-50%", Outcome.ADJUSTED, (50, 50)),
        ("Arbitral score", Outcome.ARBITRAL, (None, None)),
        ("Wrong direction", Outcome.WRONG_DIRECTION, (None, None)),
    ],
)
def test_remarks_say_what_the_bridgemate_entered_instead_of_a_contract(remarks, outcome, percentages):
    rows = [received(1, 1, 1, 1, 1, 1, 1, contract="", result="", remarks=remarks)]
    found = _section(results=rows).results[0]
    assert (found.outcome, found.ns_percentage, found.ew_percentage) == (outcome, *percentages)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"Contract": "9 NT"}, "table ReceivedData, row 5 (ID 5), column Contract: bad contract '9NT'"),
        ({"Contract": "3 NT", "Result": "+5"}, "column Result: 3NT +5 would be 14 tricks"),
        ({"Result": "ten"}, "column Result: the result is '=', '+N' or '-N'"),
        ({"NS/EW": "X"}, "column NS/EW: the declarer is N, E, S or W, not 'X'"),
        ({"Board": "one"}, "column Board: a whole number is needed, not 'one'"),
        ({"Board": 5000}, "column Board: 5000 is not from 1 to 999"),
        ({"Remarks": "a\x00b"}, "column Remarks: 'a\\x00b' is not text a Bridgemate writes"),
    ],
)
def test_a_bad_row_is_refused_naming_its_table_row_and_column(change, message):
    rows = played()
    rows[4].update(change)
    with pytest.raises(BwsError) as refused:
        read_bws(tables(results=rows))
    assert message in str(refused.value)


def test_a_mistyped_row_the_players_corrected_does_not_stop_the_night():
    rows = [received(1, 1, 1, 1, 1, 1, 1, contract="9 NT"), received(2, 1, 1, 1, 1, 1, 1, contract="3 NT")]
    assert _section(results=rows).results[0].contract == "3NT"


@pytest.mark.parametrize(
    ("remove", "message"),
    [
        ("ReceivedData", "the file has no table ReceivedData: not a Bridgemate file"),
        ("Section", "the file has no table Section"),
        ("RoundData", "the file has no table RoundData"),
    ],
)
def test_a_file_without_a_bridgemate_table_is_refused_naming_it(remove, message):
    found = tables()
    del found[remove]
    with pytest.raises(BwsError, match=message):
        read_bws(found)


def test_a_table_read_short_is_refused_never_half_read():
    found = tables()
    found["ReceivedData"]["Contract"].pop()
    with pytest.raises(BwsError, match="table ReceivedData was not read whole"):
        read_bws(found)


def test_a_missing_column_is_named():
    found = tables()
    del found["ReceivedData"]["Erased"]
    with pytest.raises(BwsError, match="table ReceivedData has no column Erased"):
        read_bws(found)


def test_several_sections_are_read_and_the_choice_is_refused_without_one():
    rounds = mitchell_rounds(1) + mitchell_rounds(2)
    file = read_bws(
        tables(
            sections=((1, "A", 3), (2, "B", 3)),
            rounds=rounds,
            results=played(1) + played(2, first_id=100),
            player_rows=players(1) + players(2),
        )
    )
    assert [section.letter for section in file.sections] == ["A", "B"]
    assert file.section("b").id == 2 and len(file.section("B").results) == 18
    with pytest.raises(BwsError, match=r"2 sections: choose one of A \(3 tables, 18 results\), B"):
        file.section(None)
    with pytest.raises(BwsError, match="no section 'C'"):
        file.section("C")


def test_a_howell_is_one_field_and_its_pairs_keep_their_numbers():
    rounds = [
        {"Section": 1, "Table": 1, "Round": 1, "NSPair": 4, "EWPair": 1, "LowBoard": 1, "HighBoard": 2},
        {"Section": 1, "Table": 2, "Round": 1, "NSPair": 2, "EWPair": 3, "LowBoard": 3, "HighBoard": 4},
        {"Section": 1, "Table": 1, "Round": 2, "NSPair": 4, "EWPair": 2, "LowBoard": 3, "HighBoard": 4},
        {"Section": 1, "Table": 2, "Round": 2, "NSPair": 3, "EWPair": 1, "LowBoard": 1, "HighBoard": 2},
    ]
    section = _section(sections=((1, "A", 2),), rounds=rounds, results=played(rounds=rounds), player_rows=[])
    assert not section.is_mitchell
    assert section.pair_key(3, "EW") == ("", 3)


def test_players_follow_the_movement_and_a_seat_entered_again_counts_last():
    rows = players() + [
        {"Section": 1, "Table": 2, "Round": 2, "Direction": "E", "Number": "777", "Name": "Late Comer"}
    ]
    section = _section(player_rows=rows)
    # Round 2, table 2: EW 1 sits there (EW move up a table), so it is EW 1's East.
    east = next(p for p in section.players if p.pair == ("EW", 1) and p.seat == "E")
    assert (east.number, east.name) == ("777", "Late Comer")


def test_hand_records_are_dealt_and_a_bad_one_is_refused():
    section = _section(hands=[hand_row(1, 1, DEAL), hand_row(1, 2, "N:" + " ".join(["..."] * 4))])
    assert [deal.board for deal in section.deals] == [1]  # an empty row is a board not dealt
    assert section.deals[0].north == "AKQJ.T98.765.432"
    bad = hand_row(1, 1, DEAL)
    bad["NorthClubs"] = "4322"
    with pytest.raises(BwsError, match=r"HandRecord, row 1, column Board: board 1's hands are not a deal"):
        read_bws(tables(hands=[bad]))


def test_a_relayed_movement_clubscore_does_not_lay_out_is_no_standard_movement():
    rounds = mitchell_rounds()
    rounds[0]["LowBoard"], rounds[0]["HighBoard"] = 3, 4  # table 1 shares table 2's boards in round 1
    assert standard_movement(_section(rounds=rounds)) is None


def test_a_file_without_session_table_is_named_and_dated_by_its_results():
    found = tables()
    del found["Session"]
    file = read_bws(found)
    assert (file.name, str(file.date), file.guid) == ("Bridgemate", "2026-11-20", "Bridgemate|2026-11-20")
