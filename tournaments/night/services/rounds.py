"""Draw a Swiss pairs' next round: by the VPs so far, once every round before it is complete.

The director draws round k + 1 after round k is complete (every table has a result on
each board of it), and says which round he draws: a second click, or a second
director, asking for a round already drawn is refused by name, not drawn again. The
draw is the teams' Swiss draw over the pairs (``bridge.rounds.swiss_pairs_draw``); it is
stored on the session (``Session.swiss_draw``), from which the movement is computed, so
the tables' phones and the director's pages see the new round at once.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.movements import MovementError
from tournaments.bridge.rounds import swiss_pairs_draw
from tournaments.core.services.writes import write
from tournaments.night.bridge_errors import translated
from tournaments.night.models import Movement, Session, SessionAction, SessionState
from tournaments.night.selectors.movements import swiss_drawn
from tournaments.night.selectors.rounds import round_incomplete_text, rounds_progress, swiss_scores
from tournaments.night.services.locks import session_locked
from tournaments.night.services.scoring.settle import scores_settle_locked
from tournaments.night.services.sessions import session_audit


@write()
def swiss_round_draw(*, session: Session, round_number: int, user: User | None = None) -> Session:
    """Draw round ``round_number`` of a Swiss pairs in play, checked as the module says; audited."""
    session = session_locked(session)
    if session.movement != Movement.SWISS or not session.has_movement:
        raise ValidationError({"round": _("Only a Swiss pairs draws its rounds.")})
    if session.state != SessionState.PLAY:
        raise ValidationError({"round": _("Rounds are drawn once play has started, and until it finishes.")})
    drawn = len(session.swiss_draw or [])
    if round_number <= drawn:
        raise ValidationError({"round": _("Round %(round)d is already drawn.") % {"round": round_number}})
    if round_number != drawn + 1:
        raise ValidationError(
            {
                "round": _("Round %(next)d is the next to draw, not %(round)d.")
                % {"next": drawn + 1, "round": round_number}
            }
        )
    scores_settle_locked(session)  # the last entries' figures, which the draw ranks by
    progress = rounds_progress(session, public=False)
    assert progress is not None  # a Swiss pairs with a movement
    if round_number > progress.total:
        raise ValidationError(
            {"round": _("The Swiss pairs plays %(total)d rounds.") % {"total": progress.total}}
        )
    for view in progress.rounds:
        if not view.complete:
            raise ValidationError({"round": round_incomplete_text(view)})
    seeding = sorted(pair.number for pair in session.pairs.all())
    try:
        tables = swiss_pairs_draw(
            session.movement_tables or 0, seeding, swiss_scores(progress), swiss_drawn(session)
        )
    except MovementError as error:
        raise ValidationError(
            {"round": _("The round cannot be drawn: %(why)s.") % {"why": translated(error)}}
        ) from None
    session.swiss_draw = [*(session.swiss_draw or []), [list(table) for table in tables]]
    session.save(update_fields=["swiss_draw", "updated_at"])
    session_audit(
        session,
        SessionAction.DRAW,
        user,
        _("%(rounds)d rounds drawn") % {"rounds": drawn},
        _("round %(round)d drawn") % {"round": round_number},
    )
    return session
