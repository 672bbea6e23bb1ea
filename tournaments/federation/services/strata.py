"""The director's strata: a session stratified by master point holdings or by rating, each pair's
stratum (its stronger player's, ``bridge.strata``) kept on the pair.

A pair's stratum is worked out when the director saves the session's strata and, for a
pair seated after that, when the night finishes; it is then kept, so next month's
member list (new holdings) does not move a night already played, nor its awards on a
correction. Saving the strata of a finished night writes its awards again.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import ValidationError

from tournaments.bridge.strata import StrataError, check_limits, pair_stratum
from tournaments.core.services.writes import locked, write
from tournaments.federation.selectors.strata import player_values
from tournaments.federation.services.awards import session_awards_write
from tournaments.night import live
from tournaments.night.models import Pair, Session, StrataBasis


def _strata_write(session: Session, pairs: list[Pair]) -> None:
    limits = [Decimal(limit) for limit in session.strata_limits]
    seats = {pair.pk: [pair.player1_id, *([pair.player2_id] if pair.player2_id else [])] for pair in pairs}
    values = player_values(session, {seat for pair_seats in seats.values() for seat in pair_seats})
    for pair in pairs:
        pair.stratum = pair_stratum((values.get(seat) for seat in seats[pair.pk]), limits)
    Pair.objects.bulk_update(pairs, ["stratum"])


def session_strata_set(*, session: Session, basis: str, limits: Sequence[Decimal]) -> Session:
    """Stratify the session (or stop: ``basis`` blank) and give each pair its stratum."""
    if basis not in StrataBasis.values:
        raise ValidationError({"strata_basis": f"Strata by holdings or by rating, not {basis!r}."})
    if basis:
        try:
            checked = check_limits(limits)
        except StrataError as error:
            raise ValidationError({"strata_limits": str(error)}) from error
    with write():
        fresh = locked(Session.objects.filter(pk=session.pk).select_related("club")).get()
        fresh.strata_basis = basis
        fresh.strata_limits = [str(limit) for limit in checked] if basis else []
        fresh.save(update_fields=["strata_basis", "strata_limits", "updated_at"])
        pairs = list(Pair.objects.filter(session=fresh).order_by("pk"))
        if basis:
            _strata_write(fresh, pairs)
        else:
            Pair.objects.filter(session=fresh).update(stratum=None)
        if fresh.is_finished:
            session_awards_write(fresh)
        live.session_changed([fresh.pk])  # the pages' stamps (night.live): its strata change
    return fresh


def strata_complete(session: Session) -> None:
    """Give a stratum to each pair seated since the strata were saved (called as the night finishes)."""
    if not session.is_stratified:
        return
    missing = list(Pair.objects.filter(session=session, stratum__isnull=True).order_by("pk"))
    if missing:
        _strata_write(session, missing)
