"""Hooks: a room calls the capabilities that stand on it without importing them.

A capability depends on the core and the rooms below it, never the reverse. Where a lower
room must let a higher one act (the night settles a teams round, whose matches follow
their boards; a night finishes, and the season's ratings follow it; the club's page
lists what each capability holds), the lower room declares a ``Hook`` and calls it, and
the capability registers its function in its ``ready``.

A hook declares its receivers where it is declared, in the order they run
(``receivers``: ``"capability.function"``, e.g. ``"federation.strata_complete"``), so a
reader of the lower room sees who acts at its moment and in which order (what a finish
does first), without reading the apps' ``ready`` order. Registration puts a function in
its declared place whatever the order of the ``ready`` calls, and refuses one the hook
does not declare; ``tests/core/test_hooks.py`` pins every hook's receivers to those
registered. The names are strings, so the lower room imports nothing of the higher.

A hook runs its functions in that order, in the caller's transaction, and lets their
errors through: a settle whose match rescoring fails rolls back whole, as it did when
the call was direct. It returns what they return, in that order, so a page can gather
the parts the capabilities add to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, ParamSpec, TypeVar

from django.core.exceptions import ImproperlyConfigured

P = ParamSpec("P")
R = TypeVar("R")


def receiver_name(function: Callable[..., object]) -> str:
    """``capability.function`` for a function of ``tournaments.<capability>...``."""
    parts = function.__module__.split(".")
    capability = parts[1] if len(parts) > 1 and parts[0] == "tournaments" else function.__module__
    return f"{capability}.{function.__name__}"


class Hook(Generic[P, R]):
    """A named list of functions, each called with the hook's arguments, in the declared order."""

    def __init__(self, name: str, receivers: Sequence[str] | None = None) -> None:
        self.name = name
        self.receivers: tuple[str, ...] | None = tuple(receivers) if receivers is not None else None
        self._functions: list[Callable[P, R]] = []

    def register(self, function: Callable[P, R]) -> Callable[P, R]:
        """Add ``function`` once, in its declared place (registering it again changes nothing)."""
        if function in self._functions:
            return function
        if self.receivers is None:  # a hook of a test: the order of registration
            self._functions.append(function)
            return function
        name = receiver_name(function)
        if name not in self.receivers:
            raise ImproperlyConfigured(
                f"{name} registers at the hook {self.name}, which does not declare it: add it to the "
                f"hook's receivers, in the place it must run ({', '.join(self.receivers)})"
            )
        self._functions.append(function)
        self._functions.sort(key=lambda each: self.receivers.index(receiver_name(each)))  # type: ignore[union-attr]
        return function

    def registered(self) -> tuple[str, ...]:
        """The receivers registered, in the order the hook calls them."""
        return tuple(receiver_name(function) for function in self._functions)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [function(*args, **kwargs) for function in tuple(self._functions)]

    def __contains__(self, function: object) -> bool:
        return function in self._functions

    def __repr__(self) -> str:
        return f"<Hook {self.name}: {len(self._functions)} registered>"
