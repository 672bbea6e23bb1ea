"""The desk's grid as posted: lines ``l0``..``l<n-1>``, each a board, two pairs, the result and the lead.

Each line is read by a small Django form (lengths, NUL bytes, ASCII numbers), then its
cells by the rules: the pairs as a traveller names them (``bridge.seating.read_pair_label``:
``3``, ``EW 3``), the result in the compact notation (``bridge.notation.read_outcome``:
``4SN+1``, ``P``, ``A60/40``), the lead as a card. What cannot be read is named on its
cell; what can is handed to the services as ``DeskLine`` values, which judge the rest.

A line with no result and no lead is not a line: a table that has not played yet. A line
that showed a stored result and is now blank is refused: a result is deleted on the board
page, on purpose, never by clearing a cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django import forms
from django.http import QueryDict
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.bridge.adjusted import AdjustmentPercentages, Artificial
from tournaments.bridge.cards import CardError, parse_lead
from tournaments.bridge.notation import NotationError, Outcome, PassedOut, read_outcome
from tournaments.bridge.seating import read_pair_label
from tournaments.core.forms import AsciiIntegerField
from tournaments.night.bridge_errors import translated
from tournaments.night.models import SECTION_NUMBERING, Board, Direction, Pair, Session
from tournaments.night.selectors.movements import PairKey, pair_key
from tournaments.night.selectors.traveller import MAX_LINES, stamp_shown
from tournaments.night.services.traveller import CELLS, GRID, LINE, DeskLine, Problems, add_problem

# A pair of a session of sections as the desk types it: ``A3``, ``EW B2``, ``A 3 NS``.
_SECTION_PAIR = re.compile(
    r"\s*(?P<before>[NSEW-]*)\s*(?P<letter>[A-Za-z])\s*(?P<number>\d{1,2})\s*(?P<after>[NSEW-]*)\s*"
)


class LineForm(forms.Form):
    """One posted line, as text: the services' values are made from it by ``read_grid``."""

    board = AsciiIntegerField(min_value=1, widget=forms.HiddenInput)
    ns = forms.CharField(max_length=12, required=False, label=gettext_lazy("NS pair"))
    ew = forms.CharField(max_length=12, required=False, label=gettext_lazy("EW pair"))
    contract = forms.CharField(max_length=24, required=False, label=gettext_lazy("Result"))
    lead = forms.CharField(max_length=4, required=False, label=gettext_lazy("Lead"))
    was = forms.CharField(max_length=300, required=False, widget=forms.HiddenInput)


class GridForm(forms.Form):
    """The grid's own fields: how many lines it posts, and the director's word on the movement."""

    lines = AsciiIntegerField(
        label=gettext_lazy("Lines"),
        min_value=0,
        max_value=MAX_LINES,
        error_messages={
            "max_value": gettext_lazy("A grid holds at most %(limit_value)s lines."),
            "required": gettext_lazy("The grid sent no lines: reload the page."),
        },
    )
    out_of_order = forms.BooleanField(
        required=False,
        label=gettext_lazy("Played out of order"),
        help_text=gettext_lazy(
            "Accept lines whose pairs the movement does not give the board; the audit log records it."
        ),
    )


@dataclass
class ReadGrid:
    """What the post holds: the lines read, every problem by line and cell, and the text as typed."""

    lines: list[DeskLine] = field(default_factory=list)
    problems: Problems = field(default_factory=dict)
    typed: dict[int, dict[str, str]] = field(default_factory=dict)  # line index -> cell -> text
    out_of_order: bool = False

    def add(self, index: int, cell: str, message: str) -> None:
        add_problem(self.problems, index, cell, message)


def read_grid(
    data: QueryDict,
    *,
    session: Session,
    pairs: list[Pair],
    boards: dict[int, Board],
    percentages: AdjustmentPercentages,
) -> ReadGrid:
    """Read every posted line of the grid, naming each cell that cannot be read."""
    read = ReadGrid()
    grid = GridForm(data)
    if not grid.is_valid():
        for message in grid.errors.get("lines", []) + grid.errors.get("out_of_order", []):
            read.add(GRID, LINE, str(message))
        return read
    read.out_of_order = grid.cleaned_data["out_of_order"]
    seated = {pair_key(pair): pair for pair in pairs}
    for index in range(grid.cleaned_data["lines"]):
        form = LineForm(data, prefix=f"l{index}")
        read.typed[index] = {name: str(form[name].value() or "") for name in form.fields}
        line = _read_line(read, index, form, session, seated, boards, percentages)
        if line is not None:
            read.lines.append(line)
    return read


def _read_line(
    read: ReadGrid,
    index: int,
    form: LineForm,
    session: Session,
    seated: dict[PairKey, Pair],
    boards: dict[int, Board],
    percentages: AdjustmentPercentages,
) -> DeskLine | None:
    """Read one line into a ``DeskLine`` (None for a blank line, or one whose board is not on the page)."""
    if not form.is_valid():
        for name, messages in form.errors.items():
            for message in messages:
                read.add(index, name if name in CELLS else LINE, str(message))
        return None
    data = form.cleaned_data
    board = boards.get(data["board"])
    if board is None:
        read.add(index, LINE, _("Board %(board)d is not on this page: reload it.") % {"board": data["board"]})
        return None
    if not data["contract"] and not data["lead"]:
        if data["was"]:
            message = _(
                "This line's result (%(stored)s) is stored: type it again, or delete it on the board page."
            )
            read.add(index, "contract", message % {"stored": stamp_shown(data["was"])})
        return None  # a table yet to play
    outcome = _outcome(read, index, data["contract"], percentages)
    lead = _lead(read, index, data["lead"], outcome)
    ns = _pair(read, index, "ns", data["ns"], Direction.NS, session, seated)
    ew = _pair(read, index, "ew", data["ew"], Direction.EW, session, seated)
    return DeskLine(index, board, ns, ew, outcome, lead, data["was"])


def _outcome(read: ReadGrid, index: int, text: str, percentages: AdjustmentPercentages) -> Outcome | None:
    if not text:
        read.add(index, "contract", _("Type the result, as 4SN+1, 3NTXE-2, P or A60/40."))
        return None
    try:
        return read_outcome(text, percentages, get_language())
    except NotationError as error:
        read.add(index, "contract", translated(error))
        return None


def _lead(read: ReadGrid, index: int, text: str, outcome: Outcome | None) -> str:
    if not text:
        return ""
    if isinstance(outcome, PassedOut | Artificial):
        message = (
            _("A passed-out board has no lead.")
            if isinstance(outcome, PassedOut)
            else _("An adjusted score has no lead.")
        )
        read.add(index, "lead", message)
        return ""
    try:
        return parse_lead(text)
    except CardError as error:
        read.add(index, "lead", translated(error))
        return ""


def _pair(
    read: ReadGrid,
    index: int,
    cell: str,
    text: str,
    column: str,
    session: Session,
    seated: dict[PairKey, Pair],
) -> Pair | None:
    """The pair a cell names: a number is the column's field in a Mitchell (``EW 3`` names the other)."""
    if not text:
        message = _("Type the NS pair's number.") if cell == "ns" else _("Type the EW pair's number.")
        read.add(index, cell, message)
        return None
    base = 0
    if session.has_sections:  # a session of sections: the pair's section and number there, A3
        found = _SECTION_PAIR.fullmatch(text)
        if found is None:
            read.add(index, cell, _("Type the pair's section and number, as A3."))
            return None
        base = SECTION_NUMBERING * (ord(found["letter"].upper()) - ord("A") + 1)
        text = f"{found['before']} {found['number']} {found['after']}".strip()
    try:
        number, direction = read_pair_label(text)
    except ValueError as error:
        read.add(index, cell, str(error))
        return None
    number += base
    if not session.is_mitchell and direction:
        read.add(
            index,
            cell,
            _("A Howell's pairs have no field: type the number alone, as %(number)d.") % {"number": number},
        )
        return None
    key = (direction or column, number) if session.is_mitchell else ("", number)
    pair = seated.get(key)
    if pair is None:
        label = f"{number} {key[0]}" if key[0] else str(number)
        read.add(index, cell, _("No pair %(pair)s is seated in this session.") % {"pair": label})
    return pair
