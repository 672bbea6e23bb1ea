"""Read a teams event for its exports: every played board at both tables of every match, as PBN.

The games come from the published rounds' sessions (``services.teams_tables``): a
result's table is its NS pair's (pair 2t-1 sits NS at table t), a match's first table
is the Open room and its second the Closed room (``bridge.teams_pbn``).
"""

from __future__ import annotations

from django.utils.text import slugify

from tournaments.bridge.formats.pbn.teams_writing import TeamsGame, write_teams_pbn
from tournaments.bridge.teams.tables import match_of_table
from tournaments.night.models import Result
from tournaments.teams.models import TeamMatch, TeamsEvent


def _name(player) -> str:
    return player.name if player is not None else ""


def teams_event_games(event: TeamsEvent) -> list[TeamsGame]:
    """Return every result of the event's rounds as a PBN game (two queries)."""
    matches = {
        (match.round_id, match.table): match
        for match in TeamMatch.objects.filter(round__event=event, round__published=True).select_related(
            "home", "away", "round"
        )
    }
    results = Result.objects.filter(board__session__teams_round__event=event).select_related(
        "board",
        "board__session__teams_round",
        "ns_pair__player1",
        "ns_pair__player2",
        "ew_pair__player1",
        "ew_pair__player2",
    )
    games = []
    for result in results:
        board = result.board
        teams_round = board.session.teams_round
        table = (result.ns_pair.number + 1) // 2
        match = matches.get((teams_round.pk, match_of_table(table)))
        if match is None or match.away is None:
            continue
        ns, ew = result.ns_pair, result.ew_pair
        adjusted = ""
        if result.is_adjusted:
            adjusted = f"{result.ns_adjustment} / {result.ew_adjustment}"
        elif result.is_assigned:
            adjusted = f"assigned: {result.display}"
        games.append(
            TeamsGame(
                round=teams_round.number,
                match=match.table,
                room=(table + 1) % 2,
                board=board.number,
                deal=f"N:{board.north} {board.east} {board.south} {board.west}" if board.is_dealt else "",
                home=match.home.name,
                away=match.away.name,
                north=_name(ns.player1),
                south=_name(ns.player2),
                east=_name(ew.player1) if ew else "",
                west=_name(ew.player2) if ew else "",
                contract=result.contract,
                declarer=result.declarer,
                tricks=result.tricks,
                ns_score=result.ns_score,
                adjusted=adjusted,
            )
        )
    return games


def teams_event_pbn_text(event: TeamsEvent) -> str:
    return write_teams_pbn(
        teams_event_games(event), event=event.name, site=event.club.name, date=event.date.strftime("%Y.%m.%d")
    )


def teams_event_pbn_filename(event: TeamsEvent) -> str:
    return f"{event.club.slug}-{event.date:%Y-%m-%d}-{slugify(event.name) or 'teams'}.pbn"
