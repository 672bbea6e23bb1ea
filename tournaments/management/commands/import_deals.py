"""``manage.py import_deals FILE --session ID [--redeal-played]``.

Deals the session's boards from a dealing machine's file, all or nothing (see
``tournaments.exchange.services.deal_files``): DUP, DLM, BRI, DGE, BER, PBN or LIN, the
format known from the file's bytes, else from its name. A file of an unknown format,
one whose name says another format than its bytes, a malformed file (its line, or its
record and byte, named), one too big, or one naming a board that already has results
(without ``--redeal-played``) exits 1 with the reason, nothing stored.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.exchange.selectors.deal_files import number_ranges
from tournaments.exchange.services.deal_files import MAX_DEAL_FILE_BYTES, check_deal_file, deal_file_import
from tournaments.night.models import Session


class Command(BaseCommand):
    help = "Deal a session's boards from a dealing machine's file (DUP, DLM, BRI, DGE, BER, PBN, LIN)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the deal file")
        parser.add_argument("--session", type=int, required=True, help="the session's id")
        parser.add_argument(
            "--redeal-played",
            action="store_true",
            help="also re-deal boards that have results (each written to the audit log)",
        )

    def handle(self, *args: object, file: str, session: int, redeal_played: bool, **options) -> None:
        found = Session.objects.filter(pk=session).first()
        if found is None:
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        try:
            data = read_file_bytes(file, MAX_DEAL_FILE_BYTES, kind="deal file")
        except UnreadableFile as error:
            raise CommandError(str(error)) from None
        try:
            deal_file = check_deal_file(data, file)
            boards = deal_file_import(session=found, deal_file=deal_file, redeal_played=redeal_played)
        except ValidationError as error:
            raise CommandError(
                _("%(file)s: %(reason)s Nothing was stored.")
                % {"file": file, "reason": " ".join(error.messages)}
            ) from None
        numbers = number_ranges([board.number for board in boards])
        self.stdout.write(
            _("Dealt boards %(numbers)s of session %(id)s from %(file)s (%(format)s).")
            % {"numbers": numbers, "id": found.pk, "file": file, "format": deal_file.format.upper()}
        )
