"""The director's movement pages: set it up, enter results by round and table, and print
the guide cards (starting and finishing play: ``views.session_state``). Thin, as the
other director pages: the services write, the selectors read.
"""

from __future__ import annotations

import dataclasses
from string import ascii_uppercase

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.core.forms import form_add_service_error
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.night.forms.results import TableResultForm
from tournaments.night.forms.sessions import MovementForm, SectionsForm
from tournaments.night.models import Session
from tournaments.night.selectors import director as selectors
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.selectors import public
from tournaments.night.selectors.table_entry import qr_svg
from tournaments.night.services.movement import movement_boards_ensure, session_movement_set
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.table_entry import table_accesses_ensure
from tournaments.night.views.session_page import session_page

TEMPLATES = "tournaments/night/director/"


def _session_url(session: Session, anchor: str = "") -> str:
    return reverse("director:session", args=[session.pk]) + anchor


@login_required
@require_POST
def session_movement(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    form = MovementForm(request.POST)

    def movement_set() -> Session:
        data = form.cleaned_data
        return session_movement_set(
            session=session,
            kind=data["movement"],
            tables=data["tables"],
            boards_per_round=data["boards_per_round"],
            rounds=data["rounds"],
            even_tables=data["even_tables"],
            arrow_switch_rounds=data["arrow_switch_rounds"],
        )

    response = form_write(
        request,
        form,
        movement_set,
        message=lambda done: (
            _("Movement set: %(movement_tables)s tables, %(movement_rounds)s rounds.")
            % {"movement_tables": done.movement_tables, "movement_rounds": done.movement_rounds}
        ),
        to=lambda done: _session_url(done, "#movement"),
    )
    if response is not None:
        return response
    return session_page(request, session, movement_form=form)


@login_required
@require_POST
def session_sections(request: SignedInRequest, session_id: int) -> HttpResponse:
    """Divide a session in preparation, before its pairs are seated, into sections (issue 31)."""
    session = selectors.session_for_director(request.user, session_id)
    form = SectionsForm(request.POST, prefix="sections")

    def sections_set() -> Session:
        data = form.cleaned_data
        specs = [
            SectionSpec(letter, kind, tables=tables, boards_per_round=data["boards_per_round"])
            for letter, (kind, tables) in zip(ascii_uppercase, data["sections"], strict=False)
        ]
        session_sections_set(session=session, sections=specs, scoring=data["section_scoring"])
        return session

    response = form_write(
        request,
        form,
        sections_set,
        message=lambda done: (
            _("Sections set: %(letters)s.")
            % {"letters": ", ".join(done.sections.order_by("letter").values_list("letter", flat=True))}
        ),
        to=lambda done: _session_url(done, "#movement"),
    )
    if response is not None:
        return response
    return session_page(request, session, sections_form=form)


@login_required
@require_POST
def session_movement_boards(request: SignedInRequest, session_id: int) -> HttpResponse:
    session = selectors.session_for_director(request.user, session_id)
    try:
        boards = movement_boards_ensure(session=session)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Boards 1-%(len)s are ready for the movement.") % {"len": len(boards)})
    return redirect(_session_url(session, "#boards"))


def _movement_or_404(session: Session):
    movement = movement_selectors.session_movement(session)
    if movement is None:
        raise Http404("This session has no movement.")
    return movement


@login_required
@require_http_methods(["GET", "POST"])
def table_round(request: SignedInRequest, session_id: int, round_number: int, table: int) -> HttpResponse:
    """Enter a (round, table)'s results: the movement gives the pairs and the boards."""
    session = selectors.session_for_director(request.user, session_id)
    movement = _movement_or_404(session)
    pairs = public.session_pairs(session)
    seating = movement_selectors.table_round(session, movement, pairs, round_number, table)
    if seating is None:
        raise Http404(f"The movement has no table {table} in round {round_number}.")
    boards = {board.number: board for board in session.boards.filter(number__in=seating.boards)}
    results = movement_selectors.table_round_results(session, seating)
    posted = None
    if request.method == "POST":
        number = request.POST.get("board", "")
        posted = TableResultForm(request.POST, auto_id=f"id_b{number if number.isdigit() else 'x'}_%s")
    if posted is not None and posted.is_valid():
        board = boards.get(posted.cleaned_data["board"])
        if board is None or seating.sits_out:
            posted.add_error(
                None, _("This board is not played at this table in this round, or a pair sits out.")
            )
        else:
            data = posted.cleaned_data
            entry = ResultEntry(
                ns_pair=seating.ns.pair,
                ew_pair=seating.ew.pair,
                contract=data["contract"],
                declarer=data["declarer"],
                result=data["result"],
                lead=data["lead"],
            )
            try:
                result = result_record(board=board, entry=entry, user=request.user)
            except ValidationError as error:
                form_add_service_error(posted, error)
            else:
                messages.success(
                    request,
                    _("Board %(number)s: %(display)s (%(ns_score)s NS).")
                    % {
                        "number": board.number,
                        "display": result.display,
                        "ns_score": f"{result.ns_score:+d}",
                    },
                )
                return redirect(reverse("director:table_round", args=[session.pk, round_number, table]))
    rows = []
    for number in seating.boards:
        form = posted if posted is not None and posted.data.get("board") == str(number) else None
        rows.append(
            {
                "number": number,
                "board": boards.get(number),
                "result": results.get(number),
                "form": form or TableResultForm(initial={"board": number}, auto_id=f"id_b{number}_%s"),
            }
        )
    context = {
        "session": session,
        "seating": seating,
        "rows": rows,
        "next": movement_selectors.next_table_round(movement, round_number, table),
    }
    status = 400 if posted is not None and posted.errors else 200
    return render(request, TEMPLATES + "table_round.html", context, status=status)


def _with_entry_links(request: HttpRequest, session: Session, cards: list) -> list:
    """Give each table card its table's entry link and QR code (printed with the card)."""
    urls = {
        access.table: request.build_absolute_uri(reverse("table_entry", args=[access.token]))
        for access in table_accesses_ensure(session)
    }
    linked = []
    for card in cards:
        url = urls.get(card.table)
        linked.append(dataclasses.replace(card, url=url, qr=qr_svg(url) if url else ""))
    return linked


@login_required
def guide_cards(request: SignedInRequest, session_id: int, kind: str) -> HttpResponse:
    """Printable table cards or pair cards: one card a table (or pair), each round on its line."""
    session = selectors.session_for_director(request.user, session_id)
    movement = _movement_or_404(session)
    pairs = public.session_pairs(session)
    if kind == "tables":
        cards = movement_selectors.table_cards(session, movement, pairs)
        cards = _with_entry_links(request, session, cards)
    else:
        cards = movement_selectors.pair_cards(session, movement, pairs)
    context = {"session": session, "cards": cards, "kind": kind, "movement": movement}
    return render(request, TEMPLATES + "guide_cards.html", context)
