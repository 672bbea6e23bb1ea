"""The director's draw of a Swiss pairs' next round. Thin: the service decides, the page shows."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night.forms.sessions import RoundDrawForm
from tournaments.night.models import Session
from tournaments.night.selectors import director as selectors
from tournaments.night.services.rounds import swiss_round_draw
from tournaments.night.views.session_page import session_page


@login_required
@require_POST
def swiss_round(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = RoundDrawForm(request.POST)

    def draw() -> Session:
        return swiss_round_draw(session=session, round_number=form.cleaned_data["round"], user=request.user)

    response = form_write(
        request,
        form,
        draw,
        message=lambda done: _("Round %(round)d drawn.") % {"round": len(done.swiss_draw)},
        to=lambda done: reverse("director:session", args=[done.pk]) + "#rounds",
    )
    if response is not None:
        return response
    return session_page(request, session, round_form=form)
