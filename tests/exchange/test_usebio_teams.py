"""A teams USEBIO file imported as a teams event: ClubScore's own file reads back to the same figures."""

import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.teams.factories import swiss_round_published, teams_event_build
from tournaments.core.models import Club
from tournaments.exchange.models import PendingImport
from tournaments.exchange.selectors.teams_usebio import teams_event_usebio_bytes
from tournaments.exchange.services.usebio_teams import usebio_teams_import
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.results import AdjustedEntry, ResultEntry, result_adjust, result_record
from tournaments.teams.models import TeamMatch, TeamsForm, TeamsScoring
from tournaments.teams.selectors.events import teams_event_ranking
from tournaments.teams.services.events import round_robin_draw, teams_round_publish

pytestmark = pytest.mark.django_db

OUTCOMES = [("4S", "S", "10"), ("3NT", "N", "8"), ("4H", "E", "11"), ("2D", "W", "9"), ("5CX", "S", "9")]


def _play_round(teams_round, rng, *, adjust_last=False):
    """Enter a result at every table of a published round: random contracts, one table adjusted if asked."""
    session = teams_round.session
    boards = boards_deal(session=session, count=teams_round.event.boards_per_match, rng=rng)
    pairs = {pair.number: pair for pair in session.pairs.all()}
    tables = session.movement_tables
    for table in range(1, tables + 1):
        for board in boards:
            ns, ew = pairs[2 * table - 1], pairs[2 * table]
            if adjust_last and table == tables and board == boards[-1]:
                result_adjust(board=board, entry=AdjustedEntry(ns, ew, "A+", "A-"))
            else:
                result_record(board=board, entry=ResultEntry(ns, ew, *rng.choice(OUTCOMES)))


def _swiss(club):
    """Five teams, two Swiss rounds of three boards (a bye each round, an artificial score)."""
    event = teams_event_build(club, teams=5, name="Exported Swiss", rounds=2, boards_per_match=3)
    rng = random.Random(45)
    for _round in range(2):
        _play_round(swiss_round_published(event), rng, adjust_last=True)
    return event


def _fresh_club():
    return Club.objects.create(name="Other club", slug="other-club")


def _figures(event):
    """Each match's teams, IMPs and VPs, and the standings, by team name: what a reader of the event sees."""
    matches = {
        (m.round.number, m.home.name, m.away.name if m.away else None): (
            m.home_imps, m.away_imps, m.home_vp, m.away_vp,
        )
        for m in TeamMatch.objects.filter(round__event=event).select_related("round", "home", "away")
    }  # fmt: skip
    standings = [
        (row.place, row.team.name, round(row.vp, 2), row.imps_for, row.imps_against)
        for row in teams_event_ranking(event)
    ]
    return matches, standings


def test_a_swiss_exported_then_imported_into_another_club_has_the_same_imps_vps_and_standings(club):
    original = _swiss(club)
    imported = usebio_teams_import(club=_fresh_club(), data=teams_event_usebio_bytes(original))
    event = imported.event
    assert event.form == TeamsForm.SWISS and event.boards_per_match == 3 and event.rounds == 2
    assert imported.differences == []
    matches, standings = _figures(event)
    assert (matches, standings) == _figures(original)
    assert all(imps is not None for figures in matches.values() if figures[1] is not None for imps in figures)
    members = {team.name: [m.player.name for m in team.members.all()] for team in event.teams.all()}
    assert members == {
        team.name: [m.player.name for m in team.members.all()] for team in original.teams.all()
    }


def test_a_board_a_match_round_robin_reads_back_with_its_board_points(club):
    original = teams_event_build(
        club, teams=4, name="Point a board", boards_per_match=2, form=TeamsForm.ROUND_ROBIN,
        scoring=TeamsScoring.BOARD_A_MATCH,
    )  # fmt: skip
    rng = random.Random(7)
    for teams_round in round_robin_draw(event=original):
        _play_round(teams_round_publish(teams_round=teams_round), rng)
    imported = usebio_teams_import(club=_fresh_club(), data=teams_event_usebio_bytes(original))
    assert imported.event.form == TeamsForm.ROUND_ROBIN
    assert imported.event.scoring == TeamsScoring.BOARD_A_MATCH
    assert imported.differences == []
    assert _figures(imported.event) == _figures(original)


def test_a_file_whose_stated_vps_differ_lists_the_difference(club):
    original = _swiss(club)
    data = teams_event_usebio_bytes(original)
    first = teams_event_ranking(original)[0]
    written = f"<TOTAL_SCORE>{float(first.vp)}</TOTAL_SCORE>".encode()
    assert data.count(written) >= 1
    changed = data.replace(written, b"<TOTAL_SCORE>99.0</TOTAL_SCORE>", 1)
    imported = usebio_teams_import(club=_fresh_club(), data=changed)
    assert any("99.0 VPs" in note for note in imported.differences)


def test_a_line_of_teams_not_in_its_match_is_refused_by_name_and_nothing_is_stored(club):
    original = _swiss(club)
    data = teams_event_usebio_bytes(original).replace(b"<NS_TEAM>", b"<NS_TEAM>9", 1)
    other = _fresh_club()
    with pytest.raises(ValidationError) as refused:
        usebio_teams_import(club=other, data=data)
    assert "Round 1" in str(refused.value)
    assert not other.teams_events.exists()


def test_the_usebio_page_previews_a_teams_file_storing_nothing_then_confirm_imports_it(director_client, club):
    original = _swiss(_fresh_club())
    data = teams_event_usebio_bytes(original)
    upload = SimpleUploadedFile("swiss.xml", data)
    response = director_client.post(
        reverse("director:exchange:usebio_upload"), {"club": club.pk, "file": upload}
    )
    page = response.content.decode()
    assert response.status_code == 200 and "Preview: Exported Swiss" in page
    assert "5 teams" in page and "2 rounds." in page and "VPs and places are the file's own" in page
    assert not club.teams_events.exists()  # the preview's import was rolled back
    pending = PendingImport.objects.get()
    response = director_client.post(reverse("director:exchange:usebio_confirm"), {"sha256": pending.sha256})
    assert response.status_code == 200
    event = club.teams_events.get()
    assert reverse("director:teams_event", args=[event.pk]) in response.content.decode()
    assert _figures(event) == _figures(original)
    assert not PendingImport.objects.exists()


def test_players_grouped_in_pairs_and_victory_points_apart_read_as_ebu_software_writes_them(club):
    """EBU software puts a team's players in PAIRs, the VPs in TEAM_VICTORY_POINTS, the IMPs in TEAM_SCORE."""
    original = _swiss(club)
    text = teams_event_usebio_bytes(original).decode()
    # Each team's four players as two PAIRs of two.
    text = re.sub(
        r"(<PLAYER>.*?</PLAYER>\s*<PLAYER>.*?</PLAYER>)",
        r"<PAIR>\1</PAIR>",
        text,
        flags=re.DOTALL,
    )
    # Each played match's VPs moved to TEAM_VICTORY_POINTS, its IMPs given as TEAM_SCORE.
    for side in ("", "OPPOSING_"):
        text = re.sub(
            rf"<{side}TEAM_SCORE>([^<]*)</{side}TEAM_SCORE>((?:(?!</MATCH>).)*?)"
            rf"<{side}TEAM_IMPS>([^<]*)</{side}TEAM_IMPS>",
            rf"<{side}TEAM_VICTORY_POINTS>\1</{side}TEAM_VICTORY_POINTS>\2<{side}TEAM_SCORE>\3</{side}TEAM_SCORE>",
            text,
            flags=re.DOTALL,
        )
    assert "<PAIR><PLAYER>" in text.replace("\n", "").replace(" ", "") and "TEAM_VICTORY_POINTS" in text
    imported = usebio_teams_import(club=_fresh_club(), data=text.encode())
    assert imported.differences == []
    assert _figures(imported.event) == _figures(original)
    assert {team.members.count() for team in imported.event.teams.all()} == {4}


def test_a_team_of_three_players_is_refused_naming_the_team(club):
    original = _swiss(club)
    text = teams_event_usebio_bytes(original).decode()
    first_team = text.index("<TEAM TEAM_ID=")
    player = text.index("<PLAYER>", first_team)
    text = text[:player] + text[text.index("</PLAYER>", player) + len("</PLAYER>") :]
    other = _fresh_club()
    with pytest.raises(ValidationError) as refused:
        usebio_teams_import(club=other, data=text.encode())
    assert "Team " in str(refused.value) and "not 3" in str(refused.value)
    assert not other.teams_events.exists()
