"""A real USEBIO file's figures read with the standard library alone, to check an import against.

Independent of ClubScore's reader: each fixture (``tests/fixtures/usebio/README.md`` names
its source) is read here with ElementTree, and what ClubScore stored is compared with it:
every NS score, every line's matchpoints (as a share of the board's top) or IMPs, every
pair's percentage or IMPs. A fixture named ``.gz`` is a whole file kept compressed.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from tournaments.night.models import Result, Session, Standing

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "usebio"
PAIR_ID = re.compile(r"^(?:\((?P<section>\w)\) )?(?P<number>\d+) ?(?P<direction>NS|EW)?$")
SECTION_NUMBERING = 100


def session_pair(
    text: str, sections: list[str], side: str, mitchell: set[tuple[str, int]]
) -> tuple[str, int]:
    """(direction, number) of a file's pair in the session, worked out here from the file's text."""
    match = PAIR_ID.match(text.strip())
    section, number = match["section"] or "", int(match["number"])
    direction = match["direction"] or (side if (section, number) in mitchell else "")
    if len(sections) > 1:
        number += SECTION_NUMBERING * (sections.index(section) + 1)
    return direction, number


def fixture_bytes(name: str) -> bytes:
    """The fixture's bytes, as its source wrote them (a ``.gz`` one unpacked)."""
    data = (FIXTURES / name).read_bytes()
    return gzip.decompress(data) if name.endswith(".gz") else data


def file_figures(name: str) -> dict:
    """The file's pairs and lines, read with ElementTree alone."""
    root = ET.fromstring(fixture_bytes(name))
    event = root.find("EVENT")
    containers = event.findall("SECTION") or [event]
    sections = [container.get("SECTION_ID", "") for container in containers]
    pairs, lines = {}, []
    for container in containers:
        for pair in container.findall("PARTICIPANTS/PAIR"):
            pairs[pair.findtext("PAIR_NUMBER")] = pair
    mitchell = {
        ((m["section"] or ""), int(m["number"]))
        for m in (PAIR_ID.match(text) for text in pairs)
        if m["direction"] or pairs[m.string].findtext("DIRECTION")
    }
    for container in containers:
        for board in container.findall("BOARD"):
            for line in board.findall("TRAVELLER_LINE"):
                lines.append((board, line))
    return {"event": event, "sections": sections, "pairs": pairs, "lines": lines, "mitchell": mitchell}


def _stored_result(session: Session, file: dict, board: ET.Element, line: ET.Element) -> Result:
    ns = session_pair(line.findtext("NS_PAIR_NUMBER"), file["sections"], "NS", file["mitchell"])
    ew = session_pair(line.findtext("EW_PAIR_NUMBER"), file["sections"], "EW", file["mitchell"])
    return Result.objects.get(
        board__session=session,
        board__number=int(board.findtext("BOARD_NUMBER")),
        ns_pair__direction=ns[0],
        ns_pair__number=ns[1],
        ew_pair__direction=ew[0],
        ew_pair__number=ew[1],
    )


def _top(board: ET.Element) -> float:
    sums = Counter(
        float(line.findtext("NS_MATCH_POINTS")) + float(line.findtext("EW_MATCH_POINTS"))
        for line in board.findall("TRAVELLER_LINE")
        if not line.findtext("SCORE").startswith("A")
    )
    return sums.most_common(1)[0][0]


def _matchpoints_gap(file: dict, board: ET.Element, line: ET.Element, result: Result) -> bool:
    """Whether ClubScore's NS percentage is not the line's matchpoints, on the file's scorer's scale.

    Compscore writes a board played at fewer tables on its own top (5 results: 8) and
    its totals scale it to the full top by Neuberg's formula, (mp + 1) x N / n - 1 with 2
    a pair beaten: a played line's figure is put there first. Others: the board's top.
    """
    top, points = _top(board), float(line.findtext("NS_MATCH_POINTS"))
    full = max(
        _top(other) for other in file["event"].iter("BOARD") if other.find("TRAVELLER_LINE") is not None
    )
    compscore = file["event"].findtext("PROGRAM_NAME", "").startswith("Compscore")
    if compscore and top < full and not line.findtext("SCORE").startswith("A"):
        points = (points + 1) * (full / 2 + 1) / (top / 2 + 1) - 1
        top = full
    return abs(result.ns_percentage * top / 100 - points) > 0.1001


def line_gaps(session: Session, file: dict) -> set[tuple[int, str, str]]:
    """(board, NS pair, what) of each line whose score or figure is not the file's, worked out here."""
    kind = file["event"].get("EVENT_TYPE")
    gaps = set()
    for board, line in file["lines"]:
        result = _stored_result(session, file, board, line)
        where = (int(board.findtext("BOARD_NUMBER")), line.findtext("NS_PAIR_NUMBER").replace(" ", ""))
        score = line.findtext("SCORE")
        if not score.startswith("A") and result.ns_score != int(score):
            gaps.add((*where, "score"))
        if kind in ("MP_PAIRS", "PAIRS"):
            if _matchpoints_gap(file, board, line, result):
                gaps.add((*where, "points"))
        elif kind == "CROSS_IMP":
            if abs(result.ns_imps - float(line.findtext("NS_CROSS_IMP_POINTS"))) > 0.006:
                gaps.add((*where, "points"))
        # Butler: the stored IMPs, scored against the file's datum.
        elif not score.startswith("A") and result.ns_imps != float(line.findtext("NS_BUTLER_POINTS")):
            gaps.add((*where, "points"))
    return gaps


LISTED_LINE = re.compile(
    r"^Board (\d+)(?: of section \w)?, line \d+ \((.+?) v .+?\): the file (scores|gives)"
)


def listed(differences: list[str]) -> set[tuple[int, str, str]]:
    """The lines the import lists as differing, in ``line_gaps``' terms."""
    listed = set()
    for difference in differences:
        match = LISTED_LINE.match(difference)
        if match:
            what = "score" if match[3] == "scores" else "points"
            listed.add((int(match[1]), match[2].replace(" ", ""), what))
    return listed


def pair_gaps(session: Session, file: dict) -> list[str]:
    """Pairs whose percentage (with half any handicap) or IMPs are not the file's."""
    imp_event = file["event"].get("EVENT_TYPE") in ("CROSS_IMP", "BUTLER_PAIRS")
    gaps = []
    for text, pair in file["pairs"].items():
        direction, number = session_pair(text, file["sections"], pair.findtext("DIRECTION") or "", set())
        standing = Standing.objects.get(pair__session=session, pair__direction=direction, pair__number=number)
        if imp_event:
            if abs(standing.imps - float(pair.findtext("TOTAL_SCORE"))) > 0.006:
                gaps.append(text)
            continue
        ours = standing.percentage + float(pair.findtext("HANDICAP") or 0) / 2
        if abs(ours - float(pair.findtext("PERCENTAGE"))) > 0.006:
            gaps.append(text)
    return gaps
