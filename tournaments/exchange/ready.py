"""What the exchange adds to the director's home: importing another scorer's files."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.core import sections
from tournaments.core.sections import Link


def director_actions() -> list[Link]:
    return [
        Link(_("Import a score file"), reverse("imports:upload"), css="button secondary", order=20),
        Link(_("Import a USEBIO results file"), reverse("director:exchange:usebio_upload"), order=30),
        Link(_("Import a Bridgemate file"), reverse("director:exchange:bws_upload"), order=35),
    ]


def ready() -> None:
    sections.director_actions.register(director_actions)
