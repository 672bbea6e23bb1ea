"""Merging a player entered twice: every pair and result moves, or nothing changes at all."""

from __future__ import annotations

import datetime

import pytest
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from tournaments.bridge.season.duplicates import Likeness
from tournaments.core.models import Player
from tournaments.night.models import Movement, Pair, Result, Standing
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.season.models import PlayerMerge
from tournaments.season.selectors.player_pages import player_history
from tournaments.season.selectors.players import player_duplicates

pytestmark = pytest.mark.django_db


def _played_session(club, name: str, day: int, ns: list[tuple[str, str]], ew: list[tuple[str, str]]):
    """A Mitchell of two tables with board 1 played at both, so every pair has a result."""
    from tournaments.night.services.boards import boards_ensure
    from tournaments.night.services.movement import session_start

    session = session_create(
        club=club, date=datetime.date(2026, 1, day), name=name, movement=Movement.MITCHELL
    )
    ns_pairs = [pair_add(session=session, player_names=names, direction="NS") for names in ns]
    ew_pairs = [pair_add(session=session, player_names=names, direction="EW") for names in ew]
    (board,) = boards_ensure(session=session, count=1)
    session = session_start(session=session)
    for contract, ns_pair, ew_pair in zip(("4S", "3NT"), ns_pairs, ew_pairs, strict=True):
        result_record(board=board, entry=ResultEntry(ns_pair, ew_pair, contract, "N", "10"))
    return session


def _state() -> dict:
    """Everything a merge may touch, as plain values, to compare before and after."""
    return {
        "players": sorted(Player.objects.values_list("pk", "name", "federation_number")),
        "pairs": sorted(Pair.objects.values_list("pk", "player1", "player2")),
        "results": sorted(Result.objects.values_list("pk", "board", "ns_pair", "ew_pair", "ns_score")),
        "standings": sorted(Standing.objects.values_list("pair", "rank", "percentage")),
        "merges": PlayerMerge.objects.count(),
    }


@pytest.fixture
def season(club):
    """Ann North on the 6th, entered again as 'ann  nörth' on the 13th."""
    first = _played_session(
        club, "Tuesday", 6, [("Ann North", "Bob North"), ("Cat N", "Dan N")], [("E1", "W1"), ("E2", "W2")]
    )
    second = _played_session(
        club, "Tuesday", 13, [("ann Nörth", "Zed"), ("Cat N", "Dan N")], [("E1", "W1"), ("E2", "W2")]
    )
    return first, second, Player.objects.get(name="Ann North"), Player.objects.get(name="ann Nörth")


def test_a_merge_moves_every_pair_and_result_to_the_kept_player_and_records_it(season, director):
    first, second, keep, duplicate = season
    moved_pair = second.pairs.get(player1=duplicate)
    results_before = {r.pk: (r.ns_pair_id, r.ns_score) for r in Result.objects.all()}
    standings_before = sorted(Standing.objects.values_list("pair", "rank", "percentage"))

    merge = player_merge_call(keep, duplicate, director)

    assert not Player.objects.filter(pk=duplicate.pk).exists()
    moved_pair.refresh_from_db()
    assert moved_pair.player1 == keep
    assert {r.pk: (r.ns_pair_id, r.ns_score) for r in Result.objects.all()} == results_before
    assert sorted(Standing.objects.values_list("pair", "rank", "percentage")) == standings_before
    assert [row.session for row in player_history(keep)] == [first, second]
    assert (merge.kept, merge.kept_name, merge.duplicate_pk, merge.duplicate_name) == (
        keep,
        "Ann North",
        duplicate.pk,
        "ann Nörth",
    )
    assert merge.pairs == [moved_pair.pk] and merge.user == director
    assert list(keep.merges.all()) == [merge]


def player_merge_call(keep, duplicate, user):
    from tournaments.season.services.players import player_merge

    return player_merge(keep=keep, duplicate=duplicate, user=user)


@pytest.mark.parametrize(
    "kept, other, message",
    [
        (
            "Cat N",
            "E1",
            r"^\{'duplicate': \['Cat N and E1 both played in Riverside Bridge Club Tuesday on 2026-01-06 "
            r"and 1 other session: they are two people, so they were not merged.'\]\}$",
        ),
        (
            "Ann North",
            "Bob North",
            r"Ann North and Bob North both played in .* on 2026-01-06: they are two people",
        ),
    ],
    ids=["opponents in two sessions", "partners"],
)
def test_players_who_played_in_one_session_are_not_merged_and_nothing_changes(
    season, director, kept, other, message
):
    before = _state()
    with pytest.raises(ValidationError, match=message):
        player_merge_call(Player.objects.get(name=kept), Player.objects.get(name=other), director)
    assert _state() == before


@pytest.mark.parametrize(
    "keep_number, duplicate_number, kept_number",
    [("", "12345", "12345"), ("12345", "", "12345"), ("012345", "12345", "012345"), ("", "", "")],
)
def test_the_kept_player_keeps_or_takes_a_federation_number(
    season, director, keep_number, duplicate_number, kept_number
):
    _, _, keep, duplicate = season
    Player.objects.filter(pk=keep.pk).update(federation_number=keep_number)
    Player.objects.filter(pk=duplicate.pk).update(federation_number=duplicate_number)
    keep.refresh_from_db()
    duplicate.refresh_from_db()
    merge = player_merge_call(keep, duplicate, director)
    assert Player.objects.get(pk=keep.pk).federation_number == kept_number
    assert merge.duplicate_federation_number == duplicate_number


def test_two_different_federation_numbers_are_two_members_and_nothing_changes(season, director):
    _, _, keep, duplicate = season
    Player.objects.filter(pk=keep.pk).update(federation_number="111")
    Player.objects.filter(pk=duplicate.pk).update(federation_number="222")
    before = _state()
    with pytest.raises(ValidationError, match="Ann North has federation number 111 and ann Nörth 222"):
        player_merge_call(Player.objects.get(pk=keep.pk), Player.objects.get(pk=duplicate.pk), director)
    assert _state() == before


def test_a_player_is_not_merged_with_itself_nor_with_one_already_gone(season, director):
    _, _, keep, duplicate = season
    with pytest.raises(ValidationError, match="Ann North cannot be merged with itself"):
        player_merge_call(keep, keep, director)
    player_merge_call(keep, duplicate, director)
    before = _state()
    with pytest.raises(ValidationError, match="ann Nörth no longer exists"):
        player_merge_call(keep, duplicate, director)
    assert _state() == before


def test_a_merge_that_fails_half_way_leaves_nothing_changed(season, director, monkeypatch):
    _, _, keep, duplicate = season
    before = _state()

    def refuse(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(PlayerMerge.objects, "create", refuse)
    with pytest.raises(RuntimeError):
        player_merge_call(keep, duplicate, director)
    assert _state() == before


def test_the_director_is_shown_the_likely_duplicates_in_one_query(season, django_assert_num_queries):
    _, _, keep, duplicate = season
    Player.objects.create(name="A. North")
    with django_assert_num_queries(1):
        found = player_duplicates()
    a_north = Player.objects.get(name="A. North")
    assert [(s.first, s.second, s.likeness) for s in found] == [
        (keep, duplicate, Likeness.NAME),
        (keep, a_north, Likeness.INITIAL),
        (duplicate, a_north, Likeness.INITIAL),
    ]


def test_the_merge_record_has_its_migration():
    call_command("makemigrations", "tournaments", "--check", "--dry-run", verbosity=0)


def test_the_merge_record_is_read_only_in_the_admin(season, director, admin_client):
    _, _, keep, duplicate = season
    merge = player_merge_call(keep, duplicate, director)
    assert admin.site.is_registered(PlayerMerge)
    change = reverse("admin:tournaments_playermerge_change", args=[merge.pk])
    assert (
        admin_client.get(reverse("admin:tournaments_playermerge_changelist"), {"q": "Nörth"}).status_code
        == 200
    )
    assert admin_client.get(change).status_code == 200
    assert admin_client.get(reverse("admin:tournaments_playermerge_add")).status_code == 403
    delete = reverse("admin:tournaments_playermerge_delete", args=[merge.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert PlayerMerge.objects.filter(pk=merge.pk).exists()


def _teams_event(club, day: int, teams: list[list[str]]):
    from tournaments.teams.services.events import team_add, teams_event_create

    event = teams_event_create(
        club=club, date=datetime.date(2026, 10, day), name=f"Swiss {day}", boards_per_match=4
    )
    for index, players in enumerate(teams, start=1):
        team_add(event=event, name=f"Team {index}", player_names=players)
    return event


def test_a_merge_moves_the_duplicates_team_memberships(club, director):
    from tournaments.teams.models import TeamMember

    _teams_event(club, 1, [["Ann North", "Bob", "Cat", "Dan"]])
    _teams_event(club, 8, [["Anne North", "Eve", "Fay", "Gus"]])
    keep, duplicate = Player.objects.get(name="Ann North"), Player.objects.get(name="Anne North")
    player_merge_call(keep, duplicate, director)
    assert TeamMember.objects.filter(player=keep).count() == 2
    assert not Player.objects.filter(pk=duplicate.pk).exists()


def test_two_players_of_one_teams_event_are_not_merged(club, director):
    from tournaments.teams.models import TeamMember

    _teams_event(club, 1, [["Ann North", "Bob", "Cat", "Dan"], ["Anne North", "Eve", "Fay", "Gus"]])
    keep, duplicate = Player.objects.get(name="Ann North"), Player.objects.get(name="Anne North")
    with pytest.raises(ValidationError, match="both players of the teams event"):
        player_merge_call(keep, duplicate, director)
    assert Player.objects.filter(pk=duplicate.pk).exists()
    assert TeamMember.objects.filter(player=duplicate).count() == 1
