"""Where the master points a USEBIO file states differ from what ClubScore's scale gives its places.

Run inside the import's transaction, once the file's lines are scored: the session is not
finished (the director finishes it), so these are the awards it will earn on the club's
federation's scale (``federation.selectors.awards``), compared pair by pair with the
file's ``MASTER_POINTS_AWARDED``, both in the scale's points. A session the scale does not
cover is one difference that says why ClubScore awards nothing.

Not compared: a file that awards nothing; a club without a federation (it awards nothing
by its own choice, which its session page says); and a file whose points are of another
type than the club's scale (``MASTER_POINT_TYPE``: New Zealand's ``c`` points in an ABF
club's import are not green points, so no figure of theirs could agree).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import PairKey, UsebioEvent
from tournaments.bridge.formats.usebio.awards import UsebioAwards
from tournaments.federation.selectors.awards import session_award_plan, session_scale
from tournaments.night.models import Pair, Session


def award_differences(
    session: Session, event: UsebioEvent, pairs: dict[PairKey, Pair], awards: UsebioAwards | None
) -> list[str]:
    """Return each pair whose award the file states otherwise than ClubScore's scale gives it."""
    stated = {key: award for key, award in (awards.by_pair if awards else {}).items() if key in pairs}
    if not any(award.units for award in stated.values()):
        return []
    scale = session_scale(session)
    types = {(award.point_type or (awards.point_type if awards else "")).upper() for award in stated.values()}
    if scale is None or not types <= {scale.point_type, ""}:
        return []
    plan = session_award_plan(session)
    if plan.refusal:
        return [_("The file awards master points; ClubScore awards none: %(why)s") % {"why": plan.refusal}]
    ours = plan.awards.by_key()
    differences = []
    for pair in event.pairs:
        if pair.key not in stated:
            continue
        theirs = stated[pair.key].units * scale.unit
        found = ours.get(pairs[pair.key].pk)
        mine = found.points if found is not None else Decimal(0)
        if theirs != mine:
            differences.append(
                _("Pair %(pair)s: the file awards %(theirs)s master points, ClubScore %(ours)s (%(scale)s).")
                % {"pair": pair.label, "theirs": theirs, "ours": mine, "scale": scale.name}
            )
    return differences
