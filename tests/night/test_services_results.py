"""The result services against the database: constraints, and recalculation worked out by hand."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.core.models import Player
from tournaments.night.models import AuditAction, Board, Pair, Result, ResultChange, Session, Standing
from tournaments.night.services.results import ResultEntry, result_correct, result_delete, result_record


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _entry(session: Session, ns: int, ew: int, contract: str, declarer: str = "", result: str = ""):
    return ResultEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), contract, declarer, result)


def _record(
    session: Session, board: int, ns: int, ew: int, contract: str, declarer: str = "", result: str = ""
):
    entry = _entry(session, ns, ew, contract, declarer, result)
    return result_record(board=session.boards.get(number=board), entry=entry)


def _standings(session: Session) -> dict[str, tuple[str, float, float]]:
    rows = Standing.objects.filter(session=session).select_related("pair")
    return {row.pair.label: (row.rank_text, row.matchpoints, round(row.percentage, 4)) for row in rows}


@pytest.fixture
def played(mitchell_session) -> dict[str, Result]:
    """Board 1 (none vulnerable) and board 2 (NS vulnerable), scores worked out by hand.

    Board 1: NS1 4S= +420 v EW1, NS2 4S-1 -50 v EW2, NS3 3NT= +400 v EW3.
    Board 2: NS1 3NT= +600 v EW2, NS2 2S+1 +140 v EW3.
    """
    return {
        "b1 ns1": _record(mitchell_session, 1, 1, 1, "4S", "N", "="),
        "b1 ns2": _record(mitchell_session, 1, 2, 2, "4S", "N", "-1"),
        "b1 ns3": _record(mitchell_session, 1, 3, 3, "3NT", "S", "="),
        "b2 ns1": _record(mitchell_session, 2, 1, 2, "3NT", "N", "9"),
        "b2 ns2": _record(mitchell_session, 2, 2, 3, "2S", "S", "+1"),
    }


def test_scores_matchpoints_and_standings_agree_with_a_hand_count(mitchell_session, played):
    assert [r.ns_score for r in played.values()] == [420, -50, 400, 600, 140]
    board1 = {
        r.ns_pair.number: (r.ns_matchpoints, r.ew_matchpoints, r.ns_percentage)
        for r in Result.objects.filter(board__number=1)
    }
    assert board1 == {1: (2.0, 0.0, 100.0), 2: (0.0, 2.0, 0.0), 3: (1.0, 1.0, 50.0)}
    # Board 2 has two results where board 1 has three: Neuberg scales its 1 and 0 of a
    # top of 1 to (1 + 0.5) * 3/2 - 0.5 = 1.75 (87.5%) and 0.25 (12.5%) of a top of 2.
    # NS1: 100% and 87.5%; NS3 50% on one board; EW3: 50% then 87.5%; EW2: 100% then 12.5%.
    assert _standings(mitchell_session) == {
        "1 NS": ("1", 3.75, 93.75),
        "3 NS": ("2", 1.0, 50.0),
        "2 NS": ("3", 0.25, 6.25),
        "3 EW": ("1", 2.75, 68.75),
        "2 EW": ("2", 2.25, 56.25),
        "1 EW": ("3", 0.0, 0.0),
    }


def test_a_corrected_result_changes_matchpoints_and_standings_exactly(mitchell_session, played, director):
    # NS2 made 11 tricks, not 9: +450 tops board 1 above +420 and +400.
    corrected = result_correct(
        result=played["b1 ns2"], entry=_entry(mitchell_session, 2, 2, "4S", "N", "+1"), user=director
    )
    corrected.refresh_from_db()
    assert (corrected.ns_score, corrected.ns_matchpoints, corrected.ns_percentage) == (450, 2.0, 100.0)
    played["b1 ns1"].refresh_from_db()
    assert (played["b1 ns1"].ns_matchpoints, played["b1 ns1"].ew_percentage) == (1.0, 50.0)
    # Board 2 (two results of three) is Neuberg-scaled: 87.5% and 12.5%, as above.
    assert _standings(mitchell_session) == {
        "1 NS": ("1", 2.75, 68.75),  # 50% and 87.5%
        "2 NS": ("2", 2.25, 56.25),  # 100% and 12.5%
        "3 NS": ("3", 0.0, 0.0),
        "3 EW": ("1", 3.75, 93.75),  # 100% and 87.5%
        "1 EW": ("2", 1.0, 50.0),
        "2 EW": ("3", 0.25, 6.25),
    }
    change = ResultChange.objects.get(action=AuditAction.UPDATE)
    assert (change.before["tricks"], change.after["tricks"], change.user) == (9, 11, director)


def test_a_deleted_result_leaves_the_board_to_the_others(mitchell_session, played):
    result_delete(result=played["b2 ns1"])
    # Board 2 now has one result: 50% each way (SPEC decision 8; Neuberg: (0 + 0.5) * 3 - 0.5 = 1 of 2).
    assert Result.objects.get(board__number=2).ns_percentage == 50.0
    standings = _standings(mitchell_session)
    assert standings["1 NS"] == ("1", 2.0, 100.0)  # board 1 only
    assert standings["2 NS"][2] == 25.0  # 0% and 50%
    assert standings["3 EW"][2] == 50.0  # 50% on board 1, and the lone 50% on board 2
    assert ResultChange.objects.filter(action=AuditAction.DELETE, result=None).count() == 1


@pytest.mark.parametrize(
    ("ns", "ew", "contract", "declarer", "result", "field"),
    [
        (1, 2, "3NT", "N", "=", "ns_pair"),  # NS1 already played board 1
        (2, 1, "3NT", "N", "=", "ew_pair"),  # EW1 already played board 1
        (2, 2, "3NT", "Q", "=", "declarer"),
        (2, 2, "3NT", "N", "+5", "result"),
        (2, 2, "0NT", "N", "=", "contract"),
        (2, 2, "Pass", "N", "", "contract"),
    ],
)
def test_the_service_refuses_impossible_results_by_field(
    mitchell_session, ns, ew, contract, declarer, result, field
):
    _record(mitchell_session, 1, 1, 1, "4S", "N", "=")
    with pytest.raises(ValidationError) as refused:
        _record(mitchell_session, 1, ns, ew, contract, declarer, result)
    assert field in refused.value.message_dict
    assert Result.objects.count() == 1


def _raw_result(board: Board, ns: Pair, ew: Pair | None, **fields) -> Result:
    values = {"contract": "3NT", "declarer": "N", "tricks": 9, "ns_score": 400, **fields}
    return Result.objects.create(board=board, ns_pair=ns, ew_pair=ew, **values)


@pytest.mark.parametrize(
    "breach",
    [
        "second result for a pair",
        "pair against itself",
        "fourteen tricks",
        "contract without declarer",
        "passed out with a score",
    ],
)
def test_the_database_itself_refuses_what_the_rules_forbid(mitchell_session, breach):
    board = mitchell_session.boards.get(number=1)
    ns1, ew1, ew2 = (
        _pair(mitchell_session, "NS", 1),
        _pair(mitchell_session, "EW", 1),
        _pair(mitchell_session, "EW", 2),
    )
    _raw_result(board, ns1, ew1)
    attempts = {
        "second result for a pair": lambda: _raw_result(board, ns1, ew2),
        "pair against itself": lambda: _raw_result(board, ew2, ew2),
        "fourteen tricks": lambda: _raw_result(board, _pair(mitchell_session, "NS", 2), ew2, tricks=14),
        "contract without declarer": lambda: _raw_result(
            board, _pair(mitchell_session, "NS", 2), ew2, declarer=""
        ),
        "passed out with a score": lambda: _raw_result(
            board,
            _pair(mitchell_session, "NS", 2),
            ew2,
            contract="PASS",
            declarer="",
            tricks=None,
            ns_score=50,
        ),
    }
    with pytest.raises(IntegrityError), transaction.atomic():
        attempts[breach]()


@pytest.mark.parametrize("table", ["board", "pair"])
def test_numbers_are_unique_in_a_session(mitchell_session, table):
    with pytest.raises(IntegrityError), transaction.atomic():
        if table == "board":
            Board.objects.create(session=mitchell_session, number=1)
        else:
            player = Player.objects.create(name="Extra")
            Pair.objects.create(session=mitchell_session, number=1, direction="NS", player1=player)
