"""The director's entries pages: events taking entries, the definitive entry list, its files, the start.

Thin: a form parses, an entries service writes, a selector reads, and each write answers
its POST with a redirect (``form_write``), a refusal with the page again beside its field.
Who opens which page is ``core.route_roles``' (the list for the secretary, the scorer and
the treasurer; the desk's payment for the treasurer; the start for the director).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.bookings.entry_forms import EntryEventForm, EntryForm, LimitForm, StartForm
from tournaments.bookings.models import EntryEvent
from tournaments.bookings.selectors import entries as selectors
from tournaments.bookings.selectors.entry_files import entry_list_table
from tournaments.bookings.services.entries import (
    entry_cancel,
    entry_confirm_all,
    entry_event_create,
    entry_event_limit_set,
    entry_make,
)
from tournaments.bookings.services.entries_start import entry_event_start
from tournaments.bookings.services.entry_payments import entry_pay_at_desk
from tournaments.core.forms import form_add_service_error
from tournaments.core.selectors.access import clubs_directed
from tournaments.core.views.access import SignedInRequest
from tournaments.core.views.forms import form_write
from tournaments.exchange.spreadsheets import CSV_TYPE, XLSX_TYPE, csv_bytes, xlsx_bytes

TEMPLATES = "tournaments/bookings/entries/"


def _list_url(event: EntryEvent) -> str:
    return reverse("director:entry_list", args=[event.pk])


@login_required
@require_http_methods(["GET", "POST"])
def entry_events(request: SignedInRequest) -> HttpResponse:
    """The clubs' events taking entries, and a new one."""
    clubs = list(clubs_directed(request.user))
    if not clubs:
        raise PermissionDenied(_("You do not direct any club."))
    form = EntryEventForm(request.POST or None, clubs=clubs, initial={"club": clubs[0].pk})
    response = form_write(
        request,
        form,
        lambda: entry_event_create(**form.cleaned_data),
        message=lambda event: _("%(event)s created: it takes entries.") % {"event": event.name},
        to=_list_url,
    )
    if response is not None:
        return response
    context = {"form": form, "events": selectors.entry_events_directed(request.user)}
    return render(request, TEMPLATES + "events.html", context, status=400 if form.is_bound else 200)


def _list_page(
    request: SignedInRequest, event: EntryEvent, *, entry_form=None, limit_form=None, status: int = 200
) -> HttpResponse:
    rows = selectors.entry_list(event)
    context = {
        "event": event,
        "rows": rows,
        "totals": selectors.entry_totals(event, rows),
        "entry_form": entry_form or EntryForm(event=event),
        "start_form": StartForm(event=event),
        "limit_form": limit_form or LimitForm(initial={"limit": event.limit}),
        "now": timezone.now(),
    }
    return render(request, TEMPLATES + "list.html", context, status=status)


@login_required
def entry_list(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The definitive entry list: for the secretary, the scorer and the treasurer alike."""
    return _list_page(request, selectors.entry_event_for_director(request.user, event_id))


def _download(request: SignedInRequest, event_id: int, kind: str) -> HttpResponse:
    event = selectors.entry_event_for_director(request.user, event_id)
    table = entry_list_table(event, selectors.entry_list(event))
    body, content_type = (csv_bytes(table), CSV_TYPE) if kind == "csv" else (xlsx_bytes(table), XLSX_TYPE)
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="entries-{event.pk}.{kind}"'
    return response


@login_required
def entry_list_csv(request: SignedInRequest, event_id: int) -> HttpResponse:
    return _download(request, event_id, "csv")


@login_required
def entry_list_xlsx(request: SignedInRequest, event_id: int) -> HttpResponse:
    return _download(request, event_id, "xlsx")


@login_required
@require_POST
def entry_add(request: SignedInRequest, event_id: int) -> HttpResponse:
    """An entry made at the desk, its players there: confirmed as it is made."""
    event = selectors.entry_event_for_director(request.user, event_id)
    form = EntryForm(request.POST, event=event)
    if form.is_valid():
        try:
            entry = entry_make(
                event=event,
                players=form.players(),
                team_name=form.cleaned_data.get("team_name", ""),
                user=request.user,
                confirmed_all=True,
            )
        except ValidationError as error:
            form_add_service_error(form, error)
        else:
            if entry.waiting:
                messages.warning(
                    request,
                    _("The event is full: entry %(number)d is on the waiting list.")
                    % {"number": entry.number},
                )
            else:
                messages.success(request, _("Entry %(number)d is in.") % {"number": entry.number})
            return redirect(_list_url(event))
    return _list_page(request, event, entry_form=form, status=400)


@login_required
@require_POST
def entry_limit(request: SignedInRequest, event_id: int) -> HttpResponse:
    """The event's limit changed; raised, the entries waiting take the new places in order."""
    event = selectors.entry_event_for_director(request.user, event_id)
    form = LimitForm(request.POST)
    response = form_write(
        request,
        form,
        lambda: entry_event_limit_set(event=event, limit=form.cleaned_data["limit"]),
        message=lambda promoted: (
            ngettext(
                "The limit is %(limit)d entries; %(count)d entry came off the waiting list.",
                "The limit is %(limit)d entries; %(count)d entries came off the waiting list.",
                len(promoted),
            )
            % {"limit": form.cleaned_data["limit"], "count": len(promoted)}
        ),
        to=lambda _promoted: _list_url(event),
    )
    return response or _list_page(request, event, limit_form=form, status=400)


def _entry_action(request: SignedInRequest, event_id: int, entry_id: int, action, done: str) -> HttpResponse:
    event = selectors.entry_event_for_director(request.user, event_id)
    entry = selectors.entry_of_event(event, entry_id)
    try:
        action(entry)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, done % {"number": entry.number})
    return redirect(_list_url(event))


@login_required
@require_POST
def entry_desk_confirm(request: SignedInRequest, event_id: int, entry_id: int) -> HttpResponse:
    return _entry_action(
        request,
        event_id,
        entry_id,
        lambda entry: entry_confirm_all(entry=entry),
        _("Entry %(number)d is confirmed."),
    )


@login_required
@require_POST
def entry_desk_pay(request: SignedInRequest, event_id: int, entry_id: int) -> HttpResponse:
    return _entry_action(
        request,
        event_id,
        entry_id,
        lambda entry: entry_pay_at_desk(entry=entry, user=request.user),
        _("Entry %(number)d is paid at the desk."),
    )


@login_required
@require_POST
def entry_desk_cancel(request: SignedInRequest, event_id: int, entry_id: int) -> HttpResponse:
    return _entry_action(
        request,
        event_id,
        entry_id,
        lambda entry: entry_cancel(entry=entry, user=request.user),
        _("Entry %(number)d is cancelled."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def entry_event_start_view(request: SignedInRequest, event_id: int) -> HttpResponse:
    """Start the event: its confirmed entries become the session's pairs or the teams event's teams."""
    event = selectors.entry_event_for_director(request.user, event_id)
    form = StartForm(request.POST or None, event=event)
    response = form_write(
        request,
        form,
        lambda: entry_event_start(event=event, user=request.user, **form.cleaned_data),
        message=lambda started: (
            _("%(event)s has started: %(seated)d entries seated, %(pending)d pending left out.")
            % {"event": started.event.name, "seated": started.seated, "pending": started.pending}
        ),
        to=lambda started: _list_url(started.event),
    )
    if response is not None:
        return response
    return render(
        request,
        TEMPLATES + "start.html",
        {"event": event, "form": form},
        status=400 if form.is_bound else 200,
    )
