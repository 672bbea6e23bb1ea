"""Who may write: a club's API token (``Authorization: Bearer cs_...``), and how often.

The token names its club, and a write reaches only that club's sessions and results: one
of another club's is answered exactly as one that does not exist (404, the same body),
so a token learns neither which club a session belongs to nor which result ids exist
elsewhere. Writes are counted per token in a fixed one-minute window (``API_WRITE_RATE``
writes a minute, 120 by default): a program gone wrong cannot flood a session with
results. Every process shares the count: in Redis when ``CACHE_URL`` names one, else in
the database (``API_WRITE_COUNTS``, clubscore/settings.py; ``services.api_write_counts``).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from ninja import Router
from ninja.security import HttpBearer

from tournaments.core.models import ApiToken, Role
from tournaments.core.route_roles import API_OPERATION_ROLES
from tournaments.core.selectors.access import roles_held
from tournaments.core.services.api_tokens import api_token_check
from tournaments.core.services.api_write_counts import api_write_count_add
from tournaments.night.models import Result, Session

WINDOW_SECONDS = 60


class TokenRequest(HttpRequest):
    """A request ``ClubToken`` has let through: ninja sets ``auth`` to the token.

    For the type checker alone; the write views and their helpers take it.
    """

    auth: ApiToken


class Refused(Exception):
    """A write the token may not make: answered with ``status`` and ``detail`` as JSON."""

    def __init__(self, status: int, detail: str, retry_after: int | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.retry_after = retry_after


class ClubToken(HttpBearer):
    """Accept an active token of any club; each write then looks in its club alone (``club_session``).

    Bound to one operation (``bind_operation_roles``), a token passes only while its
    creator holds, at the token's club and at the moment of use, one of the roles the
    operation needs (``core/route_roles.API_OPERATION_ROLES``): a demoted user's token
    loses what he lost. A token issued by the ``api_token`` command has no creator: the
    server's operator holds every role (a creator's deletion revokes his tokens).
    """

    openapi_description = "A club's API token, created by a director (shown once)."

    def __init__(self, operation: str = "") -> None:
        super().__init__()
        self.operation = operation

    def authenticate(self, request: HttpRequest, token: str) -> ApiToken | None:
        found = api_token_check(token)
        if found is not None and not self._creator_may(found):
            raise Refused(403, str(NO_ROLE) % {"roles": _role_names(self._needed())})
        return found

    def _needed(self) -> frozenset[Role]:
        # An operation missing from the table needs a role nobody holds.
        return API_OPERATION_ROLES.get(self.operation, frozenset())

    def _creator_may(self, token: ApiToken) -> bool:
        creator = token.created_by
        if creator is None:
            return True
        return bool(roles_held(creator, token.club_id) & self._needed())


NO_ROLE = gettext_lazy(
    "This token's creator no longer holds a role this write needs at its club (%(roles)s)."
)


def _role_names(roles: frozenset[Role]) -> str:
    return ", ".join(sorted(str(role.label) for role in roles))


def bind_operation_roles(router: Router) -> None:
    """Give each of the router's operations a ``ClubToken`` that checks that operation's roles."""
    for path_view in router.path_operations.values():
        for operation in path_view.operations:
            # Set as the operation's own auth, so the router's ``auth`` does not replace it when bound.
            operation.auth_param = ClubToken(operation.view_func.__name__)
            operation.auth_callbacks = [operation.auth_param]


NO_SESSION = gettext_lazy("This token's club has no session with that id.")
NO_RESULT = gettext_lazy("This token's club has no result with that id.")


def club_session(request: TokenRequest, session_id: int) -> Session:
    """Return the token's club's session ``session_id`` and count the write; 404 for any other."""
    token: ApiToken = request.auth
    session = Session.objects.select_related("club").filter(pk=session_id, club_id=token.club_id).first()
    if session is None:
        raise Http404(NO_SESSION)
    count_write(token)
    return session


def club_result(request: TokenRequest, result_id: int) -> Result:
    """Return the token's club's result ``result_id`` and count the write; 404 for any other."""
    token: ApiToken = request.auth
    mine = Result.objects.select_related("board__session__club").filter(board__session__club_id=token.club_id)
    result = mine.filter(pk=result_id).first()
    if result is None:
        raise Http404(NO_RESULT)
    count_write(token)
    return result


def _write_rate() -> int:
    return settings.API_WRITE_RATE  # from the environment, 120 by default (clubscore/settings.py)


def count_write(token: ApiToken, now: float | None = None) -> None:
    """Count one write in the token's current minute; refuse it (429) past the rate."""
    now = time.time() if now is None else now
    window = int(now // WINDOW_SECONDS)
    if settings.API_WRITE_COUNTS == "cache":
        count = _count_in_cache(token.pk, window)
    else:
        count = api_write_count_add(token_id=token.pk, minute=window)
    if count > _write_rate():
        retry = int(WINDOW_SECONDS - now % WINDOW_SECONDS) + 1
        raise Refused(
            429,
            _("At most %(rate)d writes a minute per token; try again in %(retry)d s.")
            % {"rate": _write_rate(), "retry": retry},
            retry,
        )


def _count_in_cache(token_id: int, window: int) -> int:
    """Add one to the token's minute in the shared cache (Redis adds atomically) and return it."""
    key = f"api-writes:{token_id}:{window}"
    cache.add(key, 0, timeout=WINDOW_SECONDS * 2)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW_SECONDS * 2)
        return 1
