"""The director's player pages: likely duplicates and their merge.

Players are shared by the clubs (a member may play at two), so any club's director may
merge two entries; every merge is recorded (``PlayerMerge``, read-only in the admin).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from tournaments.selectors.director import clubs_directed
from tournaments.selectors.players import merge_candidate, player_duplicates
from tournaments.services.players import player_merge

TEMPLATES = "tournaments/director/"


def check_directs_a_club(request: HttpRequest) -> None:
    if not clubs_directed(request.user).exists():
        raise PermissionDenied("You do not direct any club.")


@login_required
def duplicates(request: HttpRequest) -> HttpResponse:
    check_directs_a_club(request)
    return render(request, TEMPLATES + "duplicates.html", {"suggestions": player_duplicates()})


@login_required
@require_http_methods(["GET", "POST"])
def merge(request: HttpRequest, keep: int, duplicate: int) -> HttpResponse:
    """Show both players and what will move (GET); merge them on the confirmation (POST)."""
    check_directs_a_club(request)
    kept, merged = merge_candidate(keep), merge_candidate(duplicate)
    if request.method == "POST":
        try:
            player_merge(keep=kept.player, duplicate=merged.player, user=request.user)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, f"Not merged: {message}")
        else:
            messages.success(
                request,
                f"{merged.player.name} merged into {kept.player.name}: "
                f"{len(merged.sessions)} session{'s' if len(merged.sessions) != 1 else ''} moved.",
            )
        return redirect(reverse("director:duplicates"))
    return render(request, TEMPLATES + "merge.html", {"keep": kept, "duplicate": merged})
