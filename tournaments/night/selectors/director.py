"""Reads for the director's pages, each with a fixed number of queries whatever the session's size.

The session's pairs, boards, hands and standings are read with the public selectors
(``tournaments.night.selectors.public``): a director sees the same figures a player does.
Who directs which club is the core's (``tournaments.core.selectors.access``); a session,
board or result of a club the user does not direct is refused (403), never shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.bridge.movement_sections import number_label
from tournaments.core.selectors.access import clubs_directed, roles_refusal, user_directs
from tournaments.night.models import Board, Pair, Result, ResultChange, Session, SessionChange
from tournaments.night.selectors.movements import board_encounters, encounter_keys, pair_key, session_movement


def sessions_directed(user: User) -> QuerySet[Session]:
    """Return the sessions of the clubs this user runs, newest night first, then newest created.

    Ordered here: the counts' GROUP BY drops ``Meta.ordering``, which left the list in
    creation order (issue 28, point 5).
    """
    return (
        Session.objects.filter(club__in=clubs_directed(user))
        .select_related("club")
        .annotate(pair_count=Count("pairs", distinct=True), board_count=Count("boards", distinct=True))
        .order_by("-date", "-created_at", "-id")
    )


def session_for_director(user: User, session_id: int) -> Session:
    """Return the session if this user directs its club; 404 when absent, 403 when not theirs."""
    session = get_object_or_404(Session.objects.select_related("club"), pk=session_id)
    if not user_directs(user, session.club_id):
        raise PermissionDenied(roles_refusal())
    return session


def board_for_director(session: Session, number: int) -> Board:
    return get_object_or_404(Board, session=session, number=number)


def board_results(board: Board) -> list[Result]:
    return list(
        board.results.select_related(
            "ns_pair__player1",
            "ns_pair__player2",
            "ew_pair__player1",
            "ew_pair__player2",
            "ns_pair__section",
            "ew_pair__section",
        ).order_by("ns_pair__number", "id")
    )


def board_neighbours(session: Session, number: int) -> tuple[int | None, int | None]:
    """Return the previous and next board numbers of the session (``None`` at either end)."""
    numbers = list(session.boards.order_by("number").values_list("number", flat=True))
    previous = max((n for n in numbers if n < number), default=None)
    following = min((n for n in numbers if n > number), default=None)
    return previous, following


def result_for_director(user: User, result_id: int) -> Result:
    result = get_object_or_404(
        Result.objects.select_related("board__session__club", "ns_pair", "ew_pair"), pk=result_id
    )
    if not user_directs(user, result.board.session.club_id):
        raise PermissionDenied(roles_refusal())
    return result


def session_changes(session: Session) -> list[ResultChange]:
    return list(session.result_changes.select_related("user", "api_token").order_by("-at", "-id"))


def session_other_changes(session: Session) -> list[SessionChange]:
    """Return the session's changes that are not results: pairs changed or removed, reopenings."""
    return list(session.session_changes.select_related("user").order_by("-at", "-id"))


def session_state_summary(session: Session) -> dict[str, int | None]:
    """Return what a director checks before starting or finishing play: pairs, boards, results.

    ``seats`` and ``expected`` (results the movement plays among the pairs seated) are None
    for a session without a movement. An individual counts its ``players`` (else None) and
    its seats are players, four a table: its pairs are one-round partnerships of theirs.
    """
    pairs = set(session.pairs.values_list("direction", "number"))
    boards = list(session.boards.values_list("north", flat=True))
    summary: dict[str, int | None] = {
        "pairs": len(pairs),
        "boards": len(boards),
        "dealt": sum(1 for north in boards if north),
        "results": Result.objects.filter(board__session=session).count(),
        "seats": None,
        "expected": None,
        "players": session.individual_players.count() if session.is_individual else None,
    }
    movement = session_movement(session)
    if movement is not None:
        summary["seats"] = (4 if session.is_individual else 2) * movement.tables
        summary["expected"] = sum(
            len(encounter.boards)
            for encounter in movement.encounters
            if all(key in pairs for key in encounter_keys(session.movement, encounter))
        )
    return summary


@dataclass(frozen=True)
class BoardTable:
    """A table that plays a board by the movement: its round, its pairs as they sit, its result."""

    round: int
    table: int
    ns: Pair
    ew: Pair
    result: Result | None

    @property
    def value(self) -> str:
        """The table as a form's choice: the two pairs' ids."""
        return f"{self.ns.pk}:{self.ew.pk}"

    @property
    def label(self) -> str:
        """``Round 2, table 3: NS 3 v EW 5`` and, when it has one, the result a new score replaces."""
        pairs = _("%(ns)s v %(ew)s") % {"ns": _seat_text("NS", self.ns), "ew": _seat_text("EW", self.ew)}
        text = _("Round %(round)s, table %(table)s: %(pairs)s") % {
            "round": self.round,
            "table": number_label(self.table, sectioned=self.ns.section_id is not None),
            "pairs": pairs,
        }
        if self.result is not None:
            text += " " + _("(now %(result)s: replaced)") % {"result": self.result.display}
        return text


def _seat_text(seat: str, pair: Pair) -> str:
    if pair.direction in ("", seat):
        return f"{seat} {number_label(pair.number, sectioned=pair.section_id is not None)}"
    return f"{seat}: pair {pair.label}"  # an arrow-switched round: the EW pair sits NS


def board_tables(
    session: Session, board: Board, pairs: list[Pair], results: list[Result]
) -> list[BoardTable]:
    """Return the tables the movement gives the board, with seated pairs on both sides, by round.

    Empty for a session without a movement: its forms offer every pair instead. (Issue 24,
    point 14: the adjusted and assigned score forms offer the tables that played the board.)
    """
    movement = session_movement(session)
    if movement is None:
        return []
    seated = {pair_key(pair): pair for pair in pairs}
    by_pairs = {(result.ns_pair_id, result.ew_pair_id): result for result in results}
    tables = []
    for encounter in board_encounters(movement, board.number):
        ns, ew = (seated.get(key) for key in encounter_keys(session.movement, encounter))
        if ns is not None and ew is not None:
            tables.append(BoardTable(encounter.round, encounter.table, ns, ew, by_pairs.get((ns.pk, ew.pk))))
    return tables
