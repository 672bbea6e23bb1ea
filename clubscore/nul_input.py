"""Refuse input no field can hold before any view sees it.

A NUL character (``\\0``, ``%00`` in a URL) is text to Python but not to PostgreSQL,
which refuses it in any string it stores or compares: one in a search box or a form
field reached the database and gave a 500, and so did one in an address
(``/api/v1/clubs/%00``: the slug is looked up as it is). No field of the site may hold
one, so rather than checking each form, each ``request.GET`` read and each view's
address parameters, this middleware checks the address, then every query parameter and
form field, names and values, once, and answers 400 with a page naming the field (the
JSON API's ``{"detail", "field"}`` under ``/api/``, ``field`` null for the address). Uploaded
files are not text parameters; their parsers refuse a NUL themselves (the legacy score
file names its line).
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render

NUL = "\x00"
API_PREFIX = "/api/"  # the JSON API is answered in JSON, as its own refusals are
# The field's name as quoted on the page: long enough to recognise, never the whole input.
FIELD_NAME_LIMIT = 40


def _field_with_nul(data: QueryDict) -> str | None:
    """Return the name of the first field whose name or a value holds a NUL, or None."""
    for key, values in data.lists():
        if NUL in key or any(NUL in value for value in values):
            return key.replace(NUL, "\\0")[:FIELD_NAME_LIMIT]
    return None


class RefuseNulCharactersMiddleware:
    """Answer 400, naming the field, to a request whose address or parameters hold a NUL character."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path:
            return _refused(request, None, ADDRESS_REFUSED)
        field = _field_with_nul(request.GET)
        if field is None and request.method == "POST":
            field = _field_with_nul(request.POST)
        if field is not None:
            return _refused(request, field, f"{field} holds a NUL character, which no field can hold.")
        return self.get_response(request)


ADDRESS_REFUSED = "The address holds a NUL character (%00), which no address here may contain."


def _refused(request: HttpRequest, field: str | None, detail: str) -> HttpResponse:
    """Answer 400: JSON under the API, else the page that names the field (or the address)."""
    if request.path.replace(NUL, "").startswith(API_PREFIX):
        return JsonResponse({"detail": detail, "field": field}, status=400)
    return render(request, "refused.html", {"field": field}, status=400)
