"""A played session's PBN carries its results as BridgeComposer writes them, and reads back the same.

The export writes each board's [ScoreTable] and the standings' [TotalScoreTable] (PBN 2.1,
5.9 and 5.10); ClubScore's own PBN import, given that file for a session of another club,
enters the same results and computes the same standings, with no difference to report.
"""

from __future__ import annotations

import datetime

import pytest

from tests.exchange.played import PLAYED, mitchell_play
from tournaments.bridge.formats.pbn import read_pbn_file
from tournaments.core.models import Club
from tournaments.exchange.selectors.hand_records import session_pbn_text
from tournaments.exchange.services.pbn import pbn_import
from tournaments.night.models import Result, Session, Standing
from tournaments.night.services.movement import session_start
from tournaments.night.services.sessions import session_create


@pytest.fixture
def played_session(mitchell_session: Session) -> Session:
    return mitchell_play(mitchell_session)


def _standings(session: Session) -> list[tuple]:
    return sorted(
        (s.pair.direction, s.pair.number, s.pair.names, s.rank, s.matchpoints, round(s.percentage, 6))
        for s in Standing.objects.filter(session=session).select_related("pair__player1", "pair__player2")
    )


def _results(session: Session) -> list[tuple]:
    return sorted(
        Result.objects.filter(board__session=session).values_list(
            "board__number",
            "ns_pair__number",
            "ew_pair__number",
            "contract",
            "declarer",
            "tricks",
            "lead",
            "ns_score",
        )
    )


def test_the_export_writes_each_boards_score_table_and_the_total_score_table(played_session):
    text = session_pbn_text(played_session)
    assert (
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;'
        "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R;"
        'Names_NS\\30L;Names_EW\\30L"]' in text
    )
    assert text.count("[ScoreTable ") == 3
    assert text.count("[TotalScoreTable ") == 1
    assert text.index("[TotalScoreTable ") > text.index('[Board "3"]')
    # Board 1 at table 1: 3NT by North making, +400 NS, a top of 2 matchpoints.
    assert ' 1  1 3NT  N  9 SQ     400      -     2     0    100      0 "Ann North - Bob North"' in text
    # Board 2: the pass-out (no declarer, no tricks), and 3NTX by West one off, 100 to NS.
    assert ' 1  2 Pass -  - -        0      -     0     2      0    100 "Ann North' in text
    assert ' 3  1 3NTX W  8 C2     100      -     1     1     50     50 "Eve North' in text
    assert ' 1  2 EW      5  83.33  3 "Ida East - Jon East"' in text
    read = read_pbn_file(text)
    assert len(read.results.results) == len(PLAYED)
    assert {total.pair_id for total in read.results.totals} == {"1", "2", "3"}
    assert {total.direction for total in read.results.totals} == {"NS", "EW"}


def test_a_session_without_results_exports_hand_records_only(mitchell_session):
    text = session_pbn_text(mitchell_session)
    assert "ScoreTable" not in text


@pytest.fixture
def other_club(db) -> Club:
    return Club.objects.create(name="Hillside Bridge Club", slug="hillside")


def test_the_export_imports_into_another_club_with_the_same_results_and_standings(played_session, other_club):
    data = session_pbn_text(played_session).encode("utf-8")
    copy = session_start(
        session=session_create(
            club=other_club, date=datetime.date(2026, 11, 27), name="Copy", movement="mitchell"
        )
    )

    done = pbn_import(session=copy, data=data, results=True)

    assert done.results_entered == len(PLAYED)
    assert done.skipped == ()
    assert done.differences == ()  # every Score, Percentage_NS and TotalPercentage agrees
    assert _results(copy) == _results(played_session)
    assert _standings(copy) == _standings(played_session)
