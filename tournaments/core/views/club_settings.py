"""The director's page of a club's settings: its federation (which awards its master points), its
number there, the EBU's charge rate, and the tables' options. The club's directors only
(another club's director gets 403); saving redirects, so a reload saves nothing twice.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.forms import ClubSettingsForm, form_add_service_error
from tournaments.core.selectors.access import club_for_director
from tournaments.core.services.clubs import club_settings_set
from tournaments.core.views.access import SignedInRequest


@login_required
@require_http_methods(["GET", "POST"])
def club_settings(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    if request.method == "POST":
        form = ClubSettingsForm(request.POST)
        if form.is_valid():
            try:
                # A form posted without the language (an older page) keeps the club's.
                data = {**form.cleaned_data, "language": form.cleaned_data.get("language") or None}
                club_settings_set(club=club, **data)
            except ValidationError as error:
                form_add_service_error(form, error)
            else:
                messages.success(request, _("%(club)s's settings are saved.") % {"club": club.name})
                return redirect("director:club_settings", slug=club.slug)
    else:
        form = ClubSettingsForm(
            initial={
                "federation": club.federation,
                "federation_club_number": club.federation_club_number,
                "p2p_charge_rate": club.p2p_charge_rate,
                "table_entry_lead": club.table_entry_lead,
                "table_standings": club.table_standings,
                "language": club.language,
                "matchpoint_scale": club.matchpoint_scale,
            }
        )
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "tournaments/core/club_settings.html", {"club": club, "form": form}, status=status)
