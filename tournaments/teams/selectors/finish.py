"""What stands of a teams event when its director finishes it: results in, matches still to play.

Finishing publishes every hand and closes the tables' links, so the director is shown
first what is in (issue 28): the results the published rounds' tables have entered
against the results they play, the matches not played out, and the rounds not drawn yet.
A match counts as played when both its tables have every board in, or when it was
scored by hand from the scorecards (VPs and no result at its tables,
``services.teams.team_match_score``); a bye is never unplayed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.teams.tables import match_of_table
from tournaments.night.models import Result
from tournaments.teams.models import TeamMatch, TeamsEvent, TeamsEventChange


@dataclass(frozen=True)
class UnplayedMatch:
    round: int
    table: int
    home: str
    away: str
    results: int
    expected: int

    def __str__(self) -> str:
        return _(
            "round %(round)d, match %(match)d (%(home)s v %(away)s): %(results)d of %(expected)d results in"
        ) % {
            "round": self.round,
            "match": self.table,
            "home": self.home,
            "away": self.away,
            "results": self.results,
            "expected": self.expected,
        }


@dataclass(frozen=True)
class TeamsEventProgress:
    """The event as the finish page shows it; ``unplayed`` and ``rounds_undrawn`` make a finish early."""

    rounds: int
    rounds_drawn: int
    rounds_published: int
    results: int
    expected: int
    unplayed: list[UnplayedMatch] = field(default_factory=list)

    @property
    def rounds_undrawn(self) -> int:
        return max(self.rounds - self.rounds_drawn, 0)

    @property
    def complete(self) -> bool:
        return not self.unplayed and not self.rounds_undrawn

    def shortfall(self) -> str:
        """What is missing, in a sentence a director can act on; empty when nothing is."""
        parts = []
        if self.unplayed:
            count = len(self.unplayed)
            figures = {
                "count": count,
                "results": self.results,
                "expected": self.expected,
                "first": self.unplayed[0],
            }
            parts.append(
                ngettext(
                    "%(count)d match is not played out (%(results)d of %(expected)d results in): %(first)s",
                    "%(count)d matches are not played out (%(results)d of %(expected)d results in):"
                    " %(first)s",
                    count,
                )
                % figures
                + (
                    ngettext(" and %(more)d more", " and %(more)d more", count - 1) % {"more": count - 1}
                    if count > 1
                    else ""
                )
            )
        if self.rounds_undrawn:
            parts.append(
                _("%(undrawn)d of the %(rounds)d rounds are not drawn yet")
                % {"undrawn": self.rounds_undrawn, "rounds": self.rounds}
            )
        return "; ".join(parts)


def teams_event_progress(event: TeamsEvent) -> TeamsEventProgress:
    """Return the results in and expected and the matches not played out of the published rounds."""
    rounds = list(event.rounds_drawn.order_by("number").values_list("number", "published"))
    published = {number for number, is_published in rounds if is_published}
    entered = Counter(
        (round_number, match_of_table((ns_number + 1) // 2))
        for round_number, ns_number in Result.objects.filter(
            board__session__teams_round__event=event, board__number__lte=event.boards_per_match
        ).values_list("board__session__teams_round__number", "ns_pair__number")
    )
    matches = (
        TeamMatch.objects.filter(round__event=event, round__published=True, away__isnull=False)
        .select_related("round", "home", "away")
        .order_by("round__number", "table")
    )
    expected = 2 * event.boards_per_match
    unplayed = []
    total_expected = 0
    for match in matches:
        results = entered[(match.round.number, match.table)]
        total_expected += expected
        by_hand = results == 0 and match.is_scored
        if results < expected and not by_hand:
            unplayed.append(
                UnplayedMatch(
                    match.round.number, match.table, match.home.name, match.away_team.name, results, expected
                )
            )
    return TeamsEventProgress(
        rounds=event.rounds,
        rounds_drawn=len(rounds),
        rounds_published=len(published),
        results=sum(entered.values()),
        expected=total_expected,
        unplayed=unplayed,
    )


def teams_event_changes(event: TeamsEvent) -> list[TeamsEventChange]:
    """Return who finished and reopened the event and when, newest first (one query)."""
    return list(event.changes.select_related("user"))
