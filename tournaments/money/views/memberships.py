"""Memberships: the club's types, each member's type and state, and the yearly renewal run."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tournaments.bridge.season.members import MemberListError
from tournaments.core.models import Club
from tournaments.core.selectors.access import club_for_director
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.exchange.spreadsheets import CSV_TYPE, XLSX_TYPE, Table, csv_bytes, xlsx_bytes
from tournaments.money.forms import MembershipFileForm, MembershipForm, MembershipTypeForm
from tournaments.money.memberships_file import parse_memberships
from tournaments.money.selectors.memberships import MemberStanding, member_standings, membership_types
from tournaments.money.services.memberships import (
    membership_save,
    membership_type_save,
    memberships_import,
    renewal_run,
)
from tournaments.season.models import ClubMember

TEMPLATES = "tournaments/money/"


def _standings(club: Club) -> list[MemberStanding]:
    return sorted(
        member_standings(club).values(), key=lambda s: (s.member.player.name.casefold(), s.member.pk)
    )


@login_required
@require_http_methods(["GET", "POST"])
def memberships(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's membership types (and a new one), every member's type and state today, and the
    upload of a list of memberships (all or nothing, every bad line named)."""
    club = club_for_director(request.user, slug)
    importing = request.method == "POST" and request.POST.get("action") == "import"
    form = MembershipTypeForm(None if importing else (request.POST or None))
    upload = MembershipFileForm(request.POST if importing else None, request.FILES if importing else None)
    here = reverse("director:money_memberships", args=[club.slug])
    errors: list[tuple[int, str]] = []
    if importing and upload.is_valid():
        try:
            count = memberships_import(club=club, lines=parse_memberships(upload.cleaned_data["file"].read()))
        except MemberListError as error:
            errors = error.errors
        else:
            messages.success(request, _("%(count)d memberships saved.") % {"count": count})
            return redirect(here)
    done = form_write(
        request,
        form,
        lambda: membership_type_save(club=club, **form.cleaned_data),
        message=lambda kind: _("The membership type %(name)s is saved.") % {"name": kind.name},
        to=lambda _kind: here,
    )
    if done is not None:
        return done
    context = {
        "club": club,
        "form": form,
        "upload": upload,
        "errors": errors,
        "types": membership_types(club),
        "standings": _standings(club),
    }
    return render(
        request, TEMPLATES + "memberships.html", context, status=400 if request.method == "POST" else 200
    )


@login_required
@require_http_methods(["GET", "POST"])
def membership(request: SignedInRequest, slug: str, player: int) -> HttpResponse:
    """One member's membership: his type, the day he has paid until, and whether he left."""
    club = club_for_director(request.user, slug)
    member = get_object_or_404(ClubMember.objects.select_related("player"), club=club, player_id=player)
    current = getattr(member, "membership", None)
    initial = {
        "type": current.type_id if current else None,
        "paid_until": current.paid_until if current else None,
        "ending": current.ending if current else "",
        "payer": current.payer_id if current else None,
    }
    form = MembershipForm(request.POST or None, initial=initial, club_id=club.pk)

    done = form_write(
        request,
        form,
        lambda: membership_save(
            member=member,
            type=form.cleaned_data["type"],
            paid_until=form.cleaned_data["paid_until"],
            ending=form.cleaned_data["ending"] or "",
            payer=form.cleaned_data["payer"],
        ),
        message=lambda _saved: _("%(name)s's membership is saved.") % {"name": member.player.name},
        to=lambda _saved: reverse("director:money_memberships", args=[club.slug]),
    )
    if done is not None:
        return done
    context = {"club": club, "member": member, "form": form}
    return render(request, TEMPLATES + "membership.html", context, status=400 if form.is_bound else 200)


@login_required
@require_POST
def renewal(request: SignedInRequest, slug: str) -> HttpResponse:
    """Post each current member's subscription for this membership year (twice posts nothing again)."""
    club = club_for_director(request.user, slug)
    done = renewal_run(club=club, today=timezone.localdate(), by=request.user)
    messages.success(
        request,
        _("Renewal: %(posted)d subscriptions posted, %(already)d already posted or paid.")
        % {"posted": done.posted, "already": done.already},
    )
    return redirect(reverse("director:money_memberships", args=[club.slug]))


def _payer_cell(standing: MemberStanding) -> str:
    payer = standing.membership.payer if standing.membership is not None else None
    return (payer.federation_number or payer.name) if payer is not None else ""


@login_required
@require_GET
def memberships_export(request: SignedInRequest, slug: str, fmt: str) -> HttpResponse:
    """The member list with each member's type, paid-until day and state, as CSV or XLSX."""
    club = club_for_director(request.user, slug)
    if fmt not in ("csv", "xlsx"):
        raise Http404("No such format.")
    table = Table(
        title=str(_("Members")),
        header=[
            str(_("Name")),
            str(_("Federation number")),
            str(_("Email")),
            str(_("Membership type")),
            str(_("Paid until")),
            str(_("State")),
            str(_("Table money paid by")),
        ],
        rows=[
            [
                s.member.player.name,
                s.member.player.federation_number,
                s.member.email,
                s.type.name if s.type else "",
                s.membership.paid_until.isoformat() if s.membership and s.membership.paid_until else "",
                s.state_label,
                _payer_cell(s),
            ]
            for s in _standings(club)
        ],
    )
    if fmt == "xlsx":
        response = HttpResponse(xlsx_bytes(table), content_type=XLSX_TYPE)
    else:
        response = HttpResponse(csv_bytes(table), content_type=CSV_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-members.{fmt}"'
    return response
