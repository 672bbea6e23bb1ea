"""Change how a session or a club scores, rescoring what was already scored.

The derived figures (matchpoints, IMPs, standings) are stored, so changing a session's
scoring method, or a club's Average-plus/Average-minus percentages, must rewrite them in
the same transaction, or the pages would show figures of the old rule. Both lock the
sessions they rescore, as the result services do, so no result lands half-way.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.core.models import Club
from tournaments.core.services.writes import locked, locked_row, write
from tournaments.night import live
from tournaments.night.models import Result, Session
from tournaments.night.services.locks import session_locked
from tournaments.night.services.scoring.board import board_recalculate, session_full_board
from tournaments.night.services.scoring.standings import session_recalculate_standings


def session_rescore(session: Session, *, only_adjusted: bool = False) -> None:
    """Rescore every board of ``session`` (held under its lock) and its standings."""
    boards = session.boards.order_by("number")
    if only_adjusted:
        boards = boards.filter(results__ns_score__isnull=True).distinct()
    full = session_full_board(session)
    for board in boards:
        board.session = session
        board_recalculate(board, full=full)
    session_recalculate_standings(session)


@write()
def session_set_scoring(*, session: Session, scoring: str) -> Session:
    """Set the session's scoring method (matchpoints, cross-IMPs, Butler) and rescore it."""
    session = session_locked(session, Session.objects.select_related("club"))
    session.scoring = scoring
    session.full_clean()
    session.save(update_fields=["scoring", "updated_at"])
    session_rescore(session)
    return session


@write()
def club_set_adjustment_percentages(*, club: Club, average_plus: float, average_minus: float) -> Club:
    """Set the club's Average-plus and Average-minus and rescore every board that holds one."""
    if not (50 <= average_plus <= 100 and 0 <= average_minus <= 50):
        raise ValidationError(
            {"average_plus": _("Average-plus is 50-100% and Average-minus 0-50% (Law 12C2: 60 and 40).")}
        )
    club = locked_row(club)
    club.average_plus, club.average_minus = average_plus, average_minus
    club.save(update_fields=["average_plus", "average_minus"])
    sessions = Session.objects.filter(
        pk__in=Result.objects.filter(board__session__club=club, ns_score__isnull=True).values(
            "board__session"
        )
    )
    for session in locked(sessions.select_related("club").order_by("pk")):
        live.session_changed([session.pk])  # the pages' stamps (night.live)
        session_rescore(session, only_adjusted=True)
    return club
