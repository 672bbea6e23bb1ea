"""A teams event's USEBIO file, parsed back: every team's VPs and place, every match as the site shows it."""

import io
import random
from xml.etree.ElementTree import fromstring

import pytest
from django.core.management import call_command

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.results import AdjustedEntry, ResultEntry, result_adjust, result_record
from tournaments.teams.models import TeamMatch
from tournaments.teams.selectors.events import teams_event_ranking
from tournaments.teams.selectors.scorecard import match_scorecard

pytestmark = pytest.mark.django_db


def _played_event(club):
    """Five teams, one Swiss round of two boards: two matches (one with an artificial score) and a bye."""
    event = teams_event_build(club, teams=5, name="USEBIO Swiss", rounds=2, player="U{team} {seat}")
    session = swiss_round_published(event).session
    boards = boards_deal(session=session, count=2, rng=random.Random(7))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    outcomes = {1: ("4S", "S", "10"), 2: ("3NT", "N", "8"), 3: ("4H", "E", "11")}
    for table, entry in outcomes.items():
        for board in boards:
            result_record(board=board, entry=ResultEntry(pairs[2 * table - 1], pairs[2 * table], *entry))
    result_record(board=boards[0], entry=ResultEntry(pairs[7], pairs[8], "4H", "W", "9"))
    result_adjust(board=boards[1], entry=AdjustedEntry(pairs[7], pairs[8], "A+", "A-"))
    return event


def _float(element, tag):
    text = element.findtext(tag)
    return None if text is None else float(text)


def test_the_usebio_file_holds_every_team_and_match_as_the_site_shows_them(club, director_client):
    event = _played_event(club)
    page = director_client.get(f"/director/teams/{event.pk}/")
    assert f"/director/teams/{event.pk}/usebio/".encode() in page.content
    response = director_client.get(f"/director/teams/{event.pk}/usebio/")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    root = fromstring(response.content)
    usebio_event = root.find("EVENT")
    assert usebio_event.get("EVENT_TYPE") == "SWISS_TEAMS"
    assert usebio_event.findtext("BOARDS_PER_MATCH") == "2"
    assert usebio_event.findtext("MATCH_SCORING_METHOD") == "VPS"

    teams = {team.get("TEAM_NAME"): team for team in usebio_event.find("PARTICIPANTS").findall("TEAM")}
    ranking = teams_event_ranking(event)
    assert set(teams) == {row.team.name for row in ranking} and len(teams) == 5
    for row in ranking:
        team = teams[row.team.name]
        assert int(team.get("TEAM_ID")) == row.team.number
        assert int(team.findtext("PLACE")) == row.place
        assert float(team.findtext("TOTAL_SCORE")) == pytest.approx(row.vp, abs=0.005)
        players = [player.findtext("PLAYER_NAME") for player in team.findall("PLAYER")]
        assert players == [f"U{row.team.number} {seat}" for seat in "ABCD"]

    written = {
        (int(m.findtext("ROUND_NUMBER")), int(m.findtext("TABLE_NUMBER"))): m
        for m in usebio_event.findall("MATCH")
    }
    stored = TeamMatch.objects.filter(round__event=event).select_related("home", "away", "round__event")
    assert set(written) == {(match.round.number, match.table) for match in stored}
    for match in stored:
        element = written[(match.round.number, match.table)]
        assert int(element.findtext("TEAM")) == match.home.number
        if match.is_bye:
            assert element.find("OPPOSING_TEAM") is None and _float(element, "TEAM_SCORE") == match.home_vp
            continue
        card = match_scorecard(match)
        assert int(element.findtext("OPPOSING_TEAM")) == match.away.number
        assert _float(element, "TEAM_IMPS") == pytest.approx(card.figures.totals.home_imps)
        assert _float(element, "OPPOSING_TEAM_IMPS") == pytest.approx(card.figures.totals.away_imps)
        assert _float(element, "TEAM_SCORE") == pytest.approx(card.figures.home_vp, abs=0.005)
        assert _float(element, "OPPOSING_TEAM_SCORE") == pytest.approx(card.figures.away_vp, abs=0.005)
        assert card.figures.home_vp + card.figures.away_vp == pytest.approx(20)
        boards = element.findall("BOARD")
        assert [int(board.findtext("BOARD_NUMBER")) for board in boards] == [1, 2]
        for board, row in zip(boards, card.boards, strict=True):
            assert _float(board, "IMPS") == row.figures.home
            lines = board.findall("TRAVELLER_LINE")
            assert [line.findtext("ROOM") for line in lines] == ["Open", "Closed"]
            assert [line.findtext("DIRECTION") for line in lines] == ["NS", "EW"]
            assert [int(line.findtext("NS_TEAM")) for line in lines] == [match.home.number, match.away.number]
            for line, result in zip(lines, row.results, strict=True):
                expected = (
                    f"{result.ns_adjustment}/{result.ew_adjustment}"
                    if result.ns_adjustment
                    else str(result.ns_score)
                )
                assert line.findtext("SCORE") == expected


def test_export_usebio_writes_a_teams_event(club):
    event = _played_event(club)
    out = io.StringIO()
    call_command("export_usebio", "--teams-event", str(event.pk), stdout=out)
    root = fromstring(out.getvalue().encode())
    assert len(root.find("EVENT/PARTICIPANTS").findall("TEAM")) == 5
    assert len(root.find("EVENT").findall("MATCH")) == 3
