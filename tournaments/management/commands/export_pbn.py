"""``manage.py export_pbn SESSION_ID [--output FILE]``.

Writes a session's hand records as PBN 2.1 (see ``tournaments.bridge.formats.pbn``): its dealt
boards with their double-dummy analysis and, once played, their results as BridgeComposer
writes them ([ScoreTable], [TotalScoreTable]), on stdout or to ``--output``, for a dealing
machine or BridgeComposer. A session with no dealt board is refused.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.exchange.selectors.hand_records import session_pbn_boards, session_pbn_text
from tournaments.night.models import Session


class Command(BaseCommand):
    help = "Write a session's hand records as a PBN 2.1 file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's id")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(self, *args: object, session: int, output: str | None, **options) -> None:
        found = Session.objects.select_related("club").filter(pk=session).first()
        if found is None:
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        if not session_pbn_boards(found):
            raise CommandError(
                _("Session %(id)s (%(found)s) has no dealt board: nothing to write.")
                % {"id": found.pk, "found": found}
            )
        text = session_pbn_text(found)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8", newline="") as written:
                written.write(text)
        except OSError as error:
            raise CommandError(
                _("%(output)s: cannot write the file: %(reason)s")
                % {"output": output, "reason": error.strerror}
            ) from None
        self.stderr.write(
            _("Wrote the hand records of session %(id)s (%(found)s) to %(output)s.")
            % {"id": found.pk, "found": found, "output": output}
        )
