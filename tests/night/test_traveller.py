"""The desk's grid: a whole traveller (or a table's round) typed and saved at once, every line or none.

A 3-table Mitchell (``seated_mitchell``): board 1 is played by NS 1 v EW 1, NS 2 v EW 3
and NS 3 v EW 2. The tests post what the page's form holds, as a browser without a
script does, and read what was stored, audited and scored.
"""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import AuditAction, Board, Result, ResultChange, Session, Standing, TableAccess
from tournaments.night.services.results import ResultEntry, result_assign, result_record
from tournaments.night.services.results.entries import AssignedEntry, AssignedPart
from tournaments.night.services.table_entry import TableEntry, table_result_submit

pytestmark = pytest.mark.django_db

_INPUT = re.compile(r'<input type="(?:hidden|text)" name="(l\d+-\w+|lines)"[^>]*?value="([^"]*)"')


@pytest.fixture
def night(club) -> Session:
    return seated_mitchell(club, start=True)


def _url(session: Session, board: int = 1) -> str:
    return reverse("director:board_traveller", args=[session.pk, board])


def _form(client, url: str) -> dict[str, str]:
    """What the page's form would post as it stands."""
    page = client.get(url)
    assert page.status_code == 200
    return {name: html.unescape(value) for name, value in _INPUT.findall(page.content.decode())}


def _typed(client, url: str, **cells: str) -> dict[str, str]:
    """The page's form with cells typed in: ``l0_contract="4SN+1"`` types line 1's result."""
    data = _form(client, url)
    for name, value in cells.items():
        data[name.replace("_", "-", 1)] = value
    return data


def _board_results(session: Session, number: int = 1) -> dict[tuple[int, int], str]:
    results = Result.objects.filter(board__session=session, board__number=number).select_related(
        "ns_pair", "ew_pair"
    )
    return {(result.ns_pair.number, result.ew_pair.number): result.display for result in results}


def _text(response) -> str:
    """The page's words as a reader meets them (a link's text runs on into what follows it)."""
    page = re.sub(r"</?a\b[^>]*>", "", response.content.decode())
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_page_gives_a_line_to_each_table_the_movement_plays_the_board_at(director_client, night):
    data = _form(director_client, _url(night))

    assert data["lines"] == "3"
    assert [(data[f"l{i}-ns"], data[f"l{i}-ew"]) for i in range(3)] == [("1", "1"), ("2", "3"), ("3", "2")]
    assert all(data[f"l{i}-board"] == "1" and data[f"l{i}-contract"] == "" for i in range(3))


def test_a_whole_traveller_is_saved_at_once_scored_audited_and_the_standings_follow(
    director_client, night, director
):
    url = _url(night)
    data = _typed(
        director_client, url, l0_contract="4SN+1", l1_contract="3ntxE-2", l2_contract="p", l0_lead="sk"
    )

    answer = director_client.post(url, data)

    assert answer.status_code == 302
    assert answer["Location"] == _url(night, 2)  # on to the next traveller
    assert _board_results(night) == {(1, 1): "4S N +1", (2, 3): "3NTX E -2", (3, 2): "Pass"}
    scores = dict(
        Result.objects.filter(board__number=1, board__session=night).values_list(
            "ns_pair__number", "ns_score"
        )
    )
    assert scores == {1: 450, 2: 300, 3: 0}  # board 1: nobody vulnerable
    assert Result.objects.get(board__session=night, board__number=1, ns_pair__number=1).lead == "SK"
    changes = ResultChange.objects.filter(session=night)
    assert [(change.action, change.user) for change in changes] == [(AuditAction.CREATE, director)] * 3
    standings = {
        (row.pair.direction, row.pair.number): row.percentage
        for row in Standing.objects.filter(session=night)
    }
    assert standings[("NS", 1)] == 100.0 and standings[("NS", 3)] == 0.0 and standings[("EW", 1)] == 0.0
    follow = director_client.get(answer["Location"])
    assert "Board 1: 3 entered, 0 corrected, 0 unchanged. Board 2 next." in _text(follow)


def test_a_result_a_phone_entered_and_changed_at_the_desk_is_a_correction(director_client, night, director):
    access = TableAccess.objects.get(session=night, table=1)
    table_result_submit(access=access, entry=TableEntry("phone-key-1", 1, 1, "4S", "N", "10"))
    url = _url(night)
    data = _form(director_client, url)
    assert data["l0-contract"] == "4SN="  # the phone's result, in the desk's notation

    data |= {"l0-contract": "4SN-1", "l1-contract": "2HE="}
    assert director_client.post(url, data).status_code == 302

    assert _board_results(night) == {(1, 1): "4S N -1", (2, 3): "2H E ="}
    changes = list(ResultChange.objects.filter(session=night).order_by("id"))
    assert [(change.action, change.table, change.user) for change in changes] == [
        (AuditAction.CREATE, 1, None),  # the phone's
        (AuditAction.UPDATE, None, director),  # the desk's correction, with what it was
        (AuditAction.CREATE, None, director),
    ]
    assert changes[1].before["tricks"] == 10 and changes[1].after["tricks"] == 9


def test_a_line_left_as_it_was_writes_nothing(director_client, night):
    result_record(board=night.boards.get(number=1), entry=_entry(night, 1, 1, "3NT", "N", "9"))
    url = _url(night)
    data = _typed(director_client, url, l1_contract="1NTS=")
    before = ResultChange.objects.count()

    assert director_client.post(url, data).status_code == 302

    assert ResultChange.objects.count() == before + 1  # line 2's entry only
    follow = director_client.get(_url(night, 2))
    assert "1 entered, 0 corrected, 1 unchanged" in _text(follow)


def _entry(
    session: Session, ns: int, ew: int, contract: str, declarer: str = "", result: str = ""
) -> ResultEntry:
    return ResultEntry(
        session.pairs.get(direction="NS", number=ns),
        session.pairs.get(direction="EW", number=ew),
        contract,
        declarer,
        result,
    )


@pytest.mark.parametrize(
    ("cells", "says"),
    [
        ({"l1_contract": "4SN+4"}, "it means 14 tricks, but a side takes 0..13"),
        ({"l1_contract": "4S+1"}, "has no declarer: put N, E, S or W after the contract, as 4SN+1."),
        ({"l1_contract": "A70/30"}, "70% is not an adjusted score here"),
        ({"l1_ew": "1", "l1_contract": "3NTN="}, "Pair 1 EW is also on line 1 of board 1."),
        (
            {"l1_ew": "2", "l1_contract": "3NTN="},
            "2 NS against 2 EW is not in the movement",
        ),  # NS 2 plays EW 3
        ({"l1_ew": "9", "l1_contract": "3NTN="}, "No pair 9 EW is seated in this session."),
        ({"l1_ns": "x", "l1_contract": "3NTN="}, "'x' is not a pair: write its number, as 3 or NS 3."),
        ({"l1_ns": "", "l1_contract": "3NTN="}, "Type the NS pair's number."),
        ({"l1_lead": "ZZ", "l1_contract": "3NTN="}, "bad lead 'ZZ'"),
        ({"l1_lead": "SK", "l1_contract": "P"}, "A passed-out board has no lead."),
        ({"l1_lead": "SK"}, "Type the result, as 4SN+1, 3NTXE-2, P or A60/40."),
        ({"l1_board": "5", "l1_contract": "3NTN="}, "Board 5 is not on this page: reload it."),
        ({"l1_contract": "4SN=" * 10}, "Ensure this value has at most 24 characters"),
    ],
)
def test_one_wrong_line_keeps_the_whole_traveller_back_and_is_named(director_client, night, cells, says):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN+1", l2_contract="P", **cells)

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert says in _text(answer)
    assert "Nothing was saved." in _text(answer)
    assert not Result.objects.filter(board__session=night).exists()
    assert not ResultChange.objects.filter(session=night).exists()
    typed = _INPUT.findall(answer.content.decode())
    assert ("l0-contract", "4SN+1") in typed  # what was typed stays


def test_every_wrong_line_is_named_in_one_submit(director_client, night):
    url = _url(night)
    data = _typed(
        director_client, url, l0_contract="4SN+9", l1_contract="9SN=", l2_contract="3NTN=", l2_ew="3"
    )

    text = _text(director_client.post(url, data))

    assert "Line 1: '4SN+9'" in text and "Line 2: '9SN='" in text
    assert "Line 3: Pair 3 EW is also on line 2 of board 1." in text


def test_lines_out_of_the_movement_are_saved_when_the_director_says_so_and_only_they_are_marked(
    director_client, night
):
    url = _url(night)
    data = _typed(
        director_client, url, l0_contract="4SN=", l1_ew="2", l1_contract="4SN=", l2_ew="3", l2_contract="P"
    )
    assert director_client.post(url, data).status_code == 400
    assert "Tick 'played out of order' if it really was played so." in _text(director_client.post(url, data))

    data["out_of_order"] = "on"
    assert director_client.post(url, data).status_code == 302

    assert _board_results(night) == {(1, 1): "4S N =", (2, 2): "4S N =", (3, 3): "Pass"}
    marked = {
        change.after["ns_pair"]: change.after.get("out_of_order", False)
        for change in ResultChange.objects.all()
    }
    assert marked == {"1 NS": False, "2 NS": True, "3 NS": True}


def test_a_double_submit_stores_each_line_once(director_client, night):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN+1", l1_contract="3NTXE-2")

    assert director_client.post(url, data).status_code == 302
    again = director_client.post(url, data)

    assert again.status_code == 302
    assert "nothing changed (already saved as typed)" in _text(director_client.get(again["Location"]))
    assert Result.objects.filter(board__session=night).count() == 2
    assert ResultChange.objects.filter(session=night).count() == 2


def test_a_result_saved_elsewhere_meanwhile_is_shown_and_asked_about_before_it_is_overwritten(
    director_client, night
):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN+1", l1_contract="3NTXE-2")
    result_record(
        board=night.boards.get(number=1), entry=_entry(night, 1, 1, "4S", "N", "10")
    )  # a phone, meanwhile

    stale = director_client.post(url, data)

    assert stale.status_code == 409
    assert "Line 1 (Round 1, table 1): the page showed -, it is now 4SN=." in _text(stale)
    assert _board_results(night) == {(1, 1): "4S N ="}
    again = {name: html.unescape(value) for name, value in _INPUT.findall(stale.content.decode())}
    assert again["l0-contract"] == "4SN+1" and again["l0-was"].endswith("|4SN=|")

    assert director_client.post(url, again).status_code == 302  # the director saves again: it corrects

    assert _board_results(night) == {(1, 1): "4S N +1", (2, 3): "3NTX E -2"}
    assert [change.action for change in ResultChange.objects.order_by("id")] == [
        AuditAction.CREATE,
        AuditAction.UPDATE,
        AuditAction.CREATE,
    ]


def test_a_result_deleted_meanwhile_is_shown_too(director_client, night):
    entry = dataclasses.replace(_entry(night, 1, 1, "4S", "N", "10"), lead="SK")
    result = result_record(board=night.boards.get(number=1), entry=entry)
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN+1")
    Result.objects.filter(pk=result.pk).delete()

    stale = director_client.post(url, data)

    assert stale.status_code == 409
    assert "the page showed 4SN= SK, it is now -." in _text(stale)


def test_the_same_result_typed_meanwhile_elsewhere_is_no_conflict(director_client, night):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN=")
    result_record(board=night.boards.get(number=1), entry=_entry(night, 1, 1, "4S", "N", "10"))

    assert director_client.post(url, data).status_code == 302
    assert ResultChange.objects.filter(session=night).count() == 1


def test_a_stored_result_is_not_deleted_by_clearing_its_line(director_client, night):
    result_record(board=night.boards.get(number=1), entry=_entry(night, 1, 1, "4S", "N", "10"))
    url = _url(night)
    data = _typed(director_client, url, l0_contract="")

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert "This line's result (4SN=) is stored: type it again, or delete it on the board page." in _text(
        answer
    )
    assert _board_results(night) == {(1, 1): "4S N ="}


def test_adjusted_scores_are_typed_by_the_clubs_percentages(director_client, night):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="A60/40", l1_contract="A+")

    assert director_client.post(url, data).status_code == 302

    assert _board_results(night) == {(1, 1): "Adjusted A+ / A-", (2, 3): "Adjusted A+ / A+"}
    assert _form(director_client, url)["l0-contract"] == "A60/40"


def test_a_pair_moved_onto_a_result_a_later_line_moves_away_is_saved(director_client, night):
    """The paper shows EW 3 at NS 1's table and EW 1 at NS 2's: the phones had them the other way."""
    board = night.boards.get(number=1)
    result_record(board=board, entry=_entry(night, 1, 1, "4S", "N", "10"), table=1)
    url = _url(night)
    data = _typed(director_client, url, l0_ew="3", l0_contract="4SN=", l1_ew="1", l1_contract="3NTE=")
    data["out_of_order"] = "on"

    assert director_client.post(url, data).status_code == 302

    assert _board_results(night) == {(1, 3): "4S N =", (2, 1): "3NT E ="}


def test_the_page_shows_a_result_the_grid_cannot_write_and_leaves_it(director_client, night):
    board = night.boards.get(number=1)
    pairs = _entry(night, 1, 1, "P")
    parts = (AssignedPart("30%", "4S", "N", "10"), AssignedPart("70%", "4S", "N", "9"))
    result_assign(board=board, entry=AssignedEntry(pairs.ns_pair, pairs.ew_pair, parts))
    url = _url(night)

    page = director_client.get(url)
    data = _typed(director_client, url, l0_contract="2HN=")

    assert "30% 4S N =, 70% 4S N -1" in _text(page)
    assert data["lines"] == "2"  # the assigned score's table is not a line to type
    assert director_client.post(url, data).status_code == 302
    assert _board_results(night) == {(1, 1): "30% 4S N =, 70% 4S N -1", (2, 3): "2H N ="}


def test_the_live_check_answers_each_lines_problems_and_score_and_writes_nothing(director_client, night):
    url = _url(night)
    data = _typed(
        director_client, url, l0_contract="4SN+1", l1_contract="4SN+4", l2_contract="A60/40", check="1"
    )

    answer = director_client.post(url, data).json()

    assert answer["lines"]["0"] == {"problems": {}, "score": "NS +450"}
    assert "it means 14 tricks" in answer["lines"]["1"]["problems"]["contract"][0]
    assert answer["lines"]["2"] == {"problems": {}, "score": "NS Average-plus, EW Average-minus"}
    assert not Result.objects.exists() and not ResultChange.objects.exists()
    data |= {"l1-contract": "3NTN=", "l1-ew": "2"}
    moved = director_client.post(url, data).json()
    assert "is not in the movement" in moved["lines"]["1"]["problems"]["line"][0]
    assert moved["lines"]["1"]["score"] == "NS +400"
    data["out_of_order"] = "on"
    assert director_client.post(url, data).json()["lines"]["1"]["problems"] == {}


def test_a_tables_round_is_typed_in_one_grid_a_line_a_board(director_client, night):
    url = reverse("director:round_traveller", args=[night.pk, 1, 2])
    data = _form(director_client, url)
    assert data["lines"] == "2" and [data["l0-board"], data["l1-board"]] == ["3", "4"]
    assert (data["l0-ns"], data["l0-ew"]) == ("2", "2")
    data |= {"l0-contract": "1CN=", "l1-contract": "2DW-1"}

    answer = director_client.post(url, data)

    assert answer.status_code == 302
    assert answer["Location"] == reverse("director:round_traveller", args=[night.pk, 1, 3])
    assert _board_results(night, 3) == {(2, 2): "1C N ="} and _board_results(night, 4) == {(2, 2): "2D W -1"}


def test_a_session_in_preparation_takes_nothing(director_client, club):
    session = seated_mitchell(club, start=False)
    url = _url(session)
    data = _typed(director_client, url, l0_contract="4SN+1")

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert "Play has not started yet" in _text(answer)
    assert not Result.objects.exists()


def test_a_howell_without_a_movement_gives_blank_lines_for_its_field(director_client, howell_session):
    url = _url(howell_session)
    data = _form(director_client, url)
    assert data["lines"] == "2" and data["l0-ns"] == ""
    data |= {
        "l0-ns": "1",
        "l0-ew": "3",
        "l0-contract": "2SS+2",
        "l1-ns": "2",
        "l1-ew": "NS 4",
        "l1-contract": "P",
    }

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert "A Howell's pairs have no field: type the number alone, as 4." in _text(answer)
    data["l1-ew"] = "4"
    assert director_client.post(url, data).status_code == 302
    assert _board_results(howell_session) == {(1, 3): "2S S +2", (2, 4): "Pass"}


@pytest.mark.parametrize("field", ["l0-contract", "l1-ns", "l0-was", "lines"])
def test_a_nul_byte_in_any_cell_is_refused_by_name_and_stores_nothing(director_client, night, field):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN+1")
    data[field] = data.get(field, "") + "\x00"

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert f"The field {field} holds a NUL character" in _text(answer)
    assert not Result.objects.exists()


def test_more_lines_than_a_grid_holds_are_refused_with_a_message_never_a_500(director_client, night):
    url = _url(night)
    data = {"lines": "150"} | {f"l{i}-{cell}": "" for i in range(150) for cell in ("board", "ns", "contract")}

    answer = director_client.post(url, data)

    assert answer.status_code == 400
    assert "A grid holds at most 120 lines." in _text(answer)


def test_five_hundred_lines_are_refused_with_a_message_never_a_500(client, director, night):
    client.raise_request_exception = False
    client.force_login(director)
    data = {"lines": "500"} | {
        f"l{i}-{cell}": "1" for i in range(500) for cell in ("board", "ns", "ew", "contract")
    }

    answer = client.post(_url(night), data)

    assert answer.status_code == 400
    assert "it sent more than any page of ClubScore sends (at most 1,000 fields" in _text(answer)
    assert not Result.objects.exists()


def test_another_clubs_director_gets_nothing_of_the_grid(client, night, django_user_model):
    from tournaments.core.models import Club

    other = django_user_model.objects.create_user(username="other", password="x")
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(other)
    client.force_login(other)
    url = _url(night)

    assert client.get(url).status_code == 403
    assert (
        client.post(
            url, {"lines": "1", "l0-board": "1", "l0-ns": "1", "l0-ew": "1", "l0-contract": "4SN="}
        ).status_code
        == 403
    )
    assert client.post(url, {"lines": "1", "check": "1"}).status_code == 403
    assert not Result.objects.exists()


def test_links_lead_to_the_grids(director_client, night):
    assert _url(night) in director_client.get(reverse("director:board", args=[night.pk, 1])).content.decode()
    round_page = director_client.get(reverse("director:table_round", args=[night.pk, 1, 2])).content.decode()
    assert reverse("director:round_traveller", args=[night.pk, 1, 2]) in round_page


def test_the_boards_of_a_grid_are_the_sessions_own(director_client, night, club):
    other = seated_mitchell(club, name="Tuesday", start=True)
    url = _url(night)
    data = _typed(director_client, url, l0_contract="4SN=")
    data["l0-board"] = str(Board.objects.get(session=other, number=1).number + 100)

    assert director_client.post(url, data).status_code == 400
    assert not Result.objects.exists()


def test_an_arrow_switched_round_puts_the_east_west_pair_in_the_ns_column_by_name(director_client, club):
    session = seated_mitchell(club, name="Arrows", arrow_switch_rounds=(3,), start=True)
    url = _url(session)
    data = _form(director_client, url)
    switched = [i for i in range(int(data["lines"])) if data[f"l{i}-ns"].startswith("EW")]
    assert len(switched) == 1  # board 1's round-3 table: EW 3 sits North-South
    line = switched[0]
    assert data[f"l{line}-ew"].startswith("NS")
    data[f"l{line}-contract"] = "4SN="

    assert director_client.post(url, data).status_code == 302

    result = Result.objects.get(board__session=session)
    assert (result.ns_pair.direction, result.ew_pair.direction) == ("EW", "NS")


def test_the_live_check_reads_as_much_for_thirteen_tables_as_for_three(
    director_client, club, django_assert_max_num_queries
):
    session = seated_mitchell(club, name="Thirteen", tables=13, boards_per_round=1, rounds=13, start=True)
    url = _url(session)
    data = _form(director_client, url) | {f"l{i}-contract": "3NTN=" for i in range(13)} | {"check": "1"}

    with django_assert_max_num_queries(12):
        answer = director_client.post(url, data).json()

    assert all(line == {"problems": {}, "score": "NS +400"} for line in answer["lines"].values())


@pytest.mark.parametrize(
    ("language", "typed", "stored"),
    [
        (
            "fr",
            {"l0_contract": "3SAO=", "l1_contract": "4sxn-1", "l2_contract": "passe"},
            ["3NT W", "4SX N", "Pass"],
        ),
        (
            "nl",
            {"l0_contract": "3SAZ+1", "l1_contract": "2HO=", "l2_contract": "pas"},
            ["3NT S", "2H E", "Pass"],
        ),
        (
            "pl",
            {"l0_contract": "3BAN=", "l1_contract": "4SW-1", "l2_contract": "pas"},
            ["3NT N", "4S W", "Pass"],
        ),
    ],
)
def test_the_desk_reads_a_traveller_typed_in_its_language(director_client, night, language, typed, stored):
    url = _url(night)
    data = _typed(director_client, url, **typed)
    answer = director_client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 302
    results = Result.objects.filter(board__session=night, board__number=1).order_by("ns_pair__number")
    assert [
        f"{r.contract} {r.declarer}".strip() if r.contract != "PASS" else "Pass" for r in results
    ] == stored


@pytest.mark.parametrize(
    ("language", "typed", "says"),
    [
        (
            "fr",
            "3ZZ",
            "'3ZZ' n'est pas un résultat : écrivez le contrat, le déclarant et le résultat, "
            "par exemple 4SN+1, 3SAXE-2, P ou A60/40.",
        ),
        (  # the contract and the seat in the page's letters
            "fr",
            "3SAO",
            "'3SAO' n'a pas de résultat : ajoutez =, +1, -2 ou le nombre de levées, par exemple 3SAO=.",
        ),
        (  # a result's refusal inside the cell's, both translated
            "de",
            "4SN+9",
            "'4SN+9': unmögliches Ergebnis '+9' für 4S: das wären 19 Stiche, aber eine Linie macht 0..13.",
        ),
        ("nl", "3NTZ", "'3NTZ' heeft geen uitslag: voeg =, +1, -2 of het aantal slagen toe, zoals 3SAZ=."),
        ("pl", "5XX", "'5XX' nie jest wynikiem: wpisz kontrakt, rozgrywającego i wynik, np. 4SN+1"),
    ],
)
def test_the_desk_says_what_is_wrong_with_a_cell_in_its_language(
    director_client, night, language, typed, says
):
    url = _url(night)
    data = _typed(director_client, url, l0_contract=typed)

    answer = director_client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)

    assert answer.status_code == 400
    assert says in _text(answer)
    assert not Result.objects.filter(board__session=night).exists()


def test_the_desk_says_a_bad_lead_in_its_language(director_client, night):
    url = _url(night)
    data = _typed(director_client, url, l0_contract="3SAN=", l0_lead="ZZ")

    answer = director_client.post(url, data, HTTP_ACCEPT_LANGUAGE="fr")

    assert answer.status_code == 400
    assert "entame incorrecte 'ZZ' : écrivez une carte, la couleur puis le rang" in _text(answer)


def test_the_desk_says_a_bad_cell_in_english_as_before(director_client, night):
    url = _url(night)
    answer = director_client.post(url, _typed(director_client, url, l0_contract="3ZZ"))
    assert (
        "'3ZZ' is not a result: write the contract, the declarer and the result, "
        "as 4SN+1, 3NTXE-2, P or A60/40." in _text(answer)
    )
