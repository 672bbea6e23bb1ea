"""Read a session of several sections: its sections, and each one's standings beside the overall ones.

A session of one section has no ``Section`` row and none of this shows (issue 31: such a
session stays exactly as it was). The overall standings are the stored ones
(``Standing.rank``: every pair of the session, each Mitchell direction apart); a
section's places are worked out here from the same percentages, among its own pairs,
so nothing more is stored or kept in step.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.bridge.matchpoints import places
from tournaments.night.models import Direction, Section, Session, Standing


@dataclass(frozen=True)
class SectionStandings:
    """One field of one section: its pairs' standings with their places in the section."""

    title: str
    standings: list[Standing]


def session_sections(session: Session) -> list[Section]:
    """The session's sections by letter (empty for a session of one section)."""
    return list(session.sections.order_by("letter"))


def section_standings(session: Session) -> list[SectionStandings]:
    """Each section's standings, by letter and (Mitchell) direction, placed within the section.

    Each ``Standing``'s rank here is its place in its section (a copy: the stored one is
    the overall place). A pair that has played no board is filed last, unranked.
    """
    if not session.has_sections:
        return []
    sections = session_sections(session)
    standings = list(
        Standing.objects.filter(session=session, pair__section__isnull=False)
        .select_related("pair__player1", "pair__player2", "pair__section")
        .order_by("rank", "pair__number")
    )
    tables = []
    for section in sections:
        own = [standing for standing in standings if standing.pair.section_id == section.pk]
        fields = [("", own)]
        if not session.ranks_one_field:
            fields = [
                (str(direction.label), [s for s in own if s.pair.direction == direction])
                for direction in (Direction.NS, Direction.EW)
            ]
        for label, rows in fields:
            title = _("Section %(letter)s") % {"letter": section.letter}
            tables.append(SectionStandings(f"{title}: {label}" if label else title, _placed(rows)))
    return tables


def _placed(rows: list[Standing]) -> list[Standing]:
    """Copies of ``rows`` ranked among themselves, best first; unranked pairs last."""
    played = [copy.copy(standing) for standing in rows if standing.boards_played]
    figures = [(s.imps_per_board or 0.0) if s.imps is not None else s.percentage for s in played]
    for standing, place in zip(played, places(figures), strict=True):
        standing.rank, standing.tied = place.rank, place.tied
    played.sort(key=lambda standing: (standing.rank, standing.pair.number))
    return played + [standing for standing in rows if not standing.boards_played]
