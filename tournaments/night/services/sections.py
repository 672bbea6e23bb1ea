"""Divide a session into sections (A, B, C...), each with its own movement, and choose how they score.

A session of one section has no ``Section`` row and stays exactly as it was (issue 31).
Sections are set before any pair is seated (a pair belongs to its section from its
seat), all on the session's boards. The session's own ``movement`` says how the pairs
are ranked overall: a Mitchell when every section is one (NS and EW apart), else a
Howell (one field, as the USEBIO import has it).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.services.writes import write
from tournaments.night.bridge_errors import translated
from tournaments.night.models import Movement, Section, SectionScoring, Session
from tournaments.night.selectors.movements import build_movement, sectioned_movement
from tournaments.night.services.locks import session_locked
from tournaments.night.services.scoring.method import session_rescore
from tournaments.night.services.sessions import refuse_if_finished

# A section's pairs are stored from 100 x its place, below MAX_PAIR_NUMBER (999).
MAX_SECTIONS = 9


@dataclass(frozen=True)
class SectionSpec:
    """One section as the director sets it: its letter and its movement."""

    letter: str
    movement: str = Movement.MITCHELL
    tables: int | None = None
    rounds: int | None = None
    boards_per_round: int | None = None


def _check_specs(specs: Sequence[SectionSpec]) -> None:
    letters = [spec.letter for spec in specs]
    if not 2 <= len(specs) <= MAX_SECTIONS:
        raise ValidationError(
            {"sections": _("A session of sections has 2 to %(most)d of them.") % {"most": MAX_SECTIONS}}
        )
    bad = [letter for letter in letters if len(letter) != 1 or letter not in string.ascii_uppercase]
    if bad:
        raise ValidationError(
            {
                "sections": _("Section %(letter)r: a section is one capital letter, A to Z.")
                % {"letter": bad[0]}
            }
        )
    if len(set(letters)) < len(letters):
        raise ValidationError({"sections": _("Each section has its own letter.")})
    if letters != list(string.ascii_uppercase[: len(letters)]):
        raise ValidationError({"sections": _("The sections are lettered from A on: A, B, C...")})
    for spec in specs:
        if spec.movement not in (Movement.MITCHELL, Movement.HOWELL):
            raise ValidationError(
                {"sections": _("Section %(letter)s: a Mitchell or a Howell.") % {"letter": spec.letter}}
            )
        if spec.tables is not None and not 1 <= spec.tables <= 49:
            raise ValidationError(
                {"sections": _("Section %(letter)s: 1 to 49 tables.") % {"letter": spec.letter}}
            )
    if len({spec.tables is None for spec in specs}) > 1:
        raise ValidationError({"sections": _("Give every section its tables, or none.")})
    if len({spec.boards_per_round for spec in specs}) > 1:
        raise ValidationError(
            {"sections": _("Every section plays the same boards: the same boards a round.")}
        )
    if specs[0].tables is not None:
        try:
            for spec in specs:
                build_movement(
                    kind=spec.movement,
                    tables=spec.tables,
                    rounds=spec.rounds,
                    boards_per_round=spec.boards_per_round or 2,
                )
        except ValueError as error:
            raise ValidationError(
                {
                    "sections": _("Section %(letter)s: %(error)s.")
                    % {"letter": spec.letter, "error": translated(error)}
                }
            ) from None


@write()
def session_sections_set(
    *, session: Session, sections: Sequence[SectionSpec], scoring: str = SectionScoring.FIELD
) -> list[Section]:
    """Divide a session without pairs into ``sections``, matchpointed by ``scoring``.

    Refused: a finished session, one with pairs already seated, fewer than two sections,
    letters that are not single capitals or repeat, and a movement other than a Mitchell
    or a Howell.
    """
    session = session_locked(session)
    refuse_if_finished(session, "dividing it into sections", "sections")
    if session.pairs.exists():
        raise ValidationError({"sections": _("Set the sections before seating the pairs.")})
    sections = [replace(spec, boards_per_round=spec.boards_per_round or 2) for spec in sections]
    _check_specs(sections)
    if scoring not in SectionScoring.values:
        raise ValidationError(
            {"section_scoring": _("Unknown section scoring %(scoring)r.") % {"scoring": scoring}}
        )
    session.sections.all().delete()
    created = Section.objects.bulk_create(
        Section(
            session=session,
            letter=spec.letter,
            movement=spec.movement,
            movement_tables=spec.tables,
            movement_rounds=spec.rounds,
            boards_per_round=spec.boards_per_round,
        )
        for spec in sorted(sections, key=lambda spec: spec.letter)
    )
    every_mitchell = all(spec.movement == Movement.MITCHELL for spec in sections)
    session.movement = Movement.MITCHELL if every_mitchell else Movement.HOWELL
    session.section_scoring = scoring
    session.movement_tables = session.movement_rounds = session.boards_per_round = None
    if sections[0].tables is not None:
        movement = sectioned_movement(created)
        session.movement_tables = movement.tables
        session.movement_rounds = movement.rounds
        session.boards_per_round = movement.boards_per_round
    session.arrow_switch_rounds = []
    session.save(
        update_fields=[
            "movement",
            "section_scoring",
            "movement_tables",
            "movement_rounds",
            "boards_per_round",
            "arrow_switch_rounds",
            "updated_at",
        ]
    )
    return created


@write()
def session_set_section_scoring(*, session: Session, scoring: str) -> Session:
    """Matchpoint a session of sections across the field or within each section, and rescore it."""
    session = session_locked(session, Session.objects.select_related("club"))
    if scoring not in SectionScoring.values:
        raise ValidationError(
            {"section_scoring": _("Unknown section scoring %(scoring)r.") % {"scoring": scoring}}
        )
    session.section_scoring = scoring
    session.save(update_fields=["section_scoring", "updated_at"])
    session_rescore(session)
    return session
