"""IMP pairs and artificial adjusted scores through the services and the pages, worked by hand.

Board 1 (none vulnerable) in the shared Mitchell: NS1 4S= +420 v EW1, NS2 4S-1 -50 v EW2,
and NS3 v EW3 either 3NT= +400 or an adjusted score.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from tournaments.exchange.selectors.legacy import session_legacy_export
from tournaments.night.models import AuditAction, Pair, Result, ResultChange, ScoringMethod, Session, Standing
from tournaments.night.services.boards import boards_ensure
from tournaments.night.services.movement import session_finish, session_start
from tournaments.night.services.results import (
    AdjustedEntry,
    ResultEntry,
    result_adjust,
    result_correct,
    result_record,
)
from tournaments.night.services.scoring.method import club_set_adjustment_percentages, session_set_scoring
from tournaments.night.services.sessions import pair_add


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _record(session: Session, ns: int, ew: int, contract: str, declarer: str, result: str) -> Result:
    entry = ResultEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), contract, declarer, result)
    return result_record(board=session.boards.get(number=1), entry=entry)


def _adjust(session: Session, ns: int, ew: int, ns_adjustment: str, ew_adjustment: str, **kwargs) -> Result:
    entry = AdjustedEntry(_pair(session, "NS", ns), _pair(session, "EW", ew), ns_adjustment, ew_adjustment)
    return result_adjust(board=session.boards.get(number=1), entry=entry, **kwargs)


def _scoring(session: Session, method: str) -> Session:
    Session.objects.filter(pk=session.pk).update(scoring=method)
    session.refresh_from_db()
    return session


def _board_one(session: Session, field: str) -> dict[str, tuple]:
    rows = Result.objects.filter(board__session=session, board__number=1).select_related("ns_pair")
    return {row.ns_pair.label: tuple(getattr(row, name) for name in field.split()) for row in rows}


def _standings(session: Session, figure: str) -> dict[str, tuple]:
    rows = Standing.objects.filter(session=session).select_related("pair")
    return {row.pair.label: (row.rank_text, round(getattr(row, figure), 4)) for row in rows}


def _play_board_one(session: Session, third: bool = True) -> None:
    _record(session, 1, 1, "4S", "N", "=")
    _record(session, 2, 2, "4S", "N", "-1")
    if third:
        _record(session, 3, 3, "3NT", "S", "=")


def test_cross_imps_and_standings_by_imps_a_board(mitchell_session):
    session = _scoring(mitchell_session, ScoringMethod.CROSS_IMPS)
    _play_board_one(session)
    # 420 v -50 = 470: 10, v 400 = 20: 1 -> 11/2. -50: (-10 - 10)/2. 400: (-1 + 10)/2.
    assert _board_one(session, "ns_imps ew_imps") == {
        "1 NS": (5.5, -5.5),
        "2 NS": (-10.0, 10.0),
        "3 NS": (4.5, -4.5),
    }
    assert _standings(session, "imps") == {
        "1 NS": ("1", 5.5),
        "3 NS": ("2", 4.5),
        "2 NS": ("3", -10.0),
        "2 EW": ("1", 10.0),
        "3 EW": ("2", -4.5),
        "1 EW": ("3", -5.5),
    }
    # Matchpoints are still kept beside the IMPs.
    assert _board_one(session, "ns_matchpoints") == {"1 NS": (2.0,), "2 NS": (0.0,), "3 NS": (1.0,)}


def test_butler_imps_against_the_datum(mitchell_session):
    session = _scoring(mitchell_session, ScoringMethod.BUTLER)
    _play_board_one(session)
    # Three results, nothing left out: (420 - 50 + 400) / 3 = 256.7, datum 260.
    # 420 - 260 = 160: 4; -50 - 260 = -310: -7; 400 - 260 = 140: 4.
    assert _board_one(session, "ns_imps ew_imps") == {
        "1 NS": (4.0, -4.0),
        "2 NS": (-7.0, 7.0),
        "3 NS": (4.0, -4.0),
    }
    assert _standings(session, "imps")["1 NS"] == ("1=", 4.0)


def test_matchpoints_leave_imps_empty(mitchell_session):
    _play_board_one(mitchell_session)
    assert set(_board_one(mitchell_session, "ns_imps ew_imps").values()) == {(None, None)}
    assert set(Standing.objects.filter(session=mitchell_session).values_list("imps", flat=True)) == {None}


def test_a_split_adjusted_score_with_neuberg_on_the_played_results(mitchell_session, director):
    _play_board_one(mitchell_session, third=False)
    adjusted = _adjust(mitchell_session, 3, 3, "A+", "A-", user=director)
    assert (adjusted.ns_score, adjusted.display) == (None, "Adjusted A+ / A-")
    # The two played results are matchpointed between themselves (1 and 0 of a top of 1)
    # and scaled to three results: (1 + 0.5) * 3/2 - 0.5 = 1.75 of 2 (87.5%), and 0.25.
    assert _board_one(mitchell_session, "ns_matchpoints ns_percentage ew_percentage") == {
        "1 NS": (1.75, 87.5, 12.5),
        "2 NS": (0.25, 12.5, 87.5),
        "3 NS": (1.2, 60.0, 40.0),
    }
    assert _standings(mitchell_session, "percentage")["3 NS"] == ("2", 60.0)
    assert _standings(mitchell_session, "percentage")["3 EW"] == ("2", 40.0)
    change = ResultChange.objects.get(result=adjusted)
    assert (change.action, change.user, change.after["ns_adjustment"], change.after["ns_score"]) == (
        AuditAction.CREATE,
        director,
        "A+",
        None,
    )


def test_the_club_sets_its_average_plus_and_minus(mitchell_session, club):
    club.average_plus, club.average_minus = 65.0, 35.0
    club.save()
    _play_board_one(mitchell_session, third=False)
    _adjust(mitchell_session, 3, 3, "A+", "A-")
    assert _board_one(mitchell_session, "ns_percentage ew_percentage")["3 NS"] == (65.0, 35.0)


def test_adjusted_scores_in_imp_pairs_are_three_imps(mitchell_session):
    session = _scoring(mitchell_session, ScoringMethod.CROSS_IMPS)
    _play_board_one(session, third=False)
    _adjust(session, 3, 3, "A-", "A+")
    # 420 v -50 is 10 IMPs over the one comparison left.
    assert _board_one(session, "ns_imps ew_imps") == {
        "1 NS": (10.0, -10.0),
        "2 NS": (-10.0, 10.0),
        "3 NS": (-3.0, 3.0),
    }


def test_a_result_is_adjusted_in_place_and_corrected_back(mitchell_session):
    _play_board_one(mitchell_session)
    played = Result.objects.get(board__session=mitchell_session, board__number=1, ns_pair__number=3)
    adjusted = _adjust(mitchell_session, 3, 3, "A", "A", result=played)
    assert adjusted.pk == played.pk
    assert (adjusted.contract, adjusted.tricks, adjusted.ns_percentage) == ("", None, 50.0)
    assert ResultChange.objects.filter(result=played).latest("id").action == AuditAction.UPDATE
    entry = ResultEntry(_pair(mitchell_session, "NS", 3), _pair(mitchell_session, "EW", 3), "3NT", "S", "=")
    restored = result_correct(result=adjusted, entry=entry)
    assert (restored.ns_adjustment, restored.ew_adjustment, restored.ns_score) == ("", "", 400)
    assert restored.ns_percentage == 50.0


@pytest.mark.parametrize(
    ("ns", "ns_adjustment", "ew_adjustment", "field"),
    [
        (3, "B", "A", "ns_adjustment"),
        (3, "A", "", "ew_adjustment"),
        (1, "A", "A", "ns_pair"),  # NS1 already has a result on board 1
    ],
)
def test_bad_adjustments_are_refused(mitchell_session, ns, ns_adjustment, ew_adjustment, field):
    _play_board_one(mitchell_session, third=False)
    with pytest.raises(ValidationError) as refused:
        _adjust(mitchell_session, ns, 3, ns_adjustment, ew_adjustment)
    assert field in refused.value.message_dict
    assert Result.objects.filter(board__session=mitchell_session).count() == 2


@pytest.mark.parametrize(
    "fields",
    [
        {"ns_score": None},  # neither a score nor an adjustment
        {"ns_score": 420, "ns_adjustment": "A+", "ew_adjustment": "A-"},  # both
        {"ns_score": None, "ns_adjustment": "A+", "ew_adjustment": ""},  # one side only
    ],
)
def test_the_database_refuses_half_adjusted_results(mitchell_session, fields):
    board = mitchell_session.boards.get(number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(board=board, ns_pair=_pair(mitchell_session, "NS", 1), **fields)


def test_the_director_gives_an_adjusted_score_from_the_board_page(director_client, mitchell_session):
    _play_board_one(mitchell_session, third=False)
    url = reverse("director:board_adjust", args=[mitchell_session.pk, 1])
    data = {
        "adjust-ns_pair": _pair(mitchell_session, "NS", 3).pk,
        "adjust-ew_pair": _pair(mitchell_session, "EW", 3).pk,
        "adjust-ns_adjustment": "A+",
        "adjust-ew_adjustment": "A-",
    }
    response = director_client.post(url, data)
    assert response.status_code == 302
    page = director_client.get(response["Location"]).content.decode()
    assert "Adjusted A+ / A-" in page
    session_finish(session=mitchell_session)
    public = director_client.get(reverse("board", args=[mitchell_session.pk, 1])).content.decode()
    assert "Adjusted A+ / A-" in public and "60.0" in public


def test_the_board_page_shows_an_adjustment_refused(director_client, mitchell_session):
    _play_board_one(mitchell_session, third=False)
    data = {
        "adjust-ns_pair": _pair(mitchell_session, "NS", 1).pk,
        "adjust-ew_pair": _pair(mitchell_session, "EW", 3).pk,
        "adjust-ns_adjustment": "A+",
        "adjust-ew_adjustment": "A-",
    }
    response = director_client.post(reverse("director:board_adjust", args=[mitchell_session.pk, 1]), data)
    assert response.status_code == 400
    assert "already has a result on board 1" in response.content.decode()


def test_imp_pairs_pages_show_imps(director_client, client, club):
    response = director_client.post(
        reverse("director:session_new"),
        {
            "club": club.pk,
            "date": "2026-11-27",
            "name": "IMP pairs",
            "movement": "howell",
            "scoring": "butler",
        },
    )
    session = Session.objects.get(name="IMP pairs")
    assert response.status_code == 302 and session.scoring == ScoringMethod.BUTLER
    first = pair_add(session=session, player_names=("Ann", "Bob"), direction="")
    second = pair_add(session=session, player_names=("Cat", "Dan"), direction="")
    boards_ensure(session=session, count=1)
    session = session_start(session=session)
    result_record(board=session.boards.get(number=1), entry=ResultEntry(first, second, "4S", "N", "="))
    session_finish(session=session)
    standings = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "IMPs/board" in standings and ">%<" not in standings
    traveller = client.get(reverse("board", args=[session.pk, 1])).content.decode()
    assert "NS IMPs" in traveller
    scorecard = client.get(reverse("pair", args=[session.pk, first.pk])).content.decode()
    assert '<th class="num">IMPs</th>' in scorecard
    director_page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "IMPs/board" in director_page


def test_a_session_with_an_adjusted_score_exports_it_as_not_played_in_a_legacy_file(mitchell_session):
    """Issue 24, point 9: the legacy format cannot hold an Average-plus, so it is written ``----``."""
    _play_board_one(mitchell_session, third=False)
    _adjust(mitchell_session, 3, 3, "A+", "A-")
    for direction in ("NS", "EW"):
        export = session_legacy_export(mitchell_session, direction)
        assert export.score_file.boards[0][2] is None
        assert None not in export.score_file.boards[0][:2]
        assert export.notes and export.notes[0].startswith("Board 1, 3 NS v 3 EW: artificial adjusted score")


def test_changing_the_scoring_method_rescores_the_session(mitchell_session):
    _play_board_one(mitchell_session)
    session = session_set_scoring(session=mitchell_session, scoring=ScoringMethod.CROSS_IMPS)
    assert _board_one(session, "ns_imps") == {"1 NS": (5.5,), "2 NS": (-10.0,), "3 NS": (4.5,)}
    assert _standings(session, "imps")["2 EW"] == ("1", 10.0)
    session = session_set_scoring(session=session, scoring=ScoringMethod.MATCHPOINTS)
    assert set(_board_one(session, "ns_imps").values()) == {(None,)}
    assert _standings(session, "percentage")["1 NS"] == ("1", 100.0)
    with pytest.raises(ValidationError, match="scoring"):
        session_set_scoring(session=session, scoring="rubber")


def test_changing_the_club_percentages_rescores_adjusted_boards(mitchell_session, club):
    _play_board_one(mitchell_session, third=False)
    _adjust(mitchell_session, 3, 3, "A+", "A-")
    club_set_adjustment_percentages(club=club, average_plus=70.0, average_minus=30.0)
    assert _board_one(mitchell_session, "ns_percentage ew_percentage")["3 NS"] == (70.0, 30.0)
    assert _standings(mitchell_session, "percentage")["3 EW"] == ("2", 30.0)
    with pytest.raises(ValidationError, match="Average-plus"):
        club_set_adjustment_percentages(club=club, average_plus=45.0, average_minus=30.0)
    club.refresh_from_db()
    assert (club.average_plus, club.average_minus) == (70.0, 30.0)


@pytest.mark.parametrize(
    ("model", "fields"),
    [("session", ["scoring"]), ("club", ["average_plus", "average_minus"])],
)
def test_the_admin_leaves_rescoring_fields_to_the_services(admin_client, mitchell_session, model, fields):
    obj = mitchell_session if model == "session" else mitchell_session.club
    page = admin_client.get(reverse(f"admin:tournaments_{model}_change", args=[obj.pk])).content.decode()
    for field in fields:
        assert f'name="{field}"' not in page
    add_page = admin_client.get(reverse(f"admin:tournaments_{model}_add")).content.decode()
    assert all(f'name="{field}"' in add_page for field in fields)
