"""The ABF Masterpoint Centre's award file: one fixed-width line a player, ASCII digits only.

As the ABF Masterpoint Manual's Appendix D ("Format of ABF Masterpoint Credit Files") and
the Centre's "Masterpoint Awards File Formats" page publish it: "13-digits per line
precisely. No characters, no spaces and no signs - just the 13-digits made up of two
individual sets representing the ABF number (7-digits) and the awards (6-digits). The
last two digits of the awards are assumed to be the decimal portion ... Each of the two
fields must be left zero-filled" (``0123456000042``: ABF number 123456 gets 0.42). The
file's extension says the colour: ``.grn`` for green points only. The Centre prefers one
line a player (it consolidates several), so a player's awards are summed; lines end in
CR LF, the "DOS text file" the manual asks for.
"""

from __future__ import annotations

from collections.abc import Iterable

ABF_NUMBER_DIGITS = 7
AWARD_DIGITS = 6
GREEN_EXTENSION = "grn"


class AbfFileError(ValueError):
    """An ABF number or award the fixed-width file cannot hold; the message names it."""


def abf_number(text: str) -> str | None:
    """The ABF number as the file writes it (seven digits, zero-filled), or None if it is not one."""
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit() or int(digits) == 0 or len(digits.lstrip("0")) > 7:
        return None
    return digits.lstrip("0").rjust(ABF_NUMBER_DIGITS, "0")


def abf_award_line(number: str, hundredths: int) -> str:
    """One player's line: his ABF number and his award in hundredths, both zero-filled."""
    written = abf_number(number)
    if written is None:
        raise AbfFileError(f"{number!r} is not an ABF number (1 to 7 digits).")
    if not 0 < hundredths < 10**AWARD_DIGITS:
        raise AbfFileError(f"ABF number {written}: an award of {hundredths / 100:.2f} does not fit the file.")
    return f"{written}{hundredths:0{AWARD_DIGITS}d}"


def abf_award_file(awards: Iterable[tuple[str, int]]) -> bytes:
    """The file of (ABF number, hundredths) awards: one line a player, his awards summed, by number."""
    totals: dict[str, int] = {}
    for number, hundredths in awards:
        written = abf_number(number)
        if written is None:
            raise AbfFileError(f"{number!r} is not an ABF number (1 to 7 digits).")
        totals[written] = totals.get(written, 0) + hundredths
    lines = [abf_award_line(number, total) for number, total in sorted(totals.items()) if total > 0]
    return "".join(line + "\r\n" for line in lines).encode("ascii")
