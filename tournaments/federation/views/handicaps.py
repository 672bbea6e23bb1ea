"""The director's handicaps page of a session: a handicap event or not, and each player's handicap.

Director-only, the club's own (``session_for_director``: another club's director gets
403). The form starts from each player's figure (the session's, the club's kept one, or
his rating's); a figure that is not a number, or beyond 50 points, is refused by the
player's name and nothing is saved.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.views.access import SignedInRequest
from tournaments.federation.selectors.handicaps import PlayerHandicapRow, session_player_handicaps
from tournaments.federation.services.handicaps import session_handicaps_set
from tournaments.night.models import Session
from tournaments.night.selectors.director import session_for_director

TEMPLATE = "tournaments/federation/session_handicaps.html"


def _typed(rows: list[PlayerHandicapRow], posted: dict[str, str]) -> tuple[dict[int, Decimal], list[str]]:
    """Each player's figure as typed (blank is 0), and a sentence for each that is not a number."""
    figures: dict[int, Decimal] = {}
    errors: list[str] = []
    for row in rows:
        text = posted.get(f"player_{row.player.pk}", "").strip().replace(",", ".")[:20]
        try:
            figures[row.player.pk] = Decimal(text or "0")
        except InvalidOperation:
            errors.append(
                _("%(name)s: the handicap is a number of percentage points (-3.5, 2), not %(text)r.")
                % {"name": row.player.name, "text": text}
            )
    return figures, errors


def _page(
    request: SignedInRequest, session: Session, rows: list[PlayerHandicapRow], errors: list[str]
) -> HttpResponse:
    context = {"session": session, "rows": rows, "errors": errors}
    return render(request, TEMPLATE, context, status=400 if errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def session_handicaps(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = session_for_director(request.user, session_id)
    rows = session_player_handicaps(session)
    if request.method == "GET":
        return _page(request, session, rows, [])
    figures, errors = _typed(rows, request.POST.dict())
    if not errors:
        try:
            session_handicaps_set(
                session=session, handicapped=request.POST.get("handicapped") == "on", handicaps=figures
            )
        except ValidationError as error:
            names = {f"player_{row.player.pk}": row.player.name for row in rows}
            errors = [
                f"{names.get(field, '')}: {message}".lstrip(": ")
                for field, messages_ in error.message_dict.items()
                for message in messages_
            ]
    if errors:
        return _page(request, session, rows, errors)
    messages.success(request, _("The handicaps are saved."))
    return redirect("director:session", session.pk)
