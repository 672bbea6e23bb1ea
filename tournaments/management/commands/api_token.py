"""``manage.py api_token create|revoke|list``: a club's API tokens from the command line.

``create --club SLUG --name NAME`` prints the new token once (only its digest is kept);
``revoke ID`` refuses it from then on; ``list --club SLUG`` shows the club's tokens
(never a secret). A refusal is a ``CommandError``: exit status 1 and nothing stored.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.models import ApiToken, Club
from tournaments.core.selectors.api_tokens import club_api_tokens
from tournaments.core.services.api_tokens import api_token_create, api_token_revoke


class Command(BaseCommand):
    help = "Create, revoke or list a club's API tokens (for programs writing through /api/v1/)."

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        create = actions.add_parser("create", help="issue a token and print it (once)")
        create.add_argument("--club", required=True, help="the club's slug")
        create.add_argument("--name", required=True, help="which program holds it, e.g. 'club website'")
        revoke = actions.add_parser("revoke", help="refuse a token from now on")
        revoke.add_argument("id", type=int, help="the token's id (see list)")
        listing = actions.add_parser("list", help="the club's tokens, newest first")
        listing.add_argument("--club", required=True, help="the club's slug")

    def handle(self, *args: object, action: str, **options) -> None:
        if action == "create":
            club = _club(options["club"])
            try:
                issued = api_token_create(club=club, name=options["name"])
            except ValidationError as error:
                raise CommandError(" ".join(error.messages)) from None
            self.stdout.write(
                _("Token %(id)s for %(club)s (%(name)s); shown only now:")
                % {"id": issued.token.pk, "club": club.name, "name": issued.token.name}
            )
            self.stdout.write(issued.secret)
        elif action == "revoke":
            token = ApiToken.objects.select_related("club").filter(pk=options["id"]).first()
            if token is None:
                raise CommandError(_("No API token %(id)s.") % {"id": options["id"]})
            api_token_revoke(token=token)
            self.stdout.write(
                _("Revoked token %(id)s of %(club)s (%(name)s).")
                % {"id": token.pk, "club": token.club.name, "name": token.name}
            )
        else:
            for token in club_api_tokens(_club(options["club"])):
                state = "active" if token.is_active else f"revoked {token.revoked_at:%Y-%m-%d %H:%M}"
                used = f"{token.last_used_at:%Y-%m-%d %H:%M}" if token.last_used_at else "never"
                self.stdout.write(
                    _("%(id)s\t%(prefix)s...\t%(name)s\t%(state)s\tlast used %(used)s")
                    % {
                        "id": token.pk,
                        "prefix": token.prefix,
                        "name": token.name,
                        "state": state,
                        "used": used,
                    }
                )


def _club(slug: str) -> Club:
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise CommandError(_("No club %(slug)r: create one with manage.py create_club.") % {"slug": slug})
    return club
