"""What each write's refusals mean, written into the OpenAPI document beside its statuses.

django-ninja describes a status by its name alone ("Bad Request"); a program's author
needs to know which refusals a write can give and which field each names. These texts
are the document's (``openapi_extra`` of each operation) and the README's API section
says the same in short; tests/api/test_document.py holds them to the services' refusals.
"""

from __future__ import annotations

from typing import Any

_BODY = (
    "a field missing from the JSON body or of the wrong kind, size or length (`field` names it; "
    "a body that is not a JSON object: `field` null)"
)
_PAIRS = (
    "`ns_pair` or `ew_pair`: no such pair, or not in this session; a pair against itself; a pair in the "
    "other field of a Mitchell; a pair that already has a result on this board; "
    '`ns_pair`: the movement does not seat these pairs at this board (send `"out_of_order": true` '
    "if it really was played so)"
)
_PLAYED = (
    "`contract`: not a contract (4SX, 3NT, Pass) or a passed-out board with a declarer or result; "
    "`declarer`: not N, E, S or W; `result`: missing, or not tricks (0-13) or a result (=, +1, -2) "
    "that this contract can take; `lead`: not a card (SA, H10)"
)
_NUL = "a NUL character in the address or the query (`field` null, or the query's parameter)"

ENTER = (
    "Refused, nothing written; `field` names what to correct. "
    f"{_BODY}; `board`: the session has no such board, or its movement does not play it; "
    f"{_PAIRS}; {_PLAYED}; {_NUL}."
)
CORRECT = f"Refused, nothing changed; `field` names what to correct. {_BODY}; {_PAIRS}; {_PLAYED}; {_NUL}."
DELETE = f"Refused, nothing deleted: {_NUL}."
START = f"Refused, nothing changed: `state`: play starts only from preparation; {_NUL}."
FINISH = f"Refused, nothing changed: `state`: only a session in play can finish; {_NUL}."

SESSION_NOT_FOUND = (
    "The token's club has no session with this id: none has it, or another club's has "
    "(answered the same, so another club's sessions are neither named nor confirmed)."
)
RESULT_NOT_FOUND = (
    "The token's club has no result with this id: none has it, it was deleted meanwhile, or it is "
    "another club's (answered the same, so another club's results are neither named nor confirmed)."
)


UNAUTHORIZED = "No token, or not a valid, unrevoked one: send `Authorization: Bearer cs_...`."
BAD_ADDRESS = (
    "An id in the address is not a whole number from 1 to 2147483647 (`field` names it); or the "
    "`Idempotency-Key` was sent before with another write (another address or body): nothing written."
)
IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"},
    "description": (
        "A key of the program's own for this write (8-64 letters, digits, - or _), kept a day: "
        "the same write sent again under it is answered as the first time, with "
        "`Idempotent-Replayed: true`, and nothing is written twice; a malformed key is refused (400)."
    ),
}
TOO_MANY = "Past the token's writes a minute (API_WRITE_RATE, 120 by default): `Retry-After` says when."


def described(bad_request: str, not_found: str) -> dict[str, Any]:
    """The ``openapi_extra`` of a write: what each of its refusals means."""
    meanings = {400: bad_request, 401: UNAUTHORIZED, 404: not_found, 422: BAD_ADDRESS, 429: TOO_MANY}
    return {
        "parameters": [IDEMPOTENCY_KEY],
        "responses": {status: {"description": text} for status, text in meanings.items()},
    }
