"""The director's pages: thin views that parse a form, call a service or a selector, and render.

Every page needs a login; a page of a club the user does not direct answers 403.
Writes answer a POST with a redirect, so reloading a page never enters a result twice.

A result that is gone when it is corrected or deleted (a double-clicked Delete, or
another director's delete racing this one) is answered with "already deleted" and the
board page. When the result is gone before the view could read it, its board is known
only from the form's hidden ``session`` and ``board`` fields: a hint followed only into a
session the user directs, else the director's home.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.forms import form_add_service_error
from tournaments.core.sections import sections
from tournaments.core.selectors.access import clubs_directed
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night import hooks
from tournaments.night.forms.results import AdjustmentForm, AssignedScoreForm, ResultForm
from tournaments.night.forms.sessions import BoardCountForm, DealForm, PairForm, SessionForm
from tournaments.night.models import Board, Pair, Result, Session
from tournaments.night.selectors import director as selectors
from tournaments.night.selectors import public
from tournaments.night.services.boards import boards_deal, boards_ensure, parse_permutation_lines
from tournaments.night.services.deal_analysis import analysis_resume
from tournaments.night.services.movement import session_create_with_movement
from tournaments.night.services.results import (
    AdjustedEntry,
    AssignedEntry,
    AssignedPart,
    ResultEntry,
    ResultGoneError,
    result_adjust,
    result_assign,
    result_correct,
    result_delete,
    result_record,
)
from tournaments.night.services.sessions import pair_add
from tournaments.night.views.overdue import settled_after_answer
from tournaments.night.views.session_page import session_page

TEMPLATES = "tournaments/night/director/"


def _session_url(session: Session) -> str:
    return reverse("director:session", args=[session.pk])


def _board_url(board: Board) -> str:
    return reverse("director:board", args=[board.session_id, board.number])


def _today() -> datetime.date:
    """Today in the site's time zone (``TIME_ZONE``): a session is usually created for tonight."""
    return timezone.localdate()


@login_required
@require_http_methods(["GET", "POST"])
def session_new(request: SignedInRequest) -> HttpResponse:
    clubs = list(clubs_directed(request.user))
    if not clubs:
        raise PermissionDenied("You do not direct any club.")
    initial = {"club": clubs[0].pk, "date": _today()}
    form = SessionForm(request.POST or None, clubs=clubs, initial=initial)
    response = form_write(
        request,
        form,
        lambda: session_create_with_movement(**form.cleaned_data),
        message=lambda session: _("Session %(name)s created. Now seat the pairs.") % {"name": session.name},
        to=_session_url,
    )
    if response is not None:
        return response
    status = 400 if form.is_bound else 200  # a valid form has redirected by now
    return render(request, TEMPLATES + "session_new.html", {"form": form}, status=status)


@login_required
def session_detail(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    return session_page(request, session)


@login_required
@require_POST
def session_pair_add(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = PairForm(request.POST, session=session)

    def seat() -> Pair:
        data = form.cleaned_data
        section = session.sections.get(letter=data["section"]) if "section" in data else None
        return pair_add(
            session=session,
            player_names=(data["player1"], data["player2"]),
            direction=data.get("direction", ""),
            number=data["number"],
            section=section,
        )

    response = form_write(
        request,
        form,
        seat,
        message=lambda pair: (
            _("Pair %(label)s seated: %(names)s.") % {"label": pair.label, "names": pair.names}
        ),
        to=lambda _: _session_url(session) + "#pairs",
    )
    if response is not None:
        return response
    return session_page(request, session, pair_form=form)


@login_required
@require_POST
def session_deal(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = DealForm(request.POST, request.FILES)

    def deal() -> list[Board]:
        confirm = {"redeal_played": form.cleaned_data["redeal_played"], "user": request.user}
        if form.cleaned_data["count"]:
            return boards_deal(session=session, count=form.cleaned_data["count"], **confirm)
        permutations = parse_permutation_lines(form.cleaned_data["permutations"])
        return boards_deal(session=session, permutations=permutations, **confirm)

    def dealt(boards: list[Board]) -> str:
        later = (
            " " + _("Their double-dummy analysis follows in a minute.") if boards[-1].analysis_pending else ""
        )
        return _("Dealt %(count)s boards.") % {"count": len(boards)} + later

    response = form_write(request, form, deal, message=dealt, to=lambda _: _session_url(session) + "#boards")
    if response is not None:
        return response
    return session_page(request, session, deal_form=form)


@login_required
@require_POST
def session_board_count(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = BoardCountForm(request.POST)
    if form.is_valid():
        boards_ensure(session=session, count=form.cleaned_data["count"])
        messages.success(
            request, _("Boards 1-%(count)s are ready for results.") % {"count": form.cleaned_data["count"]}
        )
        return redirect(_session_url(session) + "#boards")
    return session_page(request, session, count_form=form)


def _entry(form: ResultForm) -> ResultEntry:
    data = form.cleaned_data
    return ResultEntry(
        ns_pair=data["ns_pair"],
        ew_pair=data["ew_pair"],
        contract=data["contract"],
        declarer=data["declarer"],
        result=data["result"],
        lead=data["lead"],
        out_of_order=data.get("out_of_order", False),
    )


@login_required
@require_http_methods(["GET", "POST"])
def board_detail(request: SignedInRequest, session_id: int, number: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    board = selectors.board_for_director(session, number)
    pairs = public.session_pairs(session)
    form = ResultForm(request.POST or None, session=session, pairs=pairs)
    response = form_write(
        request,
        form,
        lambda: result_record(board=board, entry=_entry(form), user=request.user),
        message=lambda result: (
            _("Board %(number)s: %(display)s (%(ns_score)s NS).")
            % {"number": board.number, "display": result.display, "ns_score": f"{result.ns_score:+d}"}
        ),
        to=lambda _: _board_url(board),
    )
    if response is not None:
        return response
    return _board_page(request, session, board, form=form)


def _board_page(
    request: HttpRequest,
    session: Session,
    board: Board,
    *,
    form: ResultForm | None = None,
    adjust_form: AdjustmentForm | None = None,
    assign_form: AssignedScoreForm | None = None,
) -> HttpResponse:
    if board.analysis_pending:
        analysis_resume(session.pk)  # a dead process left it unanalysed (issue 24)
    pairs = public.session_pairs(session)
    results = selectors.board_results(board)
    tables = selectors.board_tables(session, board, pairs, results)
    form = form or ResultForm(session=session, pairs=pairs)
    adjust_form = adjust_form or AdjustmentForm(session=session, pairs=pairs, tables=tables)
    assign_form = assign_form or AssignedScoreForm(session=session, pairs=pairs, tables=tables)
    previous, following = selectors.board_neighbours(session, board.number)
    context = {
        "session": session,
        "board": board,
        "hands": public.board_hands(board),
        "results": results,
        "form": form,
        "adjust_form": adjust_form,
        "assign_form": assign_form,
        "previous": previous,
        "next": following,
        "standings_tables": public.session_standings(session),
        "results_parts": sections(hooks.director_board_results(session, results)),
    }
    status = 400 if form.errors or adjust_form.errors or assign_form.errors else 200
    response = render(request, TEMPLATES + "board.html", context, status=status)
    return settled_after_answer(response, session.pk)  # a lost or failed settle (issue 24)


@login_required
@require_POST
def board_adjust(request: SignedInRequest, session_id: int, number: int) -> HttpResponse:
    """Give a table an artificial adjusted score (Average-plus, Average, Average-minus, or split);
    a table's earlier result is replaced."""
    session = selectors.session_for_director(request.user, session_id)
    board = selectors.board_for_director(session, number)
    pairs = public.session_pairs(session)
    tables = selectors.board_tables(session, board, pairs, selectors.board_results(board))
    adjust_form = AdjustmentForm(request.POST, session=session, pairs=pairs, tables=tables)

    def adjust() -> Result:
        data = adjust_form.cleaned_data
        entry = AdjustedEntry(
            ns_pair=data["ns_pair"],
            ew_pair=data["ew_pair"],
            ns_adjustment=data["ns_adjustment"],
            ew_adjustment=data["ew_adjustment"],
        )
        return result_adjust(board=board, entry=entry, user=request.user)

    response = form_write(
        request,
        adjust_form,
        adjust,
        message=lambda result: (
            _("Board %(number)s: %(display)s.") % {"number": board.number, "display": result.display}
        ),
        to=lambda _: _board_url(board),
    )
    if response is not None:
        return response
    return _board_page(request, session, board, adjust_form=adjust_form)


@login_required
@require_POST
def board_assign(request: SignedInRequest, session_id: int, number: int) -> HttpResponse:
    """Give a table an assigned (weighted) score (Law 12C1c); a table's earlier result is replaced."""
    session = selectors.session_for_director(request.user, session_id)
    board = selectors.board_for_director(session, number)
    pairs = public.session_pairs(session)
    tables = selectors.board_tables(session, board, pairs, selectors.board_results(board))
    assign_form = AssignedScoreForm(request.POST, session=session, pairs=pairs, tables=tables)

    def assign() -> Result:
        data = assign_form.cleaned_data
        entry = AssignedEntry(
            ns_pair=data["ns_pair"],
            ew_pair=data["ew_pair"],
            parts=tuple(AssignedPart(*part) for part in assign_form.parts()),
        )
        # The table's result, if it has one, is replaced (audited as an update).
        return result_assign(board=board, entry=entry, user=request.user)

    response = form_write(
        request,
        assign_form,
        assign,
        message=lambda result: (
            _("Board %(number)s: assigned %(display)s.") % {"number": board.number, "display": result.display}
        ),
        to=lambda _: _board_url(board),
    )
    if response is not None:
        return response
    return _board_page(request, session, board, assign_form=assign_form)


ALREADY_DELETED = gettext_lazy("That result was already deleted.")


def _already_deleted(request: SignedInRequest, board: Board | None = None) -> HttpResponse:
    """Say the result is gone and show its board: the one known, else the one the form names."""
    messages.info(request, ALREADY_DELETED)
    if board is not None:
        return redirect(_board_url(board))
    hint = request.POST if request.method == "POST" else request.GET
    session_id, number = hint.get("session", ""), hint.get("board", "")
    if not (session_id.isascii() and session_id.isdigit() and len(session_id) <= 18):
        return redirect("director:home")
    try:
        session = selectors.session_for_director(request.user, int(session_id))
    except (Http404, PermissionDenied):
        return redirect("director:home")
    if number.isascii() and number.isdigit() and len(number) <= 9:
        board = Board.objects.filter(session=session, number=int(number)).first()
        if board is not None:
            return redirect(_board_url(board))
    return redirect(_session_url(session))


def _result_or_none(request: SignedInRequest, result_id: int) -> Result | None:
    """The result if this user directs its club (403 if not), or None when it no longer exists."""
    try:
        return selectors.result_for_director(request.user, result_id)
    except Http404:
        return None


@login_required
@require_http_methods(["GET", "POST"])
def result_edit(request: SignedInRequest, result_id: int) -> HttpResponse:
    result = _result_or_none(request, result_id)
    if result is None:
        return _already_deleted(request)
    board = result.board
    session = board.session
    pairs = public.session_pairs(session)
    form = ResultForm(
        request.POST or None, session=session, pairs=pairs, initial=ResultForm.initial_for(result)
    )
    if request.method == "POST" and form.is_valid():
        try:
            result = result_correct(result=result, entry=_entry(form), user=request.user)
        except ResultGoneError:
            return _already_deleted(request, board)
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            messages.success(
                request,
                _("Board %(number)s corrected: %(display)s.")
                % {"number": board.number, "display": result.display},
            )
            return redirect(_board_url(board))
    context = {"session": session, "board": board, "result": result, "form": form}
    return render(request, TEMPLATES + "result_edit.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def result_remove(request: SignedInRequest, result_id: int) -> HttpResponse:
    result = _result_or_none(request, result_id)
    if result is None:
        return _already_deleted(request)
    board = result.board
    shown = result.display
    try:
        result_delete(result=result, user=request.user)
    except ResultGoneError:
        return _already_deleted(request, board)
    messages.success(
        request, _("Board %(number)s: result %(shown)s deleted.") % {"number": board.number, "shown": shown}
    )
    return redirect(_board_url(board))


@login_required
def session_audit(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    context = {
        "session": session,
        "changes": selectors.session_changes(session),
        "session_changes": selectors.session_other_changes(session),
    }
    return render(request, TEMPLATES + "audit.html", context)
