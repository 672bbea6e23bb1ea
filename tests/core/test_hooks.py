"""Hooks: the night calls teams and the season through them, in order, inside its transaction."""

from __future__ import annotations

import pytest

from tournaments.core.hooks import Hook
from tournaments.night import hooks as night
from tournaments.season.ready import ratings_follow_the_night
from tournaments.teams.ready import matches_follow_their_boards


def test_a_hook_calls_its_functions_in_order_and_returns_what_they_return():
    hook: Hook[[int], int] = Hook("test")
    hook.register(lambda n: n + 1)
    hook.register(lambda n: n * 10)

    assert hook(4) == [5, 40]


def test_registering_a_function_twice_calls_it_once():
    calls = []

    def record(value: str) -> None:
        calls.append(value)

    hook: Hook[[str], None] = Hook("test")
    hook.register(record)
    hook.register(record)
    hook("settled")

    assert calls == ["settled"]


def test_a_failing_function_stops_the_hook_and_reaches_the_caller():
    """A settle whose match rescoring fails must roll back whole, as a direct call did."""
    hook: Hook[[], None] = Hook("test")

    def fail() -> None:
        raise ValueError("the matches could not be rescored")

    after = []
    hook.register(fail)
    hook.register(lambda: after.append("ran"))

    with pytest.raises(ValueError, match="could not be rescored"):
        hook()
    assert after == []


def test_the_app_registers_teams_at_the_settle_and_the_season_at_the_finish():
    assert matches_follow_their_boards in night.session_settled
    assert ratings_follow_the_night in night.session_finished
