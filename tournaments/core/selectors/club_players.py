"""Whose players: a club's own, and who belongs to another club too (issue 28, clubs apart).

A player is one person across the site (the season and the rating need that), but each
club answers for its own. A club's own players are those on its member list, who sat in
one of its sessions (a teams round is one) or who play in one of its teams events.

- **A name finds a player only among the club's own** (``own_players``; the whole list
  is ``selectors.players.players_of_clubs``): another club's
  Ann Ahern may be another person, and taking her would hand this club's director her
  results, her merges and her privacy.
- **A director acts only on what is his clubs' alone**: merging, erasing, initials and
  the data export are his for a player who belongs to no club he does not direct;
  otherwise the site's administrator (a superuser) does it (``check_director_may_act``).

What ties a player to a club is each capability's: the night registers its pairs, the
season its member lists, teams its teams (``player_ties``, a hook their ``ready`` modules
register at), so the core names none of them.

Players found by name are checked here after the name lookup, by an ``EXISTS`` each on
their own rows (index lookups): with 40,000 players and 24,000 pairs in 20 clubs, one
query filtering by name and by club at once took 10-50 ms a name (the planner tested the
club first), against 1-3 ms for the name alone, and 0.3-0.9 s for a chunk of 500 names.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import reduce

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Exists, Q, QuerySet

from tournaments.core.hooks import Hook
from tournaments.core.models import Club, Player
from tournaments.core.selectors.access import clubs_directed

# Players checked in one query: well under SQLite's limit on a query's parameters.
CHECK_CHUNK = 500
ADMINISTRATOR_DOES = (
    "{names} also {verb} to another club (its member list, its sessions or its teams): "
    "the site's administrator {doing}."
)


@dataclass(frozen=True)
class Tie:
    """Rows that make a player one of a club's own: ``rows`` of the player ``OuterRef("pk")``
    names (a membership, a pair, a team's member), and the path from a row to its club."""

    rows: QuerySet
    club_path: str


player_ties: Hook[[], list[Tie]] = Hook(
    "core.player_ties",
    receivers=(
        "night.pairs_tie_players",
        "teams.teams_tie_players",
        "season.lists_tie_players",
        "bookings.entries_tie_players",
    ),
)
"""Each capability's ties of a player to a club (the night's pairs, the season's lists, teams)."""


def _belongs(narrow: Callable[[QuerySet, str], QuerySet]) -> Q:
    """The condition on a player's row that he belongs to a club ``narrow`` keeps.

    ``narrow(rows, path)`` keeps the rows whose club, reached by ``path``, is wanted.
    """
    ties = [tie for found in player_ties() for tie in found]
    return reduce(operator.or_, (Q(Exists(narrow(tie.rows, tie.club_path))) for tie in ties), Q(pk__in=[]))


def _which_belong(players: Iterable[Player], narrow: Callable[[QuerySet, str], QuerySet]) -> set[int]:
    ids = sorted({player.pk for player in players})
    found: set[int] = set()
    for start in range(0, len(ids), CHECK_CHUNK):
        chunk = Player.objects.filter(pk__in=ids[start : start + CHECK_CHUNK]).filter(_belongs(narrow))
        found.update(chunk.order_by().values_list("pk", flat=True))
    return found


def own_players(club: Club, candidates: Iterable[Player]) -> list[Player]:
    """Return those of ``candidates`` (found by name) who are the club's own, in their order."""
    found = list(candidates)
    own = _which_belong(found, lambda rows, path: rows.filter(**{path: club}))
    return [player for player in found if player.pk in own]


def players_elsewhere(players: Iterable[Player], clubs: QuerySet[Club]) -> set[int]:
    """Return the ids of those ``players`` who belong to a club not among ``clubs``."""
    return _which_belong(players, lambda rows, path: rows.exclude(**{f"{path}__in": clubs}))


def players_for_administrator(user: User, players: Iterable[Player]) -> set[int]:
    """Return the ids of those ``players`` whom only the site's administrator may merge, erase,
    show by initials or export: those who belong to a club this director does not direct."""
    if user.is_superuser:
        return set()
    return players_elsewhere(players, clubs_directed(user))


def administrator_does(players: list[Player], doing: str) -> str:
    """Say that the site's administrator does ``doing`` for these players, and why."""
    names = " and ".join(player.name for player in players)
    return ADMINISTRATOR_DOES.format(
        names=names, verb="belong" if len(players) > 1 else "belongs", doing=doing
    )


def administrator_note(user: User, players: list[Player], doing: str) -> str:
    """Return what the director's page says in place of an action he may not take ('' if he may)."""
    elsewhere = players_for_administrator(user, players)
    refused = [player for player in players if player.pk in elsewhere]
    return administrator_does(refused, doing) if refused else ""


def check_director_may_act(user: User | None, players: list[Player], doing: str) -> None:
    """Refuse, naming why, an action on a player who belongs to a club the user does not direct.

    ``user`` None is the site itself (a command, a test's setup), which may do anything.
    """
    note = "" if user is None else administrator_note(user, players, doing)
    if note:
        raise ValidationError({"player": note})
