"""A line whose contract is a typing slip (``42``) but whose score the file states: the score is
kept and the line listed, where the whole file used to be refused (issue 45, item 7)."""

from __future__ import annotations

import pytest

from tests.exchange.usebio_files import fixture_bytes
from tournaments.bridge.formats.usebio import UsebioError, read_usebio
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Result, Standing

pytestmark = pytest.mark.django_db

REAL = "compscore-mp-mitchell.xml"
# Board 1's first line, 2 NS v 3 EW: 3D by N, 9 tricks, +110, 7 and 3 matchpoints of 10.
SLIP = fixture_bytes(REAL).replace(b"<CONTRACT>3D</CONTRACT>", b"<CONTRACT>42</CONTRACT>", 1)


def _percentages(session) -> dict[tuple[str, int], float]:
    rows = Standing.objects.filter(session=session).values_list(
        "pair__direction", "pair__number", "percentage"
    )
    return {(direction, number): percentage for direction, number, percentage in rows}


def test_the_reader_keeps_the_stated_score_of_a_line_whose_contract_is_not_one():
    line = read_usebio(SLIP).boards[0].lines[0]
    assert (line.contract, line.written_contract, line.ns_score) == ("", "42", 110)


def test_a_contract_that_is_not_one_with_no_score_is_still_refused():
    data = SLIP.replace(b"<SCORE>110</SCORE>", b"", 1)
    with pytest.raises(UsebioError, match="<CONTRACT> '42' is not a contract"):
        read_usebio(data)


def test_the_import_keeps_the_score_lists_the_line_and_scores_every_pair_as_the_file(club):
    imported = usebio_import(club=club, data=SLIP)
    kept = Result.objects.get(board__session=imported.session, board__number=1, ns_pair__number=2)
    assert (kept.contract, kept.ns_score, kept.ew_pair.number) == ("", 110, 3)
    assert kept.ns_percentage == pytest.approx(70.0) and kept.ew_percentage == pytest.approx(30.0)
    notes = [line for line in imported.differences if "'42'" in line]
    assert notes == [
        "Board 1, line 1 (2 NS v 3 EW): the contract '42' is not one; the line's stated score 110 is kept."
    ]
    # Every other figure is the untouched file's: the same import of the real file agrees pair for pair.
    real = usebio_import(club=club, data=fixture_bytes(REAL), name="the real file")
    whole = real.session
    ours, theirs = _percentages(imported.session), _percentages(whole)
    assert ours == pytest.approx(theirs)
    assert [line for line in imported.differences if line not in notes] == real.differences


def test_a_stated_score_written_out_reads_back_as_the_same_score_with_no_contract(club):
    """ClubScore's USEBIO of a line kept by its stated score writes its SCORE and no CONTRACT
    (there is none); imported again, the line is that score, every pair's figures the same."""
    imported = usebio_import(club=club, data=SLIP)
    data = session_usebio_bytes(imported.session)
    line = read_usebio(data).boards[0].lines[0]
    assert (line.contract, line.ns_score, line.stated) == ("", 110, True)
    first = data.index(b"<TRAVELLER_LINE>")
    assert b"<CONTRACT" not in data[first : data.index(b"</TRAVELLER_LINE>", first)]
    again = usebio_import(club=club, data=data, name="read back")
    kept = Result.objects.get(board__session=again.session, board__number=1, ns_pair__number=2)
    assert (kept.contract, kept.ns_score) == ("", 110)
    assert _percentages(again.session) == pytest.approx(_percentages(imported.session))
