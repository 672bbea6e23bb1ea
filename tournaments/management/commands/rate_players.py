"""``manage.py rate_players``: refit every player's rating and each session's chart point.

Finishing a session refits the ratings by itself; this rebuilds them from scratch, for a
club's history imported from files or after a merge of two players.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from tournaments.season.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Refit the players' ratings and every session's rating snapshot from the finished sessions."

    def handle(self, *args, **options) -> None:
        started = time.perf_counter()
        count = ratings_rebuild()
        self.stdout.write(f"Rated {count} sessions in {time.perf_counter() - started:.2f} s.")
