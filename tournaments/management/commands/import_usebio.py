"""``manage.py import_usebio FILE --club SLUG [--name NAME]``.

Stores another scorer's USEBIO 1.2 file as a new session of the club, all or nothing
(see ``tournaments.exchange.services.usebio``), then lists where ClubScore's
scores and standings differ from the ones the file states. A file that cannot be read,
or a result ClubScore refuses, exits 1 naming the element, with nothing stored.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES, usebio_import


class Command(BaseCommand):
    help = "Import another scorer's USEBIO file as a new session of a club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a USEBIO 1.2 XML file")
        parser.add_argument("--club", required=True, help="the club's slug or name")
        parser.add_argument("--name", default="", help="the session's name (default: the file's event)")

    def handle(self, *args: object, file: str, club: str, name: str, **options) -> None:
        club_found = Club.objects.filter(Q(slug=club) | Q(name=club)).first()
        if club_found is None:
            raise CommandError(_("No club %(club)r: give its slug or its name.") % {"club": club})
        try:
            data = read_file_bytes(file, MAX_USEBIO_BYTES, kind="USEBIO file")
        except UnreadableFile as error:
            raise CommandError(str(error)) from None
        try:
            imported = usebio_import(club=club_found, data=data, name=name)
        except ValidationError as error:
            raise CommandError(
                _("%(file)s: %(reason)s Nothing was stored.")
                % {"file": file, "reason": " ".join(error.messages)}
            ) from None
        session = imported.session
        self.stdout.write(
            _("Imported %(file)s as session %(id)s (%(session)s): %(count)s pairs.")
            % {"file": file, "id": session.pk, "session": session, "count": session.pairs.count()}
        )
        if not imported.differences:
            self.stdout.write(_("ClubScore's scores and standings agree with the file's."))
            return
        self.stdout.write(
            _("%(count)s differences from the file's figures:") % {"count": len(imported.differences)}
        )
        for difference in imported.differences:
            self.stdout.write(f"  {difference}")
