"""The money's part at the night's moments: a finished night charges its table money."""

from __future__ import annotations

from tournaments.money.services.charges import charge_the_night
from tournaments.night import hooks as night_hooks


def ready() -> None:
    night_hooks.session_finished.register(charge_the_night)
