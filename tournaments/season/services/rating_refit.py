"""The refit owed after finishes: each changed session's neighbourhood, or everything; then stored at once.

A finish (a correction, a reopen, a merge) only writes a ``RatingDue`` row in its own
transaction (``rating_queue``); this refit, run a moment after the commit in the
background, takes every row owed, works out the new ratings without holding anything
(``bridge.season.rating_local``: each session's players and their neighbourhood, one
session after another in date order, each starting where the last ended), then stores
them in one short write. Two refits (two processes) never both store: the write locks
``RatingState`` and stores only if its version is still the one read at the start,
else the work is done again from what the other stored. What the write stores: the
ratings and residuals that moved, the seeds' uncertainty and sessions, which sessions
are counted (``RatedSession``), the snapshots of the sessions just counted, and the
rows owed it did, deleted.

A session's snapshot is its players' ratings once it is counted, when it is the latest
counted session of each of them (a night finished on its evening); a session counted
after a later one of its players (a history imported in any order) gets the fit over
the counted sessions up to it in date order, read whole, as before. A corrected session
keeps its snapshot unless it is still its players' latest.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.utils import timezone

from tournaments.bridge.season.rating_local import refit_near
from tournaments.core.models import Player
from tournaments.core.services.writes import locked, write
from tournaments.db.sql import update_rows
from tournaments.night.models import ScoringMethod, Session, SessionState, Standing
from tournaments.season.models import PlayerRating, RatedSession, RatingDue, RatingState
from tournaments.season.selectors.rating_source import CountedResults
from tournaments.season.services.rating_full import (
    Snapshot,
    full_refit_snapshots,
    full_refit_store,
    full_refit_work,
    prefix_snapshot,
    session_is_latest,
    snapshots_store,
)

logger = logging.getLogger(__name__)

ATTEMPTS = 3  # a refit that finds another's store in its way starts again, this often
_BATCH = 500  # rows an UPDATE


@dataclass
class _Plan:
    version: int
    full: bool
    markers: list[int]
    sessions: list[int]


@dataclass
class _Work:
    """What the refit decided, to store in one write."""

    source: CountedResults = field(default_factory=CountedResults)
    figures: dict[int, tuple[float, int]] = field(default_factory=dict)  # seed -> (uncertainty, sessions)
    ledger: dict[int, list[int] | None] = field(default_factory=dict)  # session -> players (None: out)
    snapshots: dict[int, Snapshot] = field(default_factory=dict)


def ratings_refit_owed(*, everything: bool = False) -> int:
    """Do every refit owed (a full one if asked, or never done yet); return the rows owed it did."""
    for _ in range(ATTEMPTS):
        plan = _plan()
        plan.full = plan.full or everything
        if not plan.full and not plan.markers:
            return 0
        if plan.full:
            work = full_refit_work()
            snapshots = full_refit_snapshots(work, plan.sessions)
            stored = full_refit_store(work, version=plan.version, markers=plan.markers, snapshots=snapshots)
        else:
            stored = _store(plan, _work(plan))
        if stored:
            return len(plan.markers)
    logger.warning(
        "The ratings' refit gave way to another %d times; the rows owed wait for the next", ATTEMPTS
    )
    return 0


def _plan() -> _Plan:
    state = RatingState.objects.filter(pk=1).first()
    if state is None:
        with write():
            state, _ = RatingState.objects.get_or_create(pk=1)
    markers = list(RatingDue.objects.order_by("pk").values_list("pk", "session_id"))
    full = state.refitted_at is None or any(session is None for _, session in markers)
    sessions = list(dict.fromkeys(session for _, session in markers if session is not None))
    return _Plan(state.version, full, [pk for pk, _ in markers], sessions)


def _work(plan: _Plan) -> _Work:
    work = _Work()
    ledger = dict(
        RatedSession.objects.filter(session_id__in=plan.sessions).values_list("session_id", "players")
    )
    found = Session.objects.filter(pk__in=plan.sessions).order_by("date", "pk")
    gone = [pk for pk in plan.sessions if pk not in {session.pk for session in found}]
    for session_id in gone:  # deleted: out of the count, first
        _count(work, session_id, ledger.get(session_id), None)
    for session in found:
        players = _players_counted(session)
        _count(work, session.pk, ledger.get(session.pk), players)
        if players:
            _snapshot(work, session, players, first_count=session.pk not in ledger)
    return work


def _players_counted(session: Session) -> list[int] | None:
    """The players of the session's results, if it counts (finished, matchpoints, with results)."""
    if session.state != SessionState.FINISHED or session.scoring != ScoringMethod.MATCHPOINTS:
        return None
    pairs = Standing.objects.filter(session=session, boards_played__gt=0)
    ids = {pk for pair in pairs.values_list("pair__player1_id", "pair__player2_id") for pk in pair}
    return sorted(pk for pk in ids if pk is not None) or None


def _count(work: _Work, session_id: int, before: list[int] | None, players: list[int] | None) -> None:
    """Count ``session_id`` with ``players`` (or not at all) and refit its neighbourhood."""
    if before is None and players is None:
        return
    work.source.count(session_id, counted=players is not None)
    work.ledger[session_id] = players
    refit = refit_near(work.source, set(before or ()) | set(players or ()))
    work.source.keep(refit)
    for player, played in refit.sessions.items():
        work.figures[player] = (refit.uncertainty.get(player, 0.0), played)


def _snapshot(work: _Work, session: Session, players: list[int], *, first_count: bool) -> None:
    source = work.source
    if session_is_latest(session, source.counted_pairs(players)):
        work.snapshots[session.pk] = {
            player: (source.found[player][0], work.figures[player][0]) for player in players
        }
    elif first_count:
        counted = set(RatedSession.objects.values_list("session_id", flat=True)) | source.adding
        work.snapshots[session.pk] = prefix_snapshot(counted - source.removing, session, players)


def _store(plan: _Plan, work: _Work) -> bool:
    """Store the work in one write, if no other refit stored since the plan was read; True if stored."""
    with write():
        state = locked(RatingState.objects.filter(pk=1)).first()
        if state is None or state.version != plan.version:
            return False
        _store_ratings(work)
        for session_id, players in work.ledger.items():
            if players is None:
                RatedSession.objects.filter(session_id=session_id).delete()
            else:
                RatedSession.objects.update_or_create(session_id=session_id, defaults={"players": players})
        snapshots_store(work.snapshots)
        RatingDue.objects.filter(pk__in=plan.markers).delete()
        state.version += 1
        state.save(update_fields=["version"])
    return True


def _store_ratings(work: _Work) -> None:
    """The ratings and residuals that moved, and the seeds' figures (``db.sql.update_rows``: Django's
    ``bulk_update`` builds a CASE a row and field, 2 s of Python for the 700 rows of a club's refit)."""
    source = work.source
    PlayerRating.objects.filter(player_id__in=source.gone).delete()
    existing = dict(PlayerRating.objects.filter(player_id__in=source.found).values_list("player_id", "pk"))
    alive = set(
        Player.objects.filter(pk__in=source.found.keys() - existing.keys()).values_list("pk", flat=True)
    )
    now = timezone.now()
    seeds: list[PlayerRating] = []
    others: list[PlayerRating] = []
    new: list[PlayerRating] = []
    for player, (rating, residual) in source.found.items():
        row = PlayerRating(
            pk=existing.get(player), player_id=player, rating=rating, residual=residual, updated_at=now
        )
        row.uncertainty, row.sessions = work.figures.get(player, (0.0, 0))
        if row.pk is None:
            if player in alive and player in work.figures:
                new.append(row)
        else:
            (seeds if player in work.figures else others).append(row)
    for start in range(0, max(len(seeds), len(others)), _BATCH):
        update_rows(
            PlayerRating,
            seeds[start : start + _BATCH],
            ["rating", "residual", "uncertainty", "sessions", "updated_at"],
        )
        update_rows(PlayerRating, others[start : start + _BATCH], ["rating", "residual", "updated_at"])
    PlayerRating.objects.bulk_create(new)
