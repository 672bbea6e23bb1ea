"""Reading a legacy score file from the command line, for simpscore and import_scores.

Both commands answer a bad file the same way, ``FILE:LINE: what is wrong`` on stderr
and exit status 1, written directly rather than raised as ``CommandError``, which
would put "CommandError:" in front of the line an editor or a script reads.

The file is read by ``tournaments.core.files.read_command_file``: only a regular file,
and at most one byte more than ``MAX_SCORE_FILE_BYTES``: a larger file is refused naming
the limit, without reading it all into memory.
"""

from __future__ import annotations

from tournaments.bridge.formats.legacy import (
    MAX_SCORE_FILE_BYTES,
    LegacyFormatError,
    ScoreFile,
    parse_score_bytes,
)
from tournaments.core.files import fail, read_command_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tournaments.core.files import ErrorStream


def read_score_file(path: str, stderr: ErrorStream) -> ScoreFile:
    """Return the parsed file, or report what is wrong with it on ``stderr`` and exit 1."""
    data = read_command_file(path, MAX_SCORE_FILE_BYTES, stderr, kind="score file")
    return parse_score_data(path, data, stderr)


def parse_score_data(path: str, data: bytes, stderr: ErrorStream) -> ScoreFile:
    """Return the file at ``path`` parsed from its bytes, or report what is wrong on ``stderr`` and exit 1."""
    try:
        return parse_score_bytes(data)
    except LegacyFormatError as error:
        fail(stderr, f"{path}:{error.line}: {error.reason}")
