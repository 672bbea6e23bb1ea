"""A signed-in member's own pages: his clubs and next sessions, his results, his choices, his data.

Every page reads the member from the signed-in user, and a player from the memberships
holding his address: another member's id is a 404, as for a page that is not there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.core.models import Club
from tournaments.core.sections import sections
from tournaments.members import hooks
from tournaments.members.forms import PrivacyForm
from tournaments.members.models import MemberAccount
from tournaments.members.selectors import accounts
from tournaments.members.services.choices import member_privacy_set, member_results_mail_set
from tournaments.season.selectors.player_pages import player_history
from tournaments.season.selectors.privacy import player_export

MemberView = Callable[..., HttpResponse]


def member_required(view: MemberView) -> Callable[..., HttpResponse]:
    """Send a visitor to the sign-in page; a user who is no member (a director) gets a 404."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect("member_sign_in")
        account = accounts.account_of(request.user)
        if account is None:
            raise Http404
        return view(request, account, *args, **kwargs)

    return wrapped


@member_required
def my_club(request: HttpRequest, account: MemberAccount) -> HttpResponse:
    clubs = accounts.member_clubs(account)
    players = list({c.player.pk: c.player for c in clubs}.values())
    context = {
        "account": account,
        "clubs": clubs,
        "players": players,
        "next_sessions": accounts.next_sessions(list({c.club.pk: c.club for c in clubs}.values())),
    }
    return render(request, "tournaments/members/my_club.html", context)


@member_required
def my_player(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    player = accounts.member_player(account, pk)
    context = {
        "player": player,
        "history": player_history(player),
        "clubs": [c for c in accounts.member_clubs(account) if c.player.pk == player.pk],
        "privacy": PrivacyForm(initial={"shown_by_initials": player.shown_by_initials}),
        "sections": sections(hooks.my_player_page(player)),
    }
    return render(request, "tournaments/members/my_player.html", context)


@require_POST
@member_required
def my_privacy(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    player = accounts.member_player(account, pk)
    form = PrivacyForm(request.POST)
    form.is_valid()  # a box: unticked or absent is False, nothing else can be wrong
    member_privacy_set(
        account=account, player=player, shown_by_initials=form.cleaned_data.get("shown_by_initials", False)
    )
    messages.success(request, _("Your privacy choice is saved."))
    return redirect("my_player", pk=player.pk)


@require_POST
@member_required
def my_results_mail(request: HttpRequest, account: MemberAccount, pk: int, slug: str) -> HttpResponse:
    player = accounts.member_player(account, pk)
    club = get_object_or_404(Club, slug=slug)
    mailed = request.POST.get("mailed") == "1"
    member_results_mail_set(account=account, player=player, club=club, mailed=mailed)
    if mailed:
        messages.success(request, _("%(club)s will email you your results again.") % {"club": club.name})
    else:
        messages.success(request, _("%(club)s will email you nothing more.") % {"club": club.name})
    return redirect("my_player", pk=player.pk)


@member_required
def my_data(request: HttpRequest, account: MemberAccount, pk: int) -> HttpResponse:
    """Everything the clubs keeping his address hold on him, as the director's export gives it."""
    player = accounts.member_player(account, pk)
    export = player_export(player, accounts.member_player_clubs(account, player))
    response = HttpResponse(
        json.dumps(export, indent=2, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="clubscore-player-{player.pk}.json"'
    return response
