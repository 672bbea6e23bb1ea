"""Matchpoints as the club prints them: on its scale of 1 or 2 a pair beaten (``Club.matchpoint_scale``).

ClubScore keeps every figure on the scale of 1 a pair beaten; a club that prints 2 a pair
beaten (the EBU's and ABF's clubs' tops) sees each figure and top doubled, the percentages
unchanged. ``{{ standing.matchpoints|on_club_scale:session|floatformat:1 }}``.
"""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.bridge.matchpoints import board_top, on_scale

register = template.Library()


def _scale(session: Any) -> int:
    club = getattr(session, "club", None)
    return int(getattr(club, "matchpoint_scale", 1) or 1)


@register.filter
def on_club_scale(matchpoints: float | None, session: Any) -> float | None:
    """The figure on the session's club's scale (None stays None: no figure yet)."""
    return None if matchpoints is None else on_scale(matchpoints, _scale(session))


@register.filter
def session_top(session: Any) -> int | None:
    """A full board's top on the club's scale, from the results on the fullest board when last scored."""
    results = getattr(session, "scored_full_count", None)
    return board_top(results, _scale(session)) if results else None
