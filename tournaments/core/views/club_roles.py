"""The administrator's page of a club's roles: who holds which, grant one, remove one.

The route needs the administrator's role (core/route_roles.py), so ``club_for_director``
refuses everyone else with a 403 that names it. Each grant and removal is recorded (who,
when) and listed under the roles; the club's last administrator cannot be removed.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.core.models import Club, ClubRole, Role
from tournaments.core.selectors.access import club_for_director, club_role_changes, club_roles
from tournaments.core.services.roles import role_grant, role_remove
from tournaments.core.views.access import SignedInRequest


@login_required
@require_http_methods(["GET", "POST"])
def club_roles_page(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    error = None
    if request.method == "POST":
        try:
            done = _remove(request, club) if request.POST.get("action") == "remove" else _grant(request, club)
        except ValidationError as refusal:
            error = " ".join(refusal.messages)
        else:
            messages.success(request, done)
            return redirect("director:club_roles", slug=club.slug)
    context = {
        "club": club,
        "held": club_roles(club),
        "changes": club_role_changes(club),
        "roles": Role.choices,
        "error": error,
    }
    return render(request, "tournaments/core/club_roles.html", context, status=400 if error else 200)


def _grant(request: SignedInRequest, club: Club) -> str:
    """Grant the posted role to the posted user name; say what was done."""
    name = request.POST.get("username", "").strip()
    user = _user_named(name)
    chosen = request.POST.get("role", "")
    if chosen not in Role.values:
        raise ValidationError({"role": _("Choose one of the roles listed.")})
    role = Role(chosen)
    role_grant(club=club, user=user, role=role, by=request.user)
    return _("%(user)s is now %(role)s.") % {"user": user.get_username(), "role": role.label}


def _user_named(name: str) -> User:
    user = get_user_model().objects.filter(username__iexact=name).first() if name else None
    if user is None:
        raise ValidationError(
            {"username": _("No user is named “%(name)s”: ask the site's operator to create the login first.")
             % {"name": name}}
        )  # fmt: skip
    return user


def _remove(request: SignedInRequest, club: Club) -> str:
    chosen = request.POST.get("held", "")
    held = get_object_or_404(
        ClubRole.objects.select_related("user", "club"),
        pk=int(chosen) if chosen.isascii() and chosen.isdigit() else 0,
        club=club,
    )
    role_remove(held=held, by=request.user)
    return _("%(user)s is no longer %(role)s.") % {
        "user": held.user.get_username(),
        "role": held.get_role_display(),
    }
