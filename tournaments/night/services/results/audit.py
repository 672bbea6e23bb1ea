"""The audit log of results: what a result was and became, who changed it, from which table.

A director reading the log sees the board, the pairs' labels and the contract as they
were, so a snapshot keeps those, not ids: in no reader's language (``3 EW``, the assigned
score's parts as stored), since the phone that entered a result may be French and the
director reading it English; the page writes them in its reader's (issue 45, item 4).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.core.models import ApiToken
from tournaments.db.sql import insert_row
from tournaments.night.models import Board, Result, ResultChange
from tournaments.night.services.results.entries import ResultEntry


def snapshot(result: Result, entry: ResultEntry | None = None) -> dict[str, Any]:
    """The result as the audit log keeps it: what a director would read back.

    A result the director entered against the movement says so (``out_of_order``).
    """
    snapshot = {
        "board": result.board.number,
        "ns_pair": result.ns_pair.english_label,
        "ew_pair": result.ew_pair.english_label if result.ew_pair else None,
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "lead": result.lead,
        "ns_score": result.ns_score,
        "ns_adjustment": result.ns_adjustment,
        "ew_adjustment": result.ew_adjustment,
        "assigned": result.assigned if result.is_assigned else None,
    }
    if entry is not None and entry.out_of_order:
        snapshot["out_of_order"] = True
    return snapshot


_api_token: ContextVar[ApiToken | None] = ContextVar("audited_api_token", default=None)


@contextmanager
def audited_as_api_token(token: ApiToken) -> Iterator[None]:
    """Every result change written in the block names ``token``: a program wrote it, not a person.

    The API's writes go through the same services as the pages, which take a user; the
    token is the request's, so it is held for the request rather than passed down every call.
    """
    held = _api_token.set(token)
    try:
        yield
    finally:
        _api_token.reset(held)


def audit_user(user: User | None) -> User | None:
    return user if user is not None and user.is_authenticated else None


def audit(
    board: Board,
    action: str,
    user: User | None,
    *,
    result: Result | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    table: int | None = None,
) -> None:
    # Plain SQL (db.sql): an audit row is written with every result entered.
    insert_row(
        ResultChange,
        {
            "session": board.session_id,
            "board_number": board.number,
            "result": result.pk if result is not None else None,
            "action": action,
            "user": signed_in.pk if (signed_in := audit_user(user)) is not None else None,
            "at": timezone.now(),
            "before": before,
            "after": after,
            "table": table,
            "api_token": token.pk if (token := _api_token.get()) is not None else None,
        },
    )
