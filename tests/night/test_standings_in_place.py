"""Standings kept up to date in place agree with standings worked out afresh, whatever happened.

The standings are updated row by row as results come in (only the changed figures are
written), so after any series of entries, corrections, deletions, late pairs, adjusted
and assigned scores and a change of scoring method they must equal a recomputation from
nothing, or a pair would read a stale place.
"""

from __future__ import annotations

import pytest

from tournaments.night.models import ScoringMethod, Session, Standing
from tournaments.night.services.results import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    ResultEntry,
    result_adjust,
    result_assign,
    result_correct,
    result_delete,
    result_record,
)
from tournaments.night.services.scoring.method import session_set_scoring
from tournaments.night.services.scoring.standings import session_recalculate_standings
from tournaments.night.services.sessions import pair_add

pytestmark = pytest.mark.django_db

FIGURES = ("rank", "tied", "matchpoints", "percentage", "boards_played", "total_score", "imps")


def _rows(session: Session) -> dict[int, tuple]:
    """Pair id -> the standing's figures, floats rounded past any difference in summing order."""
    return {
        standing.pair_id: tuple(
            round(value, 9) if isinstance(value, float) else value
            for value in (getattr(standing, field) for field in FIGURES)
        )
        for standing in Standing.objects.filter(session=session)
    }


def _assert_fresh(session: Session) -> dict[int, int]:
    """Check the stored standings against a recomputation from nothing; return pair id -> row id."""
    kept = _rows(session)
    ids = dict(Standing.objects.filter(session=session).values_list("pair_id", "pk"))
    Standing.objects.filter(session=session).delete()
    returned = session_recalculate_standings(session)
    assert kept == _rows(session)
    assert set(kept) == set(session.pairs.values_list("pk", flat=True))
    assert {standing.pair_id for standing in returned} == set(kept)
    # Put the rows back as they were, so the next step updates them in place again.
    Standing.objects.filter(session=session).delete()
    Standing.objects.bulk_create(
        Standing(pk=ids[pair], session=session, pair_id=pair, **dict(zip(FIGURES, figures, strict=True)))
        for pair, figures in kept.items()
    )
    return ids


def _pair(session: Session, direction: str, number: int):
    return session.pairs.get(direction=direction, number=number)


def _record(session: Session, board: int, ns: int, ew: int, contract: str, declarer: str, result: str):
    entry = ResultEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), contract, declarer, result)
    return result_record(board=session.boards.get(number=board), entry=entry)


def test_standings_updated_in_place_equal_a_fresh_recomputation_after_every_change(mitchell_session):
    session = mitchell_session
    first = _record(session, 1, 1, 1, "4S", "N", "=")
    ids = _assert_fresh(session)
    _record(session, 1, 2, 2, "4S", "N", "-1")
    _record(session, 2, 1, 2, "3NT", "N", "=")
    assert _assert_fresh(session) == ids  # the same rows, updated
    corrected = _record(session, 1, 3, 3, "3NT", "S", "=")
    result_correct(
        result=corrected, entry=ResultEntry(corrected.ns_pair, corrected.ew_pair, "3NT", "S", "+2")
    )
    _assert_fresh(session)

    # A pair seated after results exist gets a standing at the next change, and plays.
    late_ns = pair_add(session=session, player_names=("Late North", "Late South"), direction="NS")
    late_ew = pair_add(session=session, player_names=("Late East", "Late West"), direction="EW")
    _record(session, 3, 1, 3, "2H", "E", "=")
    assert {late_ns.pk, late_ew.pk} <= set(_assert_fresh(session))
    result_record(
        board=session.boards.get(number=2),
        entry=ResultEntry(late_ns, late_ew, "1NT", "N", "+1"),
    )
    _assert_fresh(session)

    # An Average-plus (rescored from the pair's other boards) and an assigned score.
    result_adjust(
        board=session.boards.get(number=3),
        entry=AdjustedEntry(_pair(session, "NS", 2), _pair(session, "EW", 1), "A+", "A-"),
    )
    _assert_fresh(session)
    result_assign(
        board=session.boards.get(number=2),
        entry=AssignedEntry(
            _pair(session, "NS", 3),
            _pair(session, "EW", 3),
            (AssignedPart("30%", "4S", "N", "="), AssignedPart("70%", "4S", "N", "-1")),
        ),
    )
    _assert_fresh(session)

    # Deletions: a result, then the late pair's only result.
    result_delete(result=first)
    _assert_fresh(session)
    result_delete(result=late_ns.ns_results.get())
    standings = _rows(session)
    assert standings[late_ns.pk][2:5] == (0.0, 0.0, 0)  # no matchpoints, 0%, no board
    _assert_fresh(session)

    # IMP pairs: the same standings rescored, now ranked by IMPs a board.
    session = session_set_scoring(session=session, scoring=ScoringMethod.CROSS_IMPS)
    assert all(row[6] is not None for row in _rows(session).values())
    _assert_fresh(session)


def test_a_standing_whose_pair_left_the_session_is_removed(mitchell_session, howell_session):
    _record(mitchell_session, 1, 1, 1, "4S", "N", "=")
    stray = Standing.objects.get(pair=_pair(mitchell_session, "NS", 1))
    # A row filed under another session (as a bad import or a hand edit might leave it).
    howell_pair = howell_session.pairs.first()
    Standing.objects.create(
        session=mitchell_session, pair=howell_pair, rank=1, matchpoints=0, percentage=0, boards_played=0
    )
    session_recalculate_standings(mitchell_session)
    assert not Standing.objects.filter(session=mitchell_session, pair=howell_pair).exists()
    assert Standing.objects.filter(pk=stray.pk).exists()
