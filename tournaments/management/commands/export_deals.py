"""``manage.py export_deals SESSION_ID --format dup|dlm|bri|dge|ber|pbn|lin [--output FILE]``.

Writes a session's deals for a dealing machine or another program
(``tournaments.bridge.formats.dealing``): DUP and DLM for Duplimate and Dealer4, BRI,
DGE, BER for the machines that read those, PBN and LIN as their own downloads write
them. On standard output (the bytes as they are: DUP, BRI and DGE are binary) or to
``--output``. A session with no dealt board, or whose boards the format cannot hold
(a gap, boards not from 1 for BRI, DGE and BER, a board past 99 for DUP and DLM), is
refused with the reason and exits 1.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.bridge.formats.dealing import FORMATS, DealFileError
from tournaments.exchange.selectors.deal_files import session_deal_file
from tournaments.exchange.selectors.hand_records import session_has_deals
from tournaments.night.models import Session


class Command(BaseCommand):
    help = "Write a session's deals for a dealing machine: DUP, DLM, BRI, DGE, BER, PBN or LIN."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session", type=int, help="the session's id")
        parser.add_argument(
            "--format", "-f", required=True, choices=list(FORMATS), dest="fmt", help="the format"
        )
        parser.add_argument("--output", "-o", help="the file to write (default: standard output)")

    def handle(self, *args: object, session: int, fmt: str, output: str | None, **options) -> None:
        found = Session.objects.select_related("club").filter(pk=session).first()
        if found is None:
            raise CommandError(_("No session with id %(session)s.") % {"session": session})
        if not session_has_deals(found):
            raise CommandError(
                _("Session %(id)s (%(found)s) has no dealt board: nothing to write.")
                % {"id": found.pk, "found": found}
            )
        try:
            data = session_deal_file(found, fmt)
        except DealFileError as error:
            raise CommandError(
                _("Session %(id)s cannot be written as %(fmt)s: %(problem)s.")
                % {"id": found.pk, "fmt": fmt.upper(), "problem": error.problem}
            ) from None
        if output is None:
            self.stdout.flush()
            buffer = getattr(self.stdout, "buffer", None)  # the wrapper hands on its stream's attributes
            if buffer is None:  # a stream of text (a test's StringIO): each byte as the character it codes
                self.stdout.write(data.decode("latin-1"), ending="")
            else:
                buffer.write(data)
                buffer.flush()
            return
        try:
            with open(output, "wb") as written:
                written.write(data)
        except OSError as error:
            raise CommandError(
                _("%(output)s: cannot write the file: %(reason)s")
                % {"output": output, "reason": error.strerror}
            ) from None
        self.stderr.write(
            _("Wrote the deals of session %(id)s (%(found)s) as %(fmt)s to %(output)s.")
            % {"id": found.pk, "found": found, "fmt": fmt.upper(), "output": output}
        )
