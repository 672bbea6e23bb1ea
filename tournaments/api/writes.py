"""Writes with a club's token: enter, correct and delete results; start and finish a session.

Each goes through the service the director's pages call (``services.results``,
``services.movement``), so the checks, the audit log and the rescoring are the same; a
refusal (``ValidationError``) is answered 400 with its message and field (``app``).
A write sent with an ``Idempotency-Key`` header may be sent again safely (``idempotency``).
The audit log names no user for an API write; the token's name is its author.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router

from tournaments.api import refusals
from tournaments.api.auth import ClubToken, TokenRequest, bind_operation_roles, club_result, club_session
from tournaments.api.http import json_response
from tournaments.api.idempotency import idempotent_write
from tournaments.api.reads import session_document
from tournaments.api.schemas import CorrectionIn, Error, Id, ResultIn, ResultOut, SessionOut
from tournaments.api.shapes import result_out
from tournaments.night.models import Board, Pair, Result, Session
from tournaments.night.selectors import public as selectors
from tournaments.night.services.movement import session_finish, session_start
from tournaments.night.services.results import ResultEntry, result_correct, result_delete, result_record
from tournaments.night.services.results.audit import audited_as_api_token

router = Router(tags=["writes"], auth=ClubToken())


def writes(schema: object, status: int = 200) -> dict[int, object]:
    """The answers a write may give: done, refused (400), no token (401), not found in the
    token's club (404), a malformed address (422), too many writes (429); what each
    write's refusals mean is in its ``openapi_extra`` (``refusals``)."""
    return {status: schema, 400: Error, 401: Error, 404: Error, 422: Error, 429: Error}


def _pair(session: Session, pair_id: int, field: str) -> Pair:
    pair = Pair.objects.select_related("player1", "player2").filter(pk=pair_id).first()
    if pair is None:
        raise ValidationError({field: _("There is no pair %(id)d.") % {"id": pair_id}})
    if pair.session_id != session.pk:  # the service says so too, naming the pair
        raise ValidationError(
            {
                field: _("Pair %(pair)s (id %(id)d) does not play in this session.")
                % {"pair": pair.label, "id": pair_id}
            }
        )
    return pair


def _entry(session: Session, body: ResultIn | CorrectionIn) -> ResultEntry:
    return ResultEntry(
        ns_pair=_pair(session, body.ns_pair, "ns_pair"),
        ew_pair=_pair(session, body.ew_pair, "ew_pair"),
        contract=body.contract,
        declarer=body.declarer,
        result=body.result,
        lead=body.lead,
        out_of_order=body.out_of_order,
    )


def _result_response(request: HttpRequest, result: Result, status: int = 200) -> HttpResponse:
    result = Result.objects.select_related(
        "board", "ns_pair__player1", "ns_pair__player2", "ew_pair__player1", "ew_pair__player2"
    ).get(pk=result.pk)
    data = result_out(result, result.board.number)
    return json_response(request, ResultOut, data, status=status, conditional=False)


@router.post(
    "/sessions/{session_id}/results",
    response=writes(ResultOut, 201),
    summary="Enter a result",
    openapi_extra=refusals.described(refusals.ENTER, refusals.SESSION_NOT_FOUND),
)
def result_enter(request: TokenRequest, session_id: Id, body: ResultIn) -> HttpResponse:
    return idempotent_write(request, lambda: _result_enter(request, session_id, body))


def _result_enter(request: TokenRequest, session_id: int, body: ResultIn) -> HttpResponse:
    session = club_session(request, session_id)
    board = Board.objects.filter(session=session, number=body.board).first()
    if board is None:
        raise ValidationError({"board": _("This session has no board %(board)d.") % {"board": body.board}})
    with audited_as_api_token(request.auth):
        result = result_record(board=board, entry=_entry(session, body))
    return _result_response(request, result, status=201)


@router.put(
    "/results/{result_id}",
    response=writes(ResultOut),
    summary="Correct a result",
    openapi_extra=refusals.described(refusals.CORRECT, refusals.RESULT_NOT_FOUND),
)
def result_fix(request: TokenRequest, result_id: Id, body: CorrectionIn) -> HttpResponse:
    return idempotent_write(request, lambda: _result_fix(request, result_id, body))


def _result_fix(request: TokenRequest, result_id: int, body: CorrectionIn) -> HttpResponse:
    result = club_result(request, result_id)
    with audited_as_api_token(request.auth):
        corrected = result_correct(result=result, entry=_entry(result.board.session, body))
    return _result_response(request, corrected)


@router.delete(
    "/results/{result_id}",
    response=writes(None, 204),
    summary="Delete a result entered in error",
    openapi_extra=refusals.described(refusals.DELETE, refusals.RESULT_NOT_FOUND),
)
def result_remove(request: TokenRequest, result_id: Id) -> HttpResponse:
    return idempotent_write(request, lambda: _result_remove(request, result_id))


def _result_remove(request: TokenRequest, result_id: int) -> HttpResponse:
    result = club_result(request, result_id)
    with audited_as_api_token(request.auth):
        result_delete(result=result)
    return HttpResponse(status=204)


def _state_change(request: TokenRequest, session_id: int, service) -> HttpResponse:
    def change() -> HttpResponse:
        session = service(session=club_session(request, session_id))
        session = selectors.session_get(session.pk)
        return json_response(request, SessionOut, session_document(session), conditional=False)

    return idempotent_write(request, change)


@router.post(
    "/sessions/{session_id}/start",
    response=writes(SessionOut),
    summary="Start play",
    openapi_extra=refusals.described(refusals.START, refusals.SESSION_NOT_FOUND),
)
def start(request: TokenRequest, session_id: Id) -> HttpResponse:
    return _state_change(request, session_id, session_start)


@router.post(
    "/sessions/{session_id}/finish",
    response=writes(SessionOut),
    summary="Finish: publish every board",
    openapi_extra=refusals.described(refusals.FINISH, refusals.SESSION_NOT_FOUND),
)
def finish(request: TokenRequest, session_id: Id) -> HttpResponse:
    return _state_change(request, session_id, session_finish)


# Each write checks its own roles (core/route_roles.API_OPERATION_ROLES) against the token's creator.
bind_operation_roles(router)
