"""Ratings on the site: refitted when a session finishes, a snapshot per session, shown on the pages."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from tournaments.bridge.season.rating import expected_percentages, field_strength, rate_players
from tournaments.night.models import Standing
from tournaments.night.services.movement import session_finish
from tournaments.season.models import PlayerRating, RatingSnapshot
from tournaments.season.selectors.ratings import session_fields

pytestmark = pytest.mark.django_db


def _season_from_standings(sessions):
    """The results as bridge.rating reads them, built here from the standings (one Howell field)."""
    season = []
    for session in sessions:
        rows = Standing.objects.filter(session=session).values_list(
            "pair__player1_id", "pair__player2_id", "percentage", "boards_played"
        )
        season.append([((first, second), pct, "", boards) for first, second, pct, boards in rows])
    return season


def test_finishing_a_session_refits_every_rating_from_the_finished_sessions(nights):
    expected = rate_players(_season_from_standings(nights[:3]))
    stored = {r.player_id: r for r in PlayerRating.objects.all()}
    assert set(stored) == set(expected)
    for player, rated in expected.items():
        assert stored[player].rating == pytest.approx(rated.rating, abs=1e-3)  # the refit's tolerance
        assert stored[player].uncertainty == pytest.approx(rated.uncertainty)
        assert stored[player].sessions == rated.sessions

    session_finish(session=nights[3])
    refitted = rate_players(_season_from_standings(nights))
    ann = nights[3].pairs.get(number=1).player1
    assert PlayerRating.objects.get(player=ann).rating == pytest.approx(refitted[ann.pk].rating, abs=1e-3)
    assert PlayerRating.objects.get(player=ann).sessions == 4


def test_each_session_keeps_the_snapshot_of_its_night_for_its_players(nights):
    first_night = {s.player_id: s.rating for s in RatingSnapshot.objects.filter(session=nights[0])}
    after_one = rate_players(_season_from_standings(nights[:1]))
    assert first_night == pytest.approx({player: rated.rating for player, rated in after_one.items()})
    session_finish(session=nights[3])
    assert {s.player_id: s.rating for s in RatingSnapshot.objects.filter(session=nights[0])} == first_night
    assert RatingSnapshot.objects.filter(session=nights[3]).count() == 4


def test_the_rebuild_command_gives_the_same_snapshots(nights):
    before = sorted(RatingSnapshot.objects.values_list("player", "session", "rating"))
    RatingSnapshot.objects.all().delete()
    PlayerRating.objects.all().delete()
    out = io.StringIO()
    call_command("rate_players", "--snapshots", stdout=out)
    assert out.getvalue().startswith("Rated 3 sessions")
    after = sorted(RatingSnapshot.objects.values_list("player", "session", "rating"))
    assert [row[:2] for row in after] == [row[:2] for row in before]
    assert [row[2] for row in after] == pytest.approx([row[2] for row in before])
    assert PlayerRating.objects.count() == 8


def test_the_player_page_shows_the_rating_its_uncertainty_and_a_banded_chart(client, nights):
    ann = nights[0].pairs.get(number=1).player1
    rating = PlayerRating.objects.get(player=ann)
    page = client.get(reverse("player", args=[ann.pk])).content.decode()
    assert f"{rating.rating:.1f}" in page and f"± {rating.uncertainty:.1f}" in page
    assert 'aria-label="Rating by session"' in page and 'class="chart-band"' in page


def test_the_session_page_shows_the_fields_strength_and_each_pairs_expected_percentage(client, nights):
    session = nights[1]
    ratings = dict(PlayerRating.objects.values_list("player_id", "rating"))
    pairs = list(session.pairs.order_by("number"))
    teams = [(pair.player1_id, pair.player2_id) for pair in pairs]
    page = client.get(reverse("session", args=[session.pk]))
    (field,) = page.context["fields"]
    assert field.strength == pytest.approx(field_strength(teams, ratings))
    expected = dict(zip([pair.pk for pair in pairs], expected_percentages(teams, ratings), strict=True))
    assert {row.pair.pk: row.expected for row in field.rows} == pytest.approx(expected)
    assert sum(row.expected for row in field.rows) == pytest.approx(50 * len(pairs))
    # Beside what each pair did score, in the standings' order.
    ranked = Standing.objects.filter(session=session).order_by("rank", "pair__direction", "pair__number")
    assert [(row.pair.pk, row.actual) for row in field.rows] == [(s.pair_id, s.percentage) for s in ranked]
    html = page.content.decode()
    assert f"strength {field.strength:.1f}" in html
    assert f"{field.rows[0].expected:.1f}" in html


def test_before_any_result_the_field_lists_its_pairs_with_their_expectations(client, nights):
    session = nights[3]
    Standing.objects.filter(session=session).delete()
    (field,) = session_fields(session, [])
    assert [row.pair.number for row in field.rows] == sorted(p.number for p in session.pairs.all())
    assert all(row.actual is None for row in field.rows) and field.pairs == len(field.rows)
