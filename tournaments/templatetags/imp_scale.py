"""A pair's IMPs as its session's standings print them: the raw sum, or scaled to the field's boards.

A cross-IMP session may follow the EBU's practice (``Session.imps_scaled``): a pair who
played fewer boards than its field stands at its total x the field's boards / its boards
(``bridge.imps.scaled_imp_total``). The field's boards are the most any pair of the
session played (both fields of a Mitchell play the same boards), read once a page.
"""

from __future__ import annotations

from django import template
from django.db.models import Max

from tournaments.bridge.imps import scaled_imp_total
from tournaments.night.models import Session, Standing

register = template.Library()


_FIELD_BOARDS = "_imp_scale_field_boards"


@register.simple_tag
def field_boards(session: Session) -> int:
    """The boards of the field: the most any pair of the session played (one query a page)."""
    if _FIELD_BOARDS not in session.__dict__:
        most = Standing.objects.filter(session=session).aggregate(most=Max("boards_played"))["most"]
        session.__dict__[_FIELD_BOARDS] = most or 0
    return session.__dict__[_FIELD_BOARDS]


@register.simple_tag
def imps_total(standing: Standing, session: Session) -> float | None:
    """The pair's IMPs as the standings show them: scaled to the field's boards where the session says so."""
    if standing.imps is None or not session.imps_scaled:
        return standing.imps
    return scaled_imp_total(standing.imps, standing.boards_played, field_boards(session))
