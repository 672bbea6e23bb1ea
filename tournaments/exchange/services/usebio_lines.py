"""What a USEBIO import keeps of a file beyond its readable lines: a stated score, the points' colour.

- **A line whose contract is not one** (``42``, a typing slip) **but whose score the file
  states**, or that states a score and no contract at all (as ClubScore writes a stated
  score, decision 83), is that score, with no contract: a result of the bare-score kind between the
  line's two pairs, scored with the others when the import settles, and listed for the
  director (``stated_score_notes``). The reader refuses such a line with no score.
- **The colour of the file's master points**: a file awarding points of another of the
  club's federation's scales than its ordinary one (an ABF club's Compscore file of
  ``RED`` points: a special club session, Grade B4c) makes the session award on that scale.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.federations import scale_of
from tournaments.bridge.formats.usebio import TravellerLine, UsebioEvent
from tournaments.bridge.formats.usebio.awards import UsebioAwards
from tournaments.night.models import Board, Pair, Result, Session
from tournaments.night.services.scoring.settle import scores_pending


def stated_score_add(
    board: Board, line: TravellerLine, ns_pair: Pair, ew_pair: Pair, user: User | None
) -> Result:
    """A line whose contract the file writes unreadably ('42') but whose score it states: that
    score, with no contract (a result of the bare-score kind, between the line's two pairs),
    scored with the others when the import settles."""
    result = Result.objects.create(
        board=board, ns_pair=ns_pair, ew_pair=ew_pair, ns_score=line.ns_score, lead=line.lead, entered_by=user
    )
    scores_pending(board)
    return result


def stated_score_notes(event: UsebioEvent, where: Callable[[int, str, int, TravellerLine], str]) -> list[str]:
    """A sentence for each line kept by its stated score, its contract unreadable."""
    return [
        _("%(where)s: the contract %(contract)r is not one; the line's stated score %(score)s is kept.")
        % {
            "where": where(board.number, board.section, index, line),
            "contract": line.written_contract,
            "score": line.ns_score,
        }
        for board in event.boards
        for index, line in enumerate(board.lines, start=1)
        if line.written_contract
    ]


def mark_point_type(session: Session, awards: UsebioAwards | None) -> None:
    """A file awarding points of another of its club's federation's scales than the ordinary one
    (an ABF club's Compscore file of ``RED`` points: a special club session) awards on that scale."""
    point_type = (awards.point_type if awards else "").upper()
    ordinary = scale_of(session.club.federation)
    if ordinary is None or point_type == ordinary.point_type:
        return
    if scale_of(session.club.federation, point_type) is not None:
        session.master_point_type = point_type
        session.save(update_fields=["master_point_type", "updated_at"])


def lines_within(lines: int, most: int) -> None:
    """Refuse a file of more result lines than an import takes at once (pairs or teams alike)."""
    if lines > most:
        raise ValidationError(
            {
                "file": _("The file holds %(lines)s results; at most %(most)s are imported at once.")
                % {"lines": f"{lines:,}", "most": f"{most:,}"}
            }
        )
