"""Seat a pasted list of pairs: every pair of the list, or none, each in its section (issue 45, item 3).

The list is read by ``bridge.seating``; each pair is seated by ``sessions.pair_add``, so it
is checked as a pair seated alone. In a session of sections a line names its pair's
section (``A1 NS``); one that names none, or a section the session does not have, is
refused by its line with the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.seating import SeatingLine, SeatingProblem
from tournaments.core.services.writes import write
from tournaments.night.models import Pair, Section, Session
from tournaments.night.services.sessions import pair_add, pair_label


@write()
def pairs_seat(
    *, session: Session, seats: list[SeatingLine], unreadable: Sequence[SeatingProblem] = ()
) -> list[Pair]:
    """Seat every pair of a pasted list, or none; refused, name every bad line (``Line 3 (NS 3): ...``).

    Each pair is tried in its own savepoint, so one refused does not hide the next: the
    refusal lists every line the session refuses, with the lines the list could not read
    (``unreadable``, from ``bridge.seating.read_seating_list``), in line order, and the
    whole list is rolled back (issue 28, point 6).
    """
    pairs = []
    refusals = [(problem.line, str(problem)) for problem in unreadable]
    sections = {section.letter: section for section in session.sections.all()}
    for seat in seats:
        try:
            pairs.append(
                pair_add(
                    session=session,
                    player_names=seat.names,
                    direction=seat.direction,
                    number=seat.number,
                    section=_seat_section(sections, seat),
                )
            )
        except ValidationError as error:
            reasons = " ".join(message for messages in error.message_dict.values() for message in messages)
            refusals.append((seat.line, f"Line {seat.line} ({seat.label}): {reasons}"))
    if refusals:
        raise ValidationError({"seating": [text for _, text in sorted(refusals)]})
    return pairs


def _seat_section(sections: dict[str, Section], seat: SeatingLine) -> Section | None:
    """The section a list's line seats its pair in (``A1 NS``), refusing a line that names none
    in a session of sections, or one that names a section the session does not have."""
    letters = ", ".join(sorted(sections))
    if not sections:
        if seat.section:
            raise ValidationError(
                {
                    "section": _("This session has no sections: write the pair as %(label)s.")
                    % {"label": pair_label(seat.number, seat.direction)}
                }
            )
        return None
    if not seat.section:
        raise ValidationError(
            {
                "section": _(
                    "This session plays in sections %(letters)s: write the pair's section before "
                    "its number, as %(example)s."
                )
                % {"letters": letters, "example": pair_label(seat.number, seat.direction, min(sections))}
            }
        )
    if seat.section not in sections:
        raise ValidationError(
            {
                "section": _("There is no section %(letter)s: the sections are %(letters)s.")
                % {"letter": seat.section, "letters": letters}
            }
        )
    return sections[seat.section]
