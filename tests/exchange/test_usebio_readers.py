"""ClubScore's USEBIO export as real readers take it: the ABF's Cobalt, and ClubScore's own import.

``cobalt_reads`` does what Cobalt's results upload and pages do with a file (abftech/cobalt
at e6219726: ``results/views/usebio.py``, ``results/views/results_views.py``,
``organisations/views/club_menu_tabs/results.py``): ``xmltodict.parse`` with
``force_list=("TRAVELLER_LINE",)``, then the same look-ups and conversions, which raise
where Cobalt's pages crash (``int(PLACE)``, both ``PLAYER``s of a pair, ``float`` of each
line's points, the ``HANDSET``'s four hands). It returns what Cobalt shows, so the test
compares it with ClubScore's own figures. Cobalt's code is not copied: the expressions are
the reads it makes, restated.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import xmltodict

from tournaments.bridge.formats.usebio import read_usebio
from tournaments.core.models import Player
from tournaments.exchange.selectors.usebio_files import session_usebio_bytes
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Result, Session, Standing
from tournaments.night.services.results import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    ResultEntry,
    result_adjust,
    result_assign,
    result_record,
)
from tournaments.night.services.scoring.method import session_set_scoring

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"
COBALT_EVENT_TYPES = ("MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS")
COBALT_IMP_KEYS = {"CROSS_IMP": "NS_CROSS_IMP_POINTS", "BUTLER_PAIRS": "NS_BUTLER_POINTS"}
SUITS = ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")


def _system_number(player: dict) -> int | None:
    try:  # Cobalt catches TypeError (an empty element) only: "EBU-12" would crash its page
        return int(player["NATIONAL_ID_NUMBER"])
    except TypeError:
        return None


def cobalt_reads(data: bytes) -> dict:
    """What Cobalt's upload and pages read from a USEBIO file; raises where they would crash."""
    usebio = xmltodict.parse(data, force_list=("TRAVELLER_LINE",))["USEBIO"]
    event = usebio["EVENT"]
    event_type = event.get("@EVENT_TYPE")
    assert event_type in COBALT_EVENT_TYPES, f"Cobalt refuses event type {event_type!r}"
    datetime.datetime.strptime(event.get("DATE"), "%d/%m/%Y")
    assert event.get("EVENT_DESCRIPTION")
    imp_event = event_type in COBALT_IMP_KEYS
    if not imp_event:
        assert event["WINNER_TYPE"] in ("1", "2"), "Cobalt shows only WINNER_TYPE 1 or 2"
    pairs = {}
    for item in event["PARTICIPANTS"]["PAIR"]:
        names = (item["PLAYER"][0]["PLAYER_NAME"].title(), item["PLAYER"][1]["PLAYER_NAME"].title())
        numbers = (_system_number(item["PLAYER"][0]), _system_number(item["PLAYER"][1]))
        figure = float(item["TOTAL_SCORE"]) if imp_event else float(item["PERCENTAGE"])
        pairs[item["PAIR_NUMBER"]] = {
            "position": int(item["PLACE"]),
            "figure": figure,
            "direction": item.get("DIRECTION"),
            "names": names,
            "numbers": numbers,
        }
    lines = []
    for board in event["BOARD"]:
        number = int(board.get("BOARD_NUMBER"))
        for line in board.get("TRAVELLER_LINE"):
            ns, ew = line.get("NS_PAIR_NUMBER"), line.get("EW_PAIR_NUMBER")
            assert ns in pairs and ew in pairs, f"board {number}: {ns} v {ew} are not participants"
            score = line.get("SCORE")
            if imp_event:
                figure = float(line.get(COBALT_IMP_KEYS[event_type], 0))
            else:
                ns_mp, ew_mp = float(line.get("NS_MATCH_POINTS")), float(line.get("EW_MATCH_POINTS"))
                figure = 50.0 if ns_mp + ew_mp == 0 else ns_mp / (ns_mp + ew_mp) * 100
            if score and score[0] == "A":
                figure = int(score[1:3]) if not imp_event else figure  # Cobalt shows A6040 as 60%
            else:
                int(score)
            lines.append((number, ns, ew, score, figure))
    hands = {}
    if "HANDSET" not in usebio or "BOARD" not in usebio["HANDSET"]:  # Cobalt says "no board data"
        return {"event_type": event_type, "pairs": pairs, "lines": lines, "hands": hands}
    for board in usebio["HANDSET"]["BOARD"]:
        hands[int(board["BOARD_NUMBER"])] = {
            hand["DIRECTION"]: [hand[suit] for suit in SUITS] for hand in board["HAND"]
        }
        assert set(hands[int(board["BOARD_NUMBER"])]) == {"North", "East", "South", "West"}
    return {"event_type": event_type, "pairs": pairs, "lines": lines, "hands": hands}


PLAYED = [  # board, NS pair, EW pair, contract, declarer, tricks
    (1, 1, 1, "3NT", "N", "9"),
    (1, 2, 2, "4S", "N", "9"),
    (1, 3, 3, "2H", "E", "9"),
    (2, 1, 2, "Pass", "", ""),
    (2, 2, 3, "1NT", "S", "8"),
    (3, 1, 3, "4H", "S", "11"),
    (3, 3, 2, "2H", "S", "10"),
]


@pytest.fixture
def night(mitchell_session: Session) -> Session:
    """A night as most are: played boards, an Average-plus/minus and an assigned score."""
    session = mitchell_session
    Player.objects.filter(name="Ann North").update(federation_number="1001")
    Player.objects.filter(name="Gus East").update(federation_number="2002")
    pair = lambda direction, number: session.pairs.get(direction=direction, number=number)  # noqa: E731
    for board, ns, ew, contract, declarer, tricks in PLAYED:
        entry = ResultEntry(pair("NS", ns), pair("EW", ew), contract, declarer, tricks)
        result_record(board=session.boards.get(number=board), entry=entry)
    result_adjust(
        board=session.boards.get(number=2), entry=AdjustedEntry(pair("NS", 3), pair("EW", 1), "A+", "A-")
    )
    parts = (AssignedPart("30%", "4H", "S", "10"), AssignedPart("70%", "4H", "S", "9"))
    result_assign(
        board=session.boards.get(number=3), entry=AssignedEntry(pair("NS", 2), pair("EW", 1), parts)
    )
    return session


@pytest.mark.parametrize("scoring", ["mp", "cross_imps", "butler"])
def test_cobalt_reads_a_night_with_adjusted_and_assigned_scores(night, scoring):
    session = session_set_scoring(session=night, scoring=scoring)
    read = cobalt_reads(session_usebio_bytes(session))
    assert (
        read["event_type"] == {"mp": "MP_PAIRS", "cross_imps": "CROSS_IMP", "butler": "BUTLER_PAIRS"}[scoring]
    )
    for standing in Standing.objects.filter(pair__session=session).select_related("pair"):
        shown = read["pairs"][f"{standing.pair.number}{standing.pair.direction}"]
        assert shown["position"] == standing.rank
        assert shown["direction"] == standing.pair.direction
        expected = standing.imps if session.is_imps else standing.percentage
        assert shown["figure"] == pytest.approx(expected, abs=0.005)
    assert read["pairs"]["1NS"]["numbers"] == (1001, None) and read["pairs"]["1EW"]["numbers"] == (2002, None)
    results = {
        (r.board.number, f"{r.ns_pair.number}NS", f"{r.ew_pair.number}EW"): r
        for r in Result.objects.filter(board__session=session).select_related("board", "ns_pair", "ew_pair")
    }
    assert len(read["lines"]) == len(results) == 9
    for number, ns, ew, score, figure in read["lines"]:
        result = results[(number, ns, ew)]
        if result.ns_adjustment:
            assert score == "A6040"
        elif result.assigned:
            assert score == f"A{round(result.ns_percentage):02d}{round(result.ew_percentage):02d}"
        else:
            assert int(score) == result.ns_score
        if session.is_imps:
            assert figure == pytest.approx(result.ns_imps, abs=0.005)
        elif not score.startswith("A"):
            assert figure == pytest.approx(result.ns_percentage, abs=0.005)
    assert sorted(read["hands"]) == [1, 2, 3]
    board = session.boards.get(number=1)
    assert ".".join(reversed(read["hands"][1]["North"])) == board.north


def test_a_night_with_an_average_plus_exports_and_reads_back_the_same(night, club):
    from tournaments.core.models import Club

    other = Club.objects.create(name="Hillside Bridge Club", slug="hillside")
    night.pairs.get(direction="NS", number=2).ns_results.filter(assigned__isnull=False).delete()
    board = night.boards.get(number=3)  # the assigned score is replaced by a played result
    result_record(
        board=board,
        entry=ResultEntry(
            night.pairs.get(direction="NS", number=2),
            night.pairs.get(direction="EW", number=1),
            "4H",
            "S",
            "10",
        ),
    )
    imported = usebio_import(club=other, data=session_usebio_bytes(night))
    assert imported.differences == []
    adjusted = Result.objects.get(board__session=imported.session, ns_score__isnull=True)
    assert (adjusted.board.number, adjusted.ns_adjustment, adjusted.ew_adjustment) == (2, "A+", "A-")

    def figures(session: Session) -> list[tuple]:
        return sorted(
            Standing.objects.filter(pair__session=session).values_list(
                "pair__direction", "pair__number", "rank", "tied", "percentage"
            )
        )

    assert figures(imported.session) == figures(night)


def test_an_assigned_score_leaves_as_its_percentages_which_clubscore_cannot_read_back(night, club):
    from django.core.exceptions import ValidationError

    from tournaments.core.models import Club

    other = Club.objects.create(name="Hillside Bridge Club", slug="hillside")
    data = session_usebio_bytes(night)
    assigned = Result.objects.get(board__session=night, assigned__isnull=False)
    code = f"A{round(assigned.ns_percentage):02d}{round(assigned.ew_percentage):02d}"
    assert f"<SCORE>{code}</SCORE>".encode() in data
    with pytest.raises(ValidationError, match="Board 3, line 2 \\(2 NS v 1 EW\\): an adjusted score of"):
        usebio_import(club=other, data=data)
    assert not Session.objects.filter(club=other).exists()


@pytest.mark.parametrize(
    "name", ["compscore-cross-imp-howell.xml", "compscore-butler-mitchell.xml", "scorer-handicap-pairs.xml"]
)
def test_a_real_file_imported_exports_to_cobalt_and_back_with_the_same_figures(club, name):
    from tournaments.core.models import Club

    original = read_usebio((FIXTURES / name).read_bytes())
    session = usebio_import(club=club, data=(FIXTURES / name).read_bytes()).session
    exported = session_usebio_bytes(session)
    read = cobalt_reads(exported)
    stated = {pair.key.compact: pair for pair in original.pairs}
    for number, shown in read["pairs"].items():
        pair = stated[number]
        assert shown["position"] == pair.place
        if original.event_type == "MP_PAIRS":  # the file's own: a handicap event's written as Scorer does
            assert shown["figure"] == pytest.approx(pair.percentage, abs=0.011)
        else:
            assert shown["figure"] == pytest.approx(pair.total_score, abs=0.006)
    other = Club.objects.create(name="Hillside Bridge Club", slug="hillside")
    assert usebio_import(club=other, data=exported).differences == []
