"""Reading a file named on the command line, safely, for every command that takes one.

Only a regular file is read (``/dev/zero`` or a pipe never ends; a folder cannot be read
and is named so), and at most one byte more than the limit: a larger file is refused
naming its size and the limit, from its size on disk, without reading it all into memory.
Every refusal is one line starting ``FILE:`` so an editor or a script can read it.

Plain Python, no Django: ``python -m tournaments.exchange.simpscore`` reads its file
through here without setting Django up.
"""

from __future__ import annotations

import os
import stat

# Named for the type checker only: typing at run time would cost the simpscore command's
# start ~25 M instructions, a twentieth of the C program's whole run (docs/scaling.md).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn, Protocol

    class ErrorStream(Protocol):
        """Where a command writes its one line of refusal: ``sys.stderr``, or a command's
        ``self.stderr`` (Django's ``OutputWrapper``, which is no ``TextIO``)."""

        def write(self, text: str, /) -> object: ...


_BYTES_PER_MB = 1_000_000


def file_too_large_message(size: int, limit: int) -> str:
    """Say that a file of ``size`` bytes is over ``limit``: ``The file is 52.0 MB; the limit is 5 MB.``"""
    shown = f"{size / _BYTES_PER_MB:.1f}"
    if float(shown) * _BYTES_PER_MB <= limit:  # 5.04 MB would print as 5.0, under a 5 MB limit
        shown = f"{size / _BYTES_PER_MB:.6f}".rstrip("0")
    return f"The file is {shown} MB; the limit is {limit / _BYTES_PER_MB:g} MB."


class UnreadableFile(ValueError):
    """A command's file that cannot or must not be read; the message starts with its path."""


def read_file_bytes(path: str, limit: int, *, kind: str = "file") -> bytes:
    """Return the bytes of the regular file at ``path`` (at most ``limit``), or raise ``UnreadableFile``.

    ``kind`` names what was expected ("score file", "PBN file") in the message refusing a
    device or a pipe.
    """
    try:
        # Opened without blocking, so that a named pipe with no writer is refused, not waited on.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with open(descriptor, "rb") as opened:
            status = os.fstat(opened.fileno())
            if not stat.S_ISREG(status.st_mode):
                refused = f"not a regular file: give a {kind}, not a device, pipe or folder"
                raise UnreadableFile(f"{path}: {refused}")
            if status.st_size > limit:
                raise UnreadableFile(f"{path}: {file_too_large_message(status.st_size, limit)}")
            data = opened.read(limit + 1)
    except OSError as error:
        raise UnreadableFile(f"{path}: cannot read the file: {error.strerror}") from None
    except UnreadableFile:
        raise
    except ValueError as error:  # a path holding a NUL character
        raise UnreadableFile(f"{path!r}: cannot read the file: {error}") from None
    if len(data) > limit:  # grew while being read
        raise UnreadableFile(f"{path}: larger than the limit of {limit / _BYTES_PER_MB:g} MB")
    return data


def read_command_file(path: str, limit: int, stderr: ErrorStream, *, kind: str = "file") -> bytes:
    """Return the file's bytes as ``read_file_bytes`` does, or write why not on ``stderr`` and exit 1.

    For the commands that answer ``FILE:LINE: what is wrong`` themselves rather than raise
    ``CommandError``, which would put "CommandError:" in front of the line.
    """
    try:
        return read_file_bytes(path, limit, kind=kind)
    except UnreadableFile as error:
        fail(stderr, str(error))


def fail(stderr: ErrorStream, message: str) -> NoReturn:
    """Write ``message`` as one line on ``stderr`` and exit 1."""
    # Ended here: Django's OutputWrapper adds no second newline, and the plain entry point
    # (tournaments.exchange.simpscore) writes to sys.stderr, which would add none.
    stderr.write(message + "\n")
    raise SystemExit(1)
