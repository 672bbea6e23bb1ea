"""``manage.py export_usebio SESSION_ID [--output FILE]`` or ``export_usebio --teams-event ID``.

Writes a session's pairs, players (with federation numbers), travellers and standings
as USEBIO 1.2 XML (see ``tournaments.bridge.formats.usebio``), on stdout or to ``--output``, for
a federation or another scorer (see ``tournaments.exchange.selectors.usebio``). A session with a
legacy import's bare scores is refused with the result named.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.exchange.selectors.teams_usebio import teams_event_usebio_bytes
from tournaments.exchange.selectors.usebio import UsebioExportError
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.night.models import Session
from tournaments.teams.models import TeamsEvent


class Command(BaseCommand):
    help = "Write a session's results and standings as a USEBIO 1.2 XML file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, nargs="?", help="the session's id")
        parser.add_argument("--teams-event", type=int, help="write this teams event instead of a session")
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(
        self, *args: object, session: int | None, teams_event: int | None, output: str | None, **options
    ) -> None:
        found: TeamsEvent | Session | None  # what is exported, named at the end
        if teams_event is not None:
            found = TeamsEvent.objects.select_related("club").filter(pk=teams_event).first()
            if found is None:
                raise CommandError(
                    _("No teams event with id %(teams_event)s.") % {"teams_event": teams_event}
                )
            data = teams_event_usebio_bytes(found)
        else:
            if session is None:
                raise CommandError(_("Name a session's id, or a teams event with --teams-event ID."))
            found = Session.objects.select_related("club").filter(pk=session).first()
            if found is None:
                raise CommandError(_("No session with id %(session)s.") % {"session": session})
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
            raise CommandError(
                _("%(output)s: cannot write the file: %(reason)s")
                % {"output": output, "reason": error.strerror}
            ) from None
        what = "teams event" if teams_event is not None else "session"
        self.stderr.write(
            _("Wrote %(what)s %(id)s (%(found)s) to %(output)s.")
            % {"what": what, "id": found.pk, "found": found, "output": output}
        )
