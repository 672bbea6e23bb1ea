"""Standings, travellers and a competition's table as CSV and XLSX: the page's figures, inert text.

Each file is downloaded through the client and read back as a spreadsheet would read it
(the ``csv`` module, openpyxl's ``load_workbook``), then held against the page it
downloads. A player named ``=HYPERLINK(...)`` must come out as text in both, a negative
score as a number, and whatever a page refuses its file refuses too.
"""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.core.models import Player
from tournaments.night.models import Pair, ScoringMethod, Session
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.season.services.competitions import competition_save
from tournaments.season.services.events import event_create, event_session_add

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://x")'
FORMULA_STARTS = tuple("=+-@\t\r")

# (board, NS pair, EW pair, contract, declarer, tricks): board 1 has two negative NS scores.
PLAYED = [
    (1, 1, 1, "3NT", "N", "9"),  # +400
    (1, 2, 2, "4S", "N", "9"),  # -50
    (1, 3, 3, "2H", "E", "9"),  # -140
    (2, 1, 2, "Pass", "", ""),
    (2, 2, 3, "1NT", "S", "8"),
    (2, 3, 1, "3NT", "W", "8"),
    (3, 1, 3, "4H", "S", "11"),
    (3, 2, 1, "4H", "S", "10"),
    (3, 3, 2, "2H", "S", "10"),
]


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _play(session: Session) -> None:
    for board_number, ns, ew, contract, declarer, tricks in PLAYED:
        result_record(
            board=session.boards.get(number=board_number),
            entry=ResultEntry(
                ns_pair=_pair(session, "NS", ns),
                ew_pair=_pair(session, "EW", ew),
                contract=contract,
                declarer=declarer,
                result=tricks,
                lead="HK" if contract != "Pass" else "",
            ),
        )


@pytest.fixture
def played(mitchell_session: Session) -> Session:
    """The Mitchell fixture played and finished; Ann North renamed to a formula, Cat North
    shown by her initials."""
    Player.objects.filter(name="Ann North").update(name=FORMULA)
    Player.objects.filter(name="Cat North").update(shown_by_initials=True)
    _play(mitchell_session)
    session_finish(session=mitchell_session)
    return Session.objects.get(pk=mitchell_session.pk)


def _page_tables(response, table_class: str) -> list[list[list[str]]]:
    """Every table of this class on the page: its body rows, each a list of cell texts."""
    page = response.content.decode()
    tables = []
    for table in re.findall(rf'<table class="{table_class}">(.*?)</table>', page, re.S):
        body = table[table.index("<tbody>") : table.index("</tbody>")]
        rows = []
        for row in body.split("</tr>")[:-1]:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
            rows.append([" ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells])
        tables.append(rows)
    return tables


def _csv_rows(response) -> list[list[str]]:
    """The CSV as Excel reads it: UTF-8 with its byte-order mark."""
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def _xlsx_cells(response) -> list[list]:
    """The workbook's one sheet, every cell (value and type), read back by openpyxl."""
    book = load_workbook(io.BytesIO(response.content))
    return [list(row) for row in book.active.iter_rows()]


def _unescaped(cell: str) -> str:
    """The text a CSV cell stands for: the apostrophe the rule adds taken off."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell


def _same(cell, shown: str) -> bool:
    """Whether a file's cell says what the page's cell shows (figures compared as numbers)."""
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return float(cell) == float(shown)
    text = _unescaped(str(cell))
    try:
        return float(text) == float(shown)
    except ValueError:
        return text == shown


def _assert_no_formula(cells: list[list]) -> None:
    for row in cells:
        for cell in row:
            assert cell.data_type != "f", (cell.coordinate, cell.value)
            if isinstance(cell.value, str):
                assert cell.data_type == "s"


# --- Standings ---------------------------------------------------------------------------------


def test_standings_csv_holds_every_directions_table_as_the_page_shows_it(client, played):
    page = _page_tables(client.get(reverse("session", args=[played.pk])), "standings")
    response = client.get(reverse("standings_csv", args=[played.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        'attachment; filename="riverside-2026-11-20-friday-evening-standings.csv"'
    )
    header, *rows = _csv_rows(response)
    assert header == ["Field", "Rank", "Pair", "Names", "MP", "%", "Boards"]
    assert [row[0] for row in rows] == ["North-South"] * 3 + ["East-West"] * 3
    shown = page[0] + page[1]  # the page's NS table, then its EW table
    assert len(rows) == len(shown) == 6
    for row, page_row in zip(rows, shown, strict=True):
        assert all(_same(cell, text) for cell, text in zip(row[1:], page_row, strict=True)), (row, page_row)
    text = response.content.decode("utf-8-sig")
    assert f"'{FORMULA}".replace('"', '""') in text  # escaped, then quoted as CSV quotes
    assert "C. N." in text and "Cat North" not in text  # the initials the page shows


def test_standings_xlsx_has_the_csvs_figures_numbers_as_numbers_and_no_formula(client, played):
    csv_rows = _csv_rows(client.get(reverse("standings_csv", args=[played.pk])))
    response = client.get(reverse("standings_xlsx", args=[played.pk]))
    assert response["Content-Disposition"].endswith('-standings.xlsx"')
    cells = _xlsx_cells(response)
    _assert_no_formula(cells)
    for row, csv_row in zip(cells, csv_rows, strict=True):
        for cell, text in zip(row, csv_row, strict=True):
            assert (cell.value is None and text == "") or _same(cell.value, _unescaped(text))
    names = [row[3].value for row in cells[1:]]
    assert any(name.startswith(FORMULA) for name in names)
    percentages = [row[5].value for row in cells[1:]]
    assert all(isinstance(pct, float) for pct in percentages)


# --- Traveller ---------------------------------------------------------------------------------


def test_traveller_files_keep_negative_scores_numbers_and_names_text(client, played):
    page = _page_tables(client.get(reverse("board", args=[played.pk, 1])), "traveller")[0]
    csv_response = client.get(reverse("traveller_csv", args=[played.pk, 1]))
    assert csv_response["Content-Disposition"] == (
        'attachment; filename="riverside-2026-11-20-friday-evening-board-1.csv"'
    )
    header, *rows = _csv_rows(csv_response)
    score = header.index("NS score")
    assert [int(row[score]) for row in rows] == [400, -50, -140]  # "-50", never "'-50"
    assert [row[score] for row in rows] == [page_row[6] for page_row in page]
    for column, page_column in (("NS", 0), ("EW", 1), ("NS MP", 7), ("EW MP", 8), ("NS %", 9), ("EW %", 10)):
        index = header.index(column)
        assert [_same(row[index], p[page_column]) for row, p in zip(rows, page, strict=True)] == [True] * 3
    assert rows[0][header.index("NS names")] == f"'{FORMULA} - Bob North"

    cells = _xlsx_cells(client.get(reverse("traveller_xlsx", args=[played.pk, 1])))
    _assert_no_formula(cells)
    scores = [row[score] for row in cells[1:]]
    assert [cell.value for cell in scores] == [400, -50, -140]
    assert all(cell.data_type == "n" for cell in scores)
    assert cells[1][header.index("NS names")].value == f"{FORMULA} - Bob North"
    assert [row[header.index("Over/under")].value for row in cells[1:]] == [0, -1, 1]


def test_a_board_still_in_play_is_refused_as_its_page_refuses_it(client, mitchell_session):
    _play(mitchell_session)  # in play, no movement: no board is public until the session finishes
    page = client.get(reverse("board", args=[mitchell_session.pk, 1]))
    assert page.status_code == 404
    for name in ("traveller_csv", "traveller_xlsx"):
        response = client.get(reverse(name, args=[mitchell_session.pk, 1]))
        assert response.status_code == 404
        assert b"400" not in response.content


def test_files_of_what_does_not_exist_are_refused_as_the_pages_are(client, played):
    missing = played.pk + 100
    assert client.get(reverse("session", args=[missing])).status_code == 404
    for name in ("standings_csv", "standings_xlsx"):
        assert client.get(reverse(name, args=[missing])).status_code == 404
    for name in ("traveller_csv", "traveller_xlsx"):
        assert client.get(reverse(name, args=[played.pk, 99])).status_code == 404
    for name in ("competition_csv", "competition_xlsx"):
        assert client.get(reverse(name, args=[9999])).status_code == 404


def test_standings_in_play_download_as_the_page_shows_them_live(client, mitchell_session):
    """The public session page shows the standings as the results come in; so does its file."""
    _play(mitchell_session)
    page = _page_tables(client.get(reverse("session", args=[mitchell_session.pk])), "standings")
    _, *rows = _csv_rows(client.get(reverse("standings_csv", args=[mitchell_session.pk])))
    assert len(rows) == len(page[0] + page[1]) == 6


# --- Competition -------------------------------------------------------------------------------


def test_competition_files_hold_the_pages_table(client, played, club):
    competition = competition_save(
        club=club,
        name="Autumn =Pairs",
        method="percentages",
        best_of=None,
        minimum_sessions=1,
        sessions=[played],
    )
    page = _page_tables(client.get(reverse("competition", args=[competition.pk])), "competition")[0]
    response = client.get(reverse("competition_csv", args=[competition.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="riverside-autumn-pairs.csv"'
    header, *rows = _csv_rows(response)
    assert header == ["Rank", "Player", "%", "Played", "Counted", "Dropped"]
    assert len(rows) == len(page) == 12
    for row, page_row in zip(rows, page, strict=True):
        assert [_same(row[i], page_row[i]) for i in range(4)] == [True] * 4, (row, page_row)
    assert f"'{FORMULA}" in [row[1] for row in rows]
    assert "C. N." in [row[1] for row in rows]

    cells = _xlsx_cells(client.get(reverse("competition_xlsx", args=[competition.pk])))
    _assert_no_formula(cells)
    assert FORMULA in [row[1].value for row in cells[1:]]
    assert [row[2].value for row in cells[1:]] == [float(row[2]) for row in rows]


def test_the_pages_link_their_files(client, played, club):
    competition = competition_save(
        club=club, name="Autumn", method="percentages", best_of=None, minimum_sessions=1, sessions=[played]
    )
    pages_and_links = [
        (reverse("session", args=[played.pk]), ["standings_csv", "standings_xlsx"], [played.pk]),
        (reverse("board", args=[played.pk, 1]), ["traveller_csv", "traveller_xlsx"], [played.pk, 1]),
        (
            reverse("competition", args=[competition.pk]),
            ["competition_csv", "competition_xlsx"],
            [competition.pk],
        ),
    ]
    for page, names, args in pages_and_links:
        content = client.get(page).content.decode()
        for name in names:
            assert f'href="{reverse(name, args=args)}"' in content


def test_each_file_is_read_in_a_fixed_number_of_queries(client, played, club, django_assert_num_queries):
    """Names come with their rows (the pages' selectors): a file's queries do not grow with its rows."""
    competition = competition_save(
        club=club, name="Autumn", method="percentages", best_of=None, minimum_sessions=1, sessions=[played]
    )
    for name, args, queries in (
        ("standings_xlsx", [played.pk], 2),  # the session, its standings with their pairs and players
        ("traveller_csv", [played.pk, 1], 2),  # the board, its results with their pairs and players
        ("competition_xlsx", [competition.pk], 3),  # the competition, its sessions, their standings
    ):
        with django_assert_num_queries(queries):
            assert client.get(reverse(name, args=args)).status_code == 200


def test_imp_pairs_files_carry_the_imps_negative_ones_as_numbers(client, mitchell_session):
    Session.objects.filter(pk=mitchell_session.pk).update(scoring=ScoringMethod.CROSS_IMPS)
    _play(mitchell_session)
    session_finish(session=mitchell_session)
    page = _page_tables(client.get(reverse("session", args=[mitchell_session.pk])), "standings")
    cells = _xlsx_cells(client.get(reverse("standings_xlsx", args=[mitchell_session.pk])))
    assert [cell.value for cell in cells[0]] == [
        "Field",
        "Rank",
        "Pair",
        "Names",
        "IMPs",
        "IMPs/board",
        "Boards",
    ]
    imps = [row[4] for row in cells[1:]]
    assert [float(page_row[3]) for page_row in page[0] + page[1]] == [cell.value for cell in imps]
    assert any(cell.value < 0 for cell in imps) and all(cell.data_type == "n" for cell in imps)
    header, *rows = _csv_rows(client.get(reverse("traveller_csv", args=[mitchell_session.pk, 1])))
    ns_imps = [float(row[header.index("NS IMPs")]) for row in rows]
    assert any(value < 0 for value in ns_imps)  # written "-5.5", no apostrophe: float() reads it


# --- Event over several sessions ------------------------------------------------------------------


def test_event_files_hold_the_pages_ranking(client, played, club):
    event = event_create(club=club, name="Spring =Pairs", method="percentage")
    event_session_add(event=event, session=played)
    page = _page_tables(client.get(reverse("event", args=[event.pk])), "event-ranking")
    response = client.get(reverse("event_csv", args=[event.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="riverside-spring-pairs.csv"'
    header, *rows = _csv_rows(response)
    assert header == ["Field", "Rank", "Pair", "Session 1", "Mean %", "Missed"]
    shown = page[0] + page[1]  # the NS field, then the EW field: the Mitchell's pairs kept their seats
    assert len(rows) == len(shown) == 6 and [row[0] for row in rows] == ["NS"] * 3 + ["EW"] * 3
    for row, page_row in zip(rows, shown, strict=True):
        assert [_same(row[i + 1], page_row[i]) for i in (0, 2, 3)] == [True] * 3, (row, page_row)
    assert any(row[2].startswith(f"'{FORMULA}") for row in rows)  # a formula stays inert text
    cells = _xlsx_cells(client.get(reverse("event_xlsx", args=[event.pk])))
    assert len(cells) == 7
    assert client.get(reverse("event_csv", args=[event.pk + 100])).status_code == 404


def test_standings_files_of_a_session_of_sections_carry_each_pairs_section_place(client, club):
    """Issue 45, item 5: the download holds the section places the page's "Standings by section" show."""
    from tests.night.sections import two_section_mitchell
    from tournaments.night.selectors.sections import section_standings

    session = two_section_mitchell(club)
    session_finish(session=session)
    header, *rows = _csv_rows(client.get(reverse("standings_csv", args=[session.pk])))
    assert header[-2:] == ["Section", "Section rank"]
    in_file = {row[header.index("Pair")]: row[-2:] for row in rows}
    assert len(in_file) == 12
    for table in section_standings(session):
        letter = table.title.split(":")[0].split()[-1]
        percentages = sorted((s.percentage for s in table.standings), reverse=True)
        for standing in table.standings:
            # Its place among its section's field, recounted: one more than the pairs above it.
            place = 1 + sum(1 for other in percentages if other > standing.percentage)
            tied = percentages.count(standing.percentage) > 1
            assert in_file[standing.pair.label] == [letter, f"{place}{'=' if tied else ''}"], (
                standing.pair.label
            )
