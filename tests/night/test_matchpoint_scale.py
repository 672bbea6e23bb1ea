"""A club prints matchpoints at 2 a pair beaten and 1 a tie (the tops EBU and ABF clubs print) or at
ClubScore's 1 and ½: the pages' figures, totals and tops follow, the percentages do not (issue 45, 8).

Compscore writes its figures at 2 a pair beaten: on that scale ClubScore's pages print exactly the
file's own traveller matchpoints and pair totals (``TOTAL_SCORE``), read here with ElementTree.
"""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from tests.exchange.usebio_files import fixture_bytes
from tournaments.bridge.matchpoints import board_top, on_scale
from tournaments.core.models import Club
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import Standing

pytestmark = pytest.mark.django_db

FILE = "compscore-mp-mitchell.xml"


def _file_totals() -> dict[str, str]:
    root = ET.fromstring(fixture_bytes(FILE))
    return {
        pair.findtext("PAIR_NUMBER").replace("NS", " NS").replace("EW", " EW"): pair.findtext("TOTAL_SCORE")
        for pair in root.iter("PAIR")
    }


def _cells(page: str, label: str) -> list[str]:
    """The number cells of the pair's row in the standings tables."""
    standings = "".join(re.findall(r'<table class="standings">(.*?)</table>', page, re.S))
    row = re.search(rf"<td>{label}</td>(.*?)</tr>", standings, re.S)
    return re.findall(r'<td class="num">([^<]*)</td>', row.group(1))


def _file_top() -> int:
    """Compscore's top, 2 a pair beaten: the NS and EW matchpoints of a played line add up to it."""
    line = next(ET.fromstring(fixture_bytes(FILE)).iter("TRAVELLER_LINE"))
    return int(float(line.findtext("NS_MATCH_POINTS")) + float(line.findtext("EW_MATCH_POINTS")))


@pytest.mark.parametrize("scale", [1, 2])
def test_the_standings_print_totals_and_the_top_on_the_clubs_scale_and_the_same_percentages(
    club, director_client, scale
):
    Club.objects.filter(pk=club.pk).update(matchpoint_scale=scale)
    session = usebio_import(club=club, data=fixture_bytes(FILE)).session
    page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    standings = Standing.objects.filter(session=session).select_related("pair")
    for standing in standings:
        boards, matchpoints, percentage = _cells(page, standing.pair.label)
        assert float(matchpoints) == pytest.approx(on_scale(standing.matchpoints, scale), abs=0.05)
        assert percentage == f"{standing.percentage:.2f}"
        if scale == 2:  # Compscore's own totals, as its file states them
            assert float(matchpoints) == pytest.approx(float(_file_totals()[standing.pair.label]), abs=0.05)
    top = _file_top() * scale // 2  # 10 on Compscore's scale, 5 on ClubScore's
    assert f"a full board's top is {top}." in page
    session.refresh_from_db()
    assert top == board_top(session.scored_full_count, scale)


def test_the_board_page_prints_each_lines_matchpoints_as_compscores_traveller_on_the_scale_of_2(
    club, director_client
):
    Club.objects.filter(pk=club.pk).update(matchpoint_scale=2)
    session = usebio_import(club=club, data=fixture_bytes(FILE)).session
    page = director_client.get(reverse("director:board", args=[session.pk, 1])).content.decode()
    board = next(
        board
        for board in ET.fromstring(fixture_bytes(FILE)).iter("BOARD")
        if board.findtext("BOARD_NUMBER") == "1" and board.find("TRAVELLER_LINE") is not None
    )
    for line in board.iter("TRAVELLER_LINE"):
        ns = line.findtext("NS_PAIR_NUMBER").replace("NS", " NS")
        row = re.search(rf"<td>{ns}</td>(.*?)</tr>", page, re.S).group(1)
        printed = re.findall(r'<td class="num">([^<]*)</td>', row)
        assert [float(printed[1]), float(printed[2])] == [
            float(line.findtext("NS_MATCH_POINTS")),
            float(line.findtext("EW_MATCH_POINTS")),
        ]


def test_the_director_chooses_the_scale_on_the_clubs_settings_page(club, director_client):
    url = reverse("director:club_settings", args=[club.slug])
    assert "2 a pair beaten, 1 a tie" in director_client.get(url).content.decode()
    response = director_client.post(url, {"federation": "", "language": "en", "matchpoint_scale": "2"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.matchpoint_scale == 2
    refused = director_client.post(url, {"federation": "", "language": "en", "matchpoint_scale": "3"})
    assert refused.status_code == 400 and Club.objects.get(pk=club.pk).matchpoint_scale == 2


def _board_one_lines() -> dict[str, tuple[float, float]]:
    """Compscore's traveller of board 1 (2 a pair beaten): each NS pair's line's NS and EW matchpoints."""
    board = next(
        board
        for board in ET.fromstring(fixture_bytes(FILE)).iter("BOARD")
        if board.findtext("BOARD_NUMBER") == "1" and board.find("TRAVELLER_LINE") is not None
    )
    return {
        line.findtext("NS_PAIR_NUMBER").replace("NS", " NS"): (
            float(line.findtext("NS_MATCH_POINTS")),
            float(line.findtext("EW_MATCH_POINTS")),
        )
        for line in board.iter("TRAVELLER_LINE")
    }


def test_the_public_board_page_and_the_downloads_print_the_clubs_scale(club, client, director_client):
    """The public traveller, the traveller's and the standings' CSV printed 1 a pair beaten on a
    club of 2: each line and total now reads as Compscore's own file (issue 45, 8)."""
    Club.objects.filter(pk=club.pk).update(matchpoint_scale=2)
    session = usebio_import(club=club, data=fixture_bytes(FILE)).session
    director_client.post(reverse("director:state", args=[session.pk]), {"action": "finish", "confirm": "yes"})
    expected = _board_one_lines()
    page = client.get(reverse("board", args=[session.pk, 1])).content.decode()
    for ns, figures in expected.items():
        row = re.search(rf'data-label="NS"><a [^>]*>{ns}</a></td>(.*?)</tr>', page, re.S).group(1)
        printed = re.findall(r'<td class="num" data-label="[^"]*MP">([^<]*)</td>', row)
        assert tuple(float(cell) for cell in printed) == figures
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("traveller_csv", args=[session.pk, 1])).content.decode("utf-8-sig")
            )
        )
    )
    header = rows[0]
    for row in rows[1:]:
        line = dict(zip(header, row, strict=True))
        assert (float(line["NS MP"]), float(line["EW MP"])) == expected[f"{line['NS']}"]
    totals = _file_totals()
    rows = list(
        csv.reader(
            io.StringIO(client.get(reverse("standings_csv", args=[session.pk])).content.decode("utf-8-sig"))
        )
    )
    for row in rows[1:]:
        line = dict(zip(rows[0], row, strict=True))
        assert float(line["MP"]) == pytest.approx(float(totals[line["Pair"]]), abs=0.05)
