"""What a teams table's phone shows that a pairs table's does not (issue 28, point 2).

A teams round is a session of one round (``services.teams_tables``), so the pairs'
"the night is over" after a table's last round came up after every round of the
event, and the traveller compared the table with the whole room by matchpoints. For a
teams table the phone is told instead:

- its match: the teams, which sits NS and EW here, and the match so far (IMPs over the
  boards both tables have in, and the VPs of those IMPs, as ``team_matches_rescore``
  will store them: worked out here from the results, so no settle is waited for);
- after the round: that the director draws the next one, and, once it is published,
  where each of the table's pairs plays it, with that table's link. A team's pairs keep
  their places: its first pair plays at its match's first table, its second pair at the
  second (``bridge.teams_tables``), so the table's NS pair and EW pair are followed by
  team and place. The link is the next round's table's own (made when the round is
  published); a round's link gives the links of the two tables its pairs play at next,
  the cards those players would be handed anyway, and nothing else;
- a board's traveller: the match's two tables on that board, the swing between them
  once both have it, and the match so far; never the room's other matches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.bridge.teams.tables import match_of_table, match_pairs, match_tables
from tournaments.night.models import Movement, Result, Session, TableAccess
from tournaments.night.selectors.movements import boards_text
from tournaments.teams.models import TeamMatch, TeamsRound, TeamsScoring
from tournaments.teams.selectors.scorecard import BoardAtTables, match_figures, session_match_boards


@dataclass(frozen=True)
class TeamsTable:
    """One table of a teams round: its round, its match, and whether it is the match's first table."""

    session: Session
    teams_round: TeamsRound
    match: TeamMatch
    table: int

    @property
    def first(self) -> bool:
        return self.table == match_tables(self.match.table)[0]

    @property
    def ns_team(self) -> str:
        return self.match.home.name if self.first else self.match.away_team.name

    @property
    def ew_team(self) -> str:
        return self.match.away_team.name if self.first else self.match.home.name

    @property
    def last(self) -> bool:
        return self.teams_round.number >= self.teams_round.event.rounds


def teams_table(session: Session, table: int) -> TeamsTable | None:
    """The teams round and match a table of a teams session plays; None for a pairs session (one query)."""
    if session.movement != Movement.TEAMS:
        return None
    match = (
        TeamMatch.objects.filter(round__session=session, table=match_of_table(table), away__isnull=False)
        .select_related("round__event", "home", "away")
        .first()
    )
    return None if match is None else TeamsTable(session, match.round, match, table)


def _figure(value: float) -> str:
    return f"{value:g}"


def _match_json(here: TeamsTable, boards: list[BoardAtTables]) -> dict[str, Any]:
    """The match so far: IMPs over the boards both tables have in, and their VPs (or board-a-match points)."""
    event = here.teams_round.event
    match = here.match
    figures = match_figures(match, boards, scoring=event.scoring, boards_per_match=event.boards_per_match)
    totals = figures.totals
    home, away = match.home.name, match.away_team.name
    if not totals.boards_complete:
        score = _("No board is in at both tables yet.")
    else:
        if event.scoring == TeamsScoring.BOARD_A_MATCH:
            text = _(
                "Match so far (%(complete)d of %(boards)d boards):"
                " %(home)s %(home_imps)s - %(away_imps)s %(away)s IMPs, %(home_vp)s - %(away_vp)s points."
            )
        else:
            text = _(
                "Match so far (%(complete)d of %(boards)d boards):"
                " %(home)s %(home_imps)s - %(away_imps)s %(away)s IMPs, %(home_vp)s - %(away_vp)s VPs."
            )
        score = text % {
            "complete": totals.boards_complete,
            "boards": event.boards_per_match,
            "home": home,
            "away": away,
            "home_imps": _figure(totals.home_imps),
            "away_imps": _figure(totals.away_imps),
            "home_vp": f"{figures.home_vp:.2f}",
            "away_vp": f"{figures.away_vp:.2f}",
        }
    return {
        "number": match.table,
        "home": home,
        "away": away,
        "ns": here.ns_team,
        "ew": here.ew_team,
        "home_imps": totals.home_imps,
        "away_imps": totals.away_imps,
        "home_vp": figures.home_vp,
        "away_vp": figures.away_vp,
        "boards_complete": totals.boards_complete,
        "boards": event.boards_per_match,
        "score": score,
    }


def _match_boards(here: TeamsTable) -> list[BoardAtTables]:
    boards = here.teams_round.event.boards_per_match
    by_match = session_match_boards(here.session, boards, match=here.match.table)
    return by_match.get(here.match.table) or [BoardAtTables(number) for number in range(1, boards + 1)]


def teams_state_json(here: TeamsTable) -> dict[str, Any]:
    """The round of the event and the match, for the top of a teams table's page (one query)."""
    return {
        "event": here.teams_round.event.name,
        "round": here.teams_round.number,
        "rounds": here.teams_round.event.rounds,
        "last": here.last,
        "match": _match_json(here, _match_boards(here)),
    }


def teams_round_over(here: TeamsTable) -> dict[str, Any]:
    """The card once the table has played its round: its title, where its pairs play next, the boards.

    Until the next round is published the lines are empty: the director has still to
    draw it (a Swiss round is drawn from the scores of this one). The boards stay on the
    table: the next round plays other deals.
    """
    event = here.teams_round.event
    number, rounds = here.teams_round.number, event.rounds
    boards = tuple(range(1, event.boards_per_match + 1))
    card: dict[str, Any] = {
        "boards": ngettext(
            "Board %(boards)s: leave them on the table for the director.",
            "Boards %(boards)s: leave them on the table for the director.",
            len(boards),
        )
        % {"boards": boards_text(boards)},
        "lines": [],
    }
    if here.last:
        card["title"] = _("Round %(round)d was the last: %(event)s is over. Thank you for playing!") % {
            "round": number,
            "event": event.name,
        }
        return card
    following = (
        TeamsRound.objects.filter(event=event, number=number + 1, published=True)
        .select_related("session")
        .first()
    )
    if following is None or following.session is None:
        card["title"] = _(
            "Round %(round)d of %(rounds)d is over. The director draws round %(next)d:"
            " this page then says where each pair plays it."
        ) % {"round": number, "rounds": rounds, "next": number + 1}
        return card
    card["title"] = _(
        "Round %(round)d of %(rounds)d is over. Round %(next)d is drawn: each pair goes to its table."
    ) % {"round": number, "rounds": rounds, "next": number + 1}
    card["lines"] = _next_seats(here, following, following.session)
    return card


def _next_seats(here: TeamsTable, following: TeamsRound, session: Session) -> list[dict[str, Any]]:
    """Where this table's NS and EW teams' pairs of this place play ``following``, seated in ``session``
    (three queries)."""
    place = 0 if here.first else 1  # a team's first pair plays at its match's first table
    matches: dict[str, tuple[TeamMatch, bool]] = {}
    for match in following.matches.select_related("home", "away"):
        matches[match.home.name] = (match, True)
        if match.away is not None:
            matches[match.away.name] = (match, False)
    pairs = {pair.number: pair for pair in session.pairs.select_related("player1", "player2")}
    tokens = dict(TableAccess.objects.filter(session=session).values_list("table", "token"))
    lines = []
    for team in (here.ns_team, here.ew_team):
        seated, home = matches.get(team, (None, True))
        if seated is None or seated.away is None:
            lines.append(
                {
                    "pair": team,
                    "names": "",
                    "to": _("a bye in round %(round)d") % {"round": following.number},
                    "url": None,
                }
            )
            continue
        numbers = match_pairs(seated.table)
        number = (
            (numbers.home_ns, numbers.home_ew)[place] if home else (numbers.away_ew, numbers.away_ns)[place]
        )
        table = (number + 1) // 2
        direction = _("North-South") if number % 2 else _("East-West")
        pair = pairs.get(number)
        token = tokens.get(table)
        lines.append(
            {
                "pair": team,
                # Initials where a player asked (privacy): they may not sit at this table.
                "names": pair.public_names if pair else "",
                "to": _("table %(table)d, %(direction)s, round %(round)d")
                % {"table": table, "direction": direction, "round": following.number},
                "url": reverse("table_entry", args=[token]) if token else None,
            }
        )
    return lines


def teams_traveller(here: TeamsTable, number: int, mine: Result) -> dict[str, Any]:
    """A board at the match's two tables, the swing between them once both have it, and the match so far."""
    boards = _match_boards(here)
    board = next((row for row in boards if row.number == number), BoardAtTables(number))
    first, second = match_tables(here.match.table)
    home, away = here.match.home.name, here.match.away_team.name
    rows = []
    for table, result in zip((first, second), board.results, strict=True):
        if result is None:
            continue
        home_ns = table == first
        rows.append(
            {
                "table": table,
                "ns": home if home_ns else away,
                "ew": away if home_ns else home,
                "result": result.traveller_display,
                "ns_score": result.ns_score,
                "mine": result.pk == mine.pk,
            }
        )
    figures = board.figures
    # Both tables' IMPs, or neither: the board is complete once both tables have it.
    swing = (
        None if figures.home is None or figures.away is None else {"home": figures.home, "away": figures.away}
    )
    return {
        "board": number,
        "teams": True,
        "rows": rows,
        "results": len(rows),
        "swing": swing,
        "swing_text": _swing_text(home, away, swing),
        "match": _match_json(here, boards),
    }


def _swing_text(home: str, away: str, swing: dict[str, float] | None) -> str:
    if swing is None:
        return _("The other table has not entered this board yet.")
    gains = [(team, imps) for team, imps in ((home, swing["home"]), (away, swing["away"])) if imps]
    if not gains:
        return _("A flat board: no IMPs either way.")
    return " ".join(
        _("%(team)s gain %(imps)s IMPs on this board.") % {"team": team, "imps": _figure(imps)}
        for team, imps in gains
    )
