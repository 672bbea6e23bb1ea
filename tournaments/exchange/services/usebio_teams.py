"""Store another scorer's teams USEBIO file as a new teams event, all or nothing.

The event is built through the teams services, as a director would build it: the teams
(``team_add``, under the file's numbers), each round drawn as the file played it
(``teams_round_adjust``), published (which seats its tables), and every table's result
entered at the pairs of its match (``result_record``, ``result_adjust``); ClubScore then
works out the IMPs, VPs and standings itself, and every figure where the file's differ is
listed (the file's scorer may use another VP scale). A line is placed by its teams: the
team sitting North-South is the home team at the match's first table, the away team at
its second (``bridge.teams.tables.match_pairs``). A match's boards are the round's boards
in order, whatever numbers the file gives them (an evening numbers them 1 to 28 across its
rounds; a round of ClubScore's plays boards 1 to N).

A team plays its first two players as one pair and the next two as the other, as a
ClubScore round seats them; the file names no line-ups.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.formats.usebio import UsebioError, parse_adjusted
from tournaments.bridge.formats.usebio.teams_reading import BOARD_A_MATCH, read_teams_usebio
from tournaments.bridge.formats.usebio.teams_writing import (
    SWISS_TEAMS,
    TeamsLine,
    UsebioMatch,
    UsebioTeam,
    UsebioTeamsEvent,
)
from tournaments.bridge.teams.tables import match_pairs
from tournaments.core.models import Club
from tournaments.core.services.writes import write
from tournaments.exchange.services.usebio_lines import lines_within
from tournaments.exchange.services.usebio_preview import rolled_back
from tournaments.night.models import Adjustment, Board, Pair, Result, Session
from tournaments.night.services.locks import session_locked
from tournaments.night.services.results import AdjustedEntry, ResultEntry, result_adjust, result_record
from tournaments.night.services.scoring.settle import scores_settle_locked
from tournaments.teams.models import TeamMatch, TeamsEvent, TeamsForm, TeamsRound, TeamsScoring
from tournaments.teams.selectors.events import teams_event_ranking
from tournaments.teams.services.events import (
    round_robin_draw,
    swiss_round_draw,
    team_add,
    teams_event_create,
    teams_round_adjust,
    teams_round_publish,
)

MAX_TEAMS_LINES = 2_000
_LAW_PERCENTAGES = {60: Adjustment.AVERAGE_PLUS, 50: Adjustment.AVERAGE, 40: Adjustment.AVERAGE_MINUS}


@dataclass(frozen=True)
class UsebioTeamsImport:
    """The teams event a USEBIO file became, and where ClubScore's figures differ from the file's."""

    event: TeamsEvent
    differences: list[str]


def check_teams_usebio_file(data: bytes) -> UsebioTeamsEvent:
    """Read an uploaded teams USEBIO file; raise ``ValidationError`` on ``file``."""
    try:
        return read_teams_usebio(data)
    except UsebioError as error:
        raise ValidationError(
            {"file": _("Not a USEBIO file ClubScore can read: %(error)s.") % {"error": error}}
        ) from None


def usebio_teams_import(
    *, club: Club, data: bytes, name: str = "", user: User | None = None
) -> UsebioTeamsImport:
    """Store a teams USEBIO file of another scorer as a new teams event of the club, all or nothing."""
    return usebio_teams_store(club=club, event=check_teams_usebio_file(data), name=name, user=user)


def _form(event: UsebioTeamsEvent) -> str:
    if event.event_type == SWISS_TEAMS:
        return TeamsForm.SWISS
    return TeamsForm.MATCH if len(event.teams) == 2 else TeamsForm.ROUND_ROBIN


def _rounds(event: UsebioTeamsEvent) -> dict[int, list[UsebioMatch]]:
    rounds: dict[int, list[UsebioMatch]] = defaultdict(list)
    for match in event.matches:
        rounds[match.round].append(match)
    if not rounds:
        raise ValidationError({"file": _("The file holds no <MATCH>: there is nothing to import.")})
    expected = list(range(1, len(rounds) + 1))
    if sorted(rounds) != expected:
        raise ValidationError(
            {
                "file": _("The file's rounds are %(rounds)s: ClubScore needs rounds 1 to %(last)d.")
                % {"rounds": ", ".join(map(str, sorted(rounds))), "last": len(rounds)}
            }
        )
    return dict(sorted(rounds.items()))


def _bye_vp(event: UsebioTeamsEvent) -> float:
    """The VPs the file gives a bye (the EBU's 12 when it has none, or gives one out of 0 to 20)."""
    for match in event.matches:
        if match.away is None and match.home_vp is not None and 0 <= match.home_vp <= 20:
            return match.home_vp
    return 12.0


def usebio_teams_store(
    *, club: Club, event: UsebioTeamsEvent, name: str = "", user: User | None = None
) -> UsebioTeamsImport:
    """Store a read teams USEBIO event as a new teams event (see the module docstring)."""
    lines = sum(len(board.lines) for match in event.matches for board in match.boards)
    lines_within(lines, MAX_TEAMS_LINES)
    rounds = _rounds(event)
    with write():
        stored = teams_event_create(
            club=club,
            date=event.date,
            name=(name or event.description)[:120],
            form=_form(event),
            rounds=len(rounds),
            boards_per_match=event.boards_per_match,
            scoring=TeamsScoring.BOARD_A_MATCH
            if event.match_scoring == BOARD_A_MATCH
            else TeamsScoring.WBF_VP,
            bye_vp=_bye_vp(event),
        )
        for team in sorted(event.teams, key=lambda team: team.number):
            _team_add(stored, team)
        drawn = [] if stored.form == TeamsForm.SWISS else round_robin_draw(event=stored)
        if drawn and len(drawn) < len(rounds):
            raise ValidationError(
                {
                    "file": _("A round robin of %(teams)d teams plays %(most)d rounds, not %(rounds)d.")
                    % {"teams": len(event.teams), "most": len(drawn), "rounds": len(rounds)}
                }
            )
        for number, matches in rounds.items():
            teams_round = drawn[number - 1] if drawn else swiss_round_draw(event=stored)
            _round_play(teams_round, matches, user)
        differences = _differences(stored, event)
    return UsebioTeamsImport(stored, differences)


def _team_add(stored: TeamsEvent, team: UsebioTeam) -> None:
    """Add the file's team under its number; a team ClubScore refuses is named in the error."""
    try:
        team_add(
            event=stored,
            name=team.name,
            player_names=[player.name for player in team.players],
            number=team.number,
        )
    except ValidationError as error:
        raise ValidationError(
            {
                "file": _("Team %(number)d (%(name)s): %(error)s")
                % {"number": team.number, "name": team.name, "error": " ".join(error.messages)}
            }
        ) from None


def _round_play(teams_round: TeamsRound, matches: list[UsebioMatch], user: User | None) -> None:
    """Draw the round as the file played it, publish it, and enter every table's result."""
    where = _("Round %(round)d") % {"round": teams_round.number}
    try:
        teams_round = teams_round_adjust(
            teams_round=teams_round, draw=[(match.home, match.away) for match in matches]
        )
    except ValidationError as error:
        raise ValidationError({"file": f"{where}: {' '.join(error.messages)}"}) from None
    teams_round = teams_round_publish(teams_round=teams_round)
    session = teams_round.session
    if session is None:  # a round of byes only
        return
    boards = list(session.boards.select_related("session").order_by("number"))
    pairs = {pair.number: pair for pair in session.pairs.all()}
    tables = {
        (match.home.number, match.away_team.number): match.table
        for match in TeamMatch.objects.filter(round=teams_round, away__isnull=False).select_related(
            "home", "away"
        )
    }
    for match in matches:
        if match.away is None:
            continue
        if len(match.boards) > len(boards):
            raise ValidationError(
                {
                    "file": _(
                        "%(where)s: a match of %(count)d boards, where the event plays %(most)d a match."
                    )
                    % {"where": where, "count": len(match.boards), "most": len(boards)}
                }
            )
        numbers = match_pairs(tables[(match.home, match.away)])
        seats = {
            match.home: (pairs[numbers.home_ns], pairs[numbers.away_ew]),
            match.away: (pairs[numbers.away_ns], pairs[numbers.home_ew]),
        }
        for board, usebio_board in zip(boards, match.boards, strict=False):
            for line in usebio_board.lines:
                line_where = _("%(where)s, %(home)d v %(away)d, board %(board)d") % {
                    "where": where,
                    "home": match.home,
                    "away": match.away,
                    "board": usebio_board.number,
                }
                if line.ns_team not in seats or {line.ns_team, line.ew_team} != set(seats):
                    raise ValidationError(
                        {
                            "file": _("%(where)s: a line of teams %(ns)d and %(ew)d, not of this match.")
                            % {"where": line_where, "ns": line.ns_team, "ew": line.ew_team}
                        }
                    )
                ns_pair, ew_pair = seats[line.ns_team]
                _line_add(board, line, ns_pair, ew_pair, line_where, user)
    locked = session_locked(session, Session.objects.select_related("club"))
    scores_settle_locked(locked, inserted=True)


def _adjustments(line: TeamsLine, where: str) -> tuple[str, str]:
    """Each side's adjustment: USEBIO's ``A6040`` (the Law's 60/50/40), or ClubScore's own ``A+/A-``."""
    codes = {code.value for code in Adjustment if code.value}
    ns, _slash, ew = line.adjusted.partition("/")
    if ns in codes and ew in codes:
        return ns, ew
    adjusted = parse_adjusted(line.adjusted)
    if adjusted is not None and {adjusted.ns_percentage, adjusted.ew_percentage} <= set(_LAW_PERCENTAGES):
        return _LAW_PERCENTAGES[adjusted.ns_percentage], _LAW_PERCENTAGES[adjusted.ew_percentage]
    raise ValidationError(
        {
            "file": _("%(where)s: the score %(score)s is not a result ClubScore can enter.")
            % {"where": where, "score": line.adjusted}
        }
    )


def _line_add(
    board: Board, line: TeamsLine, ns_pair: Pair, ew_pair: Pair, where: str, user: User | None
) -> Result:
    try:
        if line.adjusted:
            ns, ew = _adjustments(line, where)
            return result_adjust(board=board, entry=AdjustedEntry(ns_pair, ew_pair, ns, ew), user=user)
        entry = ResultEntry(
            ns_pair=ns_pair,
            ew_pair=ew_pair,
            contract="Pass" if line.contract == Result.PASSED_OUT else line.contract,
            declarer=line.declarer,
            result="" if line.tricks is None else str(line.tricks),
        )
        return result_record(board=board, entry=entry, user=user, settle=False)
    except ValidationError as error:
        if "file" in getattr(error, "error_dict", {}):
            raise
        raise ValidationError({"file": f"{where}: {' '.join(error.messages)}"}) from None


def _differs(file_value: float | None, ours: float | None) -> bool:
    return file_value is not None and (ours is None or abs(file_value - ours) > 0.005)


def _differences(stored: TeamsEvent, event: UsebioTeamsEvent) -> list[str]:
    """Every match's IMPs and VPs, every team's VPs and place, where the file's differ from ClubScore's."""
    notes = []
    ours = {
        (match.round.number, match.home.number): match
        for match in TeamMatch.objects.filter(round__event=stored).select_related("round", "home")
    }
    for match in event.matches:
        found = ours[(match.round, match.home)]
        for label, file_value, our_value in (
            (_("home IMPs"), match.home_imps, found.home_imps),
            (_("away IMPs"), match.away_imps, found.away_imps),
            (_("home VPs"), match.home_vp, found.home_vp),
            (_("away VPs"), match.away_vp, found.away_vp),
        ):
            if _differs(file_value, our_value):
                notes.append(
                    _("Round %(round)d, team %(team)d's match: %(what)s %(file)s in the file, %(ours)s here.")
                    % {
                        "round": match.round,
                        "team": match.home,
                        "what": label,
                        "file": file_value,
                        "ours": our_value,
                    }
                )
    ranking = {row.team.number: row for row in teams_event_ranking(stored)}
    for team in event.teams:
        row = ranking[team.number]
        if _differs(team.total_vp, row.vp) or (team.place and team.place != row.place):
            notes.append(
                _(
                    "Team %(team)s: %(vp)s VPs, place %(place)d in the file;"
                    " %(our_vp)s, place %(our_place)d here."
                )
                % {
                    "team": team.name,
                    "vp": team.total_vp,
                    "place": team.place,
                    "our_vp": row.vp,
                    "our_place": row.place,
                }
            )
    return notes


@dataclass(frozen=True)
class TeamsPreviewRow:
    place: int
    name: str
    players: str
    vp: float
    file_place: int | None
    file_vp: float | None


@dataclass(frozen=True)
class UsebioTeamsPreview:
    name: str
    form: str
    rounds: int
    rows: list[TeamsPreviewRow]
    differences: list[str]


def usebio_teams_preview(*, club: Club, event: UsebioTeamsEvent, name: str = "") -> UsebioTeamsPreview:
    """Import the teams event in a transaction that is rolled back, and return its standings and differences.

    The very import a confirm runs, so a file it refuses is refused here (``ValidationError``).
    """
    return rolled_back(lambda: _preview(usebio_teams_store(club=club, event=event, name=name), event))


def _preview(imported: UsebioTeamsImport, event: UsebioTeamsEvent) -> UsebioTeamsPreview:
    stated = {team.number: team for team in event.teams}
    rows = []
    for row in teams_event_ranking(imported.event):
        team = stated[row.team.number]
        players = ", ".join(member.player.name for member in row.team.members.select_related("player"))
        rows.append(
            TeamsPreviewRow(row.place, row.team.name, players, row.vp, team.place or None, team.total_vp)
        )
    stored = imported.event
    return UsebioTeamsPreview(
        stored.name, stored.get_form_display(), stored.rounds, rows, imported.differences
    )
