"""The director's choice of the scale a session awards on, from its master points section.

Director-only, the club's own (``session_for_director``). Offered only where the club's
federation has more than one club scale (the ABF: green, or red for a special club
session); a finished session's awards follow at once.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core.views.access import SignedInRequest
from tournaments.federation.services.awards import session_point_type_set
from tournaments.night.selectors.director import session_for_director


@login_required
@require_POST
def session_master_point_type(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = session_for_director(request.user, session_id)
    try:
        session_point_type_set(session=session, point_type=request.POST.get("master_point_type", "")[:12])
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The session's master point scale is saved."))
    return redirect("director:session", session.pk)
