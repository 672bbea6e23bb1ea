"""PBN hand records in the site: the service, the two commands, the download and upload pages, print."""

from __future__ import annotations

import datetime
import random

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournaments.bridge import deal_from_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.pbn import PbnBoard, read_pbn, write_pbn
from tournaments.bridge.seats import board_dealer
from tournaments.exchange.selectors.hand_records import session_hand_records, session_pbn_text
from tournaments.exchange.services import pbn as exchange
from tournaments.exchange.services.pbn import pbn_import
from tournaments.night.models import Board
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import session_create


def _pbn(numbers, seed: int = 5) -> bytes:
    rng = random.Random(seed)
    boards = [
        PbnBoard(number, deal_from_permutation(random_permutation(rng), dealer=board_dealer(number)))
        for number in numbers
    ]
    return write_pbn(boards).encode()


def _deals(session) -> dict[int, tuple[str, str, str, str]]:
    return {
        board.number: (board.north, board.east, board.south, board.west)
        for board in Board.objects.filter(session=session).exclude(north="")
    }


@pytest.fixture
def empty_session(club):
    return session_create(club=club, date=datetime.date(2026, 11, 23), name="Monday", movement="howell")


def _play_board_1(session, user):
    board = session.boards.get(number=1)
    ns = session.pairs.get(direction="NS", number=1)
    ew = session.pairs.get(direction="EW", number=1)
    result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", "9"), user=user)


# --- Service and round trip --------------------------------------------------------------------


def test_export_then_import_gives_the_same_deals_and_analysis(mitchell_session, empty_session):
    boards = pbn_import(session=empty_session, data=session_pbn_text(mitchell_session).encode()).boards
    assert [board.number for board in boards] == [1, 2, 3]
    assert _deals(empty_session) == _deals(mitchell_session)
    for number in (1, 2, 3):
        ours, theirs = (s.boards.get(number=number) for s in (empty_session, mitchell_session))
        assert (ours.dd_tricks, ours.par_score, ours.par_contracts) == (
            theirs.dd_tricks,
            theirs.par_score,
            theirs.par_contracts,
        )


def test_the_exported_file_carries_the_stored_double_dummy_tricks(mitchell_session):
    read = read_pbn(session_pbn_text(mitchell_session))
    stored = {board.number: board.dd_tricks for board in mitchell_session.boards.all()}
    assert {board.number: board.dd_tricks for board in read} == stored


def test_import_redeals_boards_without_results_and_leaves_others_alone(mitchell_session):
    before = _deals(mitchell_session)
    pbn_import(session=mitchell_session, data=_pbn([2, 5]))
    after = _deals(mitchell_session)
    assert after[1] == before[1] and after[3] == before[3]
    assert after[2] != before[2]
    assert set(after) == {1, 2, 3, 5}


def test_a_board_with_results_is_never_redealt_and_nothing_is_stored(mitchell_session, director):
    _play_board_1(mitchell_session, director)
    before = _deals(mitchell_session)
    with pytest.raises(ValidationError, match="board 1"):
        pbn_import(session=mitchell_session, data=_pbn([1, 2, 4]))
    assert _deals(mitchell_session) == before


@pytest.mark.parametrize(
    "data, message",
    [
        (b'[Board "1"]\n[Deal "N:AKQ..."]\n', "line 2"),
        (b'[Event "Only a header"]\n', "no board"),
        (b"", "no board"),
    ],
)
def test_a_bad_file_is_refused_with_its_reason_and_nothing_stored(empty_session, data, message):
    with pytest.raises(ValidationError, match=message):
        pbn_import(session=empty_session, data=data)
    assert not empty_session.boards.exists()


def test_the_file_size_and_the_board_count_are_limited(empty_session, monkeypatch):
    monkeypatch.setattr(exchange, "MAX_PBN_BOARDS", 2)
    with pytest.raises(ValidationError, match="3 boards; at most 2"):
        pbn_import(session=empty_session, data=_pbn([1, 2, 3]))
    monkeypatch.setattr(exchange, "MAX_PBN_BYTES", 100)
    with pytest.raises(ValidationError, match="over 100 bytes"):
        pbn_import(session=empty_session, data=_pbn([1]))
    assert not empty_session.boards.exists()


# --- Commands ----------------------------------------------------------------------------------


def test_export_pbn_then_import_pbn_gives_the_same_deals(mitchell_session, empty_session, tmp_path, capsys):
    path = tmp_path / "hands.pbn"
    call_command("export_pbn", str(mitchell_session.pk), "--output", str(path))
    assert path.read_bytes().startswith(b"% PBN 2.1\r\n")
    call_command("import_pbn", str(path), "--session", str(empty_session.pk))
    assert "Dealt 3 boards (1-3)" in capsys.readouterr().out
    assert _deals(empty_session) == _deals(mitchell_session)


def test_export_pbn_writes_to_stdout(mitchell_session, capsys):
    call_command("export_pbn", str(mitchell_session.pk))
    out = capsys.readouterr().out
    assert '[Event "Friday evening"]' in out and '[Site "Riverside Bridge Club"]' in out
    assert '[Date "2026.11.20"]' in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["export_pbn", "999"], "No session with id 999"),
        (["import_pbn", "FILE", "--session", "999"], "No session with id 999"),
        (["import_pbn", "/nonexistent/x.pbn", "--session", "SESSION"], "cannot read the file"),
        (["import_pbn", "FILE", "--session", "SESSION"], "line 1: bad tag syntax"),
    ],
)
def test_the_commands_refuse_with_a_clear_message(empty_session, tmp_path, args, message):
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "1"\n')
    args = [
        str(path) if arg == "FILE" else str(empty_session.pk) if arg == "SESSION" else arg for arg in args
    ]
    with pytest.raises(CommandError, match=message):
        call_command(*args)
    assert not empty_session.boards.exists()


def test_export_pbn_refuses_a_session_without_a_dealt_board(empty_session):
    with pytest.raises(CommandError, match="no dealt board"):
        call_command("export_pbn", str(empty_session.pk))


# --- Pages -------------------------------------------------------------------------------------


def _exchange_urls(session) -> list[tuple[str, str]]:
    return [
        ("get", reverse("director:exchange:pbn_download", args=[session.pk])),
        ("get", reverse("director:exchange:pbn_upload", args=[session.pk])),
        ("post", reverse("director:exchange:pbn_upload", args=[session.pk])),
        ("get", reverse("director:exchange:hand_records", args=[session.pk])),
    ]


def test_visitors_log_in_and_other_users_are_refused(client, django_user_model, mitchell_session):
    for method, url in _exchange_urls(mitchell_session):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url
    client.force_login(django_user_model.objects.create_user(username="player", password="x-pw-12345"))
    for method, url in _exchange_urls(mitchell_session):
        assert getattr(client, method)(url).status_code == 403, url


def test_the_session_page_links_to_print_download_and_upload(director_client, mitchell_session):
    page = director_client.get(reverse("director:session", args=[mitchell_session.pk])).content.decode()
    for _, url in _exchange_urls(mitchell_session)[:2]:
        assert url in page
    assert reverse("director:exchange:hand_records", args=[mitchell_session.pk]) in page


def test_the_download_is_the_sessions_pbn_file(director_client, mitchell_session):
    response = director_client.get(reverse("director:exchange:pbn_download", args=[mitchell_session.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/x-pbn")
    assert 'filename="riverside-2026-11-20-friday-evening.pbn"' in response["Content-Disposition"]
    # The bytes are UTF-8 and the file says so, for readers that would take ISO 8859-1.
    assert response.content.split(b"\r\n")[1] == b"%Content-type: text/x-pbn; charset=UTF-8"
    assert [board.number for board in read_pbn(response.content.decode())] == [1, 2, 3]


def test_the_download_of_an_undealt_session_goes_back_with_a_message(director_client, empty_session):
    response = director_client.get(
        reverse("director:exchange:pbn_download", args=[empty_session.pk]), follow=True
    )
    assert "No board of this session is dealt" in response.content.decode()


def test_an_upload_deals_the_boards_and_goes_back_to_the_session(director_client, empty_session):
    url = reverse("director:exchange:pbn_upload", args=[empty_session.pk])
    response = director_client.post(url, {"file": SimpleUploadedFile("hands.pbn", _pbn([1, 2, 3, 4]))})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:session", args=[empty_session.pk]) + "#boards"
    assert sorted(_deals(empty_session)) == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "data, message",
    [
        ({}, "This field is required"),
        ({"file": SimpleUploadedFile("x.pbn", b'[Board "1"]\n[Deal "N:-"]\n')}, "line 2"),
        ({"file": SimpleUploadedFile("x.pbn", b"\x00\x01 not pbn")}, "line 1"),
        ({"file": SimpleUploadedFile("big.pbn", b"%" * 1_000_001)}, "over the 1,000,000"),
    ],
)
def test_a_bad_upload_answers_400_with_the_reason_and_stores_nothing(
    director_client, empty_session, data, message
):
    response = director_client.post(reverse("director:exchange:pbn_upload", args=[empty_session.pk]), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not empty_session.boards.exists()


def test_an_upload_over_a_played_board_is_refused(director_client, director, mitchell_session):
    _play_board_1(mitchell_session, director)
    url = reverse("director:exchange:pbn_upload", args=[mitchell_session.pk])
    response = director_client.post(url, {"file": SimpleUploadedFile("hands.pbn", _pbn([1]))})
    assert response.status_code == 400
    assert "Already played, with results: board 1" in response.content.decode()


# --- Printed hand records ----------------------------------------------------------------------


def test_hand_records_come_four_to_a_page_in_one_query(empty_session, django_assert_num_queries):
    pbn_import(session=empty_session, data=_pbn(range(1, 11)))
    with django_assert_num_queries(1):
        pages = session_hand_records(empty_session)
    assert [[record.board.number for record in page] for page in pages] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10],
    ]
    record = pages[0][1]
    assert (record.dealer, record.vulnerability) == ("East", "NS")
    assert sum(hand.hcp for hand in record.hands.values()) == 40
    assert [row.declarer for row in record.dd_rows] == ["North", "South", "East", "West"]


@pytest.mark.parametrize("who", ["director", "public"])
def test_the_print_page_shows_every_board_with_hands_dd_and_par(client, director, mitchell_session, who):
    if who == "director":
        client.force_login(director)
        url = reverse("director:exchange:hand_records", args=[mitchell_session.pk])
    else:
        session_finish(session=mitchell_session)  # public once finished
        url = reverse("hand_records", args=[mitchell_session.pk])
    response = client.get(url)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.count('class="hr-page"') == 1
    assert page.count('class="hr-board"') == 3
    assert page.count("HCP") == 12
    assert page.count("Double dummy: tricks") == 3
    assert "Par:" in page
    assert "Board 2</h2>" in page and "Dealer East</div>" in page and "Vul: NS</div>" in page
    hearts = '<span aria-hidden="true" class="sym red">\u2665</span>'
    hearts += '<span class="visually-hidden">hearts</span>'
    assert page.count(hearts + "</th>") == 3
    assert "style=" not in page and "<script" not in page


def test_the_public_session_page_links_to_the_print_page(client, mitchell_session):
    session_finish(session=mitchell_session)
    page = client.get(reverse("session", args=[mitchell_session.pk])).content.decode()
    assert reverse("hand_records", args=[mitchell_session.pk]) in page


def test_the_print_page_of_an_undealt_session_says_so(client, empty_session):
    page = client.get(reverse("hand_records", args=[empty_session.pk])).content.decode()
    assert "no hand records to print" in page


@pytest.mark.django_db(transaction=True)
def test_the_analysis_runs_before_the_write_transaction_opens(club, monkeypatch):
    from django.db import connection

    from tournaments.night.analysis import board_analysis

    session = session_create(club=club, date=datetime.date(2026, 11, 24), name="Tuesday", movement="howell")
    inside_transaction = []

    def analysis_watched(deal, number):
        inside_transaction.append(connection.in_atomic_block)
        return board_analysis(deal, number)

    monkeypatch.setattr(exchange, "board_analysis", analysis_watched)
    pbn_import(session=session, data=_pbn([1, 2]))
    assert inside_transaction == [False, False]
    assert sorted(_deals(session)) == [1, 2]
