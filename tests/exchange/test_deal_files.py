"""Dealing machines' files in the site: the service, the commands, the downloads, the upload and its preview.

What a director relies on: a session's deals go out in every format and come back in as
the same deals; an import deals exactly the boards the file names, shows them first, and
re-deals a board with results only when ticked (audited); a bad file, a finished
session, a stale or altered preview and a huge upload are refused with the reason and
store nothing.
"""

from __future__ import annotations

import datetime
import io
import random

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tests.conftest import mitchell_3nt
from tests.exchange.usebio_files import fixture_bytes
from tournaments.bridge import deal_from_permutation
from tournaments.bridge.deck import random_permutation
from tournaments.bridge.formats.dealing import FORMATS, read_deal_file, write_deal_file
from tournaments.exchange.selectors.deal_files import deal_file_preview, session_deal_file
from tournaments.exchange.services.deal_files import (
    MAX_DEAL_FILE_BOARDS,
    check_deal_file,
    deal_file_import,
    deal_file_token,
)
from tournaments.exchange.services.usebio import usebio_import
from tournaments.night.models import AuditAction, Board, Result, ResultChange
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import result_record
from tournaments.night.services.sessions import session_create

MACHINES = ("dup", "dlm", "bri", "dge", "ber")


def random_boards(numbers, seed: int = 7):
    rng = random.Random(seed)
    return [(number, deal_from_permutation(random_permutation(rng))) for number in numbers]


def deals(session) -> dict[int, tuple[str, str, str, str]]:
    return {
        board.number: (board.north, board.east, board.south, board.west)
        for board in Board.objects.filter(session=session).exclude(north="")
    }


@pytest.fixture
def empty_session(club):
    return session_create(club=club, date=datetime.date(2026, 11, 23), name="Monday", movement="howell")


def play_board_1(session, user) -> None:
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1), user=user)


# --- The service -------------------------------------------------------------------------------


def test_an_import_deals_the_files_boards_with_analysis_and_leaves_the_others_alone(mitchell_session):
    before = deals(mitchell_session)
    boards = random_boards([2, 3, 4, 5])
    deal_file_import(session=mitchell_session, deal_file=check_deal_file(write_deal_file("dup", boards)))
    after = deals(mitchell_session)
    assert after[1] == before[1]
    assert {number: after[number] for number in (2, 3, 4, 5)} == {
        number: tuple(deal[seat].pbn() for seat in "NESW") for number, deal in boards
    }
    assert all(board.dd_tricks for board in mitchell_session.boards.all())


def test_a_board_with_results_is_refused_whole_unless_confirmed(mitchell_session, director):
    play_board_1(mitchell_session, director)
    before = deals(mitchell_session)
    deal_file = check_deal_file(write_deal_file("bri", random_boards([1, 2, 3])))

    with pytest.raises(ValidationError) as refused:
        deal_file_import(session=mitchell_session, deal_file=deal_file, user=director)

    assert "Board 1 already has results" in " ".join(refused.value.messages)
    assert deals(mitchell_session) == before
    assert not ResultChange.objects.filter(action=AuditAction.REDEAL).exists()


def test_a_confirmed_redeal_of_a_played_board_is_written_to_the_audit_log(mitchell_session, director):
    play_board_1(mitchell_session, director)
    before = deals(mitchell_session)
    boards = random_boards([1, 2, 3])

    deal_file_import(
        session=mitchell_session,
        deal_file=check_deal_file(write_deal_file("bri", boards)),
        redeal_played=True,
        user=director,
    )

    [change] = ResultChange.objects.filter(action=AuditAction.REDEAL)
    assert (change.board_number, change.user) == (1, director)
    assert change.before["north"] == before[1][0]
    assert change.after["north"] == boards[0][1].north.pbn()
    assert mitchell_session.boards.get(number=1).results.count() == 1  # the results stay


def test_a_finished_session_is_not_dealt(mitchell_session, director):
    for board in (1, 2, 3):
        for ns, ew in ((1, 1), (2, 2), (3, 3)):
            entry = mitchell_3nt(mitchell_session, ns, ew)
            result_record(board=mitchell_session.boards.get(number=board), entry=entry, user=director)
    session_finish(session=mitchell_session)
    deal_file = check_deal_file(write_deal_file("ber", random_boards([1])))

    with pytest.raises(ValidationError, match="reopen it before dealing"):
        deal_file_import(session=mitchell_session, deal_file=deal_file, redeal_played=True)


def test_a_file_of_too_many_boards_is_refused():
    data = write_deal_file("ber", random_boards(range(1, MAX_DEAL_FILE_BOARDS + 2)))
    with pytest.raises(ValidationError, match=f"at most {MAX_DEAL_FILE_BOARDS}"):
        check_deal_file(data)


# --- The commands ------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_export_deals_then_import_deals_gives_the_same_deals(mitchell_session, empty_session, tmp_path, fmt):
    path = tmp_path / f"deals.{fmt}"
    call_command(
        "export_deals", str(mitchell_session.pk), "--format", fmt, "--output", str(path), stderr=io.StringIO()
    )
    out = io.StringIO()

    call_command("import_deals", str(path), "--session", str(empty_session.pk), stdout=out)

    assert deals(empty_session) == deals(mitchell_session)
    assert f"Dealt boards 1-3 of session {empty_session.pk}" in out.getvalue()
    assert f"({fmt.upper()})" in out.getvalue()


def test_export_deals_writes_the_file_on_standard_output(mitchell_session):
    out = io.StringIO()
    call_command("export_deals", str(mitchell_session.pk), "--format", "dlm", stdout=out)
    assert out.getvalue().encode("latin-1") == session_deal_file(mitchell_session, "dlm")


@pytest.mark.parametrize(
    ("numbers", "fmt", "named"),
    [
        ([], "dup", "has no dealt board"),
        (
            [2, 3],
            "bri",
            "cannot be written as BRI: BRI holds consecutive boards from 1 in order, and board 1",
        ),
        ([1, 2, 4], "dlm", "board 3 is not dealt"),
    ],
)
def test_export_deals_refuses_boards_the_format_cannot_hold(empty_session, numbers, fmt, named):
    if numbers:
        deal_file_import(
            session=empty_session, deal_file=check_deal_file(write_deal_file("pbn", random_boards(numbers)))
        )
    with pytest.raises(CommandError, match=named):
        call_command("export_deals", str(empty_session.pk), "--format", fmt, stdout=io.StringIO())


def test_export_deals_refuses_an_unknown_format(mitchell_session):
    with pytest.raises(CommandError, match="invalid choice: 'xls'"):
        call_command("export_deals", str(mitchell_session.pk), "--format", "xls")


@pytest.mark.parametrize(
    ("name", "data", "named"),
    [
        (
            "deals.txt",
            b"nothing a dealing machine wrote\n",
            "it takes .dlm, .pbn, .lin, .dup, .bri, .dge, .ber",
        ),
        ("deals.dup", write_deal_file("dlm", random_boards([1])), "named .dup but holds a DLM file"),
        ("deals.bri", write_deal_file("bri", random_boards([1, 2]))[:200], "record 2 (board 2), byte 128"),
        (
            "deals.dlm",
            write_deal_file("dlm", random_boards([1])).replace(b"Checksum=1", b"Checksum=9"),
            "line 10",
        ),
    ],
)
def test_import_deals_refuses_a_bad_file_by_name_and_place_and_stores_nothing(
    empty_session, tmp_path, name, data, named
):
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(CommandError) as refused:
        call_command("import_deals", str(path), "--session", str(empty_session.pk))
    assert named in str(refused.value)
    assert "Nothing was stored." in str(refused.value)
    assert not empty_session.boards.exists()


def test_import_deals_redeals_a_played_board_only_when_asked(mitchell_session, director, tmp_path):
    play_board_1(mitchell_session, director)
    path = tmp_path / "deals.ber"
    path.write_bytes(write_deal_file("ber", random_boards([1, 2])))
    with pytest.raises(CommandError, match="Board 1 already has results"):
        call_command("import_deals", str(path), "--session", str(mitchell_session.pk))

    call_command(
        "import_deals",
        str(path),
        "--session",
        str(mitchell_session.pk),
        "--redeal-played",
        stdout=io.StringIO(),
    )

    assert ResultChange.objects.filter(action=AuditAction.REDEAL, board_number=1).count() == 1


# --- The pages ---------------------------------------------------------------------------------


def download_url(session, fmt: str) -> str:
    return reverse("director:exchange:deal_file_download", args=[session.pk, fmt])


def upload(client, session, data: bytes, name: str = "deals.dup"):
    url = reverse("director:exchange:deal_file_upload", args=[session.pk])
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def confirm(client, session, token: str, redeal: bool = False):
    url = reverse("director:exchange:deal_file_confirm", args=[session.pk])
    return client.post(url, {"token": token, **({"redeal_played": "on"} if redeal else {})})


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_the_session_page_downloads_the_deals_in_every_format(director_client, mitchell_session, fmt):
    page = director_client.get(reverse("director:session", args=[mitchell_session.pk])).content.decode()
    assert download_url(mitchell_session, fmt) in page or fmt in ("pbn", "lin")

    response = director_client.get(download_url(mitchell_session, fmt))

    assert response.status_code == 200
    assert f'filename="riverside-2026-11-20-friday-evening.{fmt}"' in response["Content-Disposition"]
    read = read_deal_file(response.content, f"deals.{fmt}")
    assert {board.number: tuple(board.deal[seat].pbn() for seat in "NESW") for board in read.boards} == deals(
        mitchell_session
    )


def test_a_download_of_no_deals_or_of_boards_the_format_cannot_hold_goes_back_with_the_reason(
    director_client, empty_session
):
    response = director_client.get(download_url(empty_session, "dup"), follow=True)
    assert "No board of this session is dealt yet" in response.content.decode()

    deal_file_import(
        session=empty_session, deal_file=check_deal_file(write_deal_file("pbn", random_boards([2, 3])))
    )
    response = director_client.get(download_url(empty_session, "ber"), follow=True)
    assert "cannot be written as BER" in response.content.decode()
    assert "board 1 is not dealt" in response.content.decode()
    assert director_client.get(download_url(empty_session, "xls")).status_code == 404


def test_an_upload_previews_the_boards_then_the_confirm_deals_them(director_client, mitchell_session):
    before = deals(mitchell_session)
    boards = random_boards([3, 4, 5])
    preview = upload(
        director_client, mitchell_session, write_deal_file("dlm", boards), "from-the-machine.dlm"
    )

    assert preview.status_code == 200
    page = preview.content.decode()
    assert "Deal boards 3-5" in page and "DLM (Duplimate for Windows, Dealer4)" in page
    assert "dealt again from this file: board 3" in page
    assert deals(mitchell_session) == before  # nothing stored by a preview

    response = confirm(director_client, mitchell_session, preview.context["form"].initial["token"])

    assert response.status_code == 302
    assert deals(mitchell_session)[4] == tuple(boards[1][1][seat].pbn() for seat in "NESW")
    assert deals(mitchell_session)[1] == before[1]


def test_a_played_board_is_named_in_the_preview_and_redealt_only_when_ticked(
    director_client, director, mitchell_session
):
    play_board_1(mitchell_session, director)
    before = deals(mitchell_session)
    preview = upload(
        director_client, mitchell_session, write_deal_file("bri", random_boards([1, 2])), "x.bri"
    )
    assert "Already played, with results: board 1" in preview.content.decode()
    token = preview.context["form"].initial["token"]

    refused = confirm(director_client, mitchell_session, token)

    assert refused.status_code == 400
    assert "Tick the confirmation" in refused.content.decode()
    assert deals(mitchell_session) == before

    assert confirm(director_client, mitchell_session, token, redeal=True).status_code == 302
    assert deals(mitchell_session)[1] != before[1]
    assert ResultChange.objects.get(action=AuditAction.REDEAL).user == director


@pytest.mark.parametrize(
    ("data", "name", "named"),
    [
        (write_deal_file("dup", random_boards([1, 2, 3]))[:400], "deals.dup", "record 3 (board 3), byte 312"),
        (b"\0" * 300, "deals.dup", "it is empty"),
        (b"[Document]\r\nHeadline=\0\0\0\r\n", "deals.dlm", "line 2: byte 0x00"),
        (b"%PDF-1.4 not deals", "deals.pdf", "it takes .dlm, .pbn"),
    ],
)
def test_a_bad_upload_answers_400_with_the_reason_and_stores_nothing(
    director_client, empty_session, data, name, named
):
    response = upload(director_client, empty_session, data, name)
    assert response.status_code == 400
    assert named in response.content.decode()
    assert not empty_session.boards.exists()


def test_a_50_mb_upload_is_refused_by_its_size(director_client, empty_session):
    response = upload(director_client, empty_session, b"1" * 50_000_000, "huge.ber")
    assert response.status_code == 400
    assert "The file is 50,000,000 bytes, over the 1,000,000 a deal file may be." in response.content.decode()
    assert not empty_session.boards.exists()


def test_an_altered_stale_or_foreign_preview_is_not_confirmed(
    director_client, director, mitchell_session, empty_session
):
    deal_file = check_deal_file(write_deal_file("ber", random_boards([1])))
    other_sessions = deal_file_token(
        session=mitchell_session, user=director, deal_file=deal_file, name="x.ber"
    )
    tokens = {
        "altered": other_sessions[:-3] + "abc",
        "another session": other_sessions,
        "garbage": "x" * 40,
        "empty": "",
    }
    for why, token in tokens.items():
        response = confirm(director_client, empty_session, token)
        assert response.status_code == 302, why
        assert response["Location"] == reverse("director:exchange:deal_file_upload", args=[empty_session.pk])
    assert not empty_session.boards.exists()


def _scored(session) -> list[tuple]:
    rows = Result.objects.filter(board__session=session).values_list("pk", "ns_score", "ns_percentage")
    return sorted(rows)


def test_import_deals_deals_the_boards_a_usebio_import_left_undealt_and_keeps_their_results(club, tmp_path):
    """Scorer's file has results and no hand records: its boards are dealt, not re-dealt (issue 45, 7)."""
    session = usebio_import(club=club, data=fixture_bytes("scorer-pairs.xml")).session
    numbers = sorted(session.boards.values_list("number", flat=True))
    assert not session.boards.exclude(north="").exists()
    before = sorted(
        Result.objects.filter(board__session=session).values_list("pk", "ns_score", "ns_percentage")
    )
    path = tmp_path / "deals.ber"
    boards = random_boards(numbers)
    path.write_bytes(write_deal_file("ber", boards))
    preview = deal_file_preview(session, read_deal_file(path.read_bytes(), path.name))
    assert {row.state for row in preview.boards} == {"new"}

    call_command("import_deals", str(path), "--session", str(session.pk), stdout=io.StringIO())

    dealt = {board.number: board.north for board in session.boards.all()}
    assert dealt == {number: deal["N"].pbn() for number, deal in boards}
    after = sorted(
        Result.objects.filter(board__session=session).values_list("pk", "ns_score", "ns_percentage")
    )
    assert after == before
    assert not ResultChange.objects.filter(action=AuditAction.REDEAL).exists()
    # Dealt now: a second file is a re-deal of played boards, refused unless confirmed.
    with pytest.raises(CommandError, match="already has results"):
        call_command("import_deals", str(path), "--session", str(session.pk))
