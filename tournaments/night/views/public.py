"""The public pages: read-only, no login. Thin: fetch through the selectors, then render."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from tournaments.core.sections import sections
from tournaments.night import hooks
from tournaments.night.live.pages import (
    CSRF_STAND_IN,
    page_for_anyone,
    page_latest,
    page_latest_kept,
    rendered,
    served_to,
)
from tournaments.night.live.stamps import session_digest_read, session_stamp, standings_stamp
from tournaments.night.selectors import public as selectors
from tournaments.night.selectors.individual import individual_session_standings
from tournaments.night.selectors.pages import board_traveller_page, page_asked
from tournaments.night.selectors.publication import public_board_numbers, standings_published_page
from tournaments.night.selectors.rounds import rounds_progress
from tournaments.night.selectors.sections import section_standings
from tournaments.night.services.deal_analysis import analysis_resume
from tournaments.night.views.asking import events_url, standings_poll_ms
from tournaments.night.views.overdue import settled_after_answer

SESSION_PAGE = "tournaments/night/public/session.html"
SESSION_PAGE_KIND = "session-page"


def _standings_context(request: HttpRequest, session, stamp: str | None = None) -> dict:
    """One page of the standings (a congress's run to several), with its stamp for the poll.

    The stamp is read first (or given, read by the poll): a settle between the two reads
    then costs one more full poll, where the other order would hold new stamp over old
    standings until the next change.
    """
    asked = page_asked(request.GET.get("page"))
    stamp = stamp or standings_stamp(session.pk, asked)
    # A barometer's or a Swiss pairs' standings are those after its last published round:
    # the tables too, which the parts below the standings (the field, strata, handicaps) read.
    tables, page = standings_published_page(session, asked)
    rounds = rounds_progress(session, public=True)
    # An individual ranks its players: its pairs are one-round partnerships.
    individual = individual_session_standings(session) if session.is_individual else None
    return {
        "session": session,
        "tables": tables,
        "page": page,
        "stamp": stamp,
        "rounds": rounds,
        "individual_standings": individual,
    }


def session(request: HttpRequest, pk: int) -> HttpResponse:
    """The public session page: drawn once per change for every reader whose page is not his
    own (``night.live.pages``: under the session's stamp, in the reader's language), else for him."""
    asked = page_for_anyone(request)
    if asked is None:
        session = selectors.session_get(pk)
        response = render(request, SESSION_PAGE, _session_context(request, session))
        # Drawn from the last settle; a lost or failed one is made good once this is sent (issue 24;
        # a GET does not write, issue 29: ``views.overdue``).
        return settled_after_answer(response, session.pk, marked=session.scores_marked)
    stamp, page = page_latest(SESSION_PAGE_KIND, pk, asked)  # one round trip while nothing changed
    if page is None:
        stamp = stamp or session_stamp(pk)
        if stamp is None:
            raise Http404("No such session.")
        digest = stamp.digest

        def render_page(label: str) -> str:
            context = _session_context(request, selectors.session_get(pk), standings_stamp(pk, asked, label))
            return render_to_string(SESSION_PAGE, context | {"csrf_token": CSRF_STAND_IN}, request)

        def kept(drawn: str) -> None:
            page_latest_kept(SESSION_PAGE_KIND, pk, asked, digest, drawn)

        page = rendered(
            SESSION_PAGE_KIND, pk, digest, asked, render_page, lambda: session_digest_read(pk), kept
        )
    assert stamp is not None
    return settled_after_answer(HttpResponse(served_to(request, page)), pk, marked=stamp.marked)


def _session_context(request: HttpRequest, session, stamp: str | None = None) -> dict:
    context = _standings_context(request, session, stamp)
    boards = selectors.session_boards(session)
    public = public_board_numbers(session)
    shown = boards if public is None else [board for board in boards if board.number in public]
    context.update(
        boards=shown,
        boards_in_play=len(boards) - len(shown),
        poll_ms=standings_poll_ms(),
        events_url=events_url("session_events", session.pk),
    )
    context["section_tables"] = section_standings(session)
    context["sections"] = sections(hooks.public_session_page(session, context["tables"]))
    return context


def session_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """Return just the standings tables, or 204 when they still match the stamp the page holds.

    The stamp comes from the shared cache when it holds it, so an unchanged poll asks the
    database nothing; a changed one gets the tables as the first reader after the change
    rendered them (``night.live``: once per change, not once per reader).
    """
    stamp = session_stamp(pk)
    if stamp is None:
        raise Http404("No such session.")
    asked = page_asked(request.GET.get("page"))
    page_stamp = standings_stamp(pk, asked, stamp.digest)
    if request.GET.get("since") == page_stamp:
        response = HttpResponse(status=204)  # unchanged: not a row read
    else:

        def render_standings(label: str) -> str:
            context = _standings_context(request, selectors.session_get(pk), label)
            return render_to_string("tournaments/night/public/_standings.html", context, request)

        def stamp_now() -> str:
            return standings_stamp(pk, asked, session_digest_read(pk))

        response = HttpResponse(rendered("standings", pk, page_stamp, asked, render_standings, stamp_now))
    return settled_after_answer(response, pk, marked=stamp.marked)


def board(request: HttpRequest, session_pk: int, number: int) -> HttpResponse:
    board = selectors.board_get(session_pk, number)
    public = public_board_numbers(board.session)
    if public is not None and board.number not in public:
        # Phones are at the tables: a board someone has still to play shows nothing of itself.
        context: dict[str, object] = {"session": board.session, "board": board}
        return render(request, "tournaments/night/public/board_not_yet.html", context, status=404)
    if board.analysis_pending:
        analysis_resume(board.session_id)  # a dead process left it unanalysed (issue 24)
    board_numbers = list(board.session.boards.values_list("number", flat=True))
    results, page = board_traveller_page(board, page_asked(request.GET.get("page")))
    context = {
        "session": board.session,
        "board": board,
        "dealer": selectors.board_dealer_name(board),
        "vulnerability": selectors.board_vulnerability_text(board),
        "hands": selectors.board_hands(board),
        "dd_strains": selectors.dd_strain_headers(),
        "dd_rows": selectors.board_double_dummy(board),
        "results": results,
        "page": page,
        "bbo_url": selectors.board_handviewer_url(board),
        "board_numbers": [n for n in board_numbers if public is None or n in public],
        "sections": sections(hooks.public_board_page(board)),
        "events_url": events_url("session_events", board.session_id),
    }
    response = render(request, "tournaments/night/public/board.html", context)
    return settled_after_answer(response, board.session_id, marked=board.scores_marked)


def pair(request: HttpRequest, session_pk: int, pk: int) -> HttpResponse:
    pair = selectors.pair_get(session_pk, pk)
    rows = selectors.scorecard_hide_unpublished(
        selectors.pair_scorecard(pair), public_board_numbers(pair.session)
    )
    context = {
        "session": pair.session,
        "pair": pair,
        "rows": rows,
        "totals": selectors.scorecard_totals(rows),
    }
    response = render(request, "tournaments/night/public/pair.html", context)
    return settled_after_answer(response, pair.session_id, marked=pair.scores_marked)
