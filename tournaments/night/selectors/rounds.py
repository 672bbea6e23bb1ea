"""Read a barometer's or a Swiss pairs' rounds: each round's tables, and the standings after it.

Both play the round's own boards at every table (``bridge.rounds``), so a round is
complete once every table of it has a result on each of its boards, and its boards'
matchpoints (or IMPs) never change after that but by a correction. The public sees the
rounds published (``bridge.rounds.published_rounds``: the complete ones from round 1)
and the standings after the last of them; the director sees every round and the
standings after the complete ones. Two queries (the pairs, the results).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.bridge.matchpoints import places
from tournaments.bridge.rounds import BYE_VP, match_vps, published_rounds, round_boards
from tournaments.night.models import Movement, Pair, Result, Session, SessionState
from tournaments.night.selectors.movements import PairKey, encounter_keys, pair_key, session_movement


@dataclass(frozen=True)
class RoundTable:
    """One table of a round: its pairs (None: a phantom, the other pair sits out) and results."""

    table: int
    ns: Pair | None
    ew: Pair | None
    results: list[Result]
    boards: int
    # The NS pair's figure on the round's boards: mean percentage, or IMPs; None until all are in.
    ns_figure: float | None = None
    ns_vp: float | None = None
    ew_vp: float | None = None
    percentages: bool = True

    @property
    def is_bye(self) -> bool:
        return (self.ns is None) != (self.ew is None)

    @property
    def complete(self) -> bool:
        """Whether the table has played every board of its round, each scored (a sit-out has nothing to play).

        A board a phone entered is scored a moment later (``services.settle_soon``); the round
        waits for it, so its results and the standings after it are published together.
        """
        if self.ns is None or self.ew is None:
            return True
        return len(self.results) == self.boards and not any(
            result.board.needs_scoring for result in self.results
        )

    @property
    def missing(self) -> int:
        return 0 if self.complete else self.boards - len(self.results)

    @property
    def ew_figure(self) -> float | None:
        if self.ns_figure is None:
            return None
        return 100 - self.ns_figure if self.percentages else -self.ns_figure


@dataclass(frozen=True)
class RoundView:
    number: int
    boards: tuple[int, ...]
    tables: list[RoundTable]

    @property
    def complete(self) -> bool:
        return all(table.complete for table in self.tables)

    @property
    def tables_to_play(self) -> list[int]:
        return [table.table for table in self.tables if not table.complete]


@dataclass(frozen=True)
class RoundStanding:
    """A pair's place after some rounds: VPs in a Swiss, its percentage or IMPs in both."""

    rank: int
    tied: bool
    pair: Pair
    boards: int
    figure: float
    vps: float | None
    matchpoints: float = 0.0
    # The mean of its boards' percentages (the figure itself at matchpoints; beside the IMPs in IMP pairs).
    percentage: float = 0.0

    @property
    def place(self) -> str:
        """The place as printed, ``3=`` when shared."""
        return f"{self.rank}=" if self.tied else str(self.rank)


@dataclass(frozen=True)
class RoundsProgress:
    session: Session
    rounds: list[RoundView]
    published: int
    # Rounds the movement plays in all (a Swiss pairs' rounds not yet drawn count too).
    total: int
    by_imps: bool
    is_swiss: bool
    # The rounds the standings count (the published ones, or for the director the complete ones).
    standings_after: int = 0
    standings: list[RoundStanding] = field(default_factory=list)

    @property
    def complete(self) -> int:
        """Rounds complete from round 1 on (what the public sees in play)."""
        return published_rounds([view.complete for view in self.rounds])

    @property
    def next_draw(self) -> int | None:
        """The Swiss round the director may draw next, or None (not a Swiss, all drawn)."""
        if not self.is_swiss or len(self.rounds) >= self.total:
            return None
        return len(self.rounds) + 1

    @property
    def in_play(self) -> RoundView | None:
        """The first round drawn and not complete: the one the next draw waits for."""
        return next((view for view in self.rounds if not view.complete), None)

    @property
    def published_rounds(self) -> list[RoundView]:
        return self.rounds[: self.published]


def rounds_progress(session: Session, *, public: bool) -> RoundsProgress | None:
    """Return the session's rounds and standings, or None for a session not played by rounds.

    ``public``: the rounds the public may see (in play, the complete ones from round 1;
    finished, all); otherwise every round, the standings after the complete ones.
    """
    if not session.plays_by_rounds:
        return None
    movement = session_movement(session)
    if movement is None:
        return None
    seated = {pair_key(pair): pair for pair in session.pairs.select_related("player1", "player2")}
    results = Result.objects.filter(board__session=session).select_related("board").order_by("board__number")
    by_pairs = {(result.board.number, result.ns_pair_id): result for result in results}
    by_imps = session.is_imps
    views = []
    for number in range(1, movement.rounds + 1):
        boards = round_boards(number, movement.boards_per_round)
        tables = []
        for encounter in movement.encounters_in_round(number):
            ns_key, ew_key = encounter_keys(session.movement, encounter)
            ns, ew = seated.get(ns_key), seated.get(ew_key)
            played = (
                []
                if ns is None or ew is None
                else [by_pairs[(board, ns.pk)] for board in boards if (board, ns.pk) in by_pairs]
            )
            tables.append(_table(session, encounter.table, ns, ew, played, len(boards), by_imps))
        views.append(RoundView(number, boards, tables))
    complete = published_rounds([view.complete for view in views])
    if session.state == SessionState.FINISHED:
        published = len(views)
    elif session.state == SessionState.PLAY or not public:
        published = complete
    else:
        published = 0
    shown = views if not public else views[:published]
    after = published if public else complete
    standings = _standings(session, list(seated.values()), views[:after], by_imps)
    return RoundsProgress(
        session=session,
        rounds=shown,
        published=published,
        total=movement.board_sets,
        by_imps=by_imps,
        is_swiss=session.movement == Movement.SWISS,
        standings_after=after,
        standings=standings,
    )


def _table(
    session: Session,
    table: int,
    ns: Pair | None,
    ew: Pair | None,
    played: list[Result],
    boards: int,
    by_imps: bool,
) -> RoundTable:
    """Return one table of a round with its figure and, in a Swiss, the match's VPs."""
    swiss = session.movement == Movement.SWISS
    if ns is None or ew is None:
        bye = BYE_VP if swiss else None
        return RoundTable(table, ns, ew, [], boards, ns_vp=bye if ns else None, ew_vp=bye if ew else None)
    figure = _ns_figure(played, by_imps) if len(played) == boards else None
    ns_vp = ew_vp = None
    if swiss and figure is not None:
        ns_vp, ew_vp = (
            match_vps(imps=figure, boards=boards) if by_imps else match_vps(percentage=figure, boards=boards)
        )
    return RoundTable(table, ns, ew, played, boards, figure, ns_vp, ew_vp, percentages=not by_imps)


def _ns_figure(played: list[Result], by_imps: bool) -> float | None:
    """Return the NS pair's IMPs, or mean percentage, on the results; None while one is unscored."""
    figures = [result.ns_imps if by_imps else result.ns_percentage for result in played]
    if any(figure is None for figure in figures):
        return None  # scored a moment after it was entered (services.settle_soon)
    total = sum(figure for figure in figures if figure is not None)
    return total if by_imps else total / len(figures)


def _standings(
    session: Session, pairs: list[Pair], views: list[RoundView], by_imps: bool
) -> list[RoundStanding]:
    """Return the pairs' places after ``views``: by VPs in a Swiss, else by percentage or IMPs."""
    swiss = session.movement == Movement.SWISS
    vps: dict[int, float] = defaultdict(float)
    figures: dict[int, list[float]] = defaultdict(list)
    matchpoints: dict[int, float] = defaultdict(float)
    percentages: dict[int, list[float]] = defaultdict(list)
    for view in views:
        for table in view.tables:
            for pair, vp in ((table.ns, table.ns_vp), (table.ew, table.ew_vp)):
                if pair is not None and vp is not None:
                    vps[pair.pk] += vp
            for result in table.results:
                for pair_id, figure, points, percentage in (
                    (
                        result.ns_pair_id,
                        result.ns_imps if by_imps else result.ns_percentage,
                        result.ns_matchpoints,
                        result.ns_percentage,
                    ),
                    (
                        result.ew_pair_id,
                        result.ew_imps if by_imps else result.ew_percentage,
                        result.ew_matchpoints,
                        result.ew_percentage,
                    ),
                ):
                    if pair_id is not None and figure is not None:
                        figures[pair_id].append(figure)
                        matchpoints[pair_id] += points or 0.0
                        percentages[pair_id].append(percentage or 0.0)
    rows = []
    for pair in pairs:
        scores = figures.get(pair.pk, [])
        figure = sum(scores) if by_imps else (sum(scores) / len(scores) if scores else 0.0)
        rows.append((pair, figure, round(vps[pair.pk], 2) if swiss else None))
    ranked = places([(vp if swiss else figure) or 0.0 for _pair, figure, vp in rows])
    standings = [
        RoundStanding(
            place.rank,
            place.tied,
            pair,
            len(figures[pair.pk]),
            figure,
            vp,
            matchpoints[pair.pk],
            _mean(percentages.get(pair.pk, [])),
        )
        for (pair, figure, vp), place in zip(rows, ranked, strict=True)
    ]
    standings.sort(key=lambda row: (row.rank, row.pair.number))
    return standings


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def swiss_scores(progress: RoundsProgress) -> dict[int, float]:
    """Return each pair's VPs over every round drawn, by pair number: what the next draw ranks by."""
    totals: dict[int, float] = defaultdict(float)
    for view in progress.rounds:
        for table in view.tables:
            for pair, vp in ((table.ns, table.ns_vp), (table.ew, table.ew_vp)):
                if pair is not None and vp is not None:
                    totals[pair.number] += vp
    return dict(totals)


def round_incomplete_text(view: RoundView) -> str:
    """Say which tables of a round have still to play, for a director's refusal."""
    tables = ", ".join(str(table) for table in view.tables_to_play)
    return _("Round %(round)d is not complete: table(s) %(tables)s have still to enter results.") % {
        "round": view.number,
        "tables": tables,
    }


__all__ = [
    "PairKey",
    "RoundStanding",
    "RoundTable",
    "RoundView",
    "RoundsProgress",
    "round_incomplete_text",
    "rounds_progress",
    "swiss_scores",
]
