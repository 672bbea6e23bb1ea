"""The confirm step both imports share: the previewed file this director's form names, still his."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from tournaments.core.selectors.access import user_directs
from tournaments.core.views.access import SignedInRequest
from tournaments.exchange.models import PendingImport
from tournaments.exchange.selectors.pending import pending_find


def waiting_import(
    request: SignedInRequest, kind: PendingImport.Kind, upload_route: str
) -> PendingImport | HttpResponse:
    """The import of ``kind`` the confirm form names, or the way back to its upload page.

    Gone (kept too long, confirmed already in another tab, another kind's digest): back to
    the upload with a message. Refused if the director no longer directs its club.
    """
    pending = pending_find(user=request.user, sha256=request.POST.get("sha256", ""), kind=kind)
    if pending is None:
        messages.error(request, _("That upload is no longer waiting to be confirmed: upload the file again."))
        return redirect(upload_route)
    if not user_directs(request.user, pending.club_id):
        raise PermissionDenied(_("You no longer direct the club chosen."))
    return pending
