"""Real USEBIO files from Compscore and New Zealand's Scorer import with the file's own figures.

Each fixture (``tests/fixtures/usebio/README.md`` names its source) is imported, then its
figures are read again here with the standard library's parser, independently of
ClubScore's reader, and compared with what ClubScore stored: every NS score, every
line's matchpoints (as a share of the board's top) or IMPs, every pair's percentage or
IMPs and place. Where the file and ClubScore disagree, the import must list it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from tests.exchange.usebio_files import (
    file_figures,
    fixture_bytes,
    line_gaps,
    listed,
    pair_gaps,
    session_pair,
)
from tournaments.bridge.imps import butler_datum, imps
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Board, Result, Session, Standing
from tournaments.night.services.results import ResultEntry, result_correct


def _import(club, name: str):
    return usebio_import(club=club, data=fixture_bytes(name))


@pytest.mark.parametrize(
    "name, pairs, boards, mitchell",
    [
        ("compscore-mp-mitchell.xml", 13, 21, True),  # Compscore's 1NS / 1EW, MP_PAIRS
        ("compscore-butler-mitchell.xml", 14, 35, True),  # BUTLER_PAIRS, BOARD_AVERAGE
        ("compscore-cross-imp-howell.xml", 9, 27, False),  # CROSS_IMP
        ("scorer-handicap-pairs.xml", 18, 22, True),  # Scorer's 1 NS, PAIRS, HANDICAP
        ("scorer-pairs.xml", 26, 26, True),  # Scorer's 13-table Mitchell, every pair
        ("compscore-mp-howell.xml", 12, 27, False),  # board 12 played 5 times, an A5050 on 26
    ],
)
def test_a_whole_real_file_imports_with_every_figure_the_file_states(club, name, pairs, boards, mitchell):
    imported = _import(club, name)
    session, file = imported.session, file_figures(name)
    assert (session.pairs.count(), session.boards.count(), session.is_mitchell) == (pairs, boards, mitchell)
    assert Result.objects.filter(board__session=session).count() == len(file["lines"])
    assert line_gaps(session, file) == set()
    assert pair_gaps(session, file) == []
    assert imported.differences == []


def test_a_scorer_pair_whose_player_is_numbered_0_is_imported_with_both_players(club):
    # The anonymised file numbers its players from 0: pair 5 NS's first player has NZB number 0,
    # which Compscore and Scorer write for "none". The pair and both its players are kept.
    session = _import(club, "scorer-pairs.xml").session
    pair = session.pairs.select_related("player1", "player2").get(number=5, direction="NS")
    assert (pair.player1.name, pair.player1.federation_number) == ("p0_1", "")
    assert (pair.player2.name, pair.player2.federation_number) == ("p0_2", "1")
    assert Standing.objects.get(pair=pair).percentage == pytest.approx(59.94, abs=0.005)


def test_places_tied_as_a_repeated_plain_place_are_not_differences(club):
    file = file_figures("compscore-mp-mitchell.xml")
    places = Counter((pair.findtext("DIRECTION"), pair.findtext("PLACE")) for pair in file["pairs"].values())
    assert places[("NS", "3")] == 2  # the file writes a tie as the same plain place twice
    imported = _import(club, "compscore-mp-mitchell.xml")
    assert imported.differences == []
    tied = Standing.objects.filter(pair__session=imported.session, pair__direction="NS", rank=3)
    assert [standing.tied for standing in tied] == [True, True]


def test_a_scorer_file_of_three_sections_becomes_a_session_of_three_sections_scored_across_the_field(club):
    imported = _import(club, "scorer-multi-section.xml")
    session, file = imported.session, file_figures("scorer-multi-section.xml")
    assert session.pairs.count() == 66 and not session.is_mitchell  # section C is a Howell
    assert list(session.sections.values_list("letter", "movement")) == [
        ("A", "mitchell"),
        ("B", "mitchell"),
        ("C", "howell"),
    ]
    assert session.section_scoring == "field"
    assert set(session.pairs.filter(number=101).values_list("direction", "section__letter")) == {
        ("NS", "A"),
        ("EW", "A"),
    }
    assert session.pairs.get(number=301, direction="").label == "C1"
    assert sorted(session.boards.values_list("number", flat=True)) == [15, 16, 17]
    # (B) 3 NS v (B) 11 EW: 6NT by West, 7 tricks, EW vulnerable, is +500 to NS; the file says -250.
    # Scorer's totals count the typed -250, so board 16's lines keep the file's figures (Scorer's
    # convention, bridge/formats/usebio/conventions.py): only the score itself is a difference.
    gaps = line_gaps(session, file)
    assert {gap for gap in gaps if gap[0] != 17} == {(16, "(B)3NS", "score")}
    assert (
        "Board 16 of section B, line 6 ((B) 3 NS v (B) 11 EW): the file scores NS -250, ClubScore 500."
        in imported.differences
    )
    # Board 17 holds two artificial lines: Scorer's travellers show it factored, but its totals
    # count each artificial line as a tie with every played one, and the totals are kept, so
    # the played lines differ from the travellers (listed), the artificial ones keep 60/40.
    assert all(what == "points" for board, _, what in gaps if board == 17)
    assert listed(imported.differences) == gaps
    c17 = Result.objects.filter(board__session=session, board__number=17, ns_score__isnull=True)
    assert sorted(
        (r.ns_pair.number, r.ns_adjustment, r.ew_adjustment, r.ns_percentage, r.ew_percentage) for r in c17
    ) == [
        (309, "A+", "A-", 60.0, 40.0),  # A6040
        (310, "A+", "A+", 60.0, 60.0),  # A6060
    ]


def test_every_pair_of_the_whole_scorer_file_of_three_sections_gets_the_files_percentage(club):
    # The whole file (26 boards, 858 lines): scored across the field, with Scorer's typed score on
    # board 16 and its totals' rule for board 17's artificial scores, every one of its 66 pairs'
    # percentage is the file's, to the hundredth it writes.
    name = "scorer-multi-section-whole.xml.gz"
    imported = _import(club, name)
    session, file = imported.session, file_figures(name)
    assert session.sections.count() == 3 and session.pairs.count() == len(file["pairs"]) == 66
    assert pair_gaps(session, file) == []
    # Places: two pairs Scorer ties on its whole-number totals (810 and 899 of 1664) but ClubScore
    # separates by their percentages (48.71 and 48.68, 54.05 and 54.03) are listed, nothing more.
    assert [difference for difference in imported.differences if difference.startswith("Pair ")] == [
        "Pair (A) 1 EW: the file places it 40, ClubScore 41.",
        "Pair (B) 4 NS: the file places it 21, ClubScore 22.",
    ]


def test_scorers_passed_out_np_and_pass_lines_import_as_passed_boards(club):
    session = _import(club, "scorer-pairs-np-passed.xml").session
    passed = Result.objects.filter(board__session=session, contract=Result.PASSED_OUT)
    assert sorted(passed.values_list("board__number", flat=True)) == [16, 16, 19]
    assert line_gaps(session, file_figures("scorer-pairs-np-passed.xml")) == set()


def _file_imp_sums(file: dict) -> dict[str, float]:
    """Each pair's IMPs over the file's kept boards, summed here from its lines' Butler points."""
    sums: Counter = Counter()
    for _, line in file["lines"]:
        sums[line.findtext("NS_PAIR_NUMBER")] += float(line.findtext("NS_BUTLER_POINTS"))
        sums[line.findtext("EW_PAIR_NUMBER")] += float(line.findtext("EW_BUTLER_POINTS"))
    return dict(sums)


def test_butler_is_scored_against_the_files_own_datum_so_its_figures_are_reproduced(club):
    imported = _import(club, "compscore-butler-howell.xml")
    session, file = imported.session, file_figures("compscore-butler-howell.xml")
    # With 4 results Compscore leaves out the top and the bottom, ClubScore (EBU/WBF) from 5:
    # board 2's -490, -460, -430, +50 give -450 there and -330 by ClubScore's own rule. The
    # board keeps the file's datum, so every stored line's IMPs are the file's own...
    board2 = Board.objects.get(session=session, number=2)
    file_board2 = next(board for board, _ in file["lines"] if board.findtext("BOARD_NUMBER") == "2")
    assert board2.butler_datum == int(file_board2.findtext("BOARD_AVERAGE")) == -450
    assert line_gaps(session, file) == set()
    assert not any("Butler datum" in difference for difference in imported.differences)
    # ... and so is every pair's total over these boards (the file's stated totals are for all its boards).
    for text, total in _file_imp_sums(file).items():
        direction, number = session_pair(text, file["sections"], "", set())
        standing = Standing.objects.get(pair__session=session, pair__direction=direction, pair__number=number)
        assert standing.imps == pytest.approx(total)
    # Exported again, the board's datum is the file's, the one its IMPs are against.
    exported = ET.fromstring(session_usebio_bytes(session))
    boards = exported.find("EVENT").iter("BOARD")
    datums = {board.findtext("BOARD_NUMBER"): board.findtext("BOARD_AVERAGE") for board in boards}
    assert datums["2"] == "-450"
    # Without the file's datum, ClubScore's own applies: a correction on the board drops it.
    result = Result.objects.filter(board=board2).first()
    result_correct(result=result, entry=_same_entry(result))
    board2.refresh_from_db()
    assert board2.butler_datum is None
    scores = list(Result.objects.filter(board=board2).values_list("ns_score", flat=True))
    assert butler_datum(scores) == -330
    for stored in Result.objects.filter(board=board2):
        assert stored.ns_imps == imps(stored.ns_score - (-330))


def _same_entry(result: Result) -> ResultEntry:
    return ResultEntry(
        ns_pair=result.ns_pair,
        ew_pair=result.ew_pair,
        contract=result.contract,
        declarer=result.declarer,
        result=str(result.tricks),
        lead=result.lead,
    )


def test_an_event_type_clubscore_does_not_score_is_refused_by_name_and_nothing_stored(club):
    with pytest.raises(ValidationError, match="not NOTSUP"):
        _import(club, "compscore-not-supported.xml")
    assert not Session.objects.exists()
