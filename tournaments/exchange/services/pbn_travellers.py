"""Enter the results a PBN file carries as the session's travellers, in the import's transaction.

A results file (one game per table, or a [ScoreTable] per board; see
``bridge.pbn.results``) is another scorer's session. Its pairs are seated under the
numbers the file gives them (``PbnResults.numbers``): a pair already in the session under
that number and direction is used as it is, any other is added with the players the file
names (found by name, else created). Every result goes through ``result_record``, so
ClubScore scores it, checks it against the movement and the pairs, and audits it; the
boards are marked and settled once at the end (``scores_settle``), so a file of 300
results is one rescoring, not 300. The score the file states for a table, where it
states one, is compared with ClubScore's, and each difference is reported: the file's
scorer may use another rule, and the director decides. So is the NS percentage of a
[ScoreTable] row, beyond the file's rounding, and each pair's ``TotalPercentage`` of a
[TotalScoreTable] against its standing (a pair the file totals and ClubScore has no
result for is listed too). A table that gives matchpoints alone is not compared: its
scale (Ruter gives 2 a pair beaten, ClubScore 1) is not written in it.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.formats.pbn.results import PASS_CONTRACTS, PbnResult, PbnResults, PbnTotal
from tournaments.night.models import Board, Direction, Pair, Result, Section, Session, Standing
from tournaments.night.services.movement import session_play_for_results
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.scoring.settle import scores_settle
from tournaments.night.services.sessions import pair_add, section_number_base


def travellers_enter(
    *, session: Session, boards: dict[int, Board], results: PbnResults, user: User | None = None
) -> list[str]:
    """Enter every result of the file on its board; return where the file's scores differ from ClubScore's.

    Called inside the import's transaction: a result refused refuses the whole file, naming
    its line. ``boards`` are the session's boards by number, dealt from the same file.
    """
    session_play_for_results(session=session)  # the file's results were played (issue 28, point 7)
    numbers = _stored_numbers(session, results)
    pairs = _seat_pairs(session, results, numbers)
    differences = []
    entered: list[tuple[PbnResult, Result]] = []
    for result in results.results:
        ns_pair = pairs[_side_key(session, Direction.NS, numbers[result.ns_id])]
        ew_pair = pairs[_side_key(session, Direction.EW, numbers[result.ew_id])]
        stored = _record(boards[result.board], result, ns_pair, ew_pair, user)
        entered.append((result, stored))
        if result.ns_score is not None and stored.ns_score is not None and stored.ns_score != result.ns_score:
            differences.append(
                _("%(where)s: the file scores NS %(theirs)s, ClubScore %(ours)s.")
                % {"where": _where(result, stored), "theirs": result.ns_score, "ours": stored.ns_score}
            )
    scores_settle(session)
    return (
        differences + _percentage_differences(entered) + _total_differences(session, results, pairs, numbers)
    )


def _stored_numbers(session: Session, results: PbnResults) -> dict[str, int]:
    """Each pair id's number as the session stores it: a section's pair ``A1`` is section A's 1 (101).

    A file of sections goes into a session divided into the same sections; a letter the
    session has no section for is refused by name.
    """
    sections = {section.letter: section for section in session.sections.all()}
    numbers = dict(results.numbers)
    for pair_id, letter in results.sections.items():
        section = sections.get(letter)
        if section is None:
            raise ValidationError(
                {
                    "file": _(
                        "Pair %(pair)s is of section %(letter)s, which %(session)s does not have:"
                        " divide the session into the file's sections first."
                    )
                    % {"pair": pair_id, "letter": letter, "session": session.name}
                }
            )
        numbers[pair_id] = section_number_base(section) + results.numbers[pair_id]
    return numbers


def _rounding(figure: str) -> float:
    """Half the last decimal the file writes (``58.33``: 0.005), a hair over for float sums."""
    return 0.5 * 10 ** -len(figure.partition(".")[2]) + 1e-9


def _total_differences(
    session: Session, results: PbnResults, pairs: dict[tuple[str, int], Pair], numbers: dict[str, int]
) -> list[str]:
    """Where a [TotalScoreTable]'s TotalPercentage differs from the pair's standing beyond its rounding."""
    sides: dict[str, Direction] = {}
    for result in results.results:
        sides.setdefault(result.ns_id, Direction.NS)
        sides.setdefault(result.ew_id, Direction.EW)
    standings = {
        standing.pair_id: standing
        for standing in Standing.objects.filter(pair__session=session, boards_played__gt=0)
    }
    differences = []
    for total in results.totals:
        if not total.percentage:
            continue
        pair = None
        if total.pair_id in numbers:
            side = Direction(total.direction) if total.direction else sides[total.pair_id]
            pair = pairs.get(_side_key(session, side, numbers[total.pair_id]))
        standing = standings.get(pair.pk) if pair is not None else None
        if pair is None or standing is None:
            differences.append(
                _(
                    "Pair %(pair)s (line %(line)d): the file totals"
                    " %(percentage)s%%; ClubScore has no result for it."
                )
                % {"pair": total.pair_id, "line": total.line, "percentage": total.percentage}
            )
        elif abs(float(total.percentage) - standing.percentage) > _rounding(total.percentage):
            differences.append(
                _("Pair %(pair)s (line %(line)d): the file totals %(percentage)s%%%(over)s.")
                % {
                    "pair": pair.label,
                    "line": total.line,
                    "percentage": total.percentage,
                    "over": _over(total, standing),
                }
            )
    return differences


def _over(total: PbnTotal, standing: Standing) -> str:
    """ClubScore's figure, with both board counts where the file's differs (a file cut to some boards)."""
    ours = f"{standing.percentage:.2f}"
    if total.boards is not None and total.boards != standing.boards_played:
        return _(" over %(boards)d boards, ClubScore %(ours)s%% over %(played)d") % {
            "boards": total.boards,
            "ours": ours,
            "played": standing.boards_played,
        }
    return _(", ClubScore %(ours)s%%") % {"ours": ours}


def _where(result: PbnResult, stored: Result) -> str:
    # Every result a PBN file enters has both pairs (``_record``); "-" is for the type checker.
    ew = stored.ew_pair.label if stored.ew_pair is not None else "-"
    return _("Board %(board)s, %(ns)s against %(ew)s (line %(line)d)") % {
        "board": result.board,
        "ns": stored.ns_pair.label,
        "ew": ew,
        "line": result.line,
    }


def _percentage_differences(entered: list[tuple[PbnResult, Result]]) -> list[str]:
    """Where the file's Percentage_NS differs from ClubScore's by more than the file's rounding."""
    stated = [(result, stored) for result, stored in entered if result.ns_percentage]
    scored = dict(
        Result.objects.filter(pk__in=[stored.pk for _, stored in stated]).values_list("pk", "ns_percentage")
    )
    differences = []
    for result, stored in stated:
        ours = scored.get(stored.pk)
        decimals = len(result.ns_percentage.partition(".")[2])
        if ours is not None and abs(float(result.ns_percentage) - ours) > 0.5 * 10**-decimals + 1e-9:
            differences.append(
                _("%(where)s: the file gives NS %(theirs)s%%, ClubScore %(ours)s%%.")
                % {"where": _where(result, stored), "theirs": result.ns_percentage, "ours": f"{ours:.2f}"}
            )
    return differences


def _side_key(session: Session, side: str, number: int) -> tuple[str, int]:
    return (side if session.is_mitchell else Direction.NONE, number)


def _seat_pairs(
    session: Session, results: PbnResults, numbers: dict[str, int]
) -> dict[tuple[str, int], Pair]:
    """The session's pairs by (direction, stored number), with those the file names and the session lacks."""
    seated = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    sections = {section.letter: section for section in session.sections.all()}
    for result in results.results:
        for side, pair_id, names in (
            (Direction.NS, result.ns_id, result.ns_names),
            (Direction.EW, result.ew_id, result.ew_names),
        ):
            key = _side_key(session, side, numbers[pair_id])
            if key not in seated:
                section = sections.get(results.sections.get(pair_id, ""))
                number = results.numbers[pair_id] if section is not None else key[1]
                seated[key] = _pair_add(session, (key[0], number), pair_id, names, result, section)
    return seated


def _pair_add(
    session: Session,
    key: tuple[str, int],
    pair_id: str,
    names: tuple[str, ...],
    result: PbnResult,
    section: Section | None = None,
) -> Pair:
    """Seat the file's pair under its number (a section's pair: its number in ``section``)."""
    direction, number = key
    try:
        return pair_add(
            session=session,
            # A pair the file does not name gets a name of its own field too: NS 1 and EW 1 are
            # two pairs, and a player sits in one pair of a session (issue 24, point 11).
            player_names=list(names[:2]) or [f"Pair {pair_id} {direction}".strip()],
            direction=direction,
            number=number,
            section=section,
        )
    except ValidationError as error:
        raise ValidationError(
            {
                "file": _("line %(line)d: pair %(pair)s cannot be seated: %(reason)s")
                % {"line": result.line, "pair": pair_id, "reason": " ".join(error.messages)}
            }
        ) from None


def _lead(text: str) -> str:
    """The lead as the file writes it, or none when ClubScore cannot read it (it is not worth refusing)."""
    try:
        return parse_lead(text)
    except CardError:
        return ""


def _record(board: Board, result: PbnResult, ns_pair: Pair, ew_pair: Pair, user: User | None) -> Result:
    passed = result.contract.upper() in PASS_CONTRACTS
    entry = ResultEntry(
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        contract="Pass" if passed else result.contract,
        declarer="" if passed else result.declarer,
        result="" if passed else result.tricks,
        lead="" if passed else _lead(result.lead),
    )
    try:
        return result_record(board=board, entry=entry, user=user, settle=False)
    except ValidationError as error:
        message = _("line %(line)d: board %(board)s, pairs %(ns)s and %(ew)s: %(reason)s") % {
            "line": result.line,
            "board": result.board,
            "ns": result.ns_id,
            "ew": result.ew_id,
            "reason": " ".join(error.messages),
        }
        raise ValidationError({"file": message}) from None
