"""The core's own parts of the shared pages: the list of clubs, each club's settings and API tokens."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import signals
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.models import Club
from tournaments.core.sections import Link, Section
from tournaments.core.selectors.clubs import clubs_list
from tournaments.core.services.api_tokens import api_tokens_revoke_of_deleted_user


def home_clubs() -> Section:
    return Section("tournaments/core/_clubs.html", {"clubs": clubs_list()}, order=10)


def director_club_links(club: Club) -> list[Link]:
    """The club's settings (its federation), its API tokens for programs, and who holds which role."""
    return [
        Link(_("settings"), reverse("director:club_settings", args=[club.slug]), order=5),
        Link(_("API tokens"), reverse("director:api_tokens", args=[club.slug]), order=90),
        Link(_("roles"), reverse("director:club_roles", args=[club.slug]), order=91),
    ]


def ready() -> None:
    user_model = get_user_model()
    signals.pre_delete.connect(
        api_tokens_revoke_of_deleted_user, sender=user_model, dispatch_uid="api-token-creator"
    )
    sections.home_page.register(home_clubs)
    sections.director_club_links.register(director_club_links)
