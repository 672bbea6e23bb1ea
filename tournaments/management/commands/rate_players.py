"""``manage.py rate_players``: refit every player's rating, do the refits owed, or rebuild the chart points.

Finishing a session owes a refit of the ratings around it, done a moment later in the
background; this refits everything from scratch (seconds for a million results), for a
club's history imported from files. ``--owed`` does only what finishes left owed (cron,
after a restart); ``--snapshots`` also rebuilds every session's chart point by counting
the sessions again in date order (minutes for a million results).
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext as _

from tournaments.season.services.rating_refit import ratings_refit_owed
from tournaments.season.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Refit the players' ratings from the finished sessions (and every session's rating snapshot)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--owed", action="store_true", help="Only do the refits that finishes left owed.")
        parser.add_argument(
            "--snapshots",
            action="store_true",
            help="Also rebuild every session's snapshot (the chart's points).",
        )

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()
        if options["owed"]:
            done = ratings_refit_owed()
            self.stdout.write(
                _("Did %(done)s refits owed in %(started)s s.")
                % {"done": done, "started": f"{time.perf_counter() - started:.2f}"}
            )
            return
        count = ratings_rebuild(snapshots=options["snapshots"])
        self.stdout.write(
            _("Rated %(count)s sessions in %(started)s s.")
            % {"count": count, "started": f"{time.perf_counter() - started:.2f}"}
        )
