"""The director's player pages: likely duplicates and their merge, a player's privacy.

Players are shared by the clubs (a member may play at two); a director sees, merges,
exports and erases only the players of the clubs he directs (on their member lists, in
their sessions or teams): another club's players answer 404. A player of his clubs who
also belongs to another club is shown, but merged, erased, shown by initials and
exported by the site's administrator only, and the pages say so (issue 28). Every merge
is recorded (``PlayerMerge``, read-only in the admin); the page of a player merged away
says into whom, for the browser's Back after a merge.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.models import Player
from tournaments.core.selectors.access import clubs_directed
from tournaments.core.selectors.club_players import administrator_note
from tournaments.core.views.access import SignedInRequest
from tournaments.season.selectors.players import (
    director_duplicates,
    merge_candidate,
    merge_of,
    players_of_clubs,
)
from tournaments.season.selectors.privacy import player_export
from tournaments.season.services.players import player_merge
from tournaments.season.services.privacy import erased_name, player_erase, player_initials_set

TEMPLATES = "tournaments/season/director/"
PRIVACY = "shows him by initials, exports and erases his data"


def directors_players(request: SignedInRequest) -> QuerySet[Player]:
    """Return the players this director answers for; refuse a user who directs no club."""
    clubs = clubs_directed(request.user)
    if not clubs.exists():
        raise PermissionDenied(_("You do not direct any club."))
    return players_of_clubs(clubs)


def _merged_away(
    request: HttpRequest, pks: tuple[int, ...], players: QuerySet[Player]
) -> HttpResponse | None:
    """Answer for a player merged away (Back after a merge, a second click): say into whom.

    None while every player still exists; 404 for a player gone without a merge the
    director may be told of (another club's).
    """
    gone = [pk for pk in pks if not Player.objects.filter(pk=pk).exists()]
    if not gone:
        return None
    merge = merge_of(gone[0], players)
    if merge is None:
        raise Http404(_("No such player."))
    if request.method == "POST":
        messages.info(
            request,
            _("%(duplicate)s was already merged into %(kept)s.")
            % {"duplicate": merge.duplicate_name, "kept": merge.kept_name},
        )
        return redirect(reverse("director:duplicates"))
    return render(request, TEMPLATES + "merged.html", {"merge": merge})


@login_required
def duplicates(request: SignedInRequest) -> HttpResponse:
    suggestions = director_duplicates(request.user, directors_players(request))
    return render(request, TEMPLATES + "duplicates.html", {"suggestions": suggestions})


@login_required
@require_http_methods(["GET", "POST"])
def merge(request: SignedInRequest, keep: int, duplicate: int) -> HttpResponse:
    """Show both players and what will move (GET); merge them on the confirmation (POST)."""
    players = directors_players(request)
    answered = _merged_away(request, (duplicate, keep), players)
    if answered is not None:
        return answered
    kept, merged = merge_candidate(keep, players), merge_candidate(duplicate, players)
    if request.method == "POST":
        try:
            player_merge(keep=kept.player, duplicate=merged.player, user=request.user)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, _("Not merged: %(reason)s") % {"reason": message})
        else:
            messages.success(
                request,
                ngettext(
                    "%(duplicate)s merged into %(kept)s: %(count)d session moved.",
                    "%(duplicate)s merged into %(kept)s: %(count)d sessions moved.",
                    len(merged.sessions),
                )
                % {"duplicate": merged.player.name, "kept": kept.player.name, "count": len(merged.sessions)},
            )
        return redirect(reverse("director:duplicates"))
    note = administrator_note(request.user, [kept.player, merged.player], "merges them")
    return render(
        request, TEMPLATES + "merge.html", {"keep": kept, "duplicate": merged, "administrator": note}
    )


@login_required
def player(request: SignedInRequest, pk: int) -> HttpResponse:
    """The director's page of one player: the initials flag, the export, the erasure."""
    players = directors_players(request)
    answered = _merged_away(request, (pk,), players)
    if answered is not None:
        return answered
    candidate = merge_candidate(pk, players)
    context = {
        "candidate": candidate,
        "player": candidate.player,
        "administrator": administrator_note(request.user, [candidate.player], PRIVACY),
    }
    return render(request, TEMPLATES + "player.html", context)


@login_required
@require_POST
def player_initials(request: SignedInRequest, pk: int) -> HttpResponse:
    chosen = merge_candidate(pk, directors_players(request)).player
    shown = request.POST.get("shown_by_initials") == "on"
    try:
        player_initials_set(player=chosen, shown_by_initials=shown, user=request.user)
    except ValidationError as error:
        messages.error(request, _("Not changed: %(reason)s") % {"reason": " ".join(error.messages)})
    else:
        if shown:
            text = _("%(player)s is shown by initials (%(initials)s) on public pages.")
        else:
            text = _("%(player)s is shown by name on public pages.")
        messages.success(request, text % {"player": chosen.name, "initials": chosen.public_name})
    return redirect(reverse("director:player", args=[pk]))


@login_required
@require_POST
def player_erasure(request: SignedInRequest, pk: int) -> HttpResponse:
    chosen = merge_candidate(pk, directors_players(request)).player
    if request.POST.get("confirm") != erased_name(chosen):
        messages.error(request, _("Not erased: type %(name)s to confirm.") % {"name": erased_name(chosen)})
        return redirect(reverse("director:player", args=[pk]))
    try:
        player_erase(player=chosen, user=request.user)
    except ValidationError as error:
        messages.error(request, _("Not erased: %(reason)s") % {"reason": " ".join(error.messages)})
    else:
        messages.success(
            request,
            _("Erased: the player is now %(name)s; every result is kept.") % {"name": erased_name(chosen)},
        )
    return redirect(reverse("director:player", args=[pk]))


@login_required
def player_data(request: SignedInRequest, pk: int) -> JsonResponse:
    """What the director's clubs hold about the player, as a JSON download (everything, for the
    site's administrator); a player of another club too is the administrator's to export."""
    chosen = merge_candidate(pk, directors_players(request)).player
    note = administrator_note(request.user, [chosen], PRIVACY)
    if note:
        raise PermissionDenied(note)
    data = player_export(chosen, clubs=clubs_directed(request.user))
    response = JsonResponse(data, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="player-{chosen.pk}.json"'
    return response
