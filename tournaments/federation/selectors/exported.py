"""A player's master points as his data export holds them (his clubs' only, when limited)."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.core.models import Club, Player
from tournaments.federation.models import MasterPointAward


def award_event_name(award: MasterPointAward) -> str:
    """The name of the session or teams event the award is of."""
    event = award.session or award.teams_event
    return event.name if event is not None else ""


def awards_exported(player: Player, clubs: QuerySet[Club] | None) -> list[dict[str, object]]:
    """Every award of the player (of ``clubs`` only, if given): when, where, which scale, what place."""
    awards = MasterPointAward.objects.filter(player=player).select_related("club", "session", "teams_event")
    if clubs is not None:
        awards = awards.filter(club__in=clubs)
    return [
        {
            "date": award.date.isoformat(),
            "club": award.club.name,
            "event": award_event_name(award),
            "federation": award.federation,
            "scale": award.scale,
            "place": award.place,
            "tied": award.tied,
            "points": str(award.points),
        }
        for award in awards.order_by("date", "id")
    ]
