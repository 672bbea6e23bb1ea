"""The JSON API at ``/api/v1/`` (django-ninja): its routers, its docs and how it refuses.

django-ninja builds the OpenAPI 3 document (``/api/v1/openapi.json``) and the docs page
(``/api/v1/docs``) from the operations' type hints and pydantic schemas, so the document
cannot drift from the code. Every refusal is ``{"detail": ..., "field": ...}``: a
service's ``ValidationError`` is 400 naming its field, and so is a write's body that
misses a field or holds one of the wrong kind (the README's promise: to a program, a
contract that is missing and one that is not a contract are both a refused field); an
address or query the document forbids is 422 naming the parameter; a missing object
404, a missing or revoked token 401.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as RequestInvalid

from tournaments.api import accounts, boards, players, reads, writes
from tournaments.api.auth import Refused
from tournaments.night.services.results import NotInMovementError, ResultGoneError

api = NinjaAPI(
    title="ClubScore API",
    version="1",
    description=(
        "Duplicate bridge results: clubs, sessions, standings, boards, players (no login), "
        "and writes with a club's API token. Every read has an ETag; send it back in "
        "If-None-Match and an unchanged answer is 304 with no body. Lists are paged (limit, offset)."
    ),
    urls_namespace="api-v1",
)
api.add_router("", reads.router)
api.add_router("", boards.router)
api.add_router("", players.router)
api.add_router("", writes.router)
api.add_router("", accounts.router)


def _error(request: HttpRequest, status: int, detail: str, field: str | None = None) -> HttpResponse:
    return api.create_response(request, {"detail": detail, "field": field}, status=status)


OUT_OF_ORDER = gettext_lazy('Send "out_of_order": true if it really was played so.')


@api.exception_handler(ValidationError)
def refused(request: HttpRequest, error: ValidationError) -> HttpResponse:
    if isinstance(error, ResultGoneError):
        return _error(request, 404, " ".join(error.messages))
    if isinstance(error, NotInMovementError):  # the service words the form's override
        return _error(request, 400, f"{error.where} {OUT_OF_ORDER}", "ns_pair")
    if hasattr(error, "error_dict"):
        field, messages = next(iter(error.message_dict.items()))
        return _error(request, 400, " ".join(messages), None if field == "__all__" else field)
    return _error(request, 400, " ".join(error.messages))


@api.exception_handler(RequestInvalid)
def request_invalid(request: HttpRequest, error: RequestInvalid) -> HttpResponse:
    """Name the first bad field: 400 for the body's (a refused write), 422 for the address's."""
    first = error.errors[0] if error.errors else {}
    source, *where = [str(part) for part in first.get("loc", ())] or [""]
    if source == "body":
        where = where[1:]  # the operation's parameter holding the body, not a field of it
    field = ".".join(where) or None
    detail = first.get("msg", _("Invalid request."))
    if field:
        detail = f"{field}: {detail}"
    elif source == "body":
        detail = _("Send the write's fields as a JSON object: %(detail)s") % {"detail": detail}
    return _error(request, 400 if source == "body" else 422, detail, field)


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, error: HttpError) -> HttpResponse:
    """ninja's own refusals (a body that is not JSON: 400) in the API's shape."""
    return _error(request, error.status_code, str(error))


@api.exception_handler(Http404)
def not_found(request: HttpRequest, error: Http404) -> HttpResponse:
    return _error(request, 404, str(error) or _("Not found."))


@api.exception_handler(AuthenticationError)
def unauthenticated(request: HttpRequest, error: AuthenticationError) -> HttpResponse:
    return _error(request, 401, _("Send a valid, unrevoked API token: Authorization: Bearer cs_..."))


@api.exception_handler(PermissionDenied)
def forbidden(request: HttpRequest, error: PermissionDenied) -> HttpResponse:
    return _error(request, 403, str(error) or _("Forbidden."))


@api.exception_handler(Refused)
def write_refused(request: HttpRequest, error: Refused) -> HttpResponse:
    response = _error(request, error.status, error.detail)
    if error.retry_after is not None:
        response["Retry-After"] = str(error.retry_after)
    return response
