"""What the exchange adds to the director's home: importing another scorer's files."""

from __future__ import annotations

from django.urls import reverse

from tournaments.core import sections
from tournaments.core.sections import Link


def director_actions() -> list[Link]:
    return [
        Link("Import a score file", reverse("imports:upload"), css="button secondary", order=20),
        Link("Import a USEBIO results file", reverse("director:exchange:usebio_upload"), order=30),
    ]


def ready() -> None:
    sections.director_actions.register(director_actions)
