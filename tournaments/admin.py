"""The Django admin over every model: for administrators fixing data, not for running sessions.

Django looks for the admin here; each capability keeps its own beside its models
(``tournaments.<capability>.admin``), and importing them registers them all.
"""

from tournaments.analysis import admin as analysis_admin
from tournaments.bookings import admin as bookings_admin
from tournaments.bookings import entries_admin
from tournaments.core import admin as core_admin
from tournaments.core import jobs_admin
from tournaments.exchange import admin as exchange_admin
from tournaments.federation import admin as federation_admin
from tournaments.mail import admin as mail_admin
from tournaments.members import admin as members_admin
from tournaments.money import admin as money_admin
from tournaments.night import admin as night_admin
from tournaments.season import admin as season_admin
from tournaments.teams import admin as teams_admin

__all__ = [
    "analysis_admin",
    "bookings_admin",
    "entries_admin",
    "core_admin",
    "exchange_admin",
    "federation_admin",
    "jobs_admin",
    "mail_admin",
    "members_admin",
    "money_admin",
    "night_admin",
    "season_admin",
    "teams_admin",
]
