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
from tournaments.night.selectors.individual import individual_places, individual_players
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
    """A player seated in the session, with his club's email for him ('' if none) and his choice
    (an individual's player has no pair: his partnerships each played one round)."""

    pair: Pair | None
    player: Player
    email: str
    opted_out: bool
    number: int | None = None  # an individual's player's number

    @property
    def reachable(self) -> bool:
        return bool(self.email) and not self.opted_out


@dataclass(frozen=True)
class PairResult:
    """A pair's night as its scorecard page shows it, with its place in its field.

    An individual's player's night is one too: ``number`` is his number, his place and
    percentage are his own among the players, his rows are his partnerships' boards, and
    ``pair`` is the partnership he sat in first (the night's, for its session and links)."""

    pair: Pair
    place: str  # '2=' when shared; '' before a board is played
    field: str  # 'NS' / 'EW' in a two-winner Mitchell, '' in one field
    field_size: int
    percentage: float | None
    imps: float | None
    rows: list[ScorecardRow]
    totals: ScorecardTotals
    number: int | None = None  # an individual's player number

    def digest(self, email: str) -> str:
        """What this email would tell, reduced to a hash: the same result to the same address."""
        told = [
            self.pair.label if self.number is None else f"player {self.number}",
            self.pair.names if self.number is None else "",
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


def club_contacts(session: Session, players: Iterable[int]) -> tuple[dict[int, str], set[int]]:
    """The club's own email of each of ``players`` who has one, and those who asked for none."""
    players = set(players)
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
    return emails, opted_out


def session_seats(session: Session) -> list[Seat]:
    """Every player seated in the session, pair by pair (an individual's: player by player, in
    number order), with the club's own email for him."""
    if session.is_individual:
        seated = individual_players(session)
        emails, opted_out = club_contacts(session, (row.player_id for row in seated))
        return [
            Seat(None, row.player, emails.get(row.player_id, ""), row.player_id in opted_out, row.number)
            for row in seated
        ]
    pairs = list(session.pairs.select_related("player1", "player2").order_by("-direction", "number"))
    players = {player.pk for pair in pairs for player in (pair.player1, pair.player2) if player is not None}
    emails, opted_out = club_contacts(session, players)
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
    if session.is_individual:
        return individual_letters(session, seats)
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
        if pair is None:  # not of a pairs night: no seat of it lacks a pair
            continue
        if pair.pk not in results:
            field = "" if session.ranks_one_field else pair.direction
            pair.session = session
            results[pair.pk] = pair_result(pair, standings.get(pair.pk), fields.get(field, 0))
        letters.append(Letter(seat, results[pair.pk]))
    return letters


def individual_letters(session: Session, seats: list[Seat]) -> list[Letter]:
    """An individual's letters: each player his own place among the players who played, his
    percentage, and his boards with each partnership he played them in."""
    places = {place.player.pk: place for place in individual_places(session)}
    field_size = sum(1 for place in places.values() if place.boards)
    partnerships = list(session.pairs.select_related("player1", "player2").order_by("number"))
    public_numbers = public_board_numbers(session)
    scorecards: dict[int, list[ScorecardRow]] = {}
    letters = []
    for seat in seats:
        place = places.get(seat.player.pk)
        his = [pair for pair in partnerships if seat.player.pk in (pair.player1_id, pair.player2_id)]
        if place is None or not his:
            continue
        for pair in his:
            if pair.pk not in scorecards:
                pair.session = session
                scorecards[pair.pk] = scorecard_hide_unpublished(pair_scorecard(pair), public_numbers)
        rows = _boards_played(scorecards[pair.pk] for pair in his)
        played = place.boards > 0
        result = PairResult(
            pair=his[0],
            place=place.place_text if played else "",
            field="",
            field_size=field_size,
            percentage=place.percentage if played else None,
            imps=None,
            rows=rows,
            totals=scorecard_totals(rows),
            number=place.number,
        )
        letters.append(Letter(seat, result))
    return letters


def _boards_played(scorecards: Iterable[list[ScorecardRow]]) -> list[ScorecardRow]:
    """Board by board, the row of the partnership that played it (one a board: a player plays
    each board once), else the first one's row (not played, or not yet public)."""
    rows: dict[int, ScorecardRow] = {}
    for scorecard in scorecards:
        for row in scorecard:
            kept = rows.get(row.board.number)
            if kept is None or (row.result is not None and kept.result is None):
                rows[row.board.number] = row
    return [rows[number] for number in sorted(rows)]
