"""The club's member list: the members, and a CSV import with a preview.

Two steps, as for score files: the upload is read and answered with its line-numbered
errors, or with what each line would do and a Confirm button. The list is small (at
most 1 MB), so the Confirm form carries its text back; it is read and checked again,
and imported in one transaction. A list of a few lines changes only those members; one
member's details are also changed on his own page (issue 45, item 8).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bridge.season.members import MemberListError, parse_member_list
from tournaments.core.models import Club
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.season import hooks
from tournaments.season.forms import MAX_MEMBER_LIST_BYTES, MemberForm, MemberListForm
from tournaments.season.models import ClubMember
from tournaments.season.selectors.members import club_members, members_plan
from tournaments.season.services.members import MemberDetails, member_update, members_import

TEMPLATES = "tournaments/season/director/"


@login_required
@require_http_methods(["GET", "POST"])
def members(request: SignedInRequest, slug: str) -> HttpResponse:
    """The member list and its upload (GET); the preview of an uploaded list (POST)."""
    club = club_for_director(request.user, slug)
    form = MemberListForm(request.POST or None, request.FILES or None)
    context = {"club": club, "form": form, **_members_with_columns(club)}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["file"]
        try:
            lines = parse_member_list(text)
        except MemberListError as error:
            context["errors"] = error.errors
        else:
            context.update(plans=members_plan(club, lines), text=text)
            return render(request, TEMPLATES + "members_preview.html", context)
    status = 400 if form.is_bound else 200
    return render(request, TEMPLATES + "members.html", context, status=status)


def _members_with_columns(club: Club) -> dict[str, object]:
    """The club's members, each with the cells the capabilities above add (membership type, state)."""
    added = hooks.member_list_columns(club)
    headers = [header for columns in added for header in columns.headers]
    rows = []
    for member in club_members(club):
        cells = [
            cell
            for columns in added
            for cell in columns.cells.get(member.player_id, [""] * len(columns.headers))
        ]
        rows.append((member, cells))
    return {"members": rows, "added_headers": headers}


@login_required
@require_POST
def members_confirm(request: SignedInRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    text = request.POST.get("text", "")
    if len(text.encode()) > MAX_MEMBER_LIST_BYTES:
        messages.error(request, _("Not imported: a member list is at most 1 MB."))
        return redirect(reverse("director:members", args=[club.slug]))
    try:
        imported = members_import(club=club, lines=parse_member_list(text))
    except MemberListError as error:
        messages.error(request, _("Not imported, nothing stored: %(error)s") % {"error": error})
    else:
        messages.success(
            request,
            _(
                "Member list imported: %(joined)d new members, %(created)d new players,"
                " %(found)d players found."
            )
            % {"joined": imported.joined, "created": imported.created, "found": imported.found},
        )
    return redirect(reverse("director:members", args=[club.slug]))


@login_required
@require_http_methods(["GET", "POST"])
def member_edit(request: SignedInRequest, slug: str, player: int) -> HttpResponse:
    """One member's name, federation number, email and master points, changed on their own."""
    club = club_for_director(request.user, slug)
    member = get_object_or_404(ClubMember.objects.select_related("player"), club=club, player_id=player)
    initial = {
        "name": member.player.name,
        "federation_number": member.player.federation_number,
        "email": member.email,
        "holdings": member.holdings,
    }
    form = MemberForm(request.POST or None, initial=initial)

    def change() -> ClubMember:
        data = form.cleaned_data
        details = MemberDetails(data["name"], data["federation_number"], data["email"], data["holdings"])
        return member_update(member=member, details=details, user=request.user)

    done = form_write(
        request,
        form,
        change,
        message=lambda changed: _("%(name)s's details are saved.") % {"name": changed.player.name},
        to=lambda _changed: reverse("director:members", args=[club.slug]),
    )
    if done is not None:
        return done
    status = 400 if form.is_bound else 200
    context = {"club": club, "member": member, "form": form}
    return render(request, TEMPLATES + "member.html", context, status=status)
