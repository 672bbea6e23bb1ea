"""A director runs a session through the pages: create, seat pairs, deal, enter, correct, delete."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.bridge import deal_from_permutation
from tournaments.core.models import Player
from tournaments.night.models import AuditAction, Board, Pair, Result, ResultChange, Session, Standing
from tournaments.season.models import ClubMember

IDENTITY = " ".join(str(n) for n in range(1, 53))
REVERSED = " ".join(str(n) for n in range(52, 0, -1))


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _post_result(
    client, session: Session, board: int, ns: int, ew: int, contract: str, declarer: str, result: str
):
    return client.post(
        reverse("director:board", args=[session.pk, board]),
        {
            "ns_pair": _pair(session, "NS", ns).pk,
            "ew_pair": _pair(session, "EW", ew).pk,
            "contract": contract,
            "declarer": declarer,
            "result": result,
            "lead": "",
        },
    )


def test_the_director_home_lists_clubs_and_sessions(director_client, mitchell_session):
    page = director_client.get(reverse("director:home")).content.decode()
    assert "Riverside Bridge Club" in page
    assert reverse("director:session", args=[mitchell_session.pk]) in page
    assert reverse("director:session_new") in page


def test_the_director_home_lists_sessions_newest_date_first_then_newest_created(director_client, club):
    """Issue 28, point 5: a session created late for an earlier night sorts under its date."""
    from tournaments.night.services.sessions import session_create

    for date, name in [(15, "Monday"), (22, "Next Monday"), (8, "Last Monday"), (22, "Second section")]:
        session_create(club=club, date=datetime.date(2026, 6, date), name=name)

    sessions = director_client.get(reverse("director:home")).context["sessions"]

    assert [session.name for session in sessions] == [
        "Second section",
        "Next Monday",
        "Monday",
        "Last Monday",
    ]


def test_a_director_creates_a_session(director_client, club):
    response = director_client.post(
        reverse("director:session_new"),
        {"club": club.pk, "date": "2026-12-01", "name": "Tuesday", "movement": "howell"},
    )
    session = Session.objects.get(name="Tuesday")
    assert response["Location"] == reverse("director:session", args=[session.pk])
    assert (session.club, session.date, session.movement) == (club, datetime.date(2026, 12, 1), "howell")


def test_a_second_session_with_the_same_name_and_day_is_refused(director_client, club, mitchell_session):
    data = {"club": club.pk, "date": "2026-11-20", "name": "Friday evening", "movement": "mitchell"}
    response = director_client.post(reverse("director:session_new"), data)
    assert response.status_code == 400
    assert "already exists" in response.content.decode()
    assert Session.objects.filter(name="Friday evening").count() == 1


def test_pairs_are_seated_under_the_next_number_and_known_players_are_found(
    director_client, club, mitchell_session
):
    known = Player.objects.create(name="Val Regular")  # on the club's list, not tonight yet
    ClubMember.objects.create(club=club, player=known)
    url = reverse("director:pair_add", args=[mitchell_session.pk])
    response = director_client.post(url, {"player1": "val regular", "player2": "Zoe New", "direction": "NS"})
    assert response.status_code == 302
    pair = _pair(mitchell_session, "NS", 4)
    assert pair.player1 == known
    assert Player.objects.filter(name="Zoe New").count() == 1
    page = director_client.get(reverse("director:session", args=[mitchell_session.pk])).content.decode()
    assert "Val Regular - Zoe New" in page


def test_a_pair_number_already_taken_is_refused(director_client, mitchell_session):
    url = reverse("director:pair_add", args=[mitchell_session.pk])
    response = director_client.post(url, {"player1": "A", "player2": "B", "direction": "EW", "number": "2"})
    assert response.status_code == 400
    assert "Pair 2 EW is already in this session." in response.content.decode()
    assert mitchell_session.pairs.count() == 6


def test_a_mitchell_pair_needs_a_direction(director_client, mitchell_session):
    url = reverse("director:pair_add", args=[mitchell_session.pk])
    response = director_client.post(url, {"player1": "A", "player2": "B", "direction": ""})
    assert response.status_code == 400
    assert "North-South or East-West" in response.content.decode()


def test_boards_are_dealt_at_random(director_client, howell_session):
    response = director_client.post(reverse("director:deal", args=[howell_session.pk]), {"count": "4"})
    assert response.status_code == 302
    boards = list(howell_session.boards.order_by("number"))
    assert [board.number for board in boards] == [1, 2, 3, 4]
    assert all(board.is_dealt and board.dd_tricks for board in boards)


@pytest.mark.parametrize("as_file", [False, True], ids=["pasted", "uploaded"])
def test_boards_are_dealt_from_permutations(director_client, howell_session, as_file):
    text = f"{IDENTITY}\n\n{REVERSED}\n"
    data = {"file": SimpleUploadedFile("boards.txt", text.encode())} if as_file else {"permutations": text}
    response = director_client.post(reverse("director:deal", args=[howell_session.pk]), data)
    assert response.status_code == 302
    board2 = howell_session.boards.get(number=2)
    expected = deal_from_permutation([int(n) for n in REVERSED.split()], dealer="E")
    assert board2.north == expected["N"].pbn()
    page = director_client.get(reverse("director:board", args=[howell_session.pk, 2])).content.decode()
    assert 'class="red">\u2665' in page and "\u2660" in page


def test_a_bad_permutation_line_is_named_and_nothing_is_dealt(director_client, howell_session):
    text = f"{IDENTITY}\n{IDENTITY.replace('52', '51')}\n"
    response = director_client.post(
        reverse("director:deal", args=[howell_session.pk]), {"permutations": text}
    )
    assert response.status_code == 400
    assert "Line 2:" in response.content.decode()
    assert not howell_session.boards.exclude(north="").exists()


def test_the_director_sets_the_number_of_boards_without_dealing(director_client, howell_session):
    response = director_client.post(reverse("director:board_count", args=[howell_session.pk]), {"count": "5"})
    assert response.status_code == 302
    assert list(howell_session.boards.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    page = director_client.get(reverse("director:board", args=[howell_session.pk, 5])).content.decode()
    assert "has not been dealt" in page


def test_entering_a_result_scores_it_and_updates_matchpoints_and_standings(director_client, mitchell_session):
    # Board 1: nobody vulnerable. 4S made = +420, 4S one down = -50, 3NT made = +400.
    assert _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=").status_code == 302
    assert _post_result(director_client, mitchell_session, 1, 2, 2, "4s", "N", "9").status_code == 302
    assert _post_result(director_client, mitchell_session, 1, 3, 3, "3NT", "S", "=").status_code == 302

    scores = dict(Result.objects.values_list("ns_pair__number", "ns_score"))
    assert scores == {1: 420, 2: -50, 3: 400}
    percentages = {s.pair.label: s.percentage for s in Standing.objects.select_related("pair")}
    assert percentages == {"1 NS": 100.0, "3 NS": 50.0, "2 NS": 0.0, "2 EW": 100.0, "3 EW": 50.0, "1 EW": 0.0}

    page = director_client.get(reverse("director:board", args=[mitchell_session.pk, 1])).content.decode()
    assert "420" in page and "Standings" in page
    assert reverse("director:board", args=[mitchell_session.pk, 2]) in page  # next board


def test_tied_pairs_share_a_place(director_client, mitchell_session):
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "10")
    _post_result(director_client, mitchell_session, 1, 2, 2, "4S", "S", "10")
    _post_result(director_client, mitchell_session, 1, 3, 3, "3NT", "N", "9")
    page = director_client.get(reverse("director:session", args=[mitchell_session.pk])).content.decode()
    # NS 1 and 2 both score +420 (75% each) over NS 3's +400; their opponents share 25%.
    assert page.count("<td>1=</td>") == 2
    assert page.count("<td>2=</td>") == 2
    assert "North-South standings" in page and "East-West standings" in page


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ns_pair": "999999"}, "Unknown pair"),
        ({"ew_pair": "NS2"}, "cannot play against itself"),
        ({"ns_pair": "NS1", "ew_pair": "EW2"}, "already has a result on board 1"),
        ({"ns_pair": "EW2", "ew_pair": "EW3"}, "sits East-West, not North-South"),
        ({"ew_pair": "NS3", "ns_pair": "NS2"}, "sits North-South, not East-West"),
        ({"result": "+4"}, "14 tricks"),
        ({"result": "14"}, "14 tricks"),
        ({"result": "-11"}, "-1 tricks"),
        ({"contract": "8S"}, "is not a contract"),
        ({"contract": "4Q"}, "is not a contract"),
        ({"contract": ""}, "This field is required"),
        ({"declarer": "X"}, "The declarer is N, E, S or W, not X"),
        ({"declarer": ""}, "Choose the declarer: N, E, S or W."),
        ({"result": ""}, "Enter the tricks taken"),
    ],
)
def test_an_impossible_entry_is_refused_with_a_message_and_nothing_is_saved(
    director_client, mitchell_session, change, message
):
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=")
    data = {"ns_pair": "NS2", "ew_pair": "EW2", "contract": "4S", "declarer": "N", "result": "=", "lead": ""}
    data.update(change)
    for field in ("ns_pair", "ew_pair"):
        if data[field][:2] in ("NS", "EW"):
            data[field] = _pair(mitchell_session, data[field][:2], int(data[field][2:])).pk
    before = (Result.objects.count(), ResultChange.objects.count())
    response = director_client.post(reverse("director:board", args=[mitchell_session.pk, 1]), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert (Result.objects.count(), ResultChange.objects.count()) == before


def test_a_passed_out_board_scores_zero(director_client, mitchell_session):
    assert _post_result(director_client, mitchell_session, 2, 1, 1, "Pass", "", "").status_code == 302
    result = Result.objects.get()
    assert (result.contract, result.ns_score, result.ns_percentage) == ("PASS", 0, 50.0)


def test_the_result_lists_offer_each_direction_its_own_pairs(director_client, mitchell_session):
    form = director_client.get(reverse("director:board", args=[mitchell_session.pk, 1])).context["form"]
    ns_offered = [label for value, label in form.fields["ns_pair"].widget.choices if value]
    ew_offered = [label for value, label in form.fields["ew_pair"].widget.choices if value]
    assert ns_offered == [
        "1 NS: Ann North - Bob North",
        "2 NS: Cat North - Dan North",
        "3 NS: Eve North - Fay North",
    ]
    assert [label.split(":")[0] for label in ew_offered] == ["1 EW", "2 EW", "3 EW"]


def test_a_correction_is_audited_and_the_standings_follow(director_client, director, mitchell_session):
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=")
    _post_result(director_client, mitchell_session, 1, 2, 2, "4S", "N", "-1")
    wrong = Result.objects.get(ns_pair__number=2)
    edit_url = reverse("director:result_edit", args=[wrong.pk])
    assert director_client.get(edit_url).context["form"].initial["result"] == "-1"

    data = {"ns_pair": wrong.ns_pair_id, "ew_pair": wrong.ew_pair_id, "contract": "4S", "declarer": "N"}
    response = director_client.post(edit_url, {**data, "result": "+1", "lead": "HK"})
    assert response.status_code == 302

    wrong.refresh_from_db()
    assert (wrong.tricks, wrong.ns_score, wrong.lead) == (11, 450, "HK")
    percentages = {s.pair.label: s.percentage for s in Standing.objects.select_related("pair")}
    assert percentages["2 NS"] == 100.0 and percentages["1 NS"] == 0.0
    change = ResultChange.objects.get(action=AuditAction.UPDATE)
    assert (change.user, change.before["ns_score"], change.after["ns_score"]) == (director, -50, 450)
    page = director_client.get(reverse("director:audit", args=[mitchell_session.pk])).content.decode()
    assert "Corrected" in page and "(-50)" in page and "(450)" in page and "director" in page


@pytest.mark.parametrize(("contract", "result"), [("4S", "="), ("4S", "+1"), ("3NT", "-2"), ("7NT", "-13")])
def test_the_correction_form_shows_the_result_as_the_board_page_does(
    director_client, mitchell_session, contract, result
):
    """Issue 28, point 8: the board page says -2, so the form to correct it says -2, not 7 tricks."""
    _post_result(director_client, mitchell_session, 1, 1, 1, contract, "N", result)
    entered = Result.objects.get()

    board_page = director_client.get(reverse("director:board", args=[mitchell_session.pk, 1]))
    form_page = director_client.get(reverse("director:result_edit", args=[entered.pk]))

    assert f"<td>{result}</td>" in board_page.content.decode()
    assert f'name="result" value="{result}"' in form_page.content.decode()


def test_a_correction_that_breaks_a_rule_changes_nothing(director_client, mitchell_session):
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=")
    result = Result.objects.get()
    data = {"ns_pair": result.ns_pair_id, "ew_pair": result.ew_pair_id, "contract": "4S", "declarer": "N"}
    response = director_client.post(
        reverse("director:result_edit", args=[result.pk]), {**data, "result": "+5"}
    )
    assert response.status_code == 400
    result.refresh_from_db()
    assert result.tricks == 10
    assert not ResultChange.objects.filter(action=AuditAction.UPDATE).exists()


def test_a_deletion_is_audited_and_the_standings_follow(director_client, director, mitchell_session):
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=")
    _post_result(director_client, mitchell_session, 1, 2, 2, "4S", "N", "-1")
    doomed = Result.objects.get(ns_pair__number=2)
    response = director_client.post(reverse("director:result_delete", args=[doomed.pk]))
    assert response["Location"] == reverse("director:board", args=[mitchell_session.pk, 1])
    assert list(Result.objects.values_list("ns_pair__number", flat=True)) == [1]
    standing = Standing.objects.get(pair__direction="NS", pair__number=2)
    assert (standing.boards_played, standing.percentage) == (0, 0.0)
    assert Standing.objects.get(pair__direction="NS", pair__number=1).percentage == 50.0
    change = ResultChange.objects.get(action=AuditAction.DELETE)
    assert (change.user, change.before["ns_score"], change.after) == (director, -50, None)


def test_the_session_page_costs_the_same_queries_however_big_the_session(director_client, mitchell_session):
    url = reverse("director:session", args=[mitchell_session.pk])
    _post_result(director_client, mitchell_session, 1, 1, 1, "4S", "N", "=")
    with CaptureQueriesContext(connection) as small:
        assert director_client.get(url).status_code == 200
    for number in range(2, 4):
        _post_result(director_client, mitchell_session, number, number, number, "3NT", "N", "9")
        _post_result(director_client, mitchell_session, number, 1, 1, "3NT", "N", "8")
    Board.objects.bulk_create([Board(session=mitchell_session, number=n) for n in range(4, 20)])
    with CaptureQueriesContext(connection) as large:
        assert director_client.get(url).status_code == 200
    assert len(large) == len(small) <= 11  # 10, and the event the session is in (season/selectors/events)
