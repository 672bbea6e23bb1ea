"""The director's handicaps: a session made a handicap event, each player's handicap at the club,
and each pair's, the mean of its players' (``bridge.handicaps``).

A pair's handicap is kept on the pair when the director saves the session's handicaps,
so a later change of a player's handicap (or rating) does not move a night already
played; the player's is kept at the club, for his next handicap event.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.handicaps import HandicapError, check_handicap, pair_handicap
from tournaments.core.services.writes import locked, write
from tournaments.federation.models import PlayerHandicap
from tournaments.night import live
from tournaments.night.models import Pair, Session


def check_player_handicaps(handicaps: Mapping[int, Decimal]) -> dict[int, Decimal]:
    """Return each player's handicap to the hundredth, or refuse the first beyond 50 points."""
    checked = {}
    for player_id, value in handicaps.items():
        try:
            checked[player_id] = check_handicap(value)
        except HandicapError as error:
            raise ValidationError({f"player_{player_id}": str(error)}) from error
    return checked


def session_handicaps_set(
    *, session: Session, handicapped: bool, handicaps: Mapping[int, Decimal]
) -> Session:
    """Make the session a handicap event (or not), keep each player's handicap at the club, and
    give each pair its players' mean (a player left out counts 0)."""
    checked = check_player_handicaps(handicaps)
    with write():
        fresh = locked(Session.objects.filter(pk=session.pk)).get()
        pairs = list(Pair.objects.filter(session=fresh).order_by("pk"))
        players = {pair.player1_id for pair in pairs} | {pair.player2_id for pair in pairs if pair.player2_id}
        unknown = set(checked) - players
        if unknown:
            raise ValidationError({"__all__": _("Only the session's players have a handicap here.")})
        for player_id, value in sorted(checked.items()):
            PlayerHandicap.objects.update_or_create(
                club_id=fresh.club_id, player_id=player_id, defaults={"handicap": value}
            )
        for pair in pairs:
            seats = [pair.player1_id, *([pair.player2_id] if pair.player2_id else [])]
            pair.handicap = pair_handicap(checked.get(seat, Decimal(0)) for seat in seats)
        Pair.objects.bulk_update(pairs, ["handicap"])
        fresh.handicapped = handicapped
        fresh.save(update_fields=["handicapped", "updated_at"])
        live.session_changed([fresh.pk])  # the pages' stamps (night.live): its standings change
    return fresh
