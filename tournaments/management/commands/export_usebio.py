"""``manage.py export_usebio SESSION_ID [--output FILE]``.

Writes a session's pairs, players (with federation numbers), travellers and standings
as USEBIO 1.2 XML (see ``tournaments.bridge.usebio``), on stdout or to ``--output``, for
a federation or another scorer (see ``tournaments.selectors.usebio``). A session with a
legacy import's bare scores is refused with the result named.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Session
from tournaments.selectors.usebio import UsebioExportError, session_usebio_bytes


class Command(BaseCommand):
    help = "Write a session's results and standings as a USEBIO 1.2 XML file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's id")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(self, *args: object, session: int, output: str | None, **options) -> None:
        found = Session.objects.select_related("club").filter(pk=session).first()
        if found is None:
            raise CommandError(f"No session with id {session}.")
        try:
            data = session_usebio_bytes(found)
        except UsebioExportError as error:
            raise CommandError(str(error)) from None
        if output is None:
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            with open(output, "wb") as written:
                written.write(data)
        except OSError as error:
            raise CommandError(f"{output}: cannot write the file: {error.strerror}") from None
        self.stderr.write(f"Wrote session {found.pk} ({found}) to {output}.")
