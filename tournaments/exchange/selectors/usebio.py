"""A session's results as a USEBIO 1.2 file, for federations' uploads and results sites (Cobalt).

What goes in (``bridge.usebio.writing`` has the file's shape):

- every pair that played, with both players and their federation numbers, its
  percentage (or IMPs), and its place as a whole number (tied pairs repeat it);
- every result: a played contract with its score, or an adjusted score as ``A6040``:
  an Average-plus/Average/Average-minus is written as the club's figure for it (60, 50,
  40 by default), whatever Law 12C2 then made of an Average-plus; an assigned
  (weighted) score, which USEBIO cannot spell, as the percentages it earned (``A3466``).
  The line's matchpoints or IMPs are ClubScore's own in both cases, so a reader that
  totals the lines finds the standings;
- Butler boards their datum (``BOARD_AVERAGE``) when every result is a plain score;
- ``HANDSET``: every dealt board's hands;
- the club's federation number as ``CLUB_ID_NUMBER``, and its master points
  (``bridge.formats.usebio.awards``): for a club with a federation, its scale and point type;
  once the session is finished with awards, ``MPS_AWARDED_FLAG`` Y and each pair's award
  from the ledger (``MASTER_POINTS_AWARDED`` in the scale's units, 0 for a pair without
  one); for the EBU, the club's ``P2P_CHARGE_RATE``. Until then, or for a club without a
  federation, the flag is N and no pair has an award.

Refused, naming the result: a legacy import's bare score, which has no East-West pair.
An individual is written as one (``selectors.usebio_individual``, decision 83): its
players ranked, not its one-round partnerships.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from decimal import Decimal

from django.conf import settings
from django.utils.translation import gettext as _

from tournaments.bridge.federations.awards import Scale
from tournaments.bridge.formats.usebio import (
    BUTLER,
    CROSS_IMPS,
    MATCHPOINTS,
    Adjusted,
    PairKey,
    TravellerLine,
    UsebioBoard,
    UsebioDeal,
    UsebioEvent,
    UsebioPair,
    UsebioPlayer,
)
from tournaments.bridge.formats.usebio.awards import FileAward, UsebioAwards
from tournaments.bridge.handicaps import handicapped_figure, usebio_handicap
from tournaments.bridge.imps import butler_datum
from tournaments.core.models import Club
from tournaments.federation.selectors.awards import session_scale
from tournaments.federation.selectors.pages import session_pair_points
from tournaments.night.models import Adjustment, Pair, Result, ScoringMethod, Session, section_pair_number

# Keyed by the stored value (a session's ``scoring`` is its plain string).
_EVENT_TYPES: dict[str, str] = {
    ScoringMethod.MATCHPOINTS: MATCHPOINTS,
    ScoringMethod.CROSS_IMPS: CROSS_IMPS,
    ScoringMethod.BUTLER: BUTLER,
}


class UsebioExportError(ValueError):
    """A session USEBIO cannot hold; the message says which result."""


@functools.cache
def program_version_text() -> str:
    try:
        with open(settings.BASE_DIR / "pyproject.toml", "rb") as project:
            return str(tomllib.load(project)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return ""


def _key(pair: Pair) -> PairKey:
    """The pair as the file numbers it: in a session of sections, its letter and its number there."""
    if pair.section is None:
        return PairKey("", pair.direction, pair.number)
    return PairKey(pair.section.letter, pair.direction, section_pair_number(pair.number))


def _adjustment_percentage(club: Club, adjustment: str) -> int:
    figures: dict[str, float] = {
        Adjustment.AVERAGE_PLUS: club.average_plus,
        Adjustment.AVERAGE_MINUS: club.average_minus,
    }
    return round(figures.get(adjustment, 50))


def _adjusted(result: Result, club: Club) -> Adjusted | None:
    if result.ns_adjustment:
        return Adjusted(
            _adjustment_percentage(club, result.ns_adjustment),
            _adjustment_percentage(club, result.ew_adjustment),
        )
    if result.assigned:
        return Adjusted(round(result.ns_percentage or 0), round(result.ew_percentage or 0))
    return None


def usebio_line(result: Result, club: Club, is_imps: bool) -> TravellerLine:
    """A stored result as a traveller line (pairs and individuals alike)."""
    if result.ew_pair is None:
        raise UsebioExportError(
            _(
                "Board %(board)d, pair %(pair)s: the result has no"
                " East-West pair (a legacy import's bare score)."
            )
            % {"board": result.board.number, "pair": result.ns_pair.label}
        )
    adjusted = _adjusted(result, club)
    points = (result.ns_imps, result.ew_imps) if is_imps else (result.ns_matchpoints, result.ew_matchpoints)
    if adjusted is not None:
        return TravellerLine(
            _key(result.ns_pair), _key(result.ew_pair), ns_score=None, adjusted=adjusted,
            ns_points=points[0], ew_points=points[1],
        )  # fmt: skip
    return TravellerLine(
        _key(result.ns_pair),
        _key(result.ew_pair),
        result.contract,
        result.declarer,
        result.tricks,
        result.lead,
        result.ns_score,
        *points,
    )


def _datum(session: Session, results: list[Result]) -> int | None:
    """The board's Butler datum: the one an imported file gave it (its IMPs are against it), else its own."""
    if session.scoring != ScoringMethod.BUTLER:
        return None
    if results[0].board.butler_datum is not None:
        return results[0].board.butler_datum
    if any(result.ns_score is None for result in results):
        return None
    return butler_datum([result.ns_score for result in results])


def _usebio_pair(pair: Pair, *, is_imps: bool, handicapped: bool) -> UsebioPair:
    """A pair as USEBIO states it; a handicap event's as Scorer writes one (``bridge.handicaps``):
    ``PERCENTAGE`` with the pair's handicap, ``HANDICAP`` twice it, the place the scratch one."""
    players = [player for player in (pair.player1, pair.player2) if player is not None]
    standing = pair.standing
    percentage, handicap = standing.percentage, None
    if handicapped and not is_imps:
        added = pair.handicap or Decimal(0)
        percentage = float(handicapped_figure(standing.percentage, added))
        handicap = float(usebio_handicap(added)) if added else None
    return UsebioPair(
        key=_key(pair),
        players=tuple(UsebioPlayer(player.name, player.federation_number) for player in players),
        place=standing.rank,
        total_score=standing.imps if is_imps else standing.matchpoints,
        percentage=percentage,
        handicap=handicap,
    )


def session_usebio_event(session: Session) -> UsebioEvent:
    """Return the session as a USEBIO event: pairs, standings, travellers and hands (3 queries)."""
    pairs = list(
        session.pairs.filter(standing__boards_played__gt=0)
        .select_related("player1", "player2", "standing", "section")
        .order_by("-direction", "number")  # NS before EW, as Compscore lists them
    )
    results = list(
        Result.objects.filter(board__session=session)
        .select_related("board", "ns_pair__section", "ew_pair__section")
        .order_by("board__number", "ns_pair__number", "id")
    )
    # A board's lines by section (one key, "", in a session of one section), as USEBIO files them.
    by_board: dict[tuple[int, str], list[Result]] = {}
    for result in results:
        section = result.ns_pair.section.letter if result.ns_pair.section is not None else ""
        by_board.setdefault((result.board.number, section), []).append(result)
    club = session.club
    boards = tuple(
        UsebioBoard(
            number,
            tuple(usebio_line(result, club, session.is_imps) for result in lines),
            _datum(session, lines),
            section,
        )
        for (number, section), lines in by_board.items()
    )
    return UsebioEvent(
        club=club.name,
        description=session.name,
        date=session.date,
        event_type=_EVENT_TYPES[session.scoring],
        program="ClubScore",
        program_version=program_version_text(),
        club_id=club.federation_club_number,
        winner_type=1 if session.ranks_one_field else 2,  # an arrow-switched Mitchell has one winner
        pairs=tuple(
            _usebio_pair(pair, is_imps=session.is_imps, handicapped=session.handicapped) for pair in pairs
        ),
        boards=boards,
        deals=session_deals(session),
    )


def session_deals(session: Session) -> tuple[UsebioDeal, ...]:
    """Every dealt board's hands, for the file's ``HANDSET`` (pairs and individuals alike)."""
    return tuple(
        UsebioDeal(board.number, board.north, board.east, board.south, board.west)
        for board in session.boards.exclude(north="").order_by("number")
    )


def session_usebio_awards(session: Session) -> UsebioAwards | None:
    """The session's master points as USEBIO writes them; None for a club without a federation."""
    scale = session_scale(session)
    if scale is None:
        return None
    points = session_pair_points(session) if session.is_finished else {}
    keys = {pair.pk: _key(pair) for pair in session.pairs.filter(pk__in=points).select_related("section")}
    return usebio_awards(session, scale, {keys[pair]: amount for pair, amount in points.items()})


def usebio_awards(session: Session, scale: Scale, points: Mapping[PairKey, Decimal]) -> UsebioAwards:
    """The scale's head and each award in the scale's units, by the key the file files it under."""
    rate = session.club.p2p_charge_rate
    return UsebioAwards(
        scale=scale.usebio_scale,
        point_type=scale.point_type,
        awarded=bool(points),
        p2p_charge_rate=f"{rate:g}" if scale.federation == "ebu" and rate is not None else "",
        by_pair={
            key: FileAward(Decimal(int(amount / scale.unit)), scale.point_type)
            for key, amount in points.items()
        },
    )
