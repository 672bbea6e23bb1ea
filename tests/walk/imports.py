"""Entry by import: the evening's results come in as a file another scorer wrote, not by phones or grid.

The walk plays the night on paper (``schedule``: who meets whom on which boards, each
table's result by ``entries.result_for``), writes it as a USEBIO 1.2 file as a scorer
would (its pairs, their players by the member list's names, every traveller line with
its contract, declarer, tricks and North-South score; no figure of its own, so nothing
the import reads back is ClubScore's), and the director imports it on the USEBIO page:
upload, preview, confirm. The session the import makes is then the evening's: the
correction, the adjustment, finish, reopen and every later step go on from it, and its
figures are checked against ``rules.py`` from the planned results, as a played night's.

A night whose kind the walk can write offers ``"import"`` among its ``entries``
(Mitchell, Howell and IMP pairs); a file carries no hands here, so an imported evening's
boards are the file's, not dealt (``dimensions.allowed``).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.walk.entries import Entry, result_for
from tests.walk.forms import form_posting_to
from tests.walk.walk import Walk, WalkStopped

Key = tuple[str, str]


def schedule(night) -> list[tuple[int, int, Key, Key, list[int]]]:
    """(round, table, NS pair, EW pair, boards) of every table of every round, the walk's own plan.

    A Mitchell of t tables: at round r, NS pair i meets EW pair (i + r - 2) mod t + 1 on board
    set (i - r) mod t + 1, so each pair plays every set once and every set is played once a
    round. A Howell (2 tables, 4 pairs): the three ways of splitting four pairs, one a round,
    both tables on the round's boards."""
    per = night.boards_per_round
    tables: list[tuple[int, int, Key, Key, list[int]]] = []
    if night.direction("NS"):  # a Mitchell
        count = night.tables
        for round_ in range(1, (night.rounds or count) + 1):
            for table in range(1, count + 1):
                ew = (table + round_ - 2) % count + 1
                board_set = (table - round_) % count
                boards = list(range(board_set * per + 1, board_set * per + per + 1))
                tables.append((round_, table, ("NS", str(table)), ("EW", str(ew)), boards))
        return tables
    meetings = [((1, 2), (3, 4)), ((1, 3), (4, 2)), ((1, 4), (2, 3))]
    for round_, pairs in enumerate(meetings, start=1):
        boards = list(range((round_ - 1) * per + 1, round_ * per + 1))
        for table, (ns, ew) in enumerate(pairs, start=1):
            tables.append((round_, table, ("", str(ns)), ("", str(ew)), boards))
    return tables


def usebio_file(night, names: list[str], plan, date) -> bytes:
    """The plan as a scorer's USEBIO 1.2 file: participants, then each board's traveller lines."""
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(
        root, "EVENT", EVENT_TYPE="CROSS_IMP" if night.scoring == "cross_imps" else "MP_PAIRS"
    )
    ET.SubElement(event, "PROGRAM_NAME").text = "The walk"
    ET.SubElement(event, "EVENT_DESCRIPTION").text = f"Walk {night.name}"
    ET.SubElement(event, "DATE").text = f"{date:%d/%m/%Y}"
    participants = ET.SubElement(event, "PARTICIPANTS")
    keys = sorted(
        {key for _r, _t, ns, ew, _b in plan for key in (ns, ew)}, key=lambda k: (int(k[1]), k[0] != "NS")
    )
    given = iter(names)
    for direction, number in keys:
        pair = ET.SubElement(participants, "PAIR")
        ET.SubElement(pair, "PAIR_NUMBER").text = f"{number} {direction}".strip()
        if direction:
            ET.SubElement(pair, "DIRECTION").text = direction
        for _ in range(2):
            player = ET.SubElement(pair, "PLAYER")
            ET.SubElement(player, "PLAYER_NAME").text = next(given)
    by_board: dict[int, list[tuple[int, Key, Key]]] = {}
    for _round, table, ns, ew, boards in plan:
        for board in boards:
            by_board.setdefault(board, []).append((table, ns, ew))
    for number in sorted(by_board):
        board = ET.SubElement(event, "BOARD")
        ET.SubElement(board, "BOARD_NUMBER").text = str(number)
        for table, ns, ew in by_board[number]:
            played = result_for(number, table)
            line = ET.SubElement(board, "TRAVELLER_LINE")
            ET.SubElement(line, "NS_PAIR_NUMBER").text = f"{ns[1]} {ns[0]}".strip()
            ET.SubElement(line, "EW_PAIR_NUMBER").text = f"{ew[1]} {ew[0]}".strip()
            ET.SubElement(line, "CONTRACT").text = played.contract.upper()
            if played.contract != "Pass":
                ET.SubElement(line, "PLAYED_BY").text = played.declarer
                ET.SubElement(line, "TRICKS").text = str(played.tricks)
            ET.SubElement(line, "SCORE").text = str(played.ns_score(number))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def import_evening(walk: Walk) -> None:
    """The director imports the night's USEBIO file: upload, its preview, confirm; the session it
    makes is the evening's from here on."""
    from tests.walk.evening import night_of
    from tests.walk.nights import player_names

    night = night_of(walk)
    walk.facts["date"] = timezone.localdate()
    plan = schedule(night)
    data = usebio_file(night, player_names(night.players), plan, walk.facts["date"])
    walk.facts["entries"] = [
        Entry(board, ns, ew, result_for(board, table))
        for _r, table, ns, ew, boards in plan
        for board in boards
    ]
    walk.facts["boards"] = max(board for *_rest, boards in plan for board in boards)
    url = reverse("director:exchange:usebio_upload")
    form = walk.form("USEBIO import", url, url)
    upload = SimpleUploadedFile("walk.xml", data, content_type="application/xml")
    typed = form.data(name=f"Walk {night.name}", file=upload)  # type: ignore[arg-type]
    preview = walk.post("USEBIO preview", url, typed, status=200).content.decode()
    walk._read_page("USEBIO preview", preview, who="director")
    confirm_url = reverse("director:exchange:usebio_confirm")
    confirm = form_posting_to(preview, url, confirm_url)
    done = walk.post("USEBIO confirm", confirm.action, confirm.data(), status=200).content.decode()
    walk._read_page("USEBIO imported", done, who="director")
    found = re.search(r'href="/director/sessions/(\d+)/"', done)
    if found is None:
        raise WalkStopped("the USEBIO import's answer links no session")
    walk.session_id = int(found[1])
