"""Reading a legacy score file from the command line, for simpscore and import_scores.

Both commands answer a bad file the same way, ``FILE:LINE: what is wrong`` on stderr
and exit status 1, written directly rather than raised as ``CommandError``, which
would put "CommandError:" in front of the line an editor or a script reads.
"""

from __future__ import annotations

from typing import NoReturn, TextIO

from tournaments.bridge.legacy import LegacyFormatError, ScoreFile, parse_score_bytes


def read_score_file(path: str, stderr: TextIO) -> ScoreFile:
    """Return the parsed file, or report what is wrong with it on ``stderr`` and exit 1."""
    try:
        with open(path, "rb") as opened:
            data = opened.read()
    except OSError as error:
        _fail(stderr, f"{path}: cannot read the file: {error.strerror}")
    except ValueError as error:  # a path holding a NUL character
        _fail(stderr, f"{path!r}: cannot read the file: {error}")
    try:
        return parse_score_bytes(data)
    except LegacyFormatError as error:
        _fail(stderr, f"{path}:{error.line}: {error.reason}")


def _fail(stderr: TextIO, message: str) -> NoReturn:
    stderr.write(message)
    raise SystemExit(1)
