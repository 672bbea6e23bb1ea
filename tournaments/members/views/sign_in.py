"""The member's sign-in: ask for a link, open it, sign out."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.contrib.auth import login, logout
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.members.forms import SignInForm
from tournaments.members.services.sign_in import (
    Outcome,
    new_browser_cookie,
    sign_in_link_request,
    sign_in_link_use,
)
from tournaments.members.tokens import BROWSER_COOKIE, LinkRefused, link_lifetime, link_read

TEMPLATE = "tournaments/members/sign_in.html"
MEMBER_SESSION_FLAG = "member_signed_in"  # read by templates/base.html


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    """The same answer for an address a club holds and one it does not; a clear one when throttled."""
    form = SignInForm(request.POST or None)
    if request.method != "POST" or not form.is_valid():
        return render(request, TEMPLATE, {"form": form}, status=400 if form.is_bound else 200)
    cookie = request.COOKIES.get(BROWSER_COOKIE) or new_browser_cookie()
    asked = sign_in_link_request(
        email=form.cleaned_data["email"], browser_cookie=cookie, ip=get_client_ip_address(request)
    )
    if not asked:
        context = {"form": form, "throttled": True}
        return render(request, TEMPLATE, context, status=429)
    response = render(request, TEMPLATE, {"sent": True, "email": form.cleaned_data["email"]})
    response.set_cookie(
        BROWSER_COOKIE,
        cookie,
        max_age=int(link_lifetime().total_seconds()) * 4,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response


REFUSALS = {
    "forged": (400, lambda: _("This link is not a sign-in link ClubScore sent, or it was cut short.")),
    "expired": (410, lambda: _("This link has expired: links work for a few minutes only.")),
    "used": (410, lambda: _("This link has been used already: each link signs in once.")),
    "unknown": (
        410,
        lambda: _(
            "No club keeps this address on its member list any more. Ask your club's membership secretary."
        ),
    ),
}


@require_http_methods(["GET", "POST"])
def sign_in_link(request: HttpRequest, token: str) -> HttpResponse:
    """Sign the asking browser in at once; another browser after one confirming tap (a POST)."""
    try:
        used = sign_in_link_use(
            request_id=link_read(token),
            browser_cookie=request.COOKIES.get(BROWSER_COOKIE, ""),
            confirmed=request.method == "POST",
        )
    except LinkRefused as refused:
        status, message = REFUSALS[refused.reason]
        return render(request, "tournaments/members/link_refused.html", {"message": message()}, status=status)
    if used.outcome is Outcome.CONFIRM:
        return render(request, "tournaments/members/confirm.html", {"token": token})
    login(request, used.user, backend="django.contrib.auth.backends.ModelBackend")
    request.session[MEMBER_SESSION_FLAG] = True  # the pages' menu offers "My club" without a query
    response = redirect("my_club")
    response.delete_cookie(BROWSER_COOKIE)
    return response


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("member_sign_in")
