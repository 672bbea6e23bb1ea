"""What a table's page shows, as JSON: its round and boards, the pairs' moves, the standings so far.

A teams table also gets its match and, after its round, what comes next (``hooks.table_state``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import Decimal
from typing import Any

from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from tournaments.bridge import movements as rules
from tournaments.bridge.movement_sections import section_rounds
from tournaments.night import hooks
from tournaments.night.models import (
    DirectorCall,
    Movement,
    Pair,
    Session,
    SessionState,
    Standing,
    TableAccess,
)
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors.individual import individual_moves, individual_places
from tournaments.night.selectors.movements import PairKey, key_label
from tournaments.night.selectors.public import session_standings
from tournaments.night.selectors.rounds import rounds_progress
from tournaments.night.selectors.table_entry.rounds import (
    TableBoard,
    TableRound,
    board_move,
    current_round,
    pair_moves,
    table_rounds,
)


def _pair_json(
    key: PairKey, pair: Pair | None, seats: str = "", *, sectioned: bool = False
) -> dict[str, Any]:
    """A pair as the phone shows it; an individual's partnership by seat, so each player
    reads where he sits and who partners him this round: ``N Ann · S Bob``. A session of
    sections' empty seat is named by its section too (``NS B3``, never ``NS 203``).

    The public names (initials for a player who asked for them): every table's phone
    sees every round, as the public pages do (issue 46, item 10).
    """
    if pair is None:
        return {"label": key_label(key, sectioned=sectioned), "names": _("sits out (no pair)")}
    if seats and pair.player2 is not None:
        return {
            "label": key_label(key, pair),
            "names": f"{seats[0]} {pair.player1.public_name} · {seats[1]} {pair.player2.public_name}",
        }
    return {"label": key_label(key, pair), "names": pair.public_names}


def _board_json(board: TableBoard) -> dict[str, Any]:
    entered = None
    if board.result is not None:
        result = board.result
        entered = {"display": result.traveller_display, "ns_score": result.ns_score}
    return {
        "number": board.number,
        "dealer": board.dealer,
        "vulnerability": board.vulnerability,
        "entered": entered,
    }


def _round_json(entry: TableRound, individual: bool = False, *, sectioned: bool = False) -> dict[str, Any]:
    return {
        "number": entry.round,
        "ns": _pair_json(entry.ns_key, entry.ns, "NS" if individual else "", sectioned=sectioned),
        "ew": _pair_json(entry.ew_key, entry.ew, "EW" if individual else "", sectioned=sectioned),
        "sits_out": entry.sits_out,
        "boards": [_board_json(board) for board in entry.boards],
    }


def _moves(
    session: Session, movement: rules.Movement, previous: TableRound, pairs: list[Pair], table: int
) -> list[dict[str, str]]:
    """Who goes where after a round: the pairs, or in an individual each player."""
    if session.is_individual:
        return individual_moves(session, previous.round, table)
    return [asdict(move) for move in pair_moves(session, movement, previous, pairs)]


def table_state_stamped(session: Session) -> bool:
    """Whether a table's state changes only with its session's stamp (``live.sql.stamps``), so a
    refresh may answer "unchanged" by the stamp alone. Not a teams round's: its phones show
    their match and, after it, the next round's draw, which other rows hold (``hooks.table_state``)."""
    return session.movement != Movement.TEAMS


@dataclass(frozen=True)
class TableSeen:
    """What a table's state read that its stamp must follow (``night.live.tables``): its
    ``slots``, the boards of its rounds each with the North-South pair's id (its results are
    theirs), and whether it is ``wide``, showing something of the other tables (the standings,
    a Swiss or barometer's rounds, an individual's moves) or of a session not in play."""

    slots: tuple[tuple[int, int], ...]
    wide: bool


def table_state(access: TableAccess) -> dict[str, Any]:
    """Everything the table's page shows, as JSON: the round, its boards, moves, standings."""
    return table_state_seen(access)[0]


def _seen(session: Session, state: dict[str, Any], rounds: list[TableRound]) -> TableSeen:
    slots = tuple(
        (board.number, entry.ns.pk) for entry in rounds if entry.ns is not None for board in entry.boards
    )
    wide = (
        state["standings"] is not None
        or session.state != SessionState.PLAY
        or session.plays_by_rounds
        or session.is_individual
        or session.movement == Movement.TEAMS
    )
    return TableSeen(slots, wide)


def table_state_seen(access: TableAccess) -> tuple[dict[str, Any], TableSeen]:
    """The table's state (``table_state``), and what it read that its stamp must follow."""
    session = access.session
    movement = movement_selectors.session_movement(session)
    state: dict[str, Any] = {
        "session": session.name,
        "club": session.club.name,
        "date": session.date.isoformat(),
        "table": access.table,
        "state": session.state,
        "lead": session.club.table_entry_lead,
        "imps": session.is_imps,
        "round": None,
        "table_rounds": [],
        "rounds": movement.rounds if movement else 0,
        "moves": None,
        "standings": None,
        "called": DirectorCall.objects.filter(
            session=session, table=access.table, answered_at__isnull=True
        ).exists(),
    }
    if movement is None or not movement.has_table(access.table):
        state["message"] = _("The director has not set up this table in the movement yet.")
        return state, TableSeen((), True)
    pairs = list(session.pairs.select_related("player1", "player2", "section"))
    rounds = table_rounds(session, movement, access.table, pairs)
    current = current_round(rounds)
    sectioned = bool(movement.numbers)
    if sectioned:  # the table's section's rounds: a smaller section plays fewer than the longest
        state["rounds"] = section_rounds(movement, access.table)
    state["round"] = _round_json(current, session.is_individual, sectioned=sectioned) if current else None
    # Every round, so a table that left a board behind can go on to the next round and
    # come back to it (the page shows the current round unless the players choose another).
    state["table_rounds"] = [
        _round_json(entry, session.is_individual, sectioned=sectioned) for entry in rounds
    ]
    previous = _previous_round(rounds, current)
    waits = current is None and _swiss_rounds_to_draw(session, movement)
    if waits:  # a Swiss pairs' next round is drawn once every table has played this one
        state["message"] = _(
            "The next round is drawn once every table has finished this one: this page shows it then."
        )
    if previous is not None and (current is None or not current.started):
        over = current is None and not waits  # the last round played: no one moves (issue 24, 15)
        state["moves"] = {
            "round": previous.round,
            "over": over,
            "lines": []
            if over or current is None
            else _moves(session, movement, previous, pairs, access.table),
            "boards": board_move(movement, previous),
        }
    if session.club.table_standings and (current is None or not current.started) and previous is not None:
        state["standings"] = standings_json(session)
    hooks.table_state(session, access.table, state, current is None)  # a teams table's match
    if session.state != SessionState.PLAY:
        state["message"] = _("Play has not started yet: the director starts it from the session page.")
    return state, _seen(session, state, rounds)


def _swiss_rounds_to_draw(session: Session, movement: Any) -> bool:
    """Whether a Swiss pairs has rounds still to draw: its movement holds the drawn ones only."""
    return session.movement == Movement.SWISS and movement.rounds < movement.board_sets


def _previous_round(rounds: list[TableRound], current: TableRound | None) -> TableRound | None:
    """The latest round before the current one that the table played (not sat out)."""
    before = [entry for entry in rounds if current is None or entry.round < current.round]
    played = [entry for entry in before if not entry.sits_out]
    return played[-1] if played else None


def standings_json(session: Session) -> list[dict[str, Any]]:
    """The standings so far, field by field, as the table's page shows them.

    A barometer's or a Swiss pairs' are those after its last complete round, as the public's;
    an individual's rank its players (its partnerships each played one round).
    """
    if session.is_individual:
        return _individual_standings_json(session)
    progress = rounds_progress(session, public=True)
    if progress is not None:
        rows = [
            {
                "rank": row.place,
                "pair": row.pair.label,
                "names": row.pair.public_names,
                "figure": _("%(vps)s VP") % {"vps": floatformat(row.vps, 2)}
                if row.vps is not None
                else str(floatformat(row.figure, 2)),
            }
            for row in progress.standings
        ]
        title = _("Standings after round %(round)d") % {"round": progress.standings_after}
        return [{"title": title, "rows": rows}] if progress.standings_after else []
    tables = []
    for table in session_standings(session):
        rows = [
            {
                "rank": standing.rank_text,
                "pair": standing.pair.label,
                "names": standing.pair.public_names,  # every table sees these: initials where asked
                "figure": _standing_figure(session, standing),
            }
            for standing in table.standings
        ]
        tables.append({"title": table.title, "rows": rows})
    return tables


def _individual_standings_json(session: Session) -> list[dict[str, Any]]:
    """An individual's players by their own place, as the individual standings page ranks them."""
    rows = [
        {
            "rank": line.place_text,
            "pair": str(line.number),
            "names": line.player.public_name,  # every table sees these: initials where asked
            "figure": _("no board yet") if line.percentage is None else percent_text(line.percentage),
        }
        for line in individual_places(session)
    ]
    return [{"title": _("Individual standings"), "rows": rows}] if rows else []


def _standing_figure(session: Session, standing: Standing) -> str:
    """A pair's figure as the phone shows it, the page's language's way: ``52,08%`` in French,
    as its traveller (issue 45, item 4)."""
    if not standing.is_ranked:
        return _("no board yet")
    if session.is_imps:
        per_board = standing.imps_per_board
        if per_board is None:
            return "-"
        sign = "+" if per_board >= 0 else ""
        return _("%(imps)s IMPs/board") % {"imps": sign + floatformat(per_board, 2)}
    return percent_text(standing.percentage)


def percent_text(value: float | Decimal) -> str:
    """A percentage to the hundredth with the page's language's decimal sign: ``52,08%``."""
    # floatformat, as the pages: rounded half up, where number_format cuts 66.666 to 66.66.
    return f"{floatformat(value, 2)}%"
