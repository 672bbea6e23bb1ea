"""A session of sections' PBN names its pairs as the players do (A1) and reads back into sections.

The pairs of section A are stored as 101, 102..., a number no player knows and no other
scorer reads: the [ScoreTable] and [TotalScoreTable] write ``A1``, and ClubScore's PBN
import seats ``A1`` as section A's pair 1 of a session divided into the same sections.
"""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.exceptions import ValidationError

from tests.night.sections import two_section_mitchell
from tournaments.bridge.formats.pbn import read_pbn_file
from tournaments.core.models import Club
from tournaments.exchange.selectors.hand_records import session_pbn_text
from tournaments.exchange.services.pbn import pbn_import
from tournaments.night.models import Movement, Result, Standing
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.sessions import session_create

pytestmark = pytest.mark.django_db


def _played(club):
    session = two_section_mitchell(club)
    boards_deal(session=session, count=2, rng=random.Random(3), redeal_played=True)
    return session


def _copy(club, *, sections: bool = True):
    session = session_create(club=club, date=datetime.date(2026, 12, 6), name="Copy of Christmas pairs")
    if sections:
        specs = [SectionSpec(letter, Movement.MITCHELL, tables=3, boards_per_round=1) for letter in "AB"]
        session_sections_set(session=session, sections=specs)
    return session


def _results(session):
    return sorted(
        (r.board.number, r.ns_pair.label, r.ew_pair.label, r.contract, r.declarer, r.tricks, r.ns_score)
        for r in Result.objects.filter(board__session=session).select_related(
            "board", "ns_pair__section", "ew_pair__section"
        )
    )


def _standings(session):
    return sorted(
        (s.pair.label, s.pair.names, s.rank, s.matchpoints, round(s.percentage, 6))
        for s in Standing.objects.filter(session=session).select_related(
            "pair__section", "pair__player1", "pair__player2"
        )
    )


def _other_club():
    return Club.objects.create(name="Hillside Bridge Club", slug="hillside")


def test_the_pbn_names_a_sections_pairs_by_their_section_not_their_stored_number(club):
    text = session_pbn_text(_played(club))
    read = read_pbn_file(text).results
    labels = {f"{letter}{number}" for letter in "AB" for number in (1, 2, 3)}
    assert {pair for result in read.results for pair in (result.ns_id, result.ew_id)} == labels
    assert {total.pair_id for total in read.totals} == labels
    assert read.sections == {label: label[0] for label in labels}


def test_a_two_section_night_reads_back_into_a_session_of_the_same_sections(club):
    played = _played(club)
    copy = _copy(_other_club())
    done = pbn_import(session=copy, data=session_pbn_text(played).encode("utf-8"), results=True)
    assert done.differences == ()
    assert {(pair.section.letter, pair.number) for pair in copy.pairs.select_related("section")} == {
        (letter, base + number) for letter, base in (("A", 100), ("B", 200)) for number in (1, 2, 3)
    }
    assert _results(copy) == _results(played)
    assert _standings(copy) == _standings(played)


def test_a_file_of_sections_into_a_session_without_them_is_refused_by_name(club):
    copy = _copy(_other_club(), sections=False)
    with pytest.raises(ValidationError) as refused:
        pbn_import(session=copy, data=session_pbn_text(_played(club)).encode("utf-8"), results=True)
    assert "section A" in str(refused.value) and not copy.pairs.exists()
