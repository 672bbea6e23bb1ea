"""Neuberg for short boards, the Law 12C2 Average-plus rule and assigned scores on the site.

Worked by hand on the shared Mitchell (three tables, boards 1-3):

- Board 1 (none vulnerable): NS1 4S= +420 v EW1, NS2 4S-1 -50 v EW2, NS3 v EW3 varies.
- Board 2 (NS vulnerable): NS1 2S+1 +140 v EW2, NS2 4S-1 -100 v EW3, NS3 v EW1 varies.
"""

from __future__ import annotations

import time

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tournaments.night.models import AuditAction, Pair, Result, ResultChange, ScoringMethod, Session, Standing
from tournaments.night.services.movement import session_finish
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


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _record(
    session: Session, board: int, ns: int, ew: int, contract: str, declarer: str, result: str
) -> Result:
    entry = ResultEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), contract, declarer, result)
    return result_record(board=session.boards.get(number=board), entry=entry)


def _adjust(session: Session, board: int, ns: int, ew: int, ns_adj: str, ew_adj: str) -> Result:
    entry = AdjustedEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), ns_adj, ew_adj)
    return result_adjust(board=session.boards.get(number=board), entry=entry)


def _assign(session: Session, board: int, ns: int, ew: int, *parts: tuple[str, ...], **kwargs) -> Result:
    entry = AssignedEntry(
        _pair(session, "NS", ns), _pair(session, "EW", ew), tuple(AssignedPart(*part) for part in parts)
    )
    return result_assign(board=session.boards.get(number=board), entry=entry, **kwargs)


def _board(session: Session, number: int, fields: str = "ns_matchpoints ns_percentage ew_percentage") -> dict:
    rows = Result.objects.filter(board__session=session, board__number=number).select_related("ns_pair")
    return {row.ns_pair.label: tuple(getattr(row, name) for name in fields.split()) for row in rows}


def _percentages(session: Session) -> dict[str, float]:
    rows = Standing.objects.filter(session=session).select_related("pair")
    return {row.pair.label: round(row.percentage, 4) for row in rows}


def _correct_ns3_board_two(session: Session, contract: str, declarer: str, result: str) -> None:
    entry = ResultEntry(_pair(session, "NS", 3), _pair(session, "EW", 1), contract, declarer, result)
    result_correct(result=Result.objects.get(board__number=2, ns_pair__number=3), entry=entry)


def _board_one(session: Session, third: bool = True) -> None:
    _record(session, 1, 1, 1, "4S", "N", "=")
    _record(session, 1, 2, 2, "4S", "N", "-1")
    if third:
        _record(session, 1, 3, 3, "3NT", "S", "=")


def _board_two(session: Session) -> None:
    _record(session, 2, 1, 2, "2S", "S", "+1")
    _record(session, 2, 2, 3, "4S", "N", "-1")


# --- Neuberg for a board played fewer times than the fullest --------------------------------------


def test_a_short_board_is_rescaled_as_the_fullest_board_grows_and_shrinks(mitchell_session):
    _board_two(mitchell_session)
    # Board 2 is the fullest so far (two results): plain matchpoints, 1 and 0 of 1.
    assert _board(mitchell_session, 2) == {"1 NS": (1.0, 100.0, 0.0), "2 NS": (0.0, 0.0, 100.0)}
    _board_one(mitchell_session)
    # Board 1 has three: board 2 is scaled to a top of 2, (1 + 0.5) * 3/2 - 0.5 = 1.75.
    assert _board(mitchell_session, 2) == {"1 NS": (1.75, 87.5, 12.5), "2 NS": (0.25, 12.5, 87.5)}
    assert _board(mitchell_session, 1)["3 NS"] == (1.0, 50.0, 50.0)
    assert _percentages(mitchell_session)["1 NS"] == 93.75  # 100% and 87.5%
    # The fullest board loses a result: back to two, board 2 back to plain matchpoints.
    result_delete(result=Result.objects.get(board__number=1, ns_pair__number=3))
    assert _board(mitchell_session, 2) == {"1 NS": (1.0, 100.0, 0.0), "2 NS": (0.0, 0.0, 100.0)}
    assert _percentages(mitchell_session)["1 NS"] == 100.0


def test_a_lone_result_on_a_short_board_is_an_average(mitchell_session):
    _board_one(mitchell_session)
    _record(mitchell_session, 3, 1, 3, "3NT", "N", "=")
    # (0 + 0.5) * 3/1 - 0.5 = 1 of a top of 2.
    assert _board(mitchell_session, 3) == {"1 NS": (1.0, 50.0, 50.0)}


def test_rescoring_a_session_keeps_short_boards_scaled(mitchell_session):
    _board_two(mitchell_session)
    _board_one(mitchell_session)
    session_set_scoring(session=mitchell_session, scoring=ScoringMethod.BUTLER)
    assert _board(mitchell_session, 2) == {"1 NS": (1.75, 87.5, 12.5), "2 NS": (0.25, 12.5, 87.5)}


# --- Law 12C2: Average-plus is at least the pair's session percentage -------------------------------


def test_average_plus_is_the_pairs_percentage_on_its_played_boards_when_higher(mitchell_session):
    _board_one(mitchell_session, third=False)
    _board_two(mitchell_session)
    _record(mitchell_session, 2, 3, 1, "3NT", "N", "=")  # +600 NS: NS3 100%, EW1 0%
    _adjust(mitchell_session, 1, 3, 3, "A+", "A+")
    # NS3 played only board 2 (100%); EW3 played board 2 against NS2's -100 (100%).
    assert _board(mitchell_session, 1)["3 NS"] == (2.0, 100.0, 100.0)
    assert _percentages(mitchell_session)["3 NS"] == 100.0
    # NS3's board 2 is corrected to +140, tying NS1: 75%, and the Average-plus follows.
    _correct_ns3_board_two(mitchell_session, "2S", "S", "+1")
    assert _board(mitchell_session, 1)["3 NS"] == (1.5, 75.0, 100.0)
    assert _percentages(mitchell_session)["3 NS"] == 75.0
    # Now -100, tying NS2: 25%, below Average-plus, which stays 60%; EW3, whose -100 on
    # board 2 is now shared, has 75% there and so on board 1.
    _correct_ns3_board_two(mitchell_session, "4S", "N", "-1")
    assert _board(mitchell_session, 1)["3 NS"] == (pytest.approx(1.2), 60.0, 75.0)
    assert _percentages(mitchell_session)["3 NS"] == 42.5  # 60% and 25%


def test_two_average_plus_boards_both_take_the_played_percentage(mitchell_session):
    _board_one(mitchell_session, third=False)
    _board_two(mitchell_session)
    _record(mitchell_session, 2, 3, 1, "2S", "S", "+1")  # NS3 75%, tying NS1
    _adjust(mitchell_session, 1, 3, 3, "A+", "A")
    _adjust(mitchell_session, 3, 3, 2, "A+", "A-")
    # Each Average-plus is NS3's mean over board 2 only, never over the other Average-plus.
    assert _board(mitchell_session, 1)["3 NS"][1] == 75.0
    assert _board(mitchell_session, 3)["3 NS"][1] == 75.0
    assert _percentages(mitchell_session)["3 NS"] == 75.0


def test_average_plus_without_a_played_board_is_the_clubs_figure(mitchell_session):
    _board_one(mitchell_session, third=False)
    _adjust(mitchell_session, 1, 3, 3, "A+", "A-")
    assert _board(mitchell_session, 1)["3 NS"] == (pytest.approx(1.2), 60.0, 40.0)


# --- Assigned (weighted) scores, Law 12C1c --------------------------------------------------------

THIRTY_SEVENTY = (("30%", "4S", "N", "="), ("70%", "4S", "N", "-1"))


def test_an_assigned_score_is_matchpointed_part_by_part_and_weighted(mitchell_session, director):
    _board_one(mitchell_session, third=False)
    assigned = _assign(mitchell_session, 1, 3, 3, *THIRTY_SEVENTY, user=director)
    assert assigned.display == "30% 4S N =, 70% 4S N -1"
    assert (assigned.ns_score, assigned.contract, assigned.is_assigned) == (None, "", True)
    # 420 beats -50 (1) and ties 420 / beats -50 against the assigned: 0.3 x 0.5 + 0.7 x 1.
    # -50: 0 and 0.3 x 0 + 0.7 x 0.5; the assigned: 0.3 x 0.5 + 0.7 x 0, and 0.3 x 1 + 0.7 x 0.5.
    assert _board(mitchell_session, 1) == {
        "1 NS": (pytest.approx(1.85), pytest.approx(92.5), pytest.approx(7.5)),
        "2 NS": (pytest.approx(0.35), pytest.approx(17.5), pytest.approx(82.5)),
        "3 NS": (pytest.approx(0.8), pytest.approx(40.0), pytest.approx(60.0)),
    }
    assert _percentages(mitchell_session)["3 EW"] == 60.0
    change = ResultChange.objects.get(result=assigned)
    # The audit log keeps the parts as stored, written in its reader's language (issue 45, item 4).
    assert (change.action, change.user, change.after["assigned"]) == (
        AuditAction.CREATE,
        director,
        [
            {"weight": "3/10", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420},
            {"weight": "7/10", "contract": "4S", "declarer": "N", "tricks": 9, "ns_score": -50},
        ],
    )


def test_an_assigned_score_in_cross_imps_is_the_weighted_imps(mitchell_session):
    session_set_scoring(session=mitchell_session, scoring=ScoringMethod.CROSS_IMPS)
    _board_one(mitchell_session, third=False)
    _assign(mitchell_session, 1, 3, 3, *THIRTY_SEVENTY)
    # 420: v -50 10, v assigned 0.3 x 0 + 0.7 x 10; / 2 = 8.5. -50: (-10 - 0.3 x 10) / 2.
    # Assigned: 0.3 x (0 + 10) + 0.7 x (-10 + 0) = -4, / 2.
    assert _board(mitchell_session, 1, "ns_imps ew_imps") == {
        "1 NS": (8.5, -8.5),
        "2 NS": (-6.5, 6.5),
        "3 NS": (-2.0, 2.0),
    }


def test_an_assigned_score_is_corrected_in_place_and_deleted(mitchell_session):
    _board_one(mitchell_session)
    played = Result.objects.get(board__number=1, ns_pair__number=3)
    assigned = _assign(
        mitchell_session, 1, 3, 3, ("1/3", "3NT", "S", "="), ("2/3", "3NT", "S", "-1"), result=played
    )
    assert (assigned.pk, assigned.display) == (played.pk, "33.33% 3NT S =, 66.67% 3NT S -1")
    assert ResultChange.objects.filter(result=played).latest("id").action == AuditAction.UPDATE
    # Back to a played result: the parts go.
    entry = ResultEntry(_pair(mitchell_session, "NS", 3), _pair(mitchell_session, "EW", 3), "3NT", "S", "=")
    restored = result_correct(result=assigned, entry=entry)
    assert (restored.assigned, restored.ns_score, restored.ns_percentage) == (None, 400, 50.0)
    again = _assign(mitchell_session, 1, 3, 3, *THIRTY_SEVENTY, result=restored)
    result_delete(result=again)
    assert ResultChange.objects.filter(action=AuditAction.DELETE).get().before["assigned"] == [
        {"weight": "3/10", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420},
        {"weight": "7/10", "contract": "4S", "declarer": "N", "tricks": 9, "ns_score": -50},
    ]
    # Board 1 is the only board played, with two results now: plain matchpoints.
    assert _board(mitchell_session, 1, "ns_percentage") == {"1 NS": (100.0,), "2 NS": (0.0,)}


@pytest.mark.parametrize(
    ("parts", "field"),
    [
        ((("30%", "4S", "N", "="), ("60%", "4S", "N", "-1")), "weight1"),  # adds up to 90%
        ((("100%", "4S", "N", "="), ("0%", "4S", "N", "-1")), "weight1"),
        ((("half", "4S", "N", "="), ("50%", "4S", "N", "-1")), "weight1"),
        ((("50%", "4S", "N", "="), ("50%", "4Q", "N", "-1")), "contract2"),
        ((("50%", "4S", "N", "="), ("50%", "4S", "", "-1")), "declarer2"),
        ((("50%", "4S", "N", "+4"), ("50%", "4S", "N", "-1")), "result1"),
        ((("100%", "4S", "N", "="),), "weight1"),  # one part is a plain result
    ],
)
def test_bad_assigned_scores_are_refused_naming_the_part(mitchell_session, parts, field):
    with pytest.raises(ValidationError) as caught:
        _assign(mitchell_session, 1, 3, 3, *parts)
    assert field in caught.value.message_dict
    assert not Result.objects.filter(board__session=mitchell_session).exists()


@pytest.mark.parametrize(
    ("weight1", "weight2"),
    [
        ("1e29999999", "50%"),  # Fraction() worked out 10**29999999: the worker hung
        ("1e-99999", "50%"),  # a 500
        ("50%", "1" + "0" * 5000 + "/2" + "0" * 5000),
        ("50%", "\u0665\u0660%"),  # Arabic-Indic 50: a director types ASCII digits
        ("50.0000001%", "49.9999999%"),
    ],
)
def test_a_weight_is_a_percentage_or_a_simple_fraction_with_few_digits(mitchell_session, weight1, weight2):
    """Issue 24, point 5: a weight a director would not write is refused at once, naming it."""
    started = time.thread_time()  # this thread's work, which a busy machine does not stretch
    with pytest.raises(ValidationError) as caught:
        _assign(mitchell_session, 1, 3, 3, (weight1, "4S", "N", "="), (weight2, "4S", "N", "-1"))
    assert time.thread_time() - started < 1
    field = "weight1" if weight1 != "50%" else "weight2"
    assert "is not a weight" in " ".join(caught.value.message_dict[field])
    assert not Result.objects.filter(board__session=mitchell_session).exists()


@pytest.mark.parametrize("weights", [("30%", "70%"), ("1/3", "2/3"), ("0.25", ".75"), ("33.5", "66.5%")])
def test_the_weights_a_director_writes_are_accepted(mitchell_session, weights):
    """Issue 24, point 5: the bounds leave every usual way of writing a weight."""
    result = _assign(mitchell_session, 1, 3, 3, (weights[0], "4S", "N", "="), (weights[1], "4S", "N", "-1"))
    assert len(result.assigned) == 2


@pytest.mark.parametrize(
    "assigned",
    [
        [{"weight": "1/2", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420}],
        [
            {"weight": "1/2", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 420},
            {"weight": "1/3", "contract": "4S", "declarer": "N", "tricks": 9, "ns_score": -50},
        ],
        [
            {"weight": "1/2", "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": "420"},
            {"weight": "1/2", "contract": "4S", "declarer": "N", "tricks": 9, "ns_score": -50},
        ],
        {"weight": "1"},
    ],
)
def test_the_model_refuses_assigned_parts_that_do_not_add_up(mitchell_session, assigned):
    result = Result(
        board=mitchell_session.boards.get(number=1),
        ns_pair=_pair(mitchell_session, "NS", 1),
        ew_pair=_pair(mitchell_session, "EW", 1),
        assigned=assigned,
    )
    with pytest.raises(ValidationError) as caught:
        result.full_clean()
    assert "assigned" in caught.value.message_dict


@pytest.mark.parametrize(
    "fields",
    [
        {"assigned": [], "ns_score": 420},  # a played score with parts
        {"assigned": [], "ns_adjustment": "A", "ew_adjustment": "A"},  # artificial with parts
        {"assigned": [], "contract": "4S", "declarer": "N", "tricks": 10},  # a contract with parts
    ],
)
def test_the_database_refuses_an_assigned_score_mixed_with_another_kind(mitchell_session, fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            board=mitchell_session.boards.get(number=1),
            ns_pair=_pair(mitchell_session, "NS", 1),
            ew_pair=_pair(mitchell_session, "EW", 1),
            **fields,
        )


def _assign_post(ns: Pair, ew: Pair, **parts: str) -> dict[str, str]:
    data = {"assign-ns_pair": str(ns.pk), "assign-ew_pair": str(ew.pk)}
    data.update({f"assign-{name}": value for name, value in parts.items()})
    return data


def test_the_director_gives_and_corrects_an_assigned_score_from_the_board_page(
    director_client, client, mitchell_session
):
    _board_one(mitchell_session, third=False)
    url = reverse("director:board_assign", args=[mitchell_session.pk, 1])
    ns3, ew3 = _pair(mitchell_session, "NS", 3), _pair(mitchell_session, "EW", 3)
    parts = {"weight1": "30%", "contract1": "4S", "declarer1": "N", "result1": "="}
    parts |= {"weight2": "70%", "contract2": "4S", "declarer2": "N", "result2": "-1"}
    response = director_client.post(url, _assign_post(ns3, ew3, **parts), follow=True)
    assert response.status_code == 200
    assert "30% 4S N =, 70% 4S N -1" in response.content.decode()
    session_finish(session=mitchell_session)
    public = client.get(reverse("board", args=[mitchell_session.pk, 1])).content.decode()
    assert "30% 4\u2660 N =, 70% 4\u2660 N -1" in public  # a traveller shows the suits' symbols
    assert "40.0" in public  # NS3's 40% on the traveller
    # The same table again replaces its assigned score (an update in the audit log).
    parts |= {"weight1": "1/2", "weight2": "1/2"}
    director_client.post(url, _assign_post(ns3, ew3, **parts))
    result = Result.objects.get(board__number=1, ns_pair=ns3)
    assert result.display == "50% 4S N =, 50% 4S N -1"
    assert ResultChange.objects.filter(result=result).latest("id").action == AuditAction.UPDATE
    audit = director_client.get(reverse("director:audit", args=[mitchell_session.pk])).content.decode()
    assert "assigned 30% 4\u2660 N =, 70% 4\u2660 N -1" in audit


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (
            {"weight1": "30%", "contract1": "4S", "declarer1": "N", "result1": "="}
            | {"weight2": "60%", "contract2": "4S", "declarer2": "N", "result2": "-1"},
            "add up to 100%, they add up to 90%",
        ),
        (
            {"weight1": "50%", "contract1": "4S", "declarer1": "N", "result1": "="}
            | {"weight2": "50%", "contract2": "4S", "declarer2": "N", "result2": "-1", "weight3": "10%"},
            "Give both a weight and a contract",
        ),
        ({"weight1": "50%", "contract1": "4S", "declarer1": "N", "result1": "="}, "This field is required"),
    ],
)
def test_the_board_page_shows_an_assigned_score_refused(director_client, mitchell_session, parts, message):
    url = reverse("director:board_assign", args=[mitchell_session.pk, 1])
    response = director_client.post(
        url, _assign_post(_pair(mitchell_session, "NS", 3), _pair(mitchell_session, "EW", 3), **parts)
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Result.objects.filter(board__session=mitchell_session).exists()
