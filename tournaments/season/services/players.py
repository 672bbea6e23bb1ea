"""Players as people: one member entered twice is merged into one, with a record of it.

Results belong to pairs and pairs to players, so moving the duplicate's pair memberships
to the kept player moves every result and every standing with them. The duplicate's
rating snapshots and team memberships move too (the two never sat in one session nor
played in one teams event, so they never collide) and the ratings around the moved
sessions are owed a refit, now that one player's results are one history. His club
memberships pass to the kept player.

A director merges only players who belong to no club but his (issue 28): a merge moves
another club's pairs to another person, so for a player of two clubs the site's
administrator merges (``selectors.club_players.check_director_may_act``).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.season.duplicates import federation_key
from tournaments.core import changes
from tournaments.core.models import Player
from tournaments.core.selectors.club_players import check_director_may_act
from tournaments.core.services.writes import locked, write
from tournaments.night.models import Pair, Session
from tournaments.season import hooks
from tournaments.season.models import ClubMember, PlayerMerge, RatingSnapshot
from tournaments.season.services.rating_queue import ratings_owed
from tournaments.teams.models import TeamMember


@write()
def player_merge(*, keep: Player, duplicate: Player, user: User | None) -> PlayerMerge:
    """Move every pair of ``duplicate`` to ``keep``, delete ``duplicate`` and record the merge.

    Refused with a message, nothing changed, when the two are one player, when either
    is gone, when either belongs to a club ``user`` does not direct (checked first, so a
    refusal tells nothing of that club's sessions), when both played in one session (they
    are two people), or when they hold two different federation numbers. The kept player
    takes the duplicate's federation number if it has none. Both rows are locked first,
    so no pair can be seated with the duplicate while it is being merged away.
    """
    if keep.pk == duplicate.pk:
        raise ValidationError(
            {"duplicate": _("%(player)s cannot be merged with itself.") % {"player": keep.name}}
        )
    keep, duplicate = _both_locked(keep, duplicate)
    check_director_may_act(user, [keep, duplicate], "merges them")
    _check_never_played_together(keep, duplicate)
    _check_never_in_one_teams_event(keep, duplicate)
    _check_federation_numbers(keep, duplicate)
    moved = list(_pairs_of(duplicate).order_by("pk").values_list("pk", flat=True))
    Pair.objects.filter(player1=duplicate).update(player1=keep)
    Pair.objects.filter(player2=duplicate).update(player2=keep)
    RatingSnapshot.objects.filter(player=duplicate).update(player=keep)
    TeamMember.objects.filter(player=duplicate).update(player=keep)
    _move_memberships(keep, duplicate)
    changes.players_shown_changed([keep.pk], False)  # his sessions now show the kept name (night.live)
    hooks.player_merged(keep, duplicate)  # his opt-outs and emails sent (mail.ready)
    merge = PlayerMerge.objects.create(
        kept=keep,
        kept_name=keep.name,
        duplicate_pk=duplicate.pk,
        duplicate_name=duplicate.name,
        duplicate_federation_number=duplicate.federation_number,
        pairs=moved,
        user=user,
    )
    number = duplicate.federation_number
    duplicate.delete()  # first: the federation number is unique, and it may pass to the kept player
    if number and not keep.federation_number:
        keep.federation_number = number
        keep.save(update_fields=["federation_number"])
    # The duplicate's sessions now name the kept player: their players are refitted.
    for session_id in Pair.objects.filter(pk__in=moved).values_list("session_id", flat=True).distinct():
        ratings_owed(session_id=session_id)
    return merge


def _move_memberships(keep: Player, duplicate: Player) -> None:
    """The duplicate's club memberships pass to the kept player; where both are members, his row
    stays and takes the duplicate's email if it had none."""
    kept = {member.club_id: member for member in ClubMember.objects.filter(player=keep)}
    for member in ClubMember.objects.filter(player=duplicate):
        mine = kept.get(member.club_id)
        if mine is None:
            member.player = keep
            member.save(update_fields=["player"])
            continue
        if member.email and not mine.email:
            mine.email = member.email
            mine.save(update_fields=["email"])
        member.delete()


def _both_locked(keep: Player, duplicate: Player) -> tuple[Player, Player]:
    """Both players re-read under a row lock (in id order, so two merges cannot deadlock)."""
    rows = {
        player.pk: player
        for player in locked(Player.objects.filter(pk__in=[keep.pk, duplicate.pk]).order_by("pk"))
    }
    for wanted in (keep, duplicate):
        if wanted.pk not in rows:
            raise ValidationError(
                {
                    "duplicate": _("%(player)s no longer exists: merged or deleted meanwhile.")
                    % {"player": wanted.name}
                }
            )
    return rows[keep.pk], rows[duplicate.pk]


def _pairs_of(player: Player) -> QuerySet[Pair]:
    return Pair.objects.filter(Q(player1=player) | Q(player2=player))


def _check_never_played_together(keep: Player, duplicate: Player) -> None:
    shared = (
        Session.objects.filter(pk__in=_pairs_of(keep).values("session"))
        .filter(pk__in=_pairs_of(duplicate).values("session"))
        .select_related("club")
        .order_by("date", "pk")
    )
    first = shared.first()
    if first is None:
        return
    others = shared.count() - 1
    figures = {
        "keep": keep.name,
        "duplicate": duplicate.name,
        "session": f"{first.club} {first.name}",
        "date": f"{first.date:%Y-%m-%d}",
        "others": others,
    }
    if others:
        message = ngettext(
            "%(keep)s and %(duplicate)s both played in %(session)s on %(date)s and %(others)d other session:"
            " they are two people, so they were not merged.",
            "%(keep)s and %(duplicate)s both played in %(session)s on %(date)s and %(others)d other sessions:"
            " they are two people, so they were not merged.",
            others,
        )
    else:
        message = _(
            "%(keep)s and %(duplicate)s both played in %(session)s on %(date)s:"
            " they are two people, so they were not merged."
        )
    raise ValidationError({"duplicate": message % figures})


def _check_never_in_one_teams_event(keep: Player, duplicate: Player) -> None:
    """Two players of one teams event are two people, even before either has played a board."""
    shared = (
        TeamMember.objects.filter(player=keep)
        .filter(team__event__in=TeamMember.objects.filter(player=duplicate).values("team__event"))
        .select_related("team__event")
        .first()
    )
    if shared is not None:
        raise ValidationError(
            {
                "duplicate": _(
                    "%(keep)s and %(duplicate)s are both players of the teams event %(event)s:"
                    " they are two people, so they were not merged."
                )
                % {"keep": keep.name, "duplicate": duplicate.name, "event": shared.team.event.name}
            }
        )


def _check_federation_numbers(keep: Player, duplicate: Player) -> None:
    numbers = (keep.federation_number, duplicate.federation_number)
    if all(numbers) and federation_key(numbers[0]) != federation_key(numbers[1]):
        raise ValidationError(
            {
                "duplicate": _(
                    "%(keep)s has federation number %(first)s and %(duplicate)s %(second)s: two numbers are"
                    " two members; correct the wrong number before merging."
                )
                % {"keep": keep.name, "first": numbers[0], "duplicate": duplicate.name, "second": numbers[1]}
            }
        )
