"""A session of sections names its tables and pairs by section everywhere (issue 45, item 3).

Section k's tables and pairs are stored from 100 k (A3 is table 103, NS B2 pair 202): the
numbers a page or a phone shows are the section's (``A3``, ``NS B2``). The walk below opens
every page, phone and file of a two-section night with unequal sections (A of 5 tables, B
of 3) and looks for the stored numbers in what a reader sees.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from collections.abc import Iterator

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.night.sections import unequal_sections
from tournaments.night.models import Session, TableAccess
from tournaments.night.selectors.movements import build_movement, session_movement
from tournaments.night.services.movement import session_finish
from tournaments.night.services.table_entry import TableEntry, table_result_submit

# The stored numbers of the night: A's tables and pairs 101-105, B's 201-203.
INTERNAL = re.compile(r"(?<![\d.,:/#-])(?:10[1-5]|20[1-3])(?![\d.,%])")
TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]*>", re.DOTALL | re.IGNORECASE)


def _visible(page: str) -> str:
    """What a reader sees of a page: its text without tags, attributes or scripts."""
    return html.unescape(TAG.sub(" ", page))


# A phone's JSON keys whose strings are never shown: the state's stamp is a hash, whose hex
# digits may hold "202" by chance (a CI run found one).
OPAQUE = {"stamp"}


def _strings(value: object) -> Iterator[str]:
    """Every text a phone's JSON holds (its numbers are the page's keys, not shown as they are)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in OPAQUE:
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _director_pages(session: Session) -> list[str]:
    args = [session.pk]
    names = ["session", "table_cards", "pair_cards", "tables", "tables_grid", "audit"]
    urls = [reverse(f"director:{name}", args=args) for name in names]
    urls.append(reverse("director:state_confirm", args=[session.pk, "finish"]))
    for number in range(1, 11):
        urls.append(reverse("director:board", args=[session.pk, number]))
        urls.append(reverse("director:board_traveller", args=[session.pk, number]))
    for table in (105, 203):
        urls.append(reverse("director:table_round", args=[session.pk, 1, table]))
        urls.append(reverse("director:round_traveller", args=[session.pk, 1, table]))
    return urls


def _public_pages(session: Session) -> list[str]:
    urls = [reverse("session", args=[session.pk]), reverse("session_standings", args=[session.pk])]
    urls += [reverse("board", args=[session.pk, number]) for number in range(1, 11)]
    urls += [reverse("pair", args=[session.pk, pair.pk]) for pair in session.pairs.all()]
    return urls


def _phone_texts(client: Client, session: Session) -> Iterator[tuple[str, str]]:
    for access in TableAccess.objects.filter(session=session).order_by("table"):
        page = reverse("table_entry", args=[access.token])
        yield page, _visible(client.get(page).content.decode())
        state = client.get(reverse("table_state", args=[access.token]))
        yield f"{page} state", " | ".join(_strings(json.loads(state.content)))
        for board in (1, 3, 5, 7, 9):
            traveller = client.get(reverse("table_traveller", args=[access.token, board]))
            yield f"{page} board {board}", " | ".join(_strings(json.loads(traveller.content)))


def _files(client: Client, session: Session) -> Iterator[tuple[str, str]]:
    """The session's downloads as text: the CSV and XLSX tables, and the USEBIO results file
    (which numbers a section's pairs within it, ``SECTION_ID="A"``). The PBN file's
    ``PairId`` is the file's key for a pair, read back by the PBN import, not a label."""
    for name in ("standings", "traveller"):
        args = [session.pk] if name == "standings" else [session.pk, 1]
        url = reverse(f"{name}_csv", args=args)
        rows = csv.reader(io.StringIO(_download(client, url).decode("utf-8-sig")))
        yield url, " | ".join(" ; ".join(row) for row in rows)
        url = reverse(f"{name}_xlsx", args=args)
        book = openpyxl.load_workbook(io.BytesIO(_download(client, url)), read_only=True)
        cells = (str(value) for sheet in book for row in sheet.iter_rows(values_only=True) for value in row)
        yield url, " | ".join(cell for cell in cells if cell != "None")
    url = reverse("director:exchange:usebio_download", args=[session.pk])
    yield url, " | ".join(_visible(_download(client, url).decode()).split())


def _download(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content


def _page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _hits(text: str) -> list[str]:
    return [text[max(0, m.start() - 30) : m.end() + 10] for m in INTERNAL.finditer(text)]


@pytest.mark.django_db
def test_no_page_phone_or_file_of_a_night_of_unequal_sections_shows_a_stored_number(director_client, club):
    session = unequal_sections(club)
    seen: dict[str, list[str]] = {}
    for url in _director_pages(session):
        seen[url] = _hits(_visible(_page(director_client, url)))
    for where, text in _phone_texts(Client(), session):
        seen[where] = _hits(text)
    session = session_finish(session=session)
    for url in _director_pages(session) + _public_pages(session):
        seen[f"{url} finished"] = _hits(_visible(_page(director_client, url)))
    for where, text in _files(director_client, session):
        seen[where] = _hits(text)
    assert {where: hits for where, hits in seen.items() if hits} == {}


def _phone_state(session: Session, table: int) -> dict:
    access = TableAccess.objects.get(session=session, table=table)
    return json.loads(Client().get(reverse("table_state", args=[access.token])).content)


def _play_round(session: Session, table: int, round_: int) -> None:
    access = TableAccess.objects.get(session=session, table=table)
    for board in session_movement(session).encounter(round_, table).boards:
        entry = TableEntry(f"t{table}-r{round_}-b{board}", round_, board, "3NT", "N", "9")
        table_result_submit(access=access, entry=entry)


@pytest.mark.django_db
def test_a_smaller_sections_phones_count_its_own_rounds_and_end_with_its_last(club):
    session = unequal_sections(club)
    own = build_movement(kind="mitchell", tables=3, rounds=None, boards_per_round=2)  # B's alone
    longest = build_movement(kind="mitchell", tables=5, rounds=None, boards_per_round=2)  # A's
    assert (own.rounds, longest.rounds) == (3, 5)
    assert _phone_state(session, 201)["rounds"] == own.rounds  # "Round 2 of 3", no Round 4 or 5
    assert _phone_state(session, 101)["rounds"] == longest.rounds
    for round_ in (2, 3):  # B3 sat out round 1 (no EW B3)
        _play_round(session, 203, round_)
    state = _phone_state(session, 203)
    assert state["round"] is None  # B3 has played its section's every round
    assert state["moves"]["over"] is True
    boards = state["moves"]["boards"]
    assert "last round is over" in boards and "bye stand" not in boards, boards


@pytest.mark.django_db
def test_a_phones_refusal_names_its_table_by_section(club):
    session = unequal_sections(club)
    with pytest.raises(ValidationError) as refused:
        _play_round(session, 201, 2)  # EW B3 is not seated: B1 sits out round 2
    assert "Table B1 has a pair sitting out" in " ".join(refused.value.messages)


@pytest.mark.django_db
def test_the_live_grid_gives_every_table_a_cell_each_round_and_a_smaller_sections_rest_empty(
    director_client, club
):
    session = unequal_sections(club)
    page = _page(director_client, reverse("director:tables_grid", args=[session.pk]))
    header = re.search(r"<thead>(.*?)</thead>", page, re.DOTALL)[1]
    columns = header.count("<th")
    rows = re.findall(r'<tr[^>]*data-table="(\d+)"[^>]*>(.*?)</tr>', page, re.DOTALL)
    assert len(rows) == 8
    for table, row in rows:
        assert row.count("<th") + row.count("<td") == columns, table
    b1 = dict(rows)["201"]
    assert b1.count('class="num grid-none"') == 5 - 3  # A's rounds 4 and 5: B plays 3
