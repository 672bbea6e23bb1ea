"""``manage.py import_bws FILE --club SLUG [--section X] [--name NAME] [--follow [--every SECONDS]]``.

Imports one section of a Bridgemate file (``.bws``, written by Bridgemate Control
Software) into the club's session it feeds, created by the first import (see
``tournaments.exchange.services.bws``); importing it again adds only what is new. A file
of several sections needs ``--section``: without it the file is refused, its sections
named. A file that cannot be read, or a result ClubScore refuses, exits 1 naming the
table and the row, nothing stored.

With ``--follow`` the file is read every few seconds (``--every``, 5 by default) and
what the tables send is published as it comes (``services.bws_follow``), until Ctrl-C.
"""

from __future__ import annotations

import time

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.core.models import Club
from tournaments.exchange.services.bws import MAX_BWS_BYTES, bws_import
from tournaments.exchange.services.bws_follow import bws_follow, import_summary

MIN_EVERY = 1.0


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not MIN_EVERY <= seconds <= 3600:
        raise CommandError(
            _("--every takes %(least)s to 3600 seconds, not %(text)r.")
            % {"least": f"{MIN_EVERY:g}", "text": text}
        )
    return seconds


class Command(BaseCommand):
    help = "Import a Bridgemate file's section into a club's session, once or following it during the night."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a Bridgemate .bws file")
        parser.add_argument("--club", required=True, help="the club's slug or name")
        parser.add_argument("--section", help="the section's letter, in a file of several sections")
        parser.add_argument("--name", default="", help="the new session's name (default: the file's)")
        parser.add_argument(
            "--follow", action="store_true", help="read the file again and again until Ctrl-C"
        )
        parser.add_argument("--every", default="5", help="with --follow, seconds between reads (default 5)")

    def handle(
        self,
        *args: object,
        file: str,
        club: str,
        section: str | None,
        name: str,
        follow: bool,
        every: str,
        **options: object,
    ) -> None:
        club_found = Club.objects.filter(Q(slug=club) | Q(name=club)).first()
        if club_found is None:
            raise CommandError(_("No club %(club)r: give its slug or its name.") % {"club": club})
        if follow:
            self._follow(file, club_found, section, name, _seconds(every))
            return
        try:
            data = read_file_bytes(file, MAX_BWS_BYTES, kind="Bridgemate file")
        except UnreadableFile as error:
            raise CommandError(str(error)) from None
        try:
            imported = bws_import(club=club_found, data=data, section=section, name=name)
        except ValidationError as error:
            raise CommandError(
                _("%(file)s: %(reason)s Nothing was stored.")
                % {"file": file, "reason": " ".join(error.messages)}
            ) from None
        self.stdout.write(import_summary(imported))
        for note in imported.notes:
            self.stderr.write(note)

    def _follow(self, file: str, club: Club, section: str | None, name: str, every: float) -> None:
        self.stdout.write(
            _("Following %(file)s every %(every)s s for %(club)s; Ctrl-C stops.")
            % {"file": file, "every": f"{every:g}", "club": club}
        )
        try:
            bws_follow(
                path=file,
                club=club,
                section=section,
                name=name,
                every=every,
                pause=_pause,
                report=lambda line: self.stdout.write(f"{time.strftime('%H:%M:%S')} {line}"),
            )
        except KeyboardInterrupt:
            # An import under way was rolled back by its transaction: nothing half-written.
            self.stdout.write(_("Stopped following %(file)s.") % {"file": file})


def _pause(seconds: float) -> bool:
    """Wait between reads; only Ctrl-C stops the command (KeyboardInterrupt)."""
    time.sleep(seconds)
    return False
