"""``manage.py renew_subscriptions [--club SLUG] [--date YYYY-MM-DD]``: post each current member's
subscription for the membership year holding the day (today by default), once.

Run it each year (or each day from a scheduler: a run that finds every subscription posted
posts nothing). An unknown club or a day that is not one is a ``CommandError`` (exit
status 1), nothing posted.
"""

from __future__ import annotations

import datetime

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.money.services.memberships import renewal_run


class Command(BaseCommand):
    help = "Post each current member's subscription for this membership year, once."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", default="", metavar="SLUG", help="only this club (default: every club)")
        parser.add_argument(
            "--date", default="", metavar="YYYY-MM-DD", help="the day to renew for (default: today)"
        )

    def handle(self, *args: object, club: str, date: str, **options: object) -> None:
        clubs = Club.objects.filter(slug=club) if club else Club.objects.all()
        if club and not clubs.exists():
            raise CommandError(_("No club %(club)r: see the clubs' slugs in the admin.") % {"club": club})
        try:
            today = datetime.date.fromisoformat(date) if date else timezone.localdate()
        except ValueError:
            raise CommandError(
                _("Not a day: %(date)r (write it as 2026-04-01).") % {"date": date[:40]}
            ) from None
        for each in clubs.order_by("slug"):
            done = renewal_run(club=each, today=today)
            self.stdout.write(
                _("%(club)s: %(posted)d subscriptions posted, %(already)d already posted or paid.")
                % {"club": each.name, "posted": done.posted, "already": done.already}
            )
