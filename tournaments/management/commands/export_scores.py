"""``manage.py export_scores SESSION_ID [--output FILE] [--direction NS|EW]``.

Writes a session in the legacy score-file format (see ``tournaments.exchange.selectors.legacy``
for which field of a session is written, and which sessions are refused): on stdout, or
to ``--output``. ``simpscore`` of the written file gives the session's standings, except
on the boards of adjusted scores, which the format cannot hold as they are: each such
table is named on standard error with what was written for it.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.exchange.selectors.legacy import ExportError, session_legacy_export
from tournaments.management.arguments import ascii_int
from tournaments.night.models import Session


class Command(BaseCommand):
    help = "Write a session's scores as a legacy score file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=ascii_int, help="the session's id")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")
        parser.add_argument(
            "--direction",
            choices=["NS", "EW"],
            help="the field of a Mitchell to write (default NS); a Howell has one field",
        )

    def handle(
        self, *args: object, session: int, output: str | None, direction: str | None, **options
    ) -> None:
        found = Session.objects.filter(pk=session).first()
        if found is None:
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        try:
            export = session_legacy_export(found, direction)
        except ExportError as error:
            raise CommandError(str(error)) from None
        for note in export.notes:
            self.stderr.write(note)
        text = export.text
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8") as written:
                written.write(text)
        except OSError as error:
            raise CommandError(
                _("%(output)s: cannot write the file: %(reason)s")
                % {"output": output, "reason": error.strerror}
            ) from None
        self.stderr.write(
            _("Wrote session %(id)s (%(found)s) to %(output)s.")
            % {"id": found.pk, "found": found, "output": output}
        )
