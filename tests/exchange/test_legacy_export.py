"""Exporting a session as a legacy score file: simpscore of the export is the original's report."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.management import CommandError, call_command

from tests.exchange.legacy_files import EASY_TEST, EASY_TEST_REPORT, generated_score_file
from tournaments.bridge.formats.legacy import parse_score_file, simpscore_report
from tournaments.exchange.selectors.legacy import ExportError, session_score_file, session_score_file_text
from tournaments.exchange.services.legacy import score_file_import
from tournaments.night.models import Direction, Pair
from tournaments.night.services.results import ResultEntry, result_record


def imported(club, text):
    return score_file_import(club=club, date=datetime.date(2026, 3, 10), name="Imported", text=text)


def export(*args) -> str:
    out = io.StringIO()
    call_command("export_scores", *map(str, args), stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_example_file_round_trips_to_the_same_report(club):
    session = imported(club, EASY_TEST)

    assert simpscore_report(parse_score_file(export(session.pk))) == EASY_TEST_REPORT


@pytest.mark.parametrize(("pairs", "boards", "seed"), [(7, 5, 11), (25, 12, 12)])
def test_generated_file_round_trips_to_the_same_scores_and_report(club, pairs, boards, seed):
    original = parse_score_file(generated_score_file(pairs, boards, seed))
    session = imported(club, generated_score_file(pairs, boards, seed))

    exported = parse_score_file(export(session.pk))

    assert exported == original
    assert simpscore_report(exported) == simpscore_report(original)


def test_export_writes_pairs_in_number_order_pass_for_zero_and_dashes_for_not_played(club):
    session = imported(club, EASY_TEST)

    assert session_score_file_text(session) == (
        "1 Bill Gates - Warren Buffett\n"
        "2 Gene Simmons - Richard Simmons\n"
        "3 Cher - Madonna\n"
        "4 Tiger Woods - Phil Mickelson\n"
        "SCORES\n"
        " -430  -400  -520 -1100\n"
        " -180  -130  -130  PASS\n"
        " -100   650   650  ----\n"
    )


def test_export_to_a_file(club, tmp_path):
    session = imported(club, EASY_TEST)
    path = tmp_path / "out.txt"

    call_command("export_scores", str(session.pk), "--output", str(path), stderr=io.StringIO())

    assert simpscore_report(parse_score_file(path.read_text())) == EASY_TEST_REPORT


def test_an_unknown_session_is_refused(db):
    with pytest.raises(CommandError, match="No session with id 999"):
        export(999)


@pytest.fixture
def mitchell_with_results(mitchell_session, director):
    """Board 1: NS 1 v EW 1 makes 4S (+420), NS 2 v EW 2 passes it out; board 2: NS 1 v EW 2 3NT-1."""
    ns = {pair.number: pair for pair in mitchell_session.pairs.filter(direction=Direction.NS)}
    ew = {pair.number: pair for pair in mitchell_session.pairs.filter(direction=Direction.EW)}
    board1, board2 = mitchell_session.boards.order_by("number")[:2]
    for board, entry in [
        (board1, ResultEntry(ns_pair=ns[1], ew_pair=ew[1], contract="4S", declarer="N", result="10")),
        (board1, ResultEntry(ns_pair=ns[2], ew_pair=ew[2], contract="Pass")),
        (board2, ResultEntry(ns_pair=ns[1], ew_pair=ew[2], contract="3NT", declarer="S", result="8")),
    ]:
        result_record(board=board, entry=entry, user=director)
    return mitchell_session


def test_a_mitchell_exports_its_ns_field_by_default_and_its_ew_field_when_asked(mitchell_with_results):
    from tournaments.night.models import Result

    board1 = {r.ns_pair.number: r.ns_score for r in Result.objects.filter(board__number=1)}
    board2 = {r.ns_pair.number: r.ns_score for r in Result.objects.filter(board__number=2)}

    ns_field = session_score_file(mitchell_with_results)
    ew_field = session_score_file(mitchell_with_results, Direction.EW)

    assert [pair.names for pair in ns_field.pairs] == [
        pair.names for pair in Pair.objects.filter(session=mitchell_with_results, direction="NS")
    ]
    assert ns_field.boards == ((board1[1], 0, None), (board2[1], None, None), (None, None, None))
    assert ew_field.boards == ((-board1[1], 0, None), (None, -board2[1], None), (None, None, None))
    assert "PASS" in session_score_file_text(mitchell_with_results).splitlines()[4]


def test_a_howell_with_played_results_is_refused(howell_session, director):
    first, second = howell_session.pairs.order_by("number")[:2]
    board = howell_session.boards.get(number=1)
    result_record(
        board=board, entry=ResultEntry(ns_pair=first, ew_pair=second, contract="Pass"), user=director
    )

    with pytest.raises(ExportError, match="Howell with played results"):
        session_score_file(howell_session)
    with pytest.raises(CommandError, match="Howell with played results"):
        export(howell_session.pk)


def test_a_session_whose_pairs_are_not_numbered_1_to_n_is_refused(howell_session):
    howell_session.pairs.filter(number=2).delete()

    with pytest.raises(ExportError, match="numbered 1, 3, 4"):
        session_score_file(howell_session)


@pytest.fixture
def mitchell_with_adjustments(mitchell_with_results, director):
    """Board 3: NS 2 v EW 1 given Average-plus / Average-minus; board 2: NS 3 v EW 3 assigned
    30% of 4S by N making (+420 or +620) and 70% of 4S by N one down."""
    from tournaments.night.services.results import (
        AdjustedEntry,
        AssignedEntry,
        AssignedPart,
        result_adjust,
        result_assign,
    )

    session = mitchell_with_results
    ns = {pair.number: pair for pair in session.pairs.filter(direction=Direction.NS)}
    ew = {pair.number: pair for pair in session.pairs.filter(direction=Direction.EW)}
    board2, board3 = session.boards.order_by("number")[1:3]
    result_adjust(board=board3, entry=AdjustedEntry(ns[2], ew[1], "A+", "A-"), user=director)
    parts = (AssignedPart("30%", "4S", "N", "="), AssignedPart("70%", "4S", "N", "-1"))
    result_assign(board=board2, entry=AssignedEntry(ns[3], ew[3], parts), user=director)
    return session


def test_a_night_with_an_average_plus_and_an_assigned_score_exports_what_the_format_can_hold(
    mitchell_with_adjustments,
):
    """Issue 24, point 9: adjusted and assigned scores no longer stop the legacy export."""
    from tournaments.exchange.selectors.legacy import session_legacy_export
    from tournaments.night.models import Result

    assigned = Result.objects.get(board__number=2, assigned__isnull=False)
    making, down = (part["ns_score"] for part in assigned.assigned)
    mean = round((3 * making + 7 * down) / 10)

    ns_export = session_legacy_export(mitchell_with_adjustments)
    ew_export = session_legacy_export(mitchell_with_adjustments, Direction.EW)

    assert [board[1:] for board in ns_export.score_file.boards] == [(0, None), (None, mean), (None, None)]
    assert [board[2] for board in ew_export.score_file.boards] == [None, -mean, None]
    assert ew_export.score_file.boards[2] == (None, None, None)  # EW 1's Average-minus: not played
    assert ns_export.notes == (
        f"Board 2, 3 NS v 3 EW: assigned score written as its weighted mean, {mean:+d} to North-South; "
        "a legacy score file holds no weights, so its report matchpoints it as one score.",
        "Board 3, 2 NS v 1 EW: artificial adjusted score (Average-plus / Average-minus) written as not "
        "played (----); a legacy score file holds no percentages.",
    )
    assert parse_score_file(ns_export.text) == ns_export.score_file


def test_export_scores_says_on_stderr_what_it_wrote_for_each_adjusted_table(mitchell_with_adjustments):
    """Issue 24, point 9: the command writes the file and names each table it could not hold as it was."""
    out, err = io.StringIO(), io.StringIO()

    call_command("export_scores", str(mitchell_with_adjustments.pk), stdout=out, stderr=err)

    assert simpscore_report(parse_score_file(out.getvalue()))
    assert "Board 3, 2 NS v 1 EW: artificial adjusted score" in err.getvalue()
    assert "Board 2, 3 NS v 3 EW: assigned score written as its weighted mean" in err.getvalue()
