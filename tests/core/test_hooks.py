"""Hooks: the night calls teams and the season through them, in order, inside its transaction."""

from __future__ import annotations

import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from tournaments.core.hooks import Hook, receiver_name
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


def _hooks_of_the_app() -> dict[str, Hook]:
    """Every hook a module of the app declares, by name (the app is ready: all registered)."""
    found: dict[str, Hook] = {}
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("tournaments."):
            for value in vars(module).values():
                if isinstance(value, Hook):
                    found[value.name] = value
    return found


def test_every_hook_declares_its_receivers_and_calls_exactly_those_in_that_order():
    """Issue 45, item 10: what a finish does first is read where the hook is declared."""
    hooks = _hooks_of_the_app()
    assert len(hooks) >= 28
    for name, hook in hooks.items():
        assert hook.receivers is not None, f"{name} declares no receivers"
        assert hook.registered() == hook.receivers, name


def test_a_finish_makes_the_strata_before_the_awards_that_read_them():
    assert night.session_finished.registered().index("federation.strata_complete") < (
        night.session_finished.registered().index("federation.awards_follow_the_night")
    )


def _second() -> None: ...


def _first() -> None: ...


def test_a_receiver_runs_in_its_declared_place_whatever_order_it_registers_in():
    first, second = receiver_name(_first), receiver_name(_second)
    hook: Hook[[], None] = Hook("test", receivers=(first, second))
    hook.register(_second)
    hook.register(_first)
    assert hook.registered() == (first, second)


def test_a_receiver_the_hook_does_not_declare_is_refused_naming_the_hook():
    hook: Hook[[], None] = Hook("night.test", receivers=(receiver_name(_first),))
    with pytest.raises(ImproperlyConfigured, match=r"test_hooks\._second registers at the hook night\.test"):
        hook.register(_second)
