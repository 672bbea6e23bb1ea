"""``manage.py import_pbn FILE --session ID [--results] [--event NAME]``.

Deals the session's boards from a PBN file (a dealing machine's, BridgeComposer's, or
``export_pbn``'s), all or nothing (see ``tournaments.exchange.services.pbn``): a malformed
file, one too big, or one naming a board that already has results exits 1 with the
reason (a malformed file's line included) and nothing stored. With ``--results`` the
results another scorer's file carries are entered as the boards' travellers too. A file
of several events is imported one event at a time: ``--event NAME`` names it, and without
it such a file is refused with its events listed.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.exchange.services.pbn import MAX_PBN_BYTES, pbn_import
from tournaments.night.models import Session


class Command(BaseCommand):
    help = "Deal a session's boards from a PBN file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a PBN file")
        parser.add_argument("--session", type=int, required=True, help="the session's id")
        parser.add_argument(
            "--results", action="store_true", help="also enter the results the file carries as travellers"
        )
        parser.add_argument("--event", help="in a file of several events, the [Event] to import")

    def handle(
        self, *args: object, file: str, session: int, results: bool, event: str | None, **options
    ) -> None:
        found = Session.objects.filter(pk=session).first()
        if found is None:
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        try:
            data = read_file_bytes(file, MAX_PBN_BYTES, kind="PBN file")
        except UnreadableFile as error:
            raise CommandError(str(error)) from None
        try:
            done = pbn_import(session=found, data=data, results=results, event=event)
        except ValidationError as error:
            raise CommandError(
                _("%(file)s: %(reason)s Nothing was stored.")
                % {"file": file, "reason": " ".join(error.messages)}
            ) from None
        numbers = [board.number for board in done.boards]
        self.stdout.write(
            _("Dealt %(count)s boards (%(first)s-%(last)s) of session %(id)s from %(file)s.")
            % {
                "count": len(numbers),
                "first": numbers[0],
                "last": numbers[-1],
                "id": found.pk,
                "file": file,
            }
        )
        if done.results_entered:
            self.stdout.write(
                _("Entered %(count)s results as the boards' travellers.") % {"count": done.results_entered}
            )
        elif done.results_in_file:
            self.stdout.write(
                _("The file also carries %(count)s results: add --results to enter them.")
                % {"count": done.results_in_file}
            )
        for line in (*(f"Not entered, {line}." for line in done.skipped), *done.differences):
            self.stderr.write(line)
