"""Importing a Bridgemate section into its session, and again: corrections, erasures, adjustments, players."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.bridge.formats.bws_tables import (
    DEAL_1,
    hand_row,
    mitchell_rounds,
    played,
    players,
    received,
    tables,
)
from tournaments.bridge.formats.bws import read_bws
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Club, Player
from tournaments.exchange.models import BridgemateFeed
from tournaments.exchange.services.bws import bws_store
from tournaments.night.models import Result, ResultChange, Session
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.season.services.members import members_import


def _store(club, results=None, **overrides):
    return bws_store(club=club, file=read_bws(tables(results=results, **overrides)))


def _result(session, board, ns):
    return Result.objects.get(board__session=session, board__number=board, ns_pair__number=ns)


def test_a_standard_mitchell_night_becomes_a_session_with_clubscores_own_movement(club):
    imported = _store(club)
    session = imported.session
    assert imported.created and imported.counts.added == 18
    assert (session.name, session.date) == ("Friday pairs", datetime.date(2026, 11, 20))
    assert (session.movement_tables, session.movement_rounds, session.boards_per_round) == (3, 3, 2)
    assert session.pairs.get(direction="EW", number=2).names == "Ed East - Will West"
    assert BridgemateFeed.objects.get(session=session).section == "A"
    # Even tables made one more trick: NS 2 beat NS 1 and 3 on their boards.
    assert session.pairs.get(direction="NS", number=2).standing.percentage == 100.0


def test_a_correction_replaces_the_result_it_corrects_and_the_audit_log_keeps_it(club):
    session = _store(club).session
    corrected = played() + [received(50, 1, 1, 1, 1, 1, 1, contract="4 S", declarer="N", result="-1")]
    again = _store(club, results=corrected)
    assert (again.counts.corrected, again.counts.unchanged, again.counts.added) == (1, 17, 0)
    result = _result(session, 1, 1)
    assert (result.contract, result.tricks, result.ns_score) == ("4S", 9, -50)
    assert ResultChange.objects.filter(result=result, action="update").exists()
    assert _store(club, results=corrected).counts.unchanged == 18  # and again: nothing new


def test_an_erasure_removes_the_result_and_a_new_entry_brings_one_back(club):
    session = _store(club).session
    erased = played() + [received(50, 1, 1, 1, 1, 1, 1, erased=True)]
    assert _store(club, results=erased).counts.removed == 1
    assert not session.boards.get(number=1).results.filter(ns_pair__number=1).exists()
    entered = erased + [received(51, 1, 1, 1, 1, 1, 1, contract="2 H", result="+1")]
    assert _store(club, results=entered).counts.added == 1
    assert _result(session, 1, 1).contract == "2H"


@pytest.mark.parametrize(
    ("remarks", "adjustments"),
    [("60%-40%", ("A+", "A-")), ("50%-50%", ("A", "A")), ("40%-60%", ("A-", "A+"))],
)
def test_the_tds_artificial_score_is_an_adjusted_score(club, remarks, adjustments):
    rows = played()
    rows[0].update(Contract="", Result="", Remarks=remarks)
    session = _store(club, results=rows).session
    result = _result(session, 1, 1)
    assert (result.ns_adjustment, result.ew_adjustment, result.ns_score) == (*adjustments, None)


@pytest.mark.parametrize("remarks", ["Arbitral score", "Wrong direction"])
def test_what_bcs_does_not_spell_out_is_left_to_the_director_with_a_note(club, remarks):
    rows = played()
    rows[0].update(Remarks=remarks, Contract="" if remarks == "Arbitral score" else "3 NT")
    imported = _store(club, results=rows)
    assert imported.counts.left == 1 and imported.counts.added == 17
    assert not imported.session.boards.get(number=1).results.filter(ns_pair__number=1).exists()
    assert any("Board 1, table 1, round 1" in note and "board's page" in note for note in imported.notes)


def test_not_played_later_removes_the_result(club):
    session = _store(club).session
    rows = played() + [received(60, 1, 1, 1, 1, 1, 1, contract="", result="", remarks="Not played")]
    assert _store(club, results=rows).counts.removed == 1
    assert Result.objects.filter(board__session=session).count() == 17


def test_an_older_copy_of_the_file_is_refused_storing_nothing(club):
    _store(club, results=played() + [received(60, 1, 1, 1, 1, 1, 1, contract="2 S")])
    with pytest.raises(ValidationError, match="older than the one imported last"):
        _store(club)
    assert Result.objects.get(board__number=1, ns_pair__number=1).contract == "2S"


def test_a_result_the_director_typed_is_replaced_by_the_bridgemates_with_a_note(club):
    session = _store(club, results=played()[1:]).session  # board 1 at table 1 not yet sent
    ns, ew = session.pairs.get(direction="NS", number=1), session.pairs.get(direction="EW", number=1)
    result_record(board=session.boards.get(number=1), entry=ResultEntry(ns, ew, "1NT", "S", "7"))
    again = _store(club)
    assert again.counts.corrected == 1
    assert _result(session, 1, 1).contract == "3NT"
    assert any("ClubScore's result 1NT S = is replaced" in note for note in again.notes)


def test_a_file_of_several_sections_imports_the_one_chosen_and_names_them_without_a_choice(club):
    file = read_bws(
        tables(
            sections=((1, "A", 3), (2, "B", 3)),
            rounds=mitchell_rounds(1) + mitchell_rounds(2),
            results=played(1) + played(2, first_id=100),
            player_rows=players(1) + players(2),
        )
    )
    with pytest.raises(
        ValidationError, match=r"Choose the section to import: the file holds 2 sections: choose one of A"
    ):
        bws_store(club=club, file=file)
    assert not Session.objects.exists()
    b = bws_store(club=club, file=file, section="B").session
    a = bws_store(club=club, file=file, section="A").session
    assert (a.name, b.name) == ("Friday pairs, section A", "Friday pairs, section B")
    assert a != b and Result.objects.filter(board__session=b).count() == 18
    assert bws_store(club=club, file=file, section="B").session == b


def test_players_are_the_clubs_own_by_number_never_another_clubs(club):
    members_import(club=club, lines=[MemberLine(1, "Ann Northcote", "1010", "")])  # NS 1's North, by number
    other = Club.objects.create(name="Hillside", slug="hillside")
    elsewhere = session_create(club=other, date=datetime.date(2026, 11, 1), name="Monday")
    pair_add(session=elsewhere, player_names=("Someone Else", "Her Partner"), direction="NS")
    Player.objects.filter(name="Someone Else").update(federation_number="1511")  # EW 1's East's
    imported = _store(club)
    session = imported.session
    assert session.pairs.get(direction="NS", number=1).player1.name == "Ann Northcote"
    east = session.pairs.get(direction="EW", number=1).player1
    assert (east.name, east.federation_number) == ("Eve East", "")  # not the other club's 1511
    assert any("number 1511 is another club's player's" in note for note in imported.notes)
    assert Player.objects.get(name="Bob North").federation_number == "1020"  # new: keeps the number


def test_the_hand_records_deal_the_boards(club):
    session = _store(club, hands=[hand_row(1, 1, DEAL_1)]).session
    board = session.boards.get(number=1)
    assert board.is_dealt and board.north == "AKQJ.T98.765.432"
    assert not session.boards.get(number=2).is_dealt


def test_a_name_already_taken_that_day_is_refused_with_a_way_out(club):
    session_create(club=club, date=datetime.date(2026, 11, 20), name="Friday pairs")
    with pytest.raises(ValidationError, match="already has a session named Friday pairs"):
        _store(club)
    file = read_bws(tables())
    assert (
        bws_store(club=club, file=file, name="Friday pairs (Bridgemate)").session.name
        == "Friday pairs (Bridgemate)"
    )


def test_a_result_clubscore_refuses_names_its_row_and_stores_nothing(club):
    rows = played() + [received(99, 1, 2, 1, 1, 1, 2)]  # NS 1 again on board 1, at table 2
    with pytest.raises(ValidationError) as refused:
        _store(club, results=rows)
    assert "Board 1, table 2, round 1 (ReceivedData ID 99):" in " ".join(refused.value.messages)
    assert not Session.objects.exists() and not Player.objects.exists()
