"""The tables' own pages (no login: the secret link is the credential) and the director's grid.

The table's page is one HTML page whose script (static/table-entry.js) talks to the JSON
views here: the state of the table, the score table, sending a result, a board's
traveller, and the call for the director. Every answer that refuses something says why
in ``{"error": ...}``, with 400 for a wrong entry, 404 for an unknown link and 410 for a
finished session, so the page knows which refusals are final and which sends to retry.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from tournaments.core.views.access import SignedInRequest
from tournaments.night import live
from tournaments.night.models import TableAccess
from tournaments.night.phone_words import phone_words
from tournaments.night.selectors import director as director_selectors
from tournaments.night.selectors import table_entry as selectors
from tournaments.night.services.table_entry import (
    KeyConflictError,
    TableEntry,
    director_call,
    director_call_answer,
    table_accesses_ensure,
    table_result_submit,
)
from tournaments.night.views.asking import events_url, table_grid_poll_ms, table_refresh_ms
from tournaments.night.views.overdue import settled_after_answer

TEMPLATES = "tournaments/night/table/"
# A result's JSON is a few hundred bytes; anything much bigger is not from the page.
MAX_BODY = 4096


def _refused(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _access_or_refusal(token: str, *, with_club: bool = True) -> TableAccess | JsonResponse:
    try:
        return selectors.table_access_get(token, with_club=with_club)
    except selectors.TableLinkError as error:
        return _refused(error.message, error.status)


@require_GET
@ensure_csrf_cookie
@never_cache
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page: a shell the script fills from the state view."""
    try:
        access = selectors.table_access_get(token)
    except selectors.TableLinkError as error:
        return render(request, TEMPLATES + "refused.html", {"message": error.message}, status=error.status)
    context = {
        "access": access,
        "session": access.session,
        "phone_words": phone_words(),
        "refresh_ms": table_refresh_ms(),
        "events_url": events_url("table_events", access.token),
    }
    return render(request, TEMPLATES + "entry.html", context)


@require_GET
@never_cache
def table_state(request: HttpRequest, token: str) -> HttpResponse:
    """The table's state as JSON with its stamp, or 204 while what the table shows still matches
    the stamp the phone holds (``night.live.table_state``)."""
    answer = live.table_state(token, request.GET.get("since", ""))
    if answer.status == 204:
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(answer.body, status=answer.status, content_type="application/json")
    for name, value in answer.headers.items():
        response[name] = value
    if answer.session_id is None:
        return response
    return settled_after_answer(response, answer.session_id, marked=answer.marked)


@require_GET
@cache_control(max_age=86400, public=True)
def score_table(request: HttpRequest) -> JsonResponse:
    """Every contract's score, for the page to show a score with no network (the server scores again)."""
    return JsonResponse(selectors.score_table_json())


def _json_body(request: HttpRequest) -> dict[str, Any] | JsonResponse:
    if request.content_type != "application/json":
        # A form or multipart body was parsed already (the NUL check reads request.POST),
        # and its body cannot be read again; none comes from the page (issue 24).
        return _refused(_("The entry could not be read (not JSON): reload the page."), 400)
    if len(request.body) > MAX_BODY:
        return _refused(
            _("The entry is larger than %(limit)s bytes: it did not come from the table's page.")
            % {"limit": MAX_BODY},
            400,
        )
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):  # 2,040 '[' nest too deep
        return _refused(_("The entry could not be read (not JSON): reload the page."), 400)
    if not isinstance(data, dict):
        return _refused(_("The entry could not be read (not a JSON object): reload the page."), 400)
    return data


def _text(data: dict[str, Any], name: str, limit: int = 64) -> str:
    value = data.get(name, "")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or len(value) > limit or "\x00" in value:
        raise ValidationError({name: _("The entry's %(name)s is not valid.") % {"name": name}})
    return value


def _number(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 4:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9999:
        raise ValidationError({name: _("The entry's %(name)s is not a number.") % {"name": name}})
    return value


def _entry(data: dict[str, Any]) -> TableEntry:
    return TableEntry(
        key=_text(data, "key"),
        round=_number(data, "round"),
        board=_number(data, "board"),
        contract=_text(data, "contract", 8),
        declarer=_text(data, "declarer", 2),
        tricks=_text(data, "tricks", 3),
        lead=_text(data, "lead", 3),
    )


def _error_text(error: ValidationError) -> str:
    return " ".join(error.messages)


def _refused_entry(access: TableAccess, entry: TableEntry, error: ValidationError) -> JsonResponse:
    """Refuse a send with the reason; a board already in from this table says to call the director.

    A second phone at the table (or a second go on the same one) is told what is stored
    and that only the director can change it (issue 24, point 15).
    """
    message = _error_text(error)
    entered = selectors.entered_at_table(access, entry.round, entry.board)
    if entered is None:
        return _refused(message, 400)
    already = _(
        "Board %(board)s is already in from this table: %(entered)s. If that is not what was played, "
        "call the director."
    )
    message += " " + already % {"board": entry.board, "entered": entered.display}
    return JsonResponse({"error": message, "call_director": True, "entered": entered.display}, status=400)


@require_POST
def table_submit(request: HttpRequest, token: str) -> JsonResponse:
    """Store a table's accepted result once; a repeated send gets the first send's answer."""
    access = _access_or_refusal(token, with_club=False)
    if isinstance(access, JsonResponse):
        return access
    data = _json_body(request)
    if isinstance(data, JsonResponse):
        return data
    try:
        entry = _entry(data)
    except ValidationError as error:
        return _refused(_error_text(error), 400)
    try:
        submitted = table_result_submit(access=access, entry=entry)
    except KeyConflictError as error:
        return _refused(_error_text(error), 409)
    except ValidationError as error:
        return _refused_entry(access, entry, error)
    result = submitted.result
    answer = {
        "board": submitted.board_number,
        "repeated": submitted.repeated,
        "display": result.display if result else None,
        "ns_score": result.ns_score if result else None,
    }
    if submitted.repeated:
        return JsonResponse(answer, status=200)
    return JsonResponse(answer, status=201)  # the rescoring: a job the entry asked for (services.settle_soon)


@require_GET
@never_cache
def table_traveller(request: HttpRequest, token: str, number: int) -> JsonResponse:
    access = _access_or_refusal(token)
    if isinstance(access, JsonResponse):
        return access
    try:
        return JsonResponse(selectors.table_traveller(access, number))
    except selectors.BoardNotPlayedError:
        message = _("Board %(number)s has not been played at this table: its results stay hidden.")
        return _refused(message % {"number": number}, 403)


@require_POST
def table_call(request: HttpRequest, token: str) -> JsonResponse:
    """The table's "call the director" button."""
    access = _access_or_refusal(token)
    if isinstance(access, JsonResponse):
        return access
    data = _json_body(request)
    if isinstance(data, JsonResponse):
        return data
    round_ = data.get("round")
    call = director_call(
        access=access, round_=round_ if isinstance(round_, int) and 0 < round_ < 100 else None
    )
    return JsonResponse({"called": True, "at": call.at.isoformat()})


# --- The director's side -------------------------------------------------------------------------


def _tables_context(request: HttpRequest, session) -> dict[str, Any]:
    accesses = table_accesses_ensure(session)
    links = []
    for access in accesses:
        url = request.build_absolute_uri(reverse("table_entry", args=[access.token]))
        links.append({"table": access.table, "url": url, "qr": selectors.qr_svg(url)})
    return {
        "session": session,
        "links": links,
        "grid": selectors.session_table_grid(session),
        "grid_poll_ms": table_grid_poll_ms(),
        "events_url": events_url("director:tables_grid_events", session.pk),
    }


@login_required
@require_GET
def session_tables(request: SignedInRequest, session_id: int) -> HttpResponse:
    """The tables' links and QR codes, and the live grid of results by table and round."""
    session = director_selectors.session_for_director(request.user, session_id)
    context = _tables_context(request, session)
    return render(request, "tournaments/night/director/tables.html", context)


@login_required
@require_GET
@never_cache
def session_tables_grid(request: SignedInRequest, session_id: int) -> HttpResponse:
    """Just the grid, or 204 when it still matches the stamp the page holds (polled)."""
    session = director_selectors.session_for_director(request.user, session_id)
    grid = selectors.session_table_grid(session)
    if grid is not None and request.GET.get("since") == grid.stamp:
        return HttpResponse(status=204)
    return render(request, "tournaments/night/director/_table_grid.html", {"session": session, "grid": grid})


@login_required
@require_POST
def session_call_answer(request: SignedInRequest, session_id: int, call_id: int) -> HttpResponse:
    session = director_selectors.session_for_director(request.user, session_id)
    if director_call_answer(session=session, call_id=call_id):
        messages.success(request, _("Call answered."))
    else:
        messages.info(request, _("That call was already answered."))
    return redirect(reverse("director:tables", args=[session.pk]))
