"""The rows the selectors return, as the API's plain documents (dicts the schemas check)."""

from __future__ import annotations

from typing import Any, overload

from tournaments.night.models import Pair, Result, Session


def session_summary(session: Session) -> dict[str, Any]:
    return {
        "id": session.pk,
        "club": session.club.slug,
        "date": session.date,
        "name": session.name,
        "state": session.state,
        "movement": session.movement,
        "scoring": session.scoring,
    }


@overload
def pair_out(pair: Pair) -> dict[str, Any]: ...
@overload
def pair_out(pair: None) -> None: ...


def pair_out(pair: Pair | None) -> dict[str, Any] | None:
    if pair is None:
        return None
    players = [player for player in (pair.player1, pair.player2) if player is not None]
    return {
        "id": pair.pk,
        "number": pair.number,
        "direction": pair.direction,
        "label": pair.english_label,
        # As the public pages show them: initials for a player who asked (Player.public_name).
        "players": [{"id": player.pk, "name": player.public_name} for player in players],
    }


def result_out(result: Result, board_number: int) -> dict[str, Any]:
    fields = (
        "contract",
        "declarer",
        "tricks",
        "lead",
        "ns_score",
        "ns_adjustment",
        "ew_adjustment",
        "ns_matchpoints",
        "ew_matchpoints",
        "ns_percentage",
        "ew_percentage",
        "ns_imps",
        "ew_imps",
    )
    out = {field: getattr(result, field) for field in fields}
    out.update(
        id=result.pk, board=board_number, ns_pair=pair_out(result.ns_pair), ew_pair=pair_out(result.ew_pair)
    )
    return out
