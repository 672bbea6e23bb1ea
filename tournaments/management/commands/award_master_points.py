"""``manage.py award_master_points [--club SLUG]``: work out again the master points of every
finished session and teams event (of one club, or all).

Finishing a night awards its master points by itself; this is for a club that names its
federation after its nights were played, or a history imported from files. An unknown
club is a ``CommandError`` (exit status 1), nothing changed.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.federation.models import MasterPointAward
from tournaments.federation.services.awards import awards_rebuild


class Command(BaseCommand):
    help = "Work out again the master points of every finished session and teams event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", default="", metavar="SLUG", help="only this club (default: every club)")

    def handle(self, *args: object, club: str, **options: object) -> None:
        clubs = Club.objects.filter(slug=club) if club else Club.objects.all()
        if club and not clubs.exists():
            raise CommandError(_("No club %(club)r: see the clubs' slugs in the admin.") % {"club": club})
        sessions, events = awards_rebuild(clubs)
        awards = MasterPointAward.objects.filter(club__in=clubs).count()
        self.stdout.write(
            _("Awarded %(sessions)s sessions and %(events)s teams events: %(awards)s players' awards.")
            % {"sessions": sessions, "events": events, "awards": awards}
        )
