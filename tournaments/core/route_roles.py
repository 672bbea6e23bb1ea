"""Which roles each director page and each API write needs: the one table (issue 48).

Every route under ``/director/`` is named here by its URL name, and every write of the API
by its operation (the view's function name). ``RouteRolesMiddleware`` reads the table for
the route a request resolves to and keeps its roles for the request's life; the access
selectors (``selectors/access.py``) then resolve a club only for a user who holds one of
them there, so no view repeats its roles. A director route missing from the table needs a
role nobody holds (only a superuser passes), and tests/core/test_director_routes.py fails.

The administrator holds every role; the treasurer keeps the club's books, and the desk's
takings are his as much as the director's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse

from tournaments.core.models.roles import Role

ADMIN = frozenset({Role.ADMINISTRATOR})
# The administrator holds every role: each set below includes him.
EVERY_ROLE = frozenset(Role)
RUNS_SESSIONS = ADMIN | {Role.DIRECTOR}
SCORES = RUNS_SESSIONS | {Role.SCORER}
FILES = SCORES | {Role.RESULTS_UPLOADER}
MEMBERS = ADMIN | {Role.MEMBERSHIP_SECRETARY}
PLAYERS = MEMBERS | {Role.DIRECTOR}
ENTRIES_WRITE = RUNS_SESSIONS | {Role.MEMBERSHIP_SECRETARY}
ENTRIES_READ = ENTRIES_WRITE | {Role.SCORER, Role.TREASURER}
BOOKS = ADMIN | {Role.TREASURER}

ROUTE_ROLES: dict[str, frozenset[Role]] = {
    # Every volunteer lands on the home page; it lists only what his roles open.
    "director:home": EVERY_ROLE,
    # The club itself: settings, API tokens (writes in its name), who holds which role.
    "director:club_settings": ADMIN,
    "director:api_tokens": ADMIN,
    "director:club_roles": ADMIN,
    # Running a session: seats, deals, movements, state, the tables, calls, mail.
    **dict.fromkeys(
        [
            "director:session_new", "director:session_delete", "director:pair_add", "director:pairs_many",
            "director:pair_edit", "director:pair_remove", "director:deal", "director:board_count",
            "director:board_adjust", "director:board_assign", "director:movement", "director:sections",
            "director:movement_boards", "director:state", "director:state_confirm", "director:table_cards",
            "director:pair_cards", "director:tables", "director:tables_grid", "director:tables_grid_events",
            "director:call_answer",
            "director:individual_players", "director:individual_cards", "director:session_handicaps",
            "director:session_strata", "director:swiss_round", "director:mail_session",
            "director:mail_resend", "director:session_master_point_type",
        ],
        RUNS_SESSIONS,
    ),
    # The programme and its bookings (issue 51): planned, booked and seated as sessions are run.
    **dict.fromkeys(
        [
            "director:programme", "director:planned_new", "director:planned_withdraw", "director:closed_new",
            "director:booking_rules", "director:programme_date", "director:programme_seat",
            "director:programme_walk_in", "director:programme_date_cancel", "director:booking_no_show",
        ],
        RUNS_SESSIONS,
    ),
    # Teams events and the season's competitions and events: run as sessions are.
    **dict.fromkeys(
        [
            "director:teams_new", "director:teams_event", "director:teams_team_add", "director:teams_draw",
            "director:teams_finish", "director:teams_reopen", "director:teams_lineups",
            "director:teams_adjust", "director:teams_publish", "director:teams_penalties",
            "director:competitions", "director:competition_new", "director:competition_edit",
            "director:events", "director:event", "director:event_session_remove",
        ],
        RUNS_SESSIONS,
    ),
    # Results and their corrections: the scorer's work as much as the director's.
    **dict.fromkeys(
        [
            "director:board", "director:board_traveller", "director:audit",
            "director:table_round", "director:round_traveller", "director:result_edit",
            "director:result_delete", "director:teams_cards",
        ],
        SCORES,
    ),
    # Files in and out: the results uploader's whole job (the session's page, read-only, links them).
    **dict.fromkeys(
        [
            "director:session",
            "director:exchange:pbn_download", "director:exchange:pbn_upload",
            "director:exchange:lin_download", "director:exchange:usebio_download",
            "director:exchange:hand_records",
            "director:exchange:deal_file_download", "director:exchange:deal_file_upload",
            "director:exchange:deal_file_confirm", "director:exchange:usebio_upload",
            "director:exchange:usebio_confirm", "director:exchange:bws_upload",
            "director:exchange:bws_confirm",
            "director:teams_pbn", "director:teams_usebio", "director:master_points",
            "director:master_points_abf", "director:master_points_acbl", "imports:upload", "imports:confirm",
        ],
        FILES,
    ),
    # Members, their types and details; a player's own record (initials, erasure, export).
    **dict.fromkeys(
        ["director:members", "director:members_confirm", "director:member_edit", "director:player_initials",
         "director:player_erase", "director:player_data"],
        MEMBERS,
    ),
    # The club's bank statements: the treasurer's (and the administrator's).
    **dict.fromkeys(
        [
            "director:money_bank", "director:money_bank_import", "director:money_bank_entry",
            "director:money_account", "director:money_account_download", "director:money_reports",
            "director:money_report", "director:money_report_download", "director:money_statement_mail",
        ],
        ADMIN | {Role.TREASURER},
    ),
    # Entries to events (issue 51): the list is the secretary's, the scorer's and the treasurer's
    # page as much as the director's; the desk's payment the treasurer's; the start the director's.
    **dict.fromkeys(["director:entry_events", "director:entry_start", "director:entry_limit"], RUNS_SESSIONS),
    **dict.fromkeys(
        ["director:entry_list", "director:entry_list_csv", "director:entry_list_xlsx"], ENTRIES_READ
    ),
    **dict.fromkeys(["director:entry_add", "director:entry_confirm", "director:entry_cancel"], ENTRIES_WRITE),
    "director:entry_pay": RUNS_SESSIONS | {Role.TREASURER},
    # Players as the nights name them: a director merges the duplicates a night made.
    **dict.fromkeys(["director:player", "director:duplicates", "director:merge"], PLAYERS),
    # The club's money: the books and the fees are the treasurer's; memberships his and the
    # membership secretary's; the night's takings his and the director's at the desk.
    **dict.fromkeys(["director:money_books", "director:money_fees", "director:money_renewal"], BOOKS),
    **dict.fromkeys(
        ["director:money_memberships", "director:money_membership", "director:money_memberships_export"],
        BOOKS | MEMBERS,
    ),
    "director:money_desk": BOOKS | RUNS_SESSIONS,
}  # fmt: skip

# The API's writes, by operation (tournaments/api/writes.py), held by the token's creator.
API_OPERATION_ROLES: dict[str, frozenset[Role]] = {
    "result_enter": SCORES,
    "result_fix": SCORES,
    "result_remove": SCORES,
    "start": RUNS_SESSIONS,
    "finish": RUNS_SESSIONS,
    # The books' reads (tournaments/api/accounts.py): a treasurer's token; a member reads his own.
    "accounts_list": ADMIN | {Role.TREASURER},
    "account_postings": ADMIN | {Role.TREASURER},
}

# What a request to no route of the table may do with a club (a public page, a command):
# only what an administrator may; a role opens more only on a route that names it.
_route_roles: ContextVar[frozenset[Role]] = ContextVar("route_roles", default=ADMIN)

# URL namespaces whose every route must be in ``ROUTE_ROLES``.
DIRECTOR_NAMESPACES = ("director", "imports")


def roles_for_route(view_name: str) -> frozenset[Role] | None:
    """Return the roles a route needs; ``None`` for a route outside the director's pages.

    A director's route missing from the table needs a role nobody holds.
    """
    if view_name in ROUTE_ROLES:
        return ROUTE_ROLES[view_name]
    if view_name.split(":", 1)[0] in DIRECTOR_NAMESPACES:
        return frozenset()
    return None


def roles_needed() -> frozenset[Role]:
    """Return the roles the current request's route needs (the administrator's outside one)."""
    return _route_roles.get()


@contextmanager
def route_roles(roles: frozenset[Role]) -> Iterator[None]:
    """Let the access selectors ask for ``roles`` within the block."""
    reset = _route_roles.set(roles)
    try:
        yield
    finally:
        _route_roles.reset(reset)


class RouteRolesMiddleware:
    """Keep the roles of the route a request resolves to for the rest of the request.

    ``process_view`` only sets them (calling the view here would skip the later
    middleware's ``process_view``, CSRF's among them); ``__call__`` puts the default back.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        reset = _route_roles.set(ADMIN)
        try:
            return self.get_response(request)
        finally:
            _route_roles.reset(reset)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: tuple, kwargs: dict
    ) -> None:
        match = request.resolver_match
        roles = roles_for_route(match.view_name) if match is not None else None
        if roles is not None:
            _route_roles.set(roles)
