"""A player's season by month: his declarer play against double-dummy, his leads that cost,
his contracts against the field's, his auction verdicts, each with the field's, gifts and fixes
(decision 0079).

Read from the figures each finished session's job stored (``EveningTally``,
``selectors.tallies``): two queries whatever the season's length. A finished session
whose figures are not stored yet (its job still to run) is counted apart, so the page
says so rather than show it as a month without boards.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from tournaments.analysis.charts import line_chart
from tournaments.analysis.models import EveningTally
from tournaments.core.models import Player
from tournaments.night.models import Pair, SessionState


@dataclass
class Tally:
    """A count and a sum: an average where the count is not 0."""

    count: int = 0
    total: float = 0.0

    def add(self, stored: list[float]) -> None:
        self.count += int(stored[0])
        self.total += stored[1]

    @property
    def average(self) -> float | None:
        return self.total / self.count if self.count else None


@dataclass
class Month:
    month: datetime.date
    sessions: set[int] = field(default_factory=set)
    declarer: Tally = field(default_factory=Tally)  # his tricks less double-dummy's, as declarer
    field_declarer: Tally = field(default_factory=Tally)
    leads: Tally = field(default_factory=Tally)  # his leads judged; total: those that cost a trick
    field_leads: Tally = field(default_factory=Tally)
    auctions: Tally = field(default_factory=Tally)  # contracts declared; total: worse than the field's
    field_auctions: Tally = field(default_factory=Tally)
    bidding: Tally = field(default_factory=Tally)  # boards read; total: put down to his auction at a cost
    field_bidding: Tally = field(default_factory=Tally)
    auction_verdicts: int = 0
    gifts: int = 0
    fixes: int = 0


@dataclass(frozen=True)
class Season:
    months: list[Month]
    waiting: int  # finished sessions whose figures are still being worked out


def player_season(player: Player) -> Season:
    """His finished sessions' figures, month by month, oldest first."""
    sessions = dict(
        Pair.objects.filter(Q(player1=player) | Q(player2=player), session__state=SessionState.FINISHED)
        .values_list("session_id", "session__date")
        .distinct()
    )
    rows = EveningTally.objects.filter(
        Q(player=player) | Q(player__isnull=True), session_id__in=list(sessions)
    ).values_list("session_id", "player_id", "tallies")
    months: dict[datetime.date, Month] = {}
    stored = set()
    for session_id, player_id, tallies in rows:
        start = sessions[session_id].replace(day=1)
        month = months.setdefault(start, Month(start))
        if player_id is None:
            month.field_declarer.add(tallies["declarer"])
            month.field_leads.add(tallies["leads"])
            month.field_auctions.add(tallies["auctions"])
            month.field_bidding.add(tallies.get("bidding", [0, 0]))  # figures stored before it: none
            continue
        stored.add(session_id)
        month.sessions.add(session_id)
        month.declarer.add(tallies["declarer"])
        month.leads.add(tallies["leads"])
        month.auctions.add(tallies["auctions"])
        month.bidding.add(tallies.get("bidding", [0, 0]))
        month.auction_verdicts += tallies["auction_verdicts"]
        month.gifts += tallies["gifts"]
        month.fixes += tallies["fixes"]
    shown = [months[key] for key in sorted(months) if months[key].sessions]
    return Season(shown, len(set(sessions) - stored))


def season_chart(months: list[Month], name: str) -> SafeString:
    """His declarer play against double-dummy month by month, beside the field's."""
    labels = [date_format(m.month, "M Y") for m in months]
    series = [
        (name, "chart-player", [m.declarer.average for m in months]),
        (gettext("The field"), "chart-field", [m.field_declarer.average for m in months]),
    ]
    return line_chart(labels, series, gettext("Declarer play against double-dummy, by month (tricks)"))


def _share(tally: Tally) -> float | None:
    """The tally's share of its boards, in percent (None: no board)."""
    return 100 * tally.total / tally.count if tally.count else None


def season_share_charts(months: list[Month], name: str) -> list[SafeString]:
    """His leads that cost a trick and his contracts worse than the field's, month by month, each
    as a share of his boards beside the field's (empty charts left out)."""
    labels = [date_format(m.month, "M Y") for m in months]
    field_name = gettext("The field")
    leads = [
        (name, "chart-player", [_share(m.leads) for m in months]),
        (field_name, "chart-field", [_share(m.field_leads) for m in months]),
    ]
    auctions = [
        (name, "chart-player", [_share(m.auctions) for m in months]),
        (field_name, "chart-field", [_share(m.field_auctions) for m in months]),
    ]
    charts = [
        line_chart(
            labels, leads, gettext("Leads that cost a trick, by month (percentage of leads)"), percent=True
        ),
        line_chart(
            labels,
            auctions,
            gettext("Contracts worse than the field's, by month (percentage of contracts)"),
            percent=True,
        ),
    ]
    return [chart for chart in charts if chart]
