"""``manage.py import_pbn FILE --session ID``.

Deals the session's boards from a PBN file (a dealing machine's, BridgeComposer's, or
``export_pbn``'s), all or nothing (see ``tournaments.services.exchange``): a malformed
file, one too big, or one naming a board that already has results exits 1 with the
reason (a malformed file's line included) and nothing stored.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Session
from tournaments.services.exchange import MAX_PBN_BYTES, pbn_import


class Command(BaseCommand):
    help = "Deal a session's boards from a PBN file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a PBN file")
        parser.add_argument("--session", type=int, required=True, help="the session's id")

    def handle(self, *args: object, file: str, session: int, **options) -> None:
        found = Session.objects.filter(pk=session).first()
        if found is None:
            raise CommandError(f"No session with id {session}.")
        try:
            with open(file, "rb") as opened:
                data = opened.read(MAX_PBN_BYTES + 1)
        except OSError as error:
            raise CommandError(f"{file}: cannot read the file: {error.strerror}") from None
        try:
            boards = pbn_import(session=found, data=data)
        except ValidationError as error:
            raise CommandError(f"{file}: {' '.join(error.messages)} Nothing was stored.") from None
        numbers = [board.number for board in boards]
        self.stdout.write(
            f"Dealt {len(boards)} boards ({numbers[0]}-{numbers[-1]}) of session {found.pk} from {file}."
        )
