"""A USEBIO file's sections in the session: their letters and movements, and each pair's number.

A file of several sections (New Zealand's Scorer writes ``(A) 1 NS``) becomes a session of
sections whose pairs are numbered ``100 x section + number`` (``night.models.Section``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import PairKey, UsebioEvent
from tournaments.night.models import SECTION_NUMBERING, Movement, Section, SectionScoring, Session


def session_numbers(event: UsebioEvent) -> dict[PairKey, int]:
    """Each pair's number in the session: its own, or ``100 x section + number`` in a sectioned event."""
    sections = event.sections
    if len(sections) == 1:
        return {pair.key: pair.number for pair in event.pairs}
    too_big = [pair.label for pair in event.pairs if pair.number >= SECTION_NUMBERING]
    if too_big:
        raise ValidationError(
            {
                "file": _("Pair %(pair)s: in an event of several sections pairs are numbered below 100.")
                % {"pair": too_big[0]}
            }
        )
    return {
        pair.key: SECTION_NUMBERING * (sections.index(pair.key.section) + 1) + pair.number
        for pair in event.pairs
    }


def sections_add(session: Session, event: UsebioEvent) -> dict[str, Section]:
    """Give the session the file's sections (none for a file of one): letter and movement each.

    A section whose pairs have directions is a Mitchell, else a Howell. The file's
    scorer matchpointed them across the field (Scorer; USEBIO has no word for it), so
    the session does too.
    """
    letters = event.sections
    if len(letters) < 2:
        return {}
    mitchell = {pair.key.section for pair in event.pairs if pair.direction}
    sections = Section.objects.bulk_create(
        Section(
            session=session,
            letter=letter,
            movement=Movement.MITCHELL if letter in mitchell else Movement.HOWELL,
        )
        for letter in letters
    )
    session.section_scoring = SectionScoring.FIELD
    session.save(update_fields=["section_scoring"])
    return {section.letter: section for section in sections}
