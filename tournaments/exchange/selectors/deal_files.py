"""Reads for the dealing machines' files: a session's deals in any format, and an upload's preview.

The session's deals go out as the format asks (``bridge.formats.dealing``): PBN and LIN
as their own downloads write them (``selectors.hand_records``: the PBN with its analysis
and results), the machines' formats from the dealt boards alone. A preview says, before
anything is stored, which boards a file will deal: new ones, ones dealt already (re-dealt)
and ones with results, which only a director's confirmation re-deals.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.text import slugify

from tournaments.bridge.cards import Deal
from tournaments.bridge.formats.dealing import FORMATS, DealFile, write_deal_file
from tournaments.bridge.seats import board_dealer, board_vulnerability_text
from tournaments.exchange.selectors.hand_records import session_lin_text, session_pbn_text
from tournaments.night.models import Board, Result, Session

# The machines' formats a session downloads beside PBN and LIN, in the order the page lists them.
MACHINE_FORMATS = ("dup", "dlm", "bri", "dge", "ber")


def session_dealt_boards(session: Session) -> list[tuple[int, Deal]]:
    """The session's dealt boards by number, each with its deal (one query)."""
    return [(board.number, board.deal) for board in session.boards.exclude(north="").order_by("number")]


def session_deal_file(session: Session, fmt: str) -> bytes:
    """The session's deals as a file of format ``fmt``; ``DealFileError`` if the format cannot hold them.

    PBN and LIN are the downloads of those names; the machines' formats hold only
    consecutive boards (and DUP and DLM at most board 99), which the error says.
    """
    if fmt == "pbn":
        return session_pbn_text(session).encode("utf-8")
    if fmt == "lin":
        return session_lin_text(session).encode("utf-8")
    return write_deal_file(fmt, session_dealt_boards(session))


def session_deal_filename(session: Session, fmt: str) -> str:
    """A download name such as ``riverside-2026-11-23-monday.dup``."""
    return f"{session.club.slug}-{session.date:%Y-%m-%d}-{slugify(session.name) or 'session'}.{fmt}"


@dataclass(frozen=True)
class PreviewBoard:
    """One board a file deals, as the preview lists it: what happens to it, and its deal."""

    number: int
    dealer: str
    vulnerability: str
    hands: tuple[str, str, str, str]  # North, East, South, West, as PBN writes a hand
    state: str  # "new", "redealt" (dealt already, no results) or "played" (has results)
    results: int


@dataclass(frozen=True)
class DealFilePreview:
    """What an upload will do: the file's format, each board it deals, and those already played."""

    format_label: str
    boards: tuple[PreviewBoard, ...]

    @property
    def played(self) -> list[int]:
        return [board.number for board in self.boards if board.state == "played"]

    @property
    def redealt(self) -> list[int]:
        return [board.number for board in self.boards if board.state == "redealt"]

    @property
    def numbers(self) -> str:
        """The boards as a director reads them: ``1-24`` or ``1-3, 7``."""
        return number_ranges([board.number for board in self.boards])


def number_ranges(numbers: list[int]) -> str:
    """Board numbers as ranges, ``'1-3, 7, 9-10'``."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)


def deal_file_preview(session: Session, deal_file: DealFile) -> DealFilePreview:
    """The preview of dealing ``deal_file`` in ``session``: each board new, re-dealt or played (2 queries)."""
    numbers = [board.number for board in deal_file.boards]
    dealt = set(
        Board.objects.filter(session=session, number__in=numbers)
        .exclude(north="")
        .values_list("number", flat=True)
    )
    results: dict[int, int] = {}
    for number in Result.objects.filter(board__session=session, board__number__in=numbers).values_list(
        "board__number", flat=True
    ):
        results[number] = results.get(number, 0) + 1
    rows = []
    for board in sorted(deal_file.boards, key=lambda board: board.number):
        # A board with results but never dealt (a results file's import) is dealt for the first time.
        state = ("played" if board.number in results else "redealt") if board.number in dealt else "new"
        hands = tuple(board.deal[seat].pbn() for seat in "NESW")
        rows.append(
            PreviewBoard(
                number=board.number,
                dealer=board_dealer(board.number),
                vulnerability=board_vulnerability_text(board.number),
                hands=(hands[0], hands[1], hands[2], hands[3]),
                state=state,
                results=results.get(board.number, 0),
            )
        )
    return DealFilePreview(FORMATS[deal_file.format].label, tuple(rows))
