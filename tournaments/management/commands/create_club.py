"""``manage.py create_club NAME [--slug SLUG] [--director USER] [--federation abf|ebu|acbl]``.

``import_scores`` needs a club to import into; on a new install this makes one without
the admin. ``--director`` (repeatable) names existing users who may run the club's
sessions; ``--federation`` the federation whose club scale awards its master points.
A refusal (a name or slug already used, an unknown user or federation) is a
``CommandError``: exit status 1 and nothing stored.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.bridge.federations import SCALES
from tournaments.core.services.clubs import club_create


class Command(BaseCommand):
    help = "Create a club (and name its directors), e.g. before importing score files into it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the club's name, e.g. 'Riverside Bridge Club'")
        parser.add_argument(
            "--slug", default="", help="its short name for URLs and --club (default: from NAME)"
        )
        parser.add_argument(
            "--director",
            action="append",
            default=[],
            metavar="USER",
            help="the username of a director of the club (repeat for more)",
        )
        parser.add_argument(
            "--federation",
            default="",
            choices=["", *SCALES],
            help="the club's national federation, whose scale awards its master points (default: none)",
        )

    def handle(
        self, *args: object, name: str, slug: str, director: list[str], federation: str, **options
    ) -> None:
        users = []
        for username in director:
            user = get_user_model().objects.filter(username=username).first()
            if user is None:
                raise CommandError(
                    _("No user %(username)r: create one with manage.py createsuperuser first.")
                    % {"username": username}
                )
            users.append(user)
        try:
            club = club_create(name=name, slug=slug, directors=users, federation=federation)
        except ValidationError as error:
            raise CommandError(
                _("Club not created: %(reason)s") % {"reason": " ".join(error.messages)}
            ) from None
        directors = ", ".join(user.get_username() for user in users) or "none yet"
        belongs = f", federation: {club.federation.upper()}" if club.federation else ""
        self.stdout.write(
            _(
                "Created club %(name)s (directors: %(directors)s%(belongs)s). Import into it with:"
                " manage.py import_scores FILE --club %(slug)s --date YYYY-MM-DD --name NAME"
            )
            % {"name": club.name, "directors": directors, "belongs": belongs, "slug": club.slug}
        )
