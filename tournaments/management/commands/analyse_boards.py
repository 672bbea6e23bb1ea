"""``manage.py analyse_boards [--session ID]``: work out the double-dummy analyses left waiting.

Dealing and PBN imports leave the analyses to a job of the task queue
(``services.deal_analysis``), which a worker runs; boards whose job failed every try are
asked for again when their session's pages are read, and solved here at once, without a
worker. Runs in this process, one deal at a time, each board stored as it is done.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.night.models import Board, Session
from tournaments.night.services.deal_analysis import boards_analyse


class Command(BaseCommand):
    help = "Work out the double-dummy analyses of dealt boards that have none."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--session", type=int, help="only this session's boards (default: every session)")

    def handle(self, *args: object, session: int | None, **options) -> None:
        if session is not None and not Session.objects.filter(pk=session).exists():
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        waiting = Board.objects.filter(dd_tricks__isnull=True).exclude(north="")
        if session is not None:
            waiting = waiting.filter(session_id=session)
        session_ids = sorted(set(waiting.values_list("session_id", flat=True)))
        total = 0
        for session_id in session_ids:
            done = boards_analyse(session_id)
            total += done
            self.stdout.write(
                _("Session %(session_id)s: analysed %(done)s boards.")
                % {"session_id": session_id, "done": done}
            )
        self.stdout.write(
            _("Analysed %(total)s boards in %(count)s sessions.")
            % {"total": total, "count": len(session_ids)}
        )
