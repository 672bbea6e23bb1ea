"""Dealing machines' files: DUP, DLM, BRI, DGE and BER, beside PBN and LIN, read and written.

A club that deals its boards by machine (Jannersten's Duplimate, Dealer4, Bernasconi)
gives its deals to the machine as one of these files, or receives them in one from a
dealing program (Big Deal, Duplimate's own). Each format has its module, whose docstring
sets out its layout (fields, offsets, checksums, board numbering, limits) and its
sources; ``values`` the card numbering they share, ``files`` which format a file is.
Values in, values out: bytes and ``(number, Deal)`` boards; no Django, no I/O. Every
refusal is a ``DealFileError`` (a ``ValueError``) naming the line, or the record and
byte offset, and what is wrong.
"""

from tournaments.bridge.formats.dealing.files import (
    ACCEPTED,
    FORMATS,
    DealFormat,
    deal_file_format,
    format_from_bytes,
    format_from_name,
    read_deal_file,
    write_deal_file,
)
from tournaments.bridge.formats.dealing.values import Board, DealFile, DealFileError, FileBoard

__all__ = [
    "ACCEPTED",
    "FORMATS",
    "Board",
    "DealFile",
    "DealFileError",
    "DealFormat",
    "FileBoard",
    "deal_file_format",
    "format_from_bytes",
    "format_from_name",
    "read_deal_file",
    "write_deal_file",
]
