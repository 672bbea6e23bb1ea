"""What each member is told after a night: his pair's place, percentage and scorecard.

The scorecard is the public pair page's own (``night.selectors.public.pair_scorecard``,
its hiding of boards still in play and its totals), so an email never says more than the
page does. The addresses are the session's club's own member list (docs/decisions.md,
"Clubs apart"): a player on another club's list only is not written to.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.core.models import Player
from tournaments.mail.models import MailOptOut
from tournaments.night.models import Pair, Session, Standing
from tournaments.night.selectors.public import (
    ScorecardRow,
    ScorecardTotals,
    pair_scorecard,
    scorecard_hide_unpublished,
    scorecard_totals,
)
from tournaments.night.selectors.publication import public_board_numbers, standings_published
from tournaments.season.models import ClubMember


@dataclass(frozen=True)
class Seat:
    """A player seated in the session, with his club's email for him ('' if none) and his choice."""

    pair: Pair
    player: Player
    email: str
    opted_out: bool

    @property
    def reachable(self) -> bool:
        return bool(self.email) and not self.opted_out


@dataclass(frozen=True)
class PairResult:
    """A pair's night as its scorecard page shows it, with its place in its field."""

    pair: Pair
    place: str  # '2=' when shared; '' before a board is played
    field: str  # 'NS' / 'EW' in a two-winner Mitchell, '' in one field
    field_size: int
    percentage: float | None
    imps: float | None
    rows: list[ScorecardRow]
    totals: ScorecardTotals

    def digest(self, email: str) -> str:
        """What this email would tell, reduced to a hash: the same result to the same address."""
        told = [
            self.pair.label,
            self.pair.names,
            self.place,
            self.field_size,
            self.percentage,
            self.imps,
            email,
        ]
        for row in self.rows:
            contract = row.result.display if row.result else ""
            opponents = row.opponents.label if row.opponents else ""
            told.append([row.board.number, row.direction, opponents, contract, row.score, row.matchpoints])
            told.append([row.percentage, row.imps, row.hidden])
        return hashlib.sha256(json.dumps(told, default=str).encode()).hexdigest()


@dataclass(frozen=True)
class Letter:
    """One email to write: a member, his address and his pair's result."""

    seat: Seat
    result: PairResult

    @property
    def digest(self) -> str:
        return self.result.digest(self.seat.email)


def session_seats(session: Session) -> list[Seat]:
    """Every player seated in the session, pair by pair, with the club's own email for him."""
    pairs = list(session.pairs.select_related("player1", "player2").order_by("-direction", "number"))
    players = {player.pk for pair in pairs for player in (pair.player1, pair.player2) if player is not None}
    emails = dict(
        ClubMember.objects.filter(club_id=session.club_id, player_id__in=players)
        .exclude(email="")
        .values_list("player_id", "email")
    )
    opted_out = set(
        MailOptOut.objects.filter(club_id=session.club_id, player_id__in=players).values_list(
            "player_id", flat=True
        )
    )
    return [
        Seat(pair, player, emails.get(player.pk, ""), player.pk in opted_out)
        for pair in pairs
        for player in (pair.player1, pair.player2)
        if player is not None
    ]


def pair_result(pair: Pair, standing: Standing | None, field_size: int) -> PairResult:
    session = pair.session
    rows = scorecard_hide_unpublished(pair_scorecard(pair), public_board_numbers(session))
    ranked = standing is not None and standing.is_ranked
    return PairResult(
        pair=pair,
        place=standing.rank_text if standing is not None else "",
        field="" if session.ranks_one_field else pair.direction,
        field_size=field_size,
        percentage=standing.percentage if ranked and standing is not None else None,
        imps=standing.imps if ranked and standing is not None and session.is_imps else None,
        rows=rows,
        totals=scorecard_totals(rows),
    )


def session_letters(session: Session, player_ids: Iterable[int] | None = None) -> list[Letter]:
    """The letters to write: one to each reachable member (of ``player_ids`` if given)."""
    wanted = None if player_ids is None else set(player_ids)
    seats = [s for s in session_seats(session) if s.reachable and (wanted is None or s.player.pk in wanted)]
    # The place the pages show: a barometer's or a Swiss pairs' after its published rounds.
    standings = {s.pair_id: s for table in standings_published(session) for s in table.standings}
    fields: dict[str, int] = {}
    for standing in standings.values():
        key = "" if session.ranks_one_field else standing.pair.direction
        fields[key] = fields.get(key, 0) + 1
    results: dict[int, PairResult] = {}
    letters = []
    for seat in seats:
        pair = seat.pair
        if pair.pk not in results:
            field = "" if session.ranks_one_field else pair.direction
            pair.session = session
            results[pair.pk] = pair_result(pair, standings.get(pair.pk), fields.get(field, 0))
        letters.append(Letter(seat, results[pair.pk]))
    return letters
