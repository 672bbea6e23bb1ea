"""The director's page of a club's API tokens: create one (shown once), revoke one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from tournaments.models import ApiToken
from tournaments.selectors.api_tokens import club_api_tokens, club_for_director
from tournaments.services.api_tokens import api_token_create, api_token_revoke


@login_required
@require_http_methods(["GET", "POST"])
def club_api_tokens_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_for_director(request.user, slug)
    secret = None
    error = None
    if request.method == "POST" and request.POST.get("action") == "revoke":
        chosen = request.POST.get("token", "")
        token = get_object_or_404(
            ApiToken, pk=int(chosen) if chosen.isascii() and chosen.isdigit() else 0, club=club
        )
        api_token_revoke(token=token)
        messages.success(request, f"Token {token.name} ({token.prefix}...) revoked: it writes no more.")
        return redirect("director:api_tokens", slug=club.slug)
    if request.method == "POST":
        try:
            issued = api_token_create(club=club, name=request.POST.get("name", ""), user=request.user)
        except ValidationError as refusal:
            error = " ".join(refusal.messages)
        else:
            secret = issued.secret  # rendered on this answer only: it is stored nowhere
    context = {"club": club, "tokens": club_api_tokens(club), "secret": secret, "error": error}
    response = render(request, "tournaments/director/api_tokens.html", context, status=400 if error else 200)
    response["Cache-Control"] = "no-store"
    return response
