"""Reading a legacy score file from the command line, for simpscore and import_scores.

Both commands answer a bad file the same way, ``FILE:LINE: what is wrong`` on stderr
and exit status 1, written directly rather than raised as ``CommandError``, which
would put "CommandError:" in front of the line an editor or a script reads.

Only a regular file is read (``/dev/zero`` or a pipe never ends), and at most one byte
more than ``MAX_SCORE_FILE_BYTES``: a larger file is refused naming the limit, without
reading it all into memory.
"""

from __future__ import annotations

import os
import stat
from typing import NoReturn, TextIO

from tournaments.bridge.formats.legacy import (
    MAX_SCORE_FILE_BYTES,
    LegacyFormatError,
    ScoreFile,
    file_too_large_message,
    parse_score_bytes,
)


def read_score_file(path: str, stderr: TextIO) -> ScoreFile:
    """Return the parsed file, or report what is wrong with it on ``stderr`` and exit 1."""
    try:
        # Opened without blocking, so that a named pipe with no writer is refused, not waited on.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as opened:
            status = os.fstat(opened.fileno())
            if not stat.S_ISREG(status.st_mode):
                _fail(stderr, f"{path}: not a regular file: give a score file, not a device, pipe or folder")
            if status.st_size > MAX_SCORE_FILE_BYTES:
                _fail(stderr, f"{path}: {file_too_large_message(status.st_size)}")
            data = opened.read(MAX_SCORE_FILE_BYTES + 1)
    except OSError as error:
        _fail(stderr, f"{path}: cannot read the file: {error.strerror}")
    except ValueError as error:  # a path holding a NUL character
        _fail(stderr, f"{path!r}: cannot read the file: {error}")
    if len(data) > MAX_SCORE_FILE_BYTES:  # grew while being read
        _fail(stderr, f"{path}: larger than the limit of {MAX_SCORE_FILE_BYTES // 1_000_000} MB")
    try:
        return parse_score_bytes(data)
    except LegacyFormatError as error:
        _fail(stderr, f"{path}:{error.line}: {error.reason}")


def _fail(stderr: TextIO, message: str) -> NoReturn:
    # One line, ended here: Django's OutputWrapper adds no second newline, and the plain
    # entry point (tournaments.exchange.simpscore) writes to sys.stderr, which would add none.
    stderr.write(message + "\n")
    raise SystemExit(1)
