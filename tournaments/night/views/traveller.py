"""The desk's grid: a board's whole traveller, or a table's round, typed at keyboard speed.

One plain form a grid, which posts every line and works without a script; the script
(``static/traveller.js``) adds the live check (the same view, posted with ``check``,
answers each line's problems and score as JSON, writing nothing) and the keyboard's
moves. A save writes every line or none (``services.traveller``) and goes on to the next
board's traveller (or the next table of the round), so a pile of travellers is typed
without leaving the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.bridge.adjusted import Artificial
from tournaments.core.views.access import SignedInRequest
from tournaments.night.forms.traveller import GridForm, ReadGrid, read_grid
from tournaments.night.models import Adjustment, Board, Pair, Session, SessionState
from tournaments.night.selectors import director as selectors
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors import public
from tournaments.night.selectors import traveller as grids
from tournaments.night.services.traveller import (
    GRID,
    Changed,
    Checked,
    Problems,
    Saved,
    TravellerRefused,
    TravellerStale,
    traveller_check,
    traveller_save,
)

TEMPLATE = "tournaments/night/director/traveller.html"


@dataclass
class Row:
    """A line of the grid as the page shows it: its place, its cells' text, their problems, the score."""

    line: grids.GridLine
    index: int | None  # the posted line (``l<index>-``), None for a fixed line
    values: dict[str, str]
    problems: dict[str, list[str]] = field(default_factory=dict)

    @property
    def number(self) -> int | None:
        return None if self.index is None else self.index + 1

    @property
    def title(self) -> str:
        """The line as its cells' labels name it: 'Line 3 (Round 2, table 3)', or 'Line 3'."""
        if self.line.where:
            return _("Line %(line)s (%(where)s)") % {"line": self.number, "where": self.line.where}
        return _("Line %(line)s") % {"line": self.number}


@dataclass(frozen=True)
class GridPage:
    """What tells the two grids apart: the heading, where the page came from, where a save goes on to."""

    title: str
    caption: str
    back_url: str
    back_text: str
    done_url: str
    done_text: str
    saved_text: Callable[[Saved], str]
    board: Board | None = None  # the traveller's board (dealer, vulnerability)


@login_required
@require_http_methods(["GET", "POST"])
def board_traveller(request: SignedInRequest, session_id: int, number: int) -> HttpResponse:
    """A board's whole traveller: a line for each table that plays it."""
    session = selectors.session_for_director(request.user, session_id)
    board = selectors.board_for_director(session, number)
    pairs = public.session_pairs(session)
    grid = grids.board_grid(session, board, pairs)
    _previous, following = selectors.board_neighbours(session, number)
    board_url = reverse("director:board", args=[session.pk, number])
    if following is not None:
        done_url = reverse("director:board_traveller", args=[session.pk, following])
        done_text = _("Board %(board)d next.") % {"board": following}
    else:
        done_url, done_text = board_url, _("That was the last board.")
    page = GridPage(
        title=_("Board %(board)d: the traveller") % {"board": number},
        caption=_("Board %(board)d, one line a table") % {"board": number},
        back_url=board_url,
        back_text=_("Board %(board)d") % {"board": number},
        done_url=done_url,
        done_text=done_text,
        saved_text=lambda saved: _("Board %(board)d: %(saved)s") % {"board": number, "saved": _saved(saved)},
        board=board,
    )
    return _grid_page(request, session, pairs, grid, page)


@login_required
@require_http_methods(["GET", "POST"])
def round_traveller(request: SignedInRequest, session_id: int, round_number: int, table: int) -> HttpResponse:
    """A table's round: a line for each of its boards, the movement's pairs on each."""
    session = selectors.session_for_director(request.user, session_id)
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise Http404(_("This session has no movement."))
    pairs = public.session_pairs(session)
    seating = movement_selectors.table_round(session, movement, pairs, round_number, table)
    if seating is None:
        raise Http404(
            _("The movement has no table %(table)d in round %(round)d.")
            % {"table": table, "round": round_number}
        )
    grid = grids.round_grid(session, seating)
    following = movement_selectors.next_table_round(movement, round_number, table)
    here = _("Round %(round)d, table %(table)s") % {
        "round": round_number,
        "table": movement_selectors.table_name(session, table),
    }
    if following is not None:
        done_url = reverse("director:round_traveller", args=[session.pk, *following])
        done_text = _("Round %(round)d, table %(table)s next.") % {
            "round": following[0],
            "table": movement_selectors.table_name(session, following[1]),
        }
    else:
        done_url, done_text = reverse("director:session", args=[session.pk]), _("That was the last table.")
    page = GridPage(
        title=here,
        caption=_("%(here)s: %(ns)s v %(ew)s, one line a board")
        % {"here": here, "ns": seating.ns.label, "ew": seating.ew.label},
        back_url=reverse("director:table_round", args=[session.pk, round_number, table]),
        back_text=here,
        done_url=done_url,
        done_text=done_text,
        saved_text=lambda saved: f"{here}: {_saved(saved)}",
    )
    return _grid_page(request, session, pairs, grid, page)


def _saved(saved: Saved) -> str:
    if not saved.created and not saved.corrected:
        return _("nothing changed (already saved as typed).")
    return _("%(created)d entered, %(corrected)d corrected, %(unchanged)d unchanged.") % {
        "created": saved.created,
        "corrected": saved.corrected,
        "unchanged": saved.unchanged,
    }


def _grid_page(
    request: SignedInRequest, session: Session, pairs: list[Pair], grid: grids.Grid, page: GridPage
) -> HttpResponse:
    """Show the grid (GET), answer its live check (POST with ``check``), or save it (POST)."""
    if request.method == "GET":
        return _render(request, session, grid, page, _rows(grid))
    read = read_grid(
        request.POST, session=session, pairs=pairs, boards=grid.boards, percentages=grid.percentages
    )
    if "check" in request.POST:
        return JsonResponse(_checked(session, read))
    checked = traveller_check(session=session, lines=read.lines, out_of_order=read.out_of_order)
    problems = _merged(read, checked)
    if not problems and not read.lines:
        problems = {GRID: {"line": [_("Nothing to save: type a result on a line.")]}}
    if problems:  # one submit names every problem; the save judges again under the lock
        return _render(request, session, grid, page, _rows(grid, read, problems), problems, status=400)
    try:
        saved = traveller_save(
            session=session, lines=read.lines, user=request.user, out_of_order=read.out_of_order
        )
    except TravellerRefused as refused:
        rows = _rows(grid, read, refused.problems)
        return _render(request, session, grid, page, rows, refused.problems, status=400)
    except TravellerStale as stale:
        rows = _rows(grid, read, {}, stale.changed)
        return _render(request, session, grid, page, rows, {}, stale.changed, status=409)
    messages.success(request, f"{page.saved_text(saved)} {page.done_text}")
    return redirect(page.done_url)


def _merged(read: ReadGrid, checked: dict[int, Checked]) -> Problems:
    """The cells the form could not read, with the services' word on the rest."""
    problems = {
        index: {cell: list(found) for cell, found in cells.items()} for index, cells in read.problems.items()
    }
    for index, line in checked.items():
        for cell, found in line.problems.items():
            known = problems.setdefault(index, {}).setdefault(cell, [])
            known += [message for message in found if message not in known]
    return problems


def _checked(session: Session, read: ReadGrid) -> dict:
    """The live check's answer: each line's problems by cell and its score, and the grid's own problems."""
    checked = traveller_check(session=session, lines=read.lines, out_of_order=read.out_of_order)
    problems = _merged(read, checked)
    lines = {
        str(index): {
            "problems": problems.get(index, {}),
            "score": _score_text(read, index, checked[index].ns_score) if index in checked else "",
        }
        for index in read.typed
    }
    grid = [message for found in problems.get(GRID, {}).values() for message in found]
    return {"lines": lines, "grid": grid}


def _score_text(read: ReadGrid, index: int, ns_score: int | None) -> str:
    """What the line scores, to compare with the paper: 'NS +420', 'NS Average-plus, EW Average-minus'."""
    line = next((line for line in read.lines if line.index == index), None)
    if line is not None and isinstance(line.outcome, Artificial):
        return _("NS %(ns)s, EW %(ew)s") % {
            "ns": Adjustment(line.outcome.ns).label,
            "ew": Adjustment(line.outcome.ew).label,
        }
    if ns_score is None:
        return ""
    return _("NS %(score)s") % {"score": f"{ns_score:+d}" if ns_score else "0"}


def _rows(
    grid: grids.Grid,
    read: ReadGrid | None = None,
    problems: Problems | None = None,
    changed: Sequence[Changed] = (),
) -> list[Row]:
    """The page's lines in the grid's order: what was posted typed back in, its problems, any new stamps."""
    stamps = {change.index: change.stamp for change in changed}
    typed = read.typed if read is not None else {}
    rows: list[Row] = []
    index = 0
    for line in grid.lines:
        if line.fixed:
            rows.append(Row(line, None, {}))
            continue
        rows.append(_row(line, index, typed, problems, stamps))
        index += 1
    while index in typed:  # lines posted past the grid's (a page older than the movement's seating)
        rows.append(_row(grids.GridLine(0, "", "", "", "", "", ""), index, typed, problems, stamps))
        index += 1
    return rows


def _row(
    line: grids.GridLine,
    index: int,
    typed: dict[int, dict[str, str]],
    problems: Problems | None,
    stamps: dict[int, str],
) -> Row:
    values = {"board": str(line.board), "ns": line.ns, "ew": line.ew, "contract": line.contract}
    values |= {"lead": line.lead, "was": line.was}
    values.update(typed.get(index, {}))
    if index in stamps:
        values["was"] = stamps[index]
    return Row(line, index, values, (problems or {}).get(index, {}))


def _render(
    request: HttpRequest,
    session: Session,
    grid: grids.Grid,
    page: GridPage,
    rows: list[Row],
    problems: Problems | None = None,
    changed: Sequence[Changed] = (),
    *,
    status: int = 200,
) -> HttpResponse:
    posted = [row for row in rows if row.index is not None]
    with_problems = [row for row in posted if row.problems]
    # The cell to type in first: a line with a problem, a line changed meanwhile, else the first empty one.
    changed_rows = [row for row in posted if row.index in {change.index for change in changed}]
    waiting = [row for row in posted if not row.values["contract"]]
    focus = next(iter(with_problems + changed_rows + waiting), None)
    context = {
        "session": session,
        "page": page,
        "rows": rows,
        "line_count": len(posted),
        "grid_problems": [message for found in (problems or {}).get(GRID, {}).values() for message in found],
        "with_problems": with_problems,
        "changed": [(change, next(row for row in posted if row.index == change.index)) for change in changed],
        "focus": focus.index if focus is not None else None,
        "form": GridForm(request.POST if request.method == "POST" else None),
        "in_preparation": session.state == SessionState.PREPARATION,
        "percentages": grid.percentages,
    }
    return render(request, TEMPLATE, context, status=status)
