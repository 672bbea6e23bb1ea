"""Argument types the commands share.

``argparse``'s ``type=int`` is Python's ``int()``, which reads any Unicode digits (``'٣'``
is 3) and refuses thousands of digits with its own error; a command's numbers are ASCII
digits, at most 18 of them, and anything else is refused naming the digits expected.
"""

from __future__ import annotations

import argparse
import re

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")


def ascii_int(text: str) -> int:
    """Read a whole number written in the digits 0-9."""
    if not _WHOLE_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"not a whole number in the digits 0-9: {text[:40]!r}")
    return int(text)
