"""The director's strata page of a session: stratified by holdings or rating, and the limits.

Director-only, the club's own (``session_for_director``: another club's director gets
403). A limit that is not a number, limits that do not fall (C's below B's), or a basis
without a limit are refused by field, and nothing is saved.
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
from tournaments.federation.selectors.strata import session_pair_strata
from tournaments.federation.services.strata import session_strata_set
from tournaments.night.models import Session, StrataBasis
from tournaments.night.selectors.director import session_for_director

TEMPLATE = "tournaments/federation/session_strata.html"
LIMITS = (("limit_b", "B"), ("limit_c", "C"))


def _limits(posted: dict[str, str]) -> tuple[list[Decimal], list[str]]:
    limits: list[Decimal] = []
    errors: list[str] = []
    for field, name in LIMITS:
        text = posted.get(field, "").strip().replace(",", ".")[:20]
        if not text:
            continue
        try:
            limits.append(Decimal(text))
        except InvalidOperation:
            errors.append(
                _("Stratum %(name)s's limit is a number, not %(text)r.") % {"name": name, "text": text}
            )
    return limits, errors


def _page(request: SignedInRequest, session: Session, errors: list[str]) -> HttpResponse:
    context = {
        "session": session,
        "pairs": session_pair_strata(session),
        "bases": StrataBasis.choices,
        "limits": (session.strata_limits + ["", ""])[:2],
        "errors": errors,
    }
    return render(request, TEMPLATE, context, status=400 if errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def session_strata(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = session_for_director(request.user, session_id)
    if request.method == "GET":
        return _page(request, session, [])
    limits, errors = _limits(request.POST.dict())
    if not errors:
        try:
            session_strata_set(
                session=session, basis=request.POST.get("strata_basis", "")[:10], limits=limits
            )
        except ValidationError as error:
            errors = [message for messages_ in error.message_dict.values() for message in messages_]
    if errors:
        return _page(request, session, errors)
    messages.success(request, _("The strata are saved."))
    return redirect("director:session_strata", session.pk)
