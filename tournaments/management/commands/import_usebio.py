"""``manage.py import_usebio FILE --club SLUG [--name NAME]``.

Stores another scorer's USEBIO 1.2 file as a new session of the club, all or nothing
(see ``tournaments.exchange.services.usebio``; an ``INDIVIDUAL`` file as an individual,
``services.usebio_individual``), then lists where ClubScore's
scores and standings differ from the ones the file states. A file that cannot be read,
or a result ClubScore refuses, exits 1 naming the element, with nothing stored.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import UsebioError
from tournaments.bridge.formats.usebio.individual import is_individual_usebio
from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES, usebio_import
from tournaments.exchange.services.usebio_individual import usebio_individual_import


def is_individual(data: bytes) -> bool:
    """Whether the file is an individual's (an unreadable one is left to the pairs import to name)."""
    try:
        return is_individual_usebio(data)
    except UsebioError:
        return False


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
        individual = is_individual(data)
        importer = usebio_individual_import if individual else usebio_import
        try:
            imported = importer(club=club_found, data=data, name=name)
        except ValidationError as error:
            raise CommandError(
                _("%(file)s: %(reason)s Nothing was stored.")
                % {"file": file, "reason": " ".join(error.messages)}
            ) from None
        session = imported.session
        figures = {"file": file, "id": session.pk, "session": session}
        if individual:
            done = _("Imported %(file)s as session %(id)s (%(session)s): %(count)s players.") % {
                **figures,
                "count": session.individual_players.count(),
            }
        else:
            done = _("Imported %(file)s as session %(id)s (%(session)s): %(count)s pairs.") % {
                **figures,
                "count": session.pairs.count(),
            }
        self.stdout.write(done)
        if not imported.differences:
            self.stdout.write(_("ClubScore's scores and standings agree with the file's."))
            return
        self.stdout.write(
            _("%(count)s differences from the file's figures:") % {"count": len(imported.differences)}
        )
        for difference in imported.differences:
            self.stdout.write(f"  {difference}")
