"""Master points on the pages: the session's (director's and public), the player's, the club's
totals and settings, and the federations' files of a month."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.federation.test_ledger import FIXTURES, imported_and_finished
from tournaments.core.models import Club, Player
from tournaments.exchange.services.usebio import usebio_import
from tournaments.federation.models import MasterPointAward
from tournaments.night.models import Pair
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db


def _page(client, name: str, *args, **params) -> str:
    response = client.get(reverse(name, args=args), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_director_sees_a_finished_nights_awards_and_the_public_too(club, director_client, client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    page = _page(director_client, "director:session", session.pk)
    assert "Master points" in page and "ABF club scale (Grade E, green masterpoints)" in page
    assert "0.21" in page and "3=" in page  # the winners, and the pairs tied third sharing
    public = _page(client, "session", session.pk)
    assert "Master points" in public and "0.21" in public


def test_a_club_without_a_federation_says_so_to_its_director_and_shows_the_public_nothing(
    club, director_client, client, mitchell_session
):
    page = _page(director_client, "director:session", mitchell_session.pk)
    assert f"{club.name} has no federation: ClubScore awards no master points" in page
    assert "Master points" not in _page(client, "session", mitchell_session.pk)


def test_a_night_in_play_says_its_awards_come_at_the_finish(club, director_client, mitchell_session):
    Club.objects.filter(pk=club.pk).update(federation="abf")
    page = _page(director_client, "director:session", mitchell_session.pk)
    assert "Master points are awarded when the session finishes." in page


def test_a_night_too_small_says_why_on_both_pages(club, director_client, client, mitchell_session):
    Club.objects.filter(pk=club.pk).update(federation="ebu")
    session_finish(session=mitchell_session)
    why = "The EBU awards master points for 12 boards or more; this session played 0."
    assert why in _page(director_client, "director:session", mitchell_session.pk)
    assert why in _page(client, "session", mitchell_session.pk)


def test_the_public_pages_show_a_player_asked_for_by_his_initials(club, client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    winner = MasterPointAward.objects.get(
        session=session, place=1, field="NS", player__name__icontains="welch"
    )
    Player.objects.filter(pk=winner.player_id).update(shown_by_initials=True)
    public = _page(client, "session", session.pk)
    assert winner.player.name not in public
    page = _page(client, "player", winner.player_id)
    assert winner.player.name not in page
    assert "Master points" in page and "ABF (Australian Bridge Federation)" in page and "0.21" in page


def test_the_players_page_gives_his_points_by_season(club, client):
    imported_and_finished(club, "compscore-mp-mitchell.xml")
    imported_and_finished(club, "compscore-butler-mitchell.xml")
    pair = Pair.objects.get(session__name__contains="Rookie", direction="NS", number=3)
    page = _page(client, "player", pair.player1_id)
    assert "2022" in page and "0.21" in page


def test_the_clubs_totals_by_player_and_season(club, director_client):
    imported_and_finished(club, "compscore-mp-mitchell.xml")
    page = _page(director_client, "director:master_points", club.slug, year="2022")
    assert "Season 2022" in page and "0.21" in page
    assert "WELCH" in page.upper()


def test_the_abf_file_holds_a_line_a_numbered_player_and_names_the_others(club, director_client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    response = director_client.get(
        reverse("director:master_points_abf", args=[club.slug]), {"month": "2022-07"}
    )
    # Compscore's own "DIRECTOR" (number 0) sits in an awarded pair: he cannot be in the file.
    assert response.status_code == 200 and "Players without an ABF number" in response.content.decode()
    response = director_client.get(
        reverse("director:master_points_abf", args=[club.slug]), {"month": "2022-07", "anyway": "1"}
    )
    assert response["Content-Disposition"] == f'attachment; filename="{club.slug}-2022-07.grn"'
    lines = response.content.decode("ascii").split("\r\n")
    assert lines[-1] == "" and all(len(line) == 13 and line.isdigit() for line in lines[:-1])
    numbered = MasterPointAward.objects.filter(session=session).exclude(player__federation_number="")
    expected = {f"{int(row.player.federation_number):07d}{int(row.points * 100):06d}" for row in numbered}
    assert set(lines[:-1]) == expected


def test_the_acbl_report_lists_each_award_by_player_number(club, director_client):
    Club.objects.filter(pk=club.pk).update(federation="acbl")
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    session_finish(session=session)
    response = director_client.get(
        reverse("director:master_points_acbl", args=[club.slug]), {"month": "2022-07"}
    )
    text = response.content.decode("utf-8-sig")
    rows = text.strip().split("\r\n")
    assert rows[0] == "ACBL player number,Player,Date,Event,Strat,Direction,Place,Masterpoints"
    assert len(rows) == 1 + MasterPointAward.objects.count()
    # 7 tables: 0.70 to each direction's winners, 70% (0.49) second; 40% of 7 is 3 places: EW's
    # third 0.35, NS's two tied third share 0.35 and nothing (0.175, given as 0.18).
    assert sorted(set(MasterPointAward.objects.values_list("points", flat=True))) == [
        Decimal("0.18"),
        Decimal("0.35"),
        Decimal("0.49"),
        Decimal("0.70"),
    ]


@pytest.mark.parametrize("month", ["2022-13", "July", "2022-7", ""])
def test_a_month_that_is_not_yyyy_mm_is_refused_by_name(club, director_client, month):
    response = director_client.get(reverse("director:master_points_abf", args=[club.slug]), {"month": month})
    assert response.status_code == 400
    assert "Month: give it as YYYY-MM" in response.content.decode()


def test_the_director_names_the_clubs_federation_on_its_settings_page(club, director_client):
    url = reverse("director:club_settings", args=[club.slug])
    assert "Federation" in _page(director_client, "director:club_settings", club.slug)
    response = director_client.post(
        url, {"federation": "ebu", "federation_club_number": "4680", "p2p_charge_rate": "0.50"}
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.federation, club.federation_club_number, club.p2p_charge_rate) == (
        "ebu",
        "4680",
        Decimal("0.5"),
    )
    assert (club.table_entry_lead, club.table_standings) == (False, False)


@pytest.mark.parametrize(
    ("post", "said"),
    [
        ({"federation": "nzb"}, "Select a valid choice"),
        ({"federation": "abf", "p2p_charge_rate": "-1"}, "greater than or equal to 0"),
        ({"federation": "abf", "federation_club_number": "x" * 21}, "at most 20 characters"),
    ],
)
def test_settings_a_club_cannot_hold_are_refused_with_a_message(club, director_client, post, said):
    response = director_client.post(reverse("director:club_settings", args=[club.slug]), post)
    assert response.status_code == 400 and said in response.content.decode()
    club.refresh_from_db()
    assert club.federation == ""


def test_the_directors_home_links_each_clubs_settings_and_master_points(club, director_client):
    page = _page(director_client, "director:home")
    assert reverse("director:club_settings", args=[club.slug]) in page
    assert reverse("director:master_points", args=[club.slug]) in page


def test_create_club_names_the_federation(capsys):
    call_command("create_club", "Canberra Bridge Club", "--federation", "abf")
    assert Club.objects.get(slug="canberra-bridge-club").federation == "abf"
    assert "federation: ABF" in capsys.readouterr().out
    with pytest.raises(CommandError, match="invalid choice: 'nzb'"):
        call_command("create_club", "Wellington", "--federation", "nzb")
    assert not Club.objects.filter(slug="wellington").exists()


def test_a_players_export_holds_his_awards(club, director_client):
    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    award = MasterPointAward.objects.filter(session=session, place=1).first()
    data = json.loads(director_client.get(reverse("director:player_data", args=[award.player_id])).content)
    (exported,) = data["master_points"]
    assert exported == {
        "date": "2022-07-21",
        "club": club.name,
        "event": session.name,
        "federation": "abf",
        "scale": "abf-club-green",
        "place": 1,
        "tied": False,
        "points": "0.21",
    }


def test_award_master_points_awards_the_nights_a_club_played_before_naming_its_federation(club, capsys):
    session = usebio_import(club=club, data=(FIXTURES / "compscore-mp-mitchell.xml").read_bytes()).session
    session_finish(session=session)
    assert not MasterPointAward.objects.exists()
    Club.objects.filter(pk=club.pk).update(federation="abf")
    call_command("award_master_points", "--club", club.slug)
    assert "Awarded 1 sessions and 0 teams events: 14 players' awards." in capsys.readouterr().out
    with pytest.raises(CommandError, match="No club 'nowhere'"):
        call_command("award_master_points", "--club", "nowhere")


def test_a_correction_that_moves_no_place_costs_three_reads_and_no_write(club, django_assert_num_queries):
    """The awards are read and worked out again; the rows, unchanged, are not written."""
    from tournaments.federation.services.awards import session_awards_write

    session = imported_and_finished(club, "compscore-mp-mitchell.xml")
    session.club = Club.objects.get(pk=club.pk)
    with django_assert_num_queries(3):  # the ledger's rows, the standings, the awarded pairs
        session_awards_write(session)
