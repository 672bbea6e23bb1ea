"""A Compscore file imports with Compscore's own figures: every pair's percentage to the hundredth.

The whole file is a real Compscore Mitchell of 42 pairs and 27 boards from the ABF's
Cobalt tests (``tests/fixtures/usebio/README.md``), with artificial lines (``A6040``,
``A6060``, an ``A5050`` on a board of 19 real results) and two lines whose matchpoints
its director set by hand: an ``A5050`` given 23 and 11 of 40, and a -650 given 21 and 19
where the score earns 19 and 21. Compscore's totals are the sums of its lines' figures,
so ClubScore keeps those two lines' figures (docs/decisions.md, "Other scorers'
figures"), and says so, and scores everything else its own way, which is Compscore's.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import replace

import pytest

from tests.exchange.usebio_files import file_figures, fixture_bytes, line_gaps, listed, pair_gaps
from tests.module_world import rolled_back_at_the_end
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import UsebioImport, usebio_import
from tournaments.night.models import Adjustment, Board, Result, Session, Standing
from tournaments.night.services.results import AdjustedEntry, result_adjust

WHOLE = "compscore-mp-mitchell-adjusted-whole.xml.gz"
CUT = "compscore-mp-mitchell-adjusted.xml"  # boards 1-4 of the same file
KEPT_A5050 = (
    "Board 3, line 1 (1 NS v 1 EW): the file's director gave this A5050 NS 23 and EW 11 matchpoints of 40 "
    "(57.50% and 27.50%), where ClubScore gives 50.00% and 50.00%; the file's are kept."
)
KEPT_650 = (
    "Board 4, line 1 (1 NS v 21 EW): the file's director gave this -650 NS 21 and EW 19 matchpoints of 40 "
    "(52.50% and 47.50%), where ClubScore gives 47.50% and 52.50%; the file's are kept."
)


@pytest.fixture(scope="module")
def whole_import(django_db_setup, django_db_blocker) -> Iterator[UsebioImport]:
    """The whole file imported once, into a club of its own, for the module's tests that read it
    or change a line of it: in a transaction rolled back at the module's end, each test in a
    savepoint of its own (``django_db``), so a line one test adjusts is the file's again for the
    next. The import was most of each such test's time (some 1.5 s of CPU). The other tests
    import their own file into the suite's club (``club``), beside this one."""
    with rolled_back_at_the_end(django_db_blocker):
        club = Club.objects.create(name="Compscore's club", slug="compscore-club")
        yield usebio_import(club=club, data=fixture_bytes(WHOLE))


@pytest.fixture
def imported(db, whole_import) -> UsebioImport:
    """The whole file's import, its session read afresh (a test may change the one it holds)."""
    return replace(whole_import, session=Session.objects.get(pk=whole_import.session.pk))


def _result(session, board: int, ns: int) -> Result:
    return Result.objects.get(board__session=session, board__number=board, ns_pair__number=ns)


def test_every_pair_of_a_whole_compscore_file_has_the_files_percentage_to_the_hundredth(imported):
    session, file = imported.session, file_figures(WHOLE)
    assert (session.pairs.count(), session.boards.count(), len(file["pairs"])) == (42, 27, 42)
    for text, pair in file["pairs"].items():
        number, direction = int(text[:-2]), text[-2:]
        standing = Standing.objects.get(pair__session=session, pair__number=number, pair__direction=direction)
        assert f"{standing.percentage:.2f}" == pair.findtext("PERCENTAGE"), text
        assert str(standing.rank) == pair.findtext("PLACE"), text
    assert pair_gaps(session, file) == []
    assert line_gaps(session, file) == set()  # every line's matchpoints are the file's, to a tenth
    assert imported.differences == [KEPT_A5050, KEPT_650]


def test_the_lines_set_by_hand_keep_the_files_figures_and_the_board_is_otherwise_scored_as_always(imported):
    session = imported.session
    a5050, minus_650 = _result(session, 3, 1), _result(session, 4, 1)
    assert (a5050.ns_adjustment, a5050.ew_adjustment) == (Adjustment.AVERAGE, Adjustment.AVERAGE)
    assert (a5050.stated_ns_percentage, a5050.stated_ew_percentage) == (57.5, 27.5)
    assert (a5050.ns_percentage, a5050.ew_percentage) == (57.5, 27.5)
    assert (minus_650.ns_score, minus_650.ns_percentage, minus_650.ew_percentage) == (-650, 52.5, 47.5)
    # The board's other -650s earn 19 and 21 of 40: the hand-set line still counts as a -650 for them.
    others = Result.objects.filter(board=minus_650.board, ns_score=-650).exclude(pk=minus_650.pk)
    assert {(r.ns_percentage, r.ew_percentage) for r in others} == {(47.5, 52.5)}
    # Every artificial line keeps what the file gave it (A6040: 24 and 16 of 40).
    a6040 = _result(session, 1, 2)
    assert (a6040.ns_adjustment, a6040.stated_ns_percentage, a6040.stated_ew_percentage) == ("A+", 60.0, 40.0)


@pytest.mark.parametrize("board, ns", [(3, 1), (4, 1)])
def test_a_directors_later_change_of_the_line_drops_the_files_figures(imported, board, ns):
    session = imported.session
    result = _result(session, board, ns)
    entry = AdjustedEntry(result.ns_pair, result.ew_pair, Adjustment.AVERAGE, Adjustment.AVERAGE)
    result_adjust(board=result.board, entry=entry, result=result)
    result.refresh_from_db()
    assert (result.stated_ns_percentage, result.stated_ew_percentage) == (None, None)
    assert (result.ns_percentage, result.ew_percentage) == (50.0, 50.0)  # ClubScore's own Average


def test_another_scorers_file_is_scored_by_clubscores_own_rules_and_its_figures_listed(club):
    # The same file said to come from a scorer ClubScore has no conventions for: nothing of it is
    # taken as set by hand.
    data = fixture_bytes(WHOLE).replace(b"<PROGRAM_NAME>Compscore3<", b"<PROGRAM_NAME>Magic Contest<")
    imported = usebio_import(club=club, data=data)
    session = imported.session
    assert not Result.objects.filter(board__session=session, stated_ns_percentage__isnull=False).exists()
    assert (_result(session, 3, 1).ns_percentage, _result(session, 4, 1).ns_percentage) == (50.0, 47.5)
    assert {difference.split(":")[0] for difference in imported.differences} == {
        "Board 3, line 1 (1 NS v 1 EW)",
        "Board 4, line 1 (1 NS v 21 EW)",
        "Pair 1 NS",
        "Pair 1 EW",
        "Pair 21 EW",
    }


def test_a_compscore_file_cut_to_four_boards_keeps_the_lines_and_lists_the_whole_sessions_percentages(club):
    imported = usebio_import(club=club, data=fixture_bytes(CUT))
    session = imported.session
    adjusted = Result.objects.filter(board__session=session, ns_score__isnull=True).order_by(
        "board__number", "ns_pair__number"
    )
    assert [(r.board.number, r.ns_pair.label, r.ns_adjustment, r.ew_adjustment) for r in adjusted] == [
        (1, "1 NS", "A", "A"),  # A5050
        (1, "2 NS", "A+", "A-"),  # A6040
        (2, "9 NS", "A+", "A+"),  # A6060
        (3, "1 NS", "A", "A"),  # A5050, given 23 and 11 of 40
    ]
    file = file_figures(CUT)
    assert line_gaps(session, file) == set() == listed(imported.differences)
    assert imported.differences[:2] == [KEPT_A5050, KEPT_650]
    # Trimmed to four boards, the file's session percentages are for all 27: each differs, each is listed.
    gaps = pair_gaps(session, file)
    assert len(gaps) > 30
    for text in gaps:
        assert any(
            d.startswith(f"Pair {text[:-2]} {text[-2:]}: the file gives") for d in imported.differences
        )
    handset = ET.fromstring(fixture_bytes(CUT)).findall("HANDSET/BOARD")
    for board in handset:
        north = next(hand for hand in board.findall("HAND") if hand.findtext("DIRECTION") == "North")
        stored = Board.objects.get(session=session, number=int(board.findtext("BOARD_NUMBER")))
        suits = [north.findtext(suit) or "" for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS")]
        assert stored.north == ".".join(suits)
    assert len(handset) == session.boards.exclude(north="").count() == 4
