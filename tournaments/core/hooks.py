"""Hooks: a room calls the capabilities that stand on it without importing them.

A capability depends on the core and the rooms below it, never the reverse. Where a lower
room must let a higher one act (the night settles a teams round, whose matches follow
their boards; a night finishes, and the season's ratings follow it; the club's page
lists what each capability holds), the lower room declares a ``Hook`` and calls it, and
the capability registers its function in ``TournamentsConfig.ready``.

A hook runs its functions in the order they were registered, in the caller's
transaction, and lets their errors through: a settle whose match rescoring fails rolls
back whole, as it did when the call was direct. It returns what they return, in that
order, so a page can gather the parts the capabilities add to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Hook(Generic[P, R]):
    """A named list of functions, each called with the hook's arguments."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._functions: list[Callable[P, R]] = []

    def register(self, function: Callable[P, R]) -> Callable[P, R]:
        """Add ``function`` once (registering it again changes nothing) and return it."""
        if function not in self._functions:
            self._functions.append(function)
        return function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [function(*args, **kwargs) for function in tuple(self._functions)]

    def __contains__(self, function: object) -> bool:
        return function in self._functions

    def __repr__(self) -> str:
        return f"<Hook {self.name}: {len(self._functions)} registered>"
