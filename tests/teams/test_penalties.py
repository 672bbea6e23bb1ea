"""The director's penalties on a teams match: recorded with who and why, on the scorecard, in the ranking."""

import random

import pytest

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.bridge.teams.scoring import victory_points
from tournaments.night.models import Result
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.results import ResultEntry, result_correct, result_record
from tournaments.teams.models import TeamMatch, TeamMatchPenalty
from tournaments.teams.selectors.events import teams_event_ranking

pytestmark = pytest.mark.django_db


def _played_match(club):
    """Four teams, one round of two boards; match 1 played at both tables (home wins 4S+1 v 4S-1 twice)."""
    event = teams_event_build(club, name="Penalty Swiss", rounds=2, player="P{team} {seat}")
    session = swiss_round_published(event).session
    boards = boards_deal(session=session, count=2, rng=random.Random(3))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    for board in boards:
        result_record(board=board, entry=ResultEntry(pairs[1], pairs[2], "4S", "S", "11"))
        result_record(board=board, entry=ResultEntry(pairs[3], pairs[4], "4S", "S", "9"))
    match = TeamMatch.objects.select_related("home", "away").get(round__event=event, table=1)
    return event, match, boards, pairs


def _url(event, match):
    return f"/director/teams/{event.pk}/rounds/1/matches/{match.table}/penalties/"


def _vp_of(event, team):
    return next(row.vp for row in teams_event_ranking(event) if row.team.pk == team.pk)


def test_penalties_come_off_the_match_and_the_ranking_and_are_audited(club, director_client, director):
    event, match, boards, pairs = _played_match(club)
    assert match.home_imps == 24 and match.away_imps == 0  # 4S+1 v 4S-1: 500 (11) on 1, 750 NS vul (13) on 2
    page = director_client.get(f"/director/teams/{event.pk}/")
    assert _url(event, match).encode() in page.content

    form = {
        "home_imp_penalty": "3", "away_imp_penalty": "0", "home_vp_penalty": "1",
        "away_vp_penalty": "0.5", "reason": "Law 90: slow play",
    }  # fmt: skip
    response = director_client.post(_url(event, match), form)
    assert response.status_code == 302
    match.refresh_from_db()
    home, away = victory_points(24 - 3, 2)
    assert (match.home_vp, match.away_vp) == (pytest.approx(home - 1), pytest.approx(away - 0.5))
    assert _vp_of(event, match.home) == pytest.approx(home - 1)
    assert _vp_of(event, match.away) == pytest.approx(away - 0.5)
    audit = TeamMatchPenalty.objects.get(match=match)
    assert (audit.user, audit.reason, audit.home_imp_penalty, audit.away_vp_penalty) == (
        director, "Law 90: slow play", 3, 0.5,
    )  # fmt: skip

    scorecard = director_client.get(f"/teams/{event.pk}/rounds/1/matches/1/")
    assert b"teams-penalties" in scorecard.content and b"3 IMPs" in scorecard.content

    # A correction at a table rescores the match with the penalties still in force.
    closed = Result.objects.get(board=boards[0], ns_pair=pairs[3])
    result_correct(result=closed, entry=ResultEntry(pairs[3], pairs[4], "4S", "S", "10"))
    match.refresh_from_db()
    assert (match.home_imps, match.away_imps) == (14, 0)  # board 1 now 450 v 420: 1 IMP
    margin = match.home_imps
    home, away = victory_points(margin - 3, 2)
    assert (match.home_vp, match.away_vp) == (pytest.approx(home - 1), pytest.approx(away - 0.5))

    lifted = dict(
        form, home_imp_penalty="0", home_vp_penalty="0", away_vp_penalty="0", reason="Appeal upheld"
    )
    director_client.post(_url(event, match), lifted)
    match.refresh_from_db()
    assert (match.home_vp, match.away_vp) == victory_points(margin, 2)
    assert TeamMatchPenalty.objects.filter(match=match).count() == 2
    assert b"Appeal upheld" in director_client.get(_url(event, match)).content


def test_a_penalty_without_a_reason_or_out_of_range_changes_nothing(club, director_client):
    event, match, _, _ = _played_match(club)
    before = (match.home_vp, match.away_vp)
    for form in (
        {
            "home_imp_penalty": "3",
            "away_imp_penalty": "0",
            "home_vp_penalty": "0",
            "away_vp_penalty": "0",
            "reason": "",
        },
        {
            "home_imp_penalty": "0",
            "away_imp_penalty": "0",
            "home_vp_penalty": "25",
            "away_vp_penalty": "0",
            "reason": "x",
        },
        {
            "home_imp_penalty": "-1",
            "away_imp_penalty": "0",
            "home_vp_penalty": "0",
            "away_vp_penalty": "0",
            "reason": "x",
        },
    ):
        response = director_client.post(_url(event, match), form)
        assert response.status_code == 200
    match.refresh_from_db()
    assert (match.home_vp, match.away_vp) == before and not TeamMatchPenalty.objects.exists()


def test_another_clubs_director_cannot_set_penalties(club, client, django_user_model):
    event, match, _, _ = _played_match(club)
    client.force_login(django_user_model.objects.create_user(username="other", password="other-director-pw"))
    assert client.get(_url(event, match)).status_code == 403
