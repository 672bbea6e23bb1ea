"""Competitions in the database: the service's checks, the table from stored standings, the pages."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.core.models import Club
from tournaments.night.models import Standing
from tournaments.season.models import Competition
from tournaments.season.selectors.competitions import competition_standings
from tournaments.season.services.competitions import competition_save

pytestmark = pytest.mark.django_db


def _percentages_by_player(sessions) -> dict[str, list[tuple[int, float]]]:
    """Each player's (session id, percentage) read straight from the stored standings."""
    played: dict[str, list[tuple[int, float]]] = {}
    for standing in Standing.objects.filter(session__in=sessions).select_related(
        "pair__player1", "pair__player2"
    ):
        for player in (standing.pair.player1, standing.pair.player2):
            played.setdefault(player.name, []).append((standing.session_id, standing.percentage))
    return played


def test_best_two_of_three_is_the_mean_of_each_players_two_best_finished_nights(club, nights):
    competition = competition_save(
        club=club, name="Autumn", method="percentages", best_of=2, minimum_sessions=3, sessions=nights
    )
    table = competition_standings(competition)
    finished = nights[:3]  # the fourth night is still in play: it does not count yet
    assert table.finished == finished
    expected = {}
    for name, played in _percentages_by_player(finished).items():
        best = sorted((pct for _, pct in played), reverse=True)[:2]
        expected[name] = sum(best) / len(best)
    assert {row.player.name: pytest.approx(row.line.total) for row in table.rows} == expected
    totals = [row.line.total for row in table.rows]
    assert totals == sorted(totals, reverse=True)
    for row in table.rows:
        assert len(row.counted) == 2 and len(row.dropped) == 1
        assert min(score for _, score in row.counted) >= max(score for _, score in row.dropped)


def test_the_table_changes_when_a_session_finishes(club, nights):
    from tournaments.night.services.movement import session_finish

    competition = competition_save(
        club=club, name="Autumn", method="matchpoints", best_of=None, minimum_sessions=1, sessions=nights
    )
    before = {row.player.name: row.line.total for row in competition_standings(competition).rows}
    session_finish(session=nights[3])
    after = {row.player.name: row.line.total for row in competition_standings(competition).rows}
    last = {s.pair.player1.name: s.matchpoints for s in Standing.objects.filter(session=nights[3])}
    assert after["Ann"] == pytest.approx(before["Ann"] + last["Ann"])
    assert after["Eve"] == before["Eve"]


def test_position_points_and_the_minimum_leave_unqualified_players_unranked(club, nights):
    competition = competition_save(
        club=club,
        name="Ladder",
        method="points",
        best_of=None,
        minimum_sessions=3,
        scale=[4, 3, 2, 1],
        sessions=nights[:2],
    )
    rows = competition_standings(competition).rows
    assert rows and all(row.line.rank is None for row in rows)  # two nights played, three needed


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (dict(method="points", scale=[]), "scale", "scale"),
        (dict(best_of=0), "best_of", "1"),
        (dict(name=""), "name", "blank"),
    ],
)
def test_a_competition_that_cannot_be_scored_is_refused_beside_its_field(club, changes, field, message):
    arguments = dict(club=club, name="Autumn", method="percentages", best_of=None, minimum_sessions=1)
    with pytest.raises(ValidationError) as refused:
        competition_save(**(arguments | changes))
    assert message in " ".join(refused.value.message_dict[field])
    assert not Competition.objects.exists()


def test_a_session_of_another_club_is_refused(club, nights):
    other = Club.objects.create(name="Elsewhere", slug="elsewhere")
    with pytest.raises(ValidationError, match="not a session of Elsewhere"):
        competition_save(
            club=other, name="X", method="percentages", best_of=None, minimum_sessions=1, sessions=nights
        )


def test_the_public_page_shows_counted_and_dropped_sessions(client, club, nights):
    competition = competition_save(
        club=club, name="Autumn", method="percentages", best_of=2, minimum_sessions=1, sessions=nights[:3]
    )
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert "Autumn" in page and "best 2 of 3" in page
    assert page.count("<s>") == 8  # eight players, one night dropped each
    assert (
        client.get(reverse("club", args=[club.slug])).content.decode().count(competition.get_absolute_url())
        == 1
    )


def test_the_director_creates_a_competition_choosing_its_sessions(director_client, club, nights):
    url = reverse("director:competition_new", args=[club.slug])
    assert director_client.get(url).status_code == 200
    data = {
        "name": "Winter",
        "method": "points",
        "minimum_sessions": "1",
        "scale": "10, 8, x",
        "sessions": [nights[0].pk],
    }
    refused = director_client.post(url, data)
    assert refused.status_code == 400 and "Place 3" in refused.content.decode()
    response = director_client.post(
        url, data | {"scale": "10, 8, 6", "sessions": [nights[0].pk, nights[1].pk]}
    )
    competition = Competition.objects.get(name="Winter")
    assert response.status_code == 302 and response.url == competition.get_absolute_url()
    assert (competition.scale, set(competition.sessions.all())) == ([10, 8, 6], set(nights[:2]))


def test_a_club_the_user_does_not_direct_is_refused(client, django_user_model, club):
    client.force_login(django_user_model.objects.create_user(username="other", password="x-long-password"))
    assert client.get(reverse("director:competition_new", args=[club.slug])).status_code == 403
