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
(Mitchell, sections, Howell, IMP pairs, and the teams nights by a teams file:
``import_teams``); a file carries no hands here, so an imported evening's
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

    A Mitchell of t tables (each section of one): at round r, NS pair i meets EW pair
    (i + r - 2) mod t + 1 on the round's boards (a file need not share boards out as a room
    must), so each pair meets each board once and each EW pair each NS pair once. A Howell
    (2 tables, 4 pairs): the three ways of splitting four pairs, one a round, both tables on
    the round's boards."""
    per = night.boards_per_round
    tables: list[tuple[int, int, Key, Key, list[int]]] = []
    if night.direction("NS"):  # a Mitchell, or Mitchell sections (each its own, on boards 1 up)
        for letter, count in getattr(night, "sections", (("", night.tables),)):
            for round_ in range(1, (night.rounds or count) + 1):
                for table in range(1, count + 1):
                    ew = (table + round_ - 2) % count + 1
                    board_set = round_ - 1  # on paper: every table plays the round's boards
                    boards = list(range(board_set * per + 1, board_set * per + per + 1))
                    ns_key, ew_key = ("NS", f"{letter}{table}"), ("EW", f"{letter}{ew}")
                    tables.append((round_, table, ns_key, ew_key, boards))
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
    sections = sorted({_section(ns) for _r, _t, ns, _ew, _b in plan})
    given = iter(names)
    for letter in sections:
        # A file of sections holds each in its <SECTION>, its pairs named "(A) 1 NS".
        container = ET.SubElement(event, "SECTION", SECTION_ID=letter) if letter else event
        participants = ET.SubElement(container, "PARTICIPANTS")
        keys = sorted(
            {key for _r, _t, ns, ew, _b in plan for key in (ns, ew) if _section(key) == letter},
            key=lambda k: (int(k[1].lstrip(letter)), k[0] != "NS"),
        )
        for key in keys:
            pair = ET.SubElement(participants, "PAIR")
            ET.SubElement(pair, "PAIR_NUMBER").text = _written(key)
            if key[0]:
                ET.SubElement(pair, "DIRECTION").text = key[0]
            for _ in range(2):
                player = ET.SubElement(pair, "PLAYER")
                ET.SubElement(player, "PLAYER_NAME").text = next(given)
        by_board: dict[int, list[tuple[int, Key, Key]]] = {}
        for _round, table, ns, ew, boards in plan:
            if _section(ns) == letter:
                for board in boards:
                    by_board.setdefault(board, []).append((table, ns, ew))
        for number in sorted(by_board):
            board = ET.SubElement(container, "BOARD")
            ET.SubElement(board, "BOARD_NUMBER").text = str(number)
            for table, ns, ew in by_board[number]:
                played = result_for(number, table)
                line = ET.SubElement(board, "TRAVELLER_LINE")
                ET.SubElement(line, "NS_PAIR_NUMBER").text = _written(ns)
                ET.SubElement(line, "EW_PAIR_NUMBER").text = _written(ew)
                ET.SubElement(line, "CONTRACT").text = played.contract.upper()
                if played.contract != "Pass":
                    ET.SubElement(line, "PLAYED_BY").text = played.declarer
                    ET.SubElement(line, "TRICKS").text = str(played.tricks)
                ET.SubElement(line, "SCORE").text = str(played.ns_score(number))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _section(key: Key) -> str:
    return key[1].rstrip("0123456789")


def _written(key: Key) -> str:
    """A pair as a scorer's file names it: ``3`` (Howell), ``3 NS``, ``(A) 3 NS`` (a section's)."""
    letter = _section(key)
    number = f"{key[1][len(letter) :]} {key[0]}".strip()
    return f"({letter}) {number}" if letter else number


def through_the_page(walk: Walk, kind: str, data: bytes, file_name: str, name: str) -> str:
    """Upload ``data`` on the USEBIO page, read its preview, confirm it; the confirm's answer.

    ``kind`` names the steps ("teams ": "USEBIO teams preview"), a pairs file's ""."""
    url = reverse("director:exchange:usebio_upload")
    form = walk.form("USEBIO import", url, url)
    upload = SimpleUploadedFile(file_name, data, content_type="application/xml")
    typed = form.data(name=name, file=upload)  # type: ignore[arg-type]
    preview = walk.post(f"USEBIO {kind}preview", url, typed, status=200).content.decode()
    walk._read_page(f"USEBIO {kind}preview", preview, who="director")
    confirm = form_posting_to(preview, url, reverse("director:exchange:usebio_confirm"))
    done = walk.post(f"USEBIO {kind}confirm", confirm.action, confirm.data(), status=200).content.decode()
    walk._read_page(f"USEBIO {kind}imported", done, who="director")
    return done


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
    done = through_the_page(walk, "", data, "walk.xml", f"Walk {night.name}")
    found = re.search(r'href="/director/sessions/(\d+)/"', done)
    if found is None:
        raise WalkStopped("the USEBIO import's answer links no session")
    walk.session_id = int(found[1])


def teams_draw(night) -> list[list[tuple[int, int | None]]]:
    """The walk's own draw of a teams night, round by round: (home, away or None for a bye).

    Four teams in a Swiss: 1 v 2 and 3 v 4, then the winners' way is not the walk's to guess,
    so round 2 is 1 v 3 and 2 v 4 (a scorer's file states its draw). Three teams in a round
    robin: each pair of teams once, the third sitting out."""
    if night.form == "swiss":
        rounds = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
        return [list(r) for r in rounds[: night.round_total(None)]]
    assert night.teams == 3, "the walk draws a round robin of three teams only"
    return [[(1, 2), (3, None)], [(1, 3), (2, None)], [(2, 3), (1, None)]]


def teams_usebio_file(night, names: list[str], date) -> tuple[bytes, list[tuple[int, int, int, Entry]]]:
    """A teams night as a scorer's teams USEBIO file, and its results: (round, match, table, entry).

    The home team sits North-South in the open room (the match's first table), the away
    team in the closed room; each table's result is ``result_for(board, table)``."""
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="SWISS_TEAMS" if night.form == "swiss" else "TEAMS")
    ET.SubElement(event, "PROGRAM_NAME").text = "The walk"
    ET.SubElement(event, "EVENT_DESCRIPTION").text = f"Walk {night.name}"
    ET.SubElement(event, "DATE").text = f"{date:%d/%m/%Y}"
    ET.SubElement(event, "BOARDS_PER_MATCH").text = str(night.boards_per_round)
    ET.SubElement(event, "MATCH_SCORING_METHOD").text = "VPS"
    participants = ET.SubElement(event, "PARTICIPANTS")
    given = iter(names)
    for number in range(1, night.teams + 1):
        team = ET.SubElement(participants, "TEAM", TEAM_ID=str(number))
        ET.SubElement(team, "TEAM_NAME").text = f"Walkers {number}"
        for _ in range(4):
            player = ET.SubElement(team, "PLAYER")
            ET.SubElement(player, "PLAYER_NAME").text = next(given)
    played: list[tuple[int, int, int, Entry]] = []
    for round_, draw in enumerate(teams_draw(night), start=1):
        matches = [m for m in draw if m[1] is not None]
        for index, (home, away) in enumerate(draw, start=1):
            match = ET.SubElement(event, "MATCH")
            ET.SubElement(match, "ROUND_NUMBER").text = str(round_)
            ET.SubElement(match, "TEAM").text = str(home)
            if away is None:
                continue
            ET.SubElement(match, "TABLE_NUMBER").text = str(index)
            ET.SubElement(match, "OPPOSING_TEAM").text = str(away)
            assert (home, away) == matches[index - 1]
            for board_number in range(1, night.boards_per_round + 1):
                board = ET.SubElement(match, "BOARD")
                ET.SubElement(board, "BOARD_NUMBER").text = str(board_number)
                for room, table, ns, ew in (
                    ("OPEN", 2 * index - 1, home, away),
                    ("CLOSED", 2 * index, away, home),
                ):
                    result = result_for(board_number, table)
                    line = ET.SubElement(board, "TRAVELLER_LINE")
                    ET.SubElement(line, "ROOM").text = room
                    ET.SubElement(line, "NS_TEAM").text = str(ns)
                    ET.SubElement(line, "EW_TEAM").text = str(ew)
                    ET.SubElement(line, "CONTRACT").text = result.contract.upper()
                    if result.contract != "Pass":
                        ET.SubElement(line, "PLAYED_BY").text = result.declarer
                        ET.SubElement(line, "TRICKS").text = str(result.tricks)
                    ET.SubElement(line, "SCORE").text = str(result.ns_score(board_number))
                    pairs = (("", str(2 * table - 1)), ("", str(2 * table)))
                    played.append((round_, index, table, Entry(board_number, *pairs, result)))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True), played


def import_teams(walk: Walk) -> None:
    """The director imports the teams night's USEBIO file (upload, preview, confirm); the event it
    makes is the evening's, its rounds' sessions where the corrections are made."""
    from tests.walk.evening import night_of
    from tests.walk.nights import player_names

    night = night_of(walk)
    walk.facts["date"] = timezone.localdate()
    data, played = teams_usebio_file(night, player_names(night.players), walk.facts["date"])
    walk.facts["entries"] = [entry for *_where, entry in played]
    walk.facts["round of"] = {id(entry): (round_, table) for round_, _m, table, entry in played}
    done = through_the_page(walk, "teams ", data, "walk-teams.xml", f"Walk {night.name}")
    found = re.search(r'href="/director/teams/(\d+)/"', done)
    if found is None:
        raise WalkStopped("the teams USEBIO import's answer links no event")
    walk.facts["event"] = int(found[1])
    page = walk.get(
        "teams event", reverse("director:teams_event", args=[walk.facts["event"]])
    ).content.decode()
    walk.facts["rounds"] = {}
    for number in range(1, len(teams_draw(night)) + 1):
        session = re.search(rf'id="round-{number}".*?/director/sessions/(\d+)/"', page, re.S)
        if session is None:
            raise WalkStopped(f"the imported event's page links no session of round {number}")
        walk.facts["rounds"][number] = int(session[1])


def _individual_table(walk: Walk, session_id: int, name: str) -> str:
    """The public individual standings' table of a session, as its players read it."""
    page = walk.get(name, reverse("individual_standings", args=[session_id]), who="public").content.decode()
    table = re.search(r'<table id="individual-standings".*?</table>', page, re.S)
    return table.group(0) if table else ""


def reimport_individual(walk: Walk, data: bytes) -> None:
    """The individual's USEBIO download imported again on the USEBIO page (upload, its preview,
    confirm), as a director moving the evening to another site would: the copy's individual
    standings are the evening's, player for player. The copy is then deleted, so the evening
    stays the club's one session for the steps after."""
    done = through_the_page(walk, "individual ", data, "individual.xml", "Walk individual, imported")
    found = re.search(r'href="/director/sessions/(\d+)/"', done)
    if found is None:
        raise WalkStopped("the individual USEBIO import's answer links no session")
    copy = int(found[1])
    if walk.session_id is None:
        raise WalkStopped("no evening to compare the imported individual with")
    ours = _individual_table(walk, walk.session_id, "individual standings")
    if "<td" not in ours:
        raise WalkStopped("the evening's individual standings show no player to compare the import with")
    theirs = _individual_table(walk, copy, "imported individual standings")
    walk.figure("the imported individual's standings", theirs, ours)
    delete = reverse("director:session_delete", args=[copy])
    walk.post("delete the imported individual", delete, {"confirm": "yes"})
