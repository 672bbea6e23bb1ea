"""The import commands read their file as the score-file commands do: a regular file only, under the limit.

``import_pbn`` and ``import_usebio`` go through ``tournaments.core.files``: a device or a
pipe is refused by name without being read (``/dev/zero`` would never end, a pipe with
no writer would wait for ever), a folder cannot be read, and a file over the format's
limit is refused from its size on disk, naming the size and the limit. Each exits 1
(``CommandError``) with a message starting with the file's path, and stores nothing.
"""

from __future__ import annotations

import datetime
import io
import os
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.core.files import UnreadableFile, read_command_file, read_file_bytes
from tournaments.exchange.services.pbn import MAX_PBN_BYTES
from tournaments.exchange.services.usebio import MAX_USEBIO_BYTES
from tournaments.night.models import Session
from tournaments.night.services.sessions import session_create

COMMANDS = {  # its options, its limit, and what it says of a file one byte over the limit
    "import_pbn": (["--session", "SESSION"], MAX_PBN_BYTES, "The file is 1.000001 MB; the limit is 1 MB."),
    "import_usebio": (
        ["--club", "riverside"],
        MAX_USEBIO_BYTES,
        "The file is 5.000001 MB; the limit is 5 MB.",
    ),
}


@pytest.fixture
def session(club):
    return session_create(club=club, date=datetime.date(2026, 11, 23), name="Monday", movement="howell")


def _run(command: str, path: str, session: Session) -> None:
    options, _, _ = COMMANDS[command]
    call_command(command, path, *[str(session.pk) if arg == "SESSION" else arg for arg in options])


def _nothing_stored(session: Session) -> bool:
    return not session.boards.exists() and Session.objects.count() == 1


@pytest.fixture
def pipe(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", COMMANDS)
def test_an_import_command_refuses_a_folder_by_name(command, session, tmp_path):
    with pytest.raises(CommandError, match=f"^{re.escape(str(tmp_path))}: cannot read the file: "):
        _run(command, str(tmp_path), session)
    assert _nothing_stored(session)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize("command", COMMANDS)
def test_an_import_command_refuses_a_device_without_reading_it(command, session):
    with pytest.raises(CommandError, match="^/dev/zero: not a regular file"):
        _run(command, "/dev/zero", session)
    assert _nothing_stored(session)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_import_command_refuses_a_pipe_without_waiting_on_it(command, session, pipe):
    with pytest.raises(CommandError, match=f"^{re.escape(str(pipe))}: not a regular file"):
        _run(command, str(pipe), session)
    assert _nothing_stored(session)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_import_command_refuses_a_file_over_the_limit_naming_size_and_limit(command, session, tmp_path):
    _, limit, message = COMMANDS[command]
    path = tmp_path / "big"
    path.write_bytes(b" " * (limit + 1))

    with pytest.raises(CommandError) as refused:
        _run(command, str(path), session)

    assert str(refused.value) == f"{path}: {message}"
    assert _nothing_stored(session)


def test_the_reader_returns_a_file_at_the_limit_whole(tmp_path):
    path = tmp_path / "full"
    path.write_bytes(b"x" * 100)

    assert read_file_bytes(str(path), 100) == b"x" * 100
    with pytest.raises(UnreadableFile, match=f"^{re.escape(str(path))}: The file is 0.0001 MB"):
        read_file_bytes(str(path), 99)


def test_the_command_reader_writes_one_line_and_exits_1(tmp_path):
    err = io.StringIO()

    with pytest.raises(SystemExit) as exited:
        read_command_file(str(tmp_path), 100, err, kind="PBN file")

    assert exited.value.code == 1
    assert err.getvalue() == f"{tmp_path}: cannot read the file: Is a directory\n"
