"""Upload and file limits: a score file's size, where a preview waits, and error messages quoting input."""

from __future__ import annotations

import datetime
import io
import os

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session as SessionRow
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests.exchange.legacy_files import EASY_TEST
from tournaments.bridge.calls import Contract, parse_call
from tournaments.bridge.cards import Card, CardError, Hand
from tournaments.bridge.deck import PermutationError, parse_permutation
from tournaments.bridge.formats.legacy import MAX_SCORE_FILE_BYTES, LegacyFormatError, parse_score_file
from tournaments.bridge.scoring import result_tricks
from tournaments.bridge.text import QUOTE_LIMIT, quoted
from tournaments.exchange.models import PENDING_LIFETIME, PendingImport
from tournaments.night.models import Session

UPLOAD = reverse("imports:upload")
CONFIRM = reverse("imports:confirm")
JUNK = "x" * 100_000


@pytest.fixture
def staff(django_user_model, club):
    user = django_user_model.objects.create_user(username="admin", password="pw-admin-123", is_staff=True)
    club.directors.add(user)
    return user


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def upload(client, club, content: bytes, name="Tuesday"):
    data = {"club": club.pk, "date": "2026-03-10", "name": name, "file": SimpleUploadedFile("s.txt", content)}
    return client.post(UPLOAD, data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("x" * 60, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (60 characters)"),
        ("short", "'short'"),
        ("x" * 40, "'" + "x" * 40 + "'"),
        ("a\x00b", "'a\\x00b'"),
    ],
)
def test_quoted_cuts_long_input_short_and_says_how_long(text, expected):
    assert quoted(text) == expected


@pytest.mark.parametrize(
    "refuse",
    [
        lambda: parse_score_file(f"1 A\nSCORES\n{JUNK}\n"),
        lambda: parse_score_file(f"{JUNK}\n1 A\nSCORES\n"),
        lambda: parse_score_file(f"{'9' * 100_000} A\nSCORES\n"),
        lambda: parse_permutation(JUNK),
        lambda: Card.parse(JUNK),
        lambda: Hand.parse(JUNK),
        lambda: Contract.parse(JUNK),
        lambda: parse_call(JUNK),
        lambda: result_tricks("4S", JUNK),
    ],
    ids=["score", "pair line", "pair number", "permutation", "card", "hand", "contract", "call", "result"],
)
def test_errors_quote_a_junk_token_short(refuse):
    with pytest.raises((LegacyFormatError, PermutationError, CardError, ValueError)) as refused:
        refuse()

    assert len(str(refused.value)) < 300


def test_a_junk_token_is_not_echoed_whole_on_the_upload_page(staff_client, club):
    response = upload(staff_client, club, f"1 A\nSCORES\n{JUNK}\n".encode())

    assert "(100000 characters)" in response.content.decode()
    assert len(response.content) < 20_000


def test_a_file_over_the_limit_is_refused_naming_its_size_and_the_limit(staff_client, club):
    response = upload(staff_client, club, b"1 A\nSCORES\n" + b"0 " * 3_000_000)

    page = response.content.decode()
    assert "The file is 6.0 MB; the limit is 5 MB" in page
    assert not Session.objects.exists() and not PendingImport.objects.exists()


def test_the_upload_limits_are_set():
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE <= 2_621_440
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= 2_621_440
    assert settings.UPLOAD_FILE_MAX_BYTES >= MAX_SCORE_FILE_BYTES


def test_the_preview_waits_outside_the_users_session_row_and_confirm_removes_it(staff_client, staff, club):
    preview = upload(staff_client, club, EASY_TEST.encode())

    assert all(len(row.session_data) < 2_000 for row in SessionRow.objects.all())
    pending = PendingImport.objects.get()
    assert (pending.user, pending.club, pending.sha256) == (staff, club, preview.context["sha256"])

    response = staff_client.post(CONFIRM, {"sha256": preview.context["sha256"]})

    assert response.status_code == 302
    assert Session.objects.count() == 1
    assert not PendingImport.objects.exists()


def test_another_users_preview_cannot_be_confirmed(staff_client, client, django_user_model, club):
    preview = upload(staff_client, club, EASY_TEST.encode())
    other = django_user_model.objects.create_user(username="other", password="pw-other-123", is_staff=True)
    club.directors.add(other)
    client.force_login(other)

    client.post(CONFIRM, {"sha256": preview.context["sha256"]})

    assert not Session.objects.exists()


def test_old_previews_are_cleaned_up_and_a_user_keeps_only_a_few(staff_client, staff, club):
    upload(staff_client, club, EASY_TEST.encode())
    PendingImport.objects.update(created_at=timezone.now() - PENDING_LIFETIME - datetime.timedelta(seconds=1))
    stale = PendingImport.objects.get()

    for number in range(1, 6):
        upload(staff_client, club, f"1 A\n2 B\nSCORES\n{number}0 {number}\n".encode())

    assert not PendingImport.objects.filter(pk=stale.pk).exists()
    assert PendingImport.objects.filter(user=staff).count() == 3


def test_an_expired_preview_cannot_be_confirmed(staff_client, club):
    preview = upload(staff_client, club, EASY_TEST.encode())
    PendingImport.objects.update(created_at=timezone.now() - PENDING_LIFETIME - datetime.timedelta(seconds=1))

    response = staff_client.post(CONFIRM, {"sha256": preview.context["sha256"]}, follow=True)

    assert not Session.objects.exists()
    assert "upload the file again" in response.content.decode()


def _read_command(path: str) -> tuple[int, str]:
    err = io.StringIO()
    try:
        call_command("simpscore", path, stdout=io.StringIO(), stderr=err)
    except SystemExit as exited:
        return exited.code, err.getvalue()
    return 0, err.getvalue()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_the_commands_refuse_a_device_without_reading_it():
    code, err = _read_command("/dev/zero")

    assert code == 1
    assert err.startswith("/dev/zero: ") and "not a regular file" in err


def test_the_commands_refuse_a_file_over_the_limit_naming_it(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"1 A\nSCORES\n" + b"0\n" * 3_000_000)

    code, err = _read_command(str(path))

    assert code == 1
    assert "the limit is 5 MB" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_commands_refuse_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    code, err = _read_command(str(fifo))

    assert code == 1
    assert "not a regular file" in err


@pytest.mark.parametrize(
    ("url_name", "field"),
    [
        ("director:board", "declarer"),
        ("director:pair_add", "direction"),
        ("director:session_new", "movement"),
    ],
)
def test_a_form_does_not_echo_a_junk_choice_whole(director_client, mitchell_session, url_name, field):
    args = [] if url_name == "director:session_new" else [mitchell_session.pk]
    if url_name == "director:board":
        args.append(1)

    response = director_client.post(reverse(url_name, args=args), {field: "Z" * 100_000})

    assert "Z" * QUOTE_LIMIT + "..." in response.content.decode()
    assert "Z" * 41 not in response.content.decode()


def test_a_request_body_over_the_limit_answers_400(client, db):
    response = client.post(reverse("player_search"), {"q": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    assert response.status_code == 400
