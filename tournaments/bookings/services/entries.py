"""Entries to events: make an event, enter a pair or a team, confirm, cancel (with its refund).

Every write locks the event's row first (``writes.row_write``), so two entries racing for
the last place, or one double-clicked, are counted one after the other: the second finds
the event full and goes on its waiting list, or finds its players already entered and is
refused with a message. The database says the same (``entry_player_once_in_event``,
``entry_paid_once``) should a write ever skip the lock. A refusal names the form's field
and writes nothing: a visitor made for an entry that is then refused is rolled back with it.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bookings.models import Entry, EntryEvent, EntryPlayer, PlayerCategory
from tournaments.bookings.services.entry_mail import entry_confirmations_ask, entry_promoted_ask
from tournaments.bookings.services.entry_payments import entry_refund
from tournaments.core.models import Club, Player
from tournaments.core.services.players import check_name, player_find_or_create
from tournaments.core.services.writes import locked_row, write
from tournaments.money.models import Membership
from tournaments.season.models import ClubMember
from tournaments.teams.models import TEAM_MAX_PLAYERS, TEAM_MIN_PLAYERS

PAIR_PLAYERS = 2
# A member enters a few events an hour; a script entering thousands (each on the waiting list,
# each naming new visitors) is refused after this many, counted in the database.
ENTRIES_AN_HOUR = 10
THROTTLE_WINDOW = datetime.timedelta(hours=1)
MARKUP = frozenset("<>")


def now() -> datetime.datetime:
    """The moment of a write; tests override it."""
    return timezone.now()


@dataclass(frozen=True)
class Named:
    """A player as an entry form names him: a name typed, or a player known; junior or not."""

    name: str = ""
    player: Player | None = None
    junior: bool = False


def entry_event_create(*, club: Club, **fields: object) -> EntryEvent:
    """Create an event taking entries; the refund cut-off is the closing unless given."""
    if not fields.get("cancel_until"):
        fields["cancel_until"] = fields.get("closes_at")
    event = EntryEvent(club=club, **fields)
    event.name = " ".join(event.name.split())
    if MARKUP & set(event.name):
        raise ValidationError({"name": _("A name cannot hold < or >.")})
    event.full_clean()
    try:
        with write():
            event.save()
    except IntegrityError:
        raise ValidationError(
            {"name": _("An event of that name on that day has just been created (a second click?).")}
        ) from None
    return event


def player_fee(event: EntryEvent, category: str, early: bool) -> Decimal:
    """One player's fee: his category's, less the early-bird reduction (never below nothing)."""
    fee = {
        PlayerCategory.MEMBER: event.member_fee,
        PlayerCategory.VISITOR: event.visitor_fee,
        PlayerCategory.JUNIOR: event.junior_fee,
    }[PlayerCategory(category)]
    if early:
        fee -= event.early_bird_reduction
    return max(fee, Decimal("0.00"))


def is_early(event: EntryEvent, at: datetime.datetime) -> bool:
    return event.early_bird_until is not None and at < event.early_bird_until


@write()
def entry_make(
    *,
    event: EntryEvent,
    players: Sequence[Named],
    team_name: str = "",
    user: AbstractBaseUser | AnonymousUser | None = None,
    confirmed: Sequence[Player] = (),
    confirmed_all: bool = False,
    throttled: bool = False,
) -> Entry:
    """Enter a pair or a team: every player checked, the fee fixed, or nothing written.

    The event full to its limit, the entry goes on its waiting list (``Entry.waiting``): it
    holds no place and is not paid until a cancellation promotes it, in the order entered.

    ``confirmed`` are the players who need not confirm (the member entering);
    ``confirmed_all`` an entry the desk makes with its players in front of it;
    ``throttled`` a member's own entry, refused past ``ENTRIES_AN_HOUR`` of his in the hour.
    """
    if throttled:
        _check_throttle(user)
    event = locked_row(event)
    at = now()
    _check_open(event, at)
    _check_size(event, players)
    team_name = _check_team_name(event, team_name)
    waiting = places_taken(event) >= event.limit
    found = [_player_of(event, named, index) for index, named in enumerate(players)]
    _check_each_once(event, found)
    early = is_early(event, at)
    categories = [
        _category(event, player, named.junior) for player, named in zip(found, players, strict=True)
    ]
    fees = [player_fee(event, category, early) for category in categories]
    number = (event.entries.aggregate(top=Max("number"))["top"] or 0) + 1
    entry = Entry.objects.create(
        event=event,
        number=number,
        team_name=team_name,
        fee=sum(fees, Decimal("0.00")),
        early_bird=early,
        waiting=waiting,
        entered_by=user if isinstance(user, User) and user.is_authenticated else None,
    )
    confirmed_ids = {player.pk for player in (found if confirmed_all else confirmed)}
    EntryPlayer.objects.bulk_create(
        EntryPlayer(
            entry=entry,
            event=event,
            player=player,
            position=position,
            category=category,
            fee=fee,
            confirmed_at=at if player.pk in confirmed_ids else None,
        )
        for position, (player, category, fee) in enumerate(zip(found, categories, fees, strict=True), start=1)
    )
    if len(confirmed_ids) < len(found):
        entry_confirmations_ask(entry)
    return entry


def _check_throttle(user: AbstractBaseUser | AnonymousUser | None) -> None:
    if not isinstance(user, User) or not user.is_authenticated:
        return
    since = timezone.now() - THROTTLE_WINDOW
    if Entry.objects.filter(entered_by=user, entered_at__gte=since).count() >= ENTRIES_AN_HOUR:
        raise ValidationError({"players": _("Too many entries made in the last hour: try again later.")})


def places_taken(event: EntryEvent) -> int:
    """The entries holding a place: not cancelled, not waiting (read under the event's lock)."""
    return event.entries.filter(cancelled_at__isnull=True, waiting=False).count()


def entries_promote(event: EntryEvent) -> list[Entry]:
    """Give the event's free places to its waiting list, in the order entered; each promoted
    entry's players are told by email. In the write that freed the place (the event locked)."""
    free = event.limit - places_taken(event)
    if free <= 0:
        return []
    promoted = list(event.entries.filter(cancelled_at__isnull=True, waiting=True).order_by("number")[:free])
    at = now()
    for entry in promoted:
        entry.waiting = False
        entry.promoted_at = at
        entry.save(update_fields=["waiting", "promoted_at"])
        entry_promoted_ask(entry)
    return promoted


@write()
def entry_event_limit_set(*, event: EntryEvent, limit: int) -> list[Entry]:
    """Change how many entries the event takes. Raised, its waiting list moves up in order, each
    entry promoted told by email; lowered, never below the entries already holding a place (an
    entry is not put out by a change of the limit). Returns the entries promoted."""
    event = locked_row(event)
    if event.is_started:
        raise ValidationError({"limit": _("The event has started: its entries can no longer change.")})
    held = places_taken(event)
    if limit < max(held, 1):
        raise ValidationError(
            {
                "limit": _("%(held)d entries hold a place: the limit cannot go below %(held)d.")
                % {"held": held}
            }
        )
    event.limit = limit
    event.save(update_fields=["limit"])
    return entries_promote(event)


def _check_open(event: EntryEvent, at: datetime.datetime) -> None:
    if event.is_started:
        raise ValidationError(
            {"players": _("%(event)s has started: it takes no more entries.") % {"event": event.name}}
        )
    if at < event.opens_at:
        raise ValidationError(
            {
                "players": _("Entries to %(event)s open on %(when)s.")
                % {"event": event.name, "when": _when(event.opens_at)}
            }
        )
    if at >= event.closes_at:
        raise ValidationError(
            {
                "players": _("Entries to %(event)s closed on %(when)s.")
                % {"event": event.name, "when": _when(event.closes_at)}
            }
        )


def _when(at: datetime.datetime) -> str:
    return timezone.localtime(at).strftime("%Y-%m-%d %H:%M")


def _check_size(event: EntryEvent, players: Sequence[Named]) -> None:
    count = len(players)
    if event.is_teams and not TEAM_MIN_PLAYERS <= count <= TEAM_MAX_PLAYERS:
        raise ValidationError(
            {
                "players": _("A team has %(least)d to %(most)d players, not %(count)d.")
                % {"least": TEAM_MIN_PLAYERS, "most": TEAM_MAX_PLAYERS, "count": count}
            }
        )
    if not event.is_teams and count != PAIR_PLAYERS:
        raise ValidationError({"players": _("A pair has two players: name your partner.")})


def _check_team_name(event: EntryEvent, team_name: str) -> str:
    team_name = " ".join(team_name.split())
    if not event.is_teams:
        return ""
    if not team_name:
        raise ValidationError({"team_name": _("Give the team a name.")})
    if MARKUP & set(team_name):
        raise ValidationError({"team_name": _("A name cannot hold < or >.")})
    if len(team_name) > Entry._meta.get_field("team_name").max_length:  # type: ignore[operator]
        raise ValidationError({"team_name": _("A team's name has at most 120 characters.")})
    if event.entries.filter(team_name__iexact=team_name, cancelled_at__isnull=True).exists():
        raise ValidationError(
            {"team_name": _("A team named %(name)s has already entered.") % {"name": team_name}}
        )
    return team_name


def _player_of(event: EntryEvent, named: Named, index: int) -> Player:
    """The player a form names: known, a member of the club by name, or (an open event) a visitor."""
    if named.player is not None:
        return named.player
    field = f"player_{index + 1}"
    if MARKUP & set(named.name):
        raise ValidationError({field: _("A name cannot hold < or >: %(name)s.") % {"name": named.name}})
    try:
        name = check_name(named.name)
    except ValidationError as error:
        raise ValidationError({field: error.message_dict["players"]}) from None
    member = (
        ClubMember.objects.filter(club=event.club, player__name__iexact=name, player__erased_at__isnull=True)
        .select_related("player")
        .order_by("player_id")
        .first()
    )
    if member is not None:
        return member.player
    if event.members_only:
        raise ValidationError(
            {
                field: _("%(name)s is not on the club's member list: %(event)s takes members only.")
                % {"name": name, "event": event.name}
            }
        )
    return player_find_or_create(club=event.club, name=name)


def _check_each_once(event: EntryEvent, players: list[Player]) -> None:
    seen: set[int] = set()
    for index, player in enumerate(players):
        if player.pk in seen:
            raise ValidationError(
                {f"player_{index + 1}": _("%(name)s is named twice in this entry.") % {"name": player.name}}
            )
        seen.add(player.pk)
    taken = (
        EntryPlayer.objects.filter(event=event, active=True, player__in=players)
        .select_related("player", "entry")
        .order_by("entry__number")
        .first()
    )
    if taken is not None:
        index = [player.pk for player in players].index(taken.player_id)
        raise ValidationError(
            {
                f"player_{index + 1}": _("%(name)s is already entered in %(event)s (entry %(number)d).")
                % {"name": taken.player.name, "event": event.name, "number": taken.entry.number}
            }
        )


def _category(event: EntryEvent, player: Player, junior: bool) -> str:
    """A junior (said so on the form, or a member of a junior type: the money's memberships),
    else a member of the club, else a visitor."""
    membership = ClubMember.objects.filter(club=event.club, player=player).first()
    if junior or (membership is not None and _junior_member(membership)):
        return PlayerCategory.JUNIOR
    return PlayerCategory.MEMBER if membership is not None else PlayerCategory.VISITOR


def _junior_member(member: ClubMember) -> bool:
    return Membership.objects.filter(member=member, type__junior=True).exists()


@write()
def entry_confirm(*, entry_player: EntryPlayer) -> EntryPlayer:
    """A player confirms his place in an entry (again: nothing changes)."""
    entry_player = locked_row(entry_player, EntryPlayer.objects.select_related("entry", "entry__event"))
    if entry_player.entry.is_cancelled:
        raise ValidationError({"entry": _("This entry has been cancelled.")})
    if entry_player.entry.event.is_started:
        raise ValidationError({"entry": _("The event has started: its entries can no longer change.")})
    if entry_player.confirmed_at is None:
        entry_player.confirmed_at = now()
        entry_player.save(update_fields=["confirmed_at"])
    return entry_player


def entry_confirm_all(*, entry: Entry) -> Entry:
    """The desk confirms every player of an entry (they stand in front of it)."""
    with write():
        for entry_player in entry.players.filter(confirmed_at__isnull=True):
            entry_confirm(entry_player=entry_player)
    return entry


@write()
def entry_cancel(*, entry: Entry, user: AbstractBaseUser | AnonymousUser | None = None) -> Entry:
    """Cancel an entry; paid and before the event's cut-off, its fee goes back to the account;
    the place it held goes to the first entry waiting.

    A second cancel (a double click) finds it cancelled and changes nothing.
    """
    event = locked_row(entry.event)
    entry = locked_row(entry)
    if entry.is_cancelled:
        return entry
    if event.is_started:
        raise ValidationError({"entry": _("The event has started: its entries can no longer change.")})
    at = now()
    held_place = not entry.waiting
    entry.cancelled_at = at
    entry.save(update_fields=["cancelled_at"])
    entry.players.update(active=False)
    if at < event.cancel_until:
        entry_refund(entry=entry, user=user)
    if held_place:
        entries_promote(event)
    return entry
