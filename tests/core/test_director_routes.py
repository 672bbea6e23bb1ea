"""Every route that needs a club's role refuses everyone else: found by walking the URL resolver.

Each route under /director/ is in ``ROUTES``, which says how to build its arguments from
club A's objects (``club_worlds``). For each, by GET and by POST: a visitor is sent to log
in, a user who directs no club is refused, and club B's director is refused (403 or 404)
or, on a route that names no club (the home page, the new-session and upload forms),
served without a word of club A's. Where a route takes a second object, club B's director
also tries club B's own object with club A's second one. Nothing of club A's changes, and
club A's director, with the same arguments, is not refused (so the arguments are real and
a refusal means the guard). A route the table does not know fails the suite: nobody adds
an unguarded director page without saying how it is guarded. Every other route is listed
as public (or guarded elsewhere, as the admin and the API's tokens) for the same reason.

The same walk goes again for each role a user may hold at club A (issue 48): a role the
route's entry in ``ROUTE_ROLES`` (tournaments/core/route_roles.py) names gets in with club
A's arguments; every other role is refused as club B's director is, and changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from tests.core.club_worlds import MARKER, ClubA, ClubB, club_a_world, club_b_world
from tests.examples import EXAMPLES
from tests.exchange.bws_files import first_results, real_night
from tests.module_world import rolled_back_at_the_end
from tournaments.bookings.models import Booking, EntryEvent, PlannedSession, ProgrammeDate
from tournaments.bookings.services.entries import Named, entry_event_create, entry_make
from tournaments.core.models import Club, ClubRole, Role
from tournaments.core.route_roles import ROUTE_ROLES
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

USEBIO_FILE = EXAMPLES.parent / "fixtures" / "usebio" / "compscore-mp-mitchell.xml"

# What club B's director meets on a route.
REFUSED = "refused"  # names club A's objects: 403 or 404
OWN = "own"  # names no club: served, about club B only
# Players' pages: refused to visitors and to users who direct no club here; what a director
# may do with a player of another club is checked in tests/season/test_clubs_apart.py.
ELSEWHERE = "elsewhere"

Kwargs = Callable[[ClubA], dict[str, Any]]
Mixed = Callable[[ClubA, ClubB], tuple[dict[str, Any], dict[str, Any]]]


@dataclass(frozen=True)
class Route:
    kwargs: Kwargs
    across: str = REFUSED
    # For OWN routes: a POST naming club A's objects in its body (with club B's club instead of
    # club A's, club B's director's own POST, accepted).
    post: Callable[[ClubA], dict[str, Any]] | None = None
    # Club B's own object with club A's second one: (kwargs, POST body).
    mixed: Mixed | None = None


def _none(a: ClubA) -> dict[str, Any]:
    return {}


def _session(a: ClubA) -> dict[str, Any]:
    return {"session_id": a.session.pk}


def _board(a: ClubA) -> dict[str, Any]:
    return {"session_id": a.session.pk, "number": a.board.number}


def _pair(a: ClubA) -> dict[str, Any]:
    return {"session_id": a.session.pk, "pair_id": a.pair.pk}


def _result(a: ClubA) -> dict[str, Any]:
    return {"result_id": a.result.pk}


def _event(a: ClubA) -> dict[str, Any]:
    return {"event_id": a.event.pk}


def _round(a: ClubA) -> dict[str, Any]:
    return {"event_id": a.event.pk, "number": 1}


def _slug(a: ClubA) -> dict[str, Any]:
    return {"slug": a.club.slug}


def _player(a: ClubA) -> dict[str, Any]:
    return {"pk": a.player.pk}


def _member(a: ClubA) -> dict[str, Any]:
    """Club A's player on its list (made in the test's savepoint, before its rows are read)."""
    ClubMember.objects.get_or_create(club=a.club, player=a.player)
    return {"slug": a.club.slug, "player": a.player.pk}


def _entry_event(a: ClubA) -> dict[str, Any]:
    """Club A's championship taking entries, with one pair entered (made in the test's savepoint)."""
    now = timezone.now()
    event = EntryEvent.objects.filter(club=a.club).first() or entry_event_create(
        club=a.club,
        name=f"{MARKER} Championship",
        kind="championship",
        starts_on=now.date() + datetime.timedelta(days=30),
        opens_at=now - datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=10),
        limit=10,
        member_fee=Decimal("10"),
        visitor_fee=Decimal("12"),
        junior_fee=Decimal("5"),
    )
    if not event.entries.exists():
        entry_make(event=event, players=[Named(player=a.player), Named(player=a.other_player)])
    return {"event_id": event.pk}


def _entry(a: ClubA) -> dict[str, Any]:
    kwargs = _entry_event(a)
    return {**kwargs, "entry_id": EntryEvent.objects.get(pk=kwargs["event_id"]).entries.get().pk}


def _new_entry_event_in_a(a: ClubA) -> dict[str, Any]:
    return {
        "club": a.club.pk,
        **{"name": "Intruder", "kind": "congress", "starts_on": "2027-03-01", "limit": 10},
        **{"opens_at": "2027-01-01T09:00", "closes_at": "2027-02-01T09:00"},
        **{"member_fee": "1", "visitor_fee": "1", "junior_fee": "1", "early_bird_reduction": "0"},
    }


def _programme_date(a: ClubA) -> dict[str, Any]:
    """A date of club A's programme (made in the test's savepoint, as ``_member`` makes its row)."""
    planned, _ = PlannedSession.objects.get_or_create(
        club=a.club, name=f"{MARKER} Tuesday", defaults={"first_date": "2099-12-01", "starts_at": "19:30"}
    )
    date, _ = ProgrammeDate.objects.get_or_create(
        planned=planned, date="2099-12-01", defaults={"starts_at": "2099-12-01T19:30:00Z"}
    )
    return {"slug": a.club.slug, "pk": date.pk}


def _booking(a: ClubA) -> dict[str, Any]:
    date = ProgrammeDate.objects.get(pk=_programme_date(a)["pk"])
    booking, _ = Booking.objects.get_or_create(
        date=date,
        player=a.player,
        defaults={"status": "booked", "queued_at": date.starts_at, "created_at": date.starts_at},
    )
    return {"slug": a.club.slug, "pk": booking.pk}


def _their_date(a: ClubA, b: ClubB) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"slug": b.club.slug, "pk": _programme_date(a)["pk"]}, {"player1": "X", "player2": "Y"}


def _their_pair(a: ClubA, b: ClubB) -> tuple[dict[str, Any], dict[str, Any]]:
    return {"session_id": b.session.pk, "pair_id": a.pair.pk}, {"player1": "X", "player2": "Y"}


def _usebio_upload_to_a(a: ClubA) -> dict[str, Any]:
    file = SimpleUploadedFile("event.xml", USEBIO_FILE.read_bytes())
    return {"club": a.club.pk, "name": "Intruder", "file": file}


def _bws_upload_to_a(a: ClubA) -> dict[str, Any]:
    file = SimpleUploadedFile("night.bws", first_results(real_night(), 6))
    return {"club": a.club.pk, "name": "Intruder", "file": file}


def _score_file_upload_to_a(a: ClubA) -> dict[str, Any]:
    file = SimpleUploadedFile("scores.txt", (EXAMPLES / "easy-test.txt").read_bytes())
    return {"club": a.club.pk, "date": "2026-11-30", "name": "Intruder", "file": file}


def _new_session_in_a(a: ClubA) -> dict[str, Any]:
    return {"club": a.club.pk, "date": "2026-11-30", "name": "Intruder", "movement": "howell"}


def _new_event_in_a(a: ClubA) -> dict[str, Any]:
    return {
        "club": a.club.pk,
        **{"date": "2026-11-30", "name": "Intruder", "form": "swiss", "rounds": 1},
        **{"boards_per_match": 2, "scoring": "wbf_vp", "tie_break": "head_to_head"},
    }


def _bank_import(a: ClubA) -> dict[str, Any]:
    """Club A's bank file, previewed (made once in the test's savepoint, found again after)."""
    from tournaments.money.models import BankImport

    imported, _ = BankImport.objects.get_or_create(
        club=a.club, filename="bank.csv", defaults={"format": "csv", "data": BANK_CSV, "digest": "0" * 64}
    )
    return {"slug": a.club.slug, "pk": imported.pk}


def _bank_entry(a: ClubA) -> dict[str, Any]:
    """A line of club A's bank matched to nobody."""
    from tournaments.money.models import BankEntry, BankImport, EntryState

    imported = BankImport.objects.get(pk=_bank_import(a)["pk"])
    entry, _ = BankEntry.objects.get_or_create(
        club=a.club,
        key="1" * 64,
        defaults={
            "bank_import": imported, "line": 2, "on": "2026-11-24", "amount": "20.00",
            "state": EntryState.UNMATCHED, "name": "Stranger",
        },
    )  # fmt: skip
    return {"slug": a.club.slug, "pk": entry.pk}


BANK_CSV = b"Date;Name;Amount\r\n24/11/2026;Stranger;20,00\r\n"

ROUTES: dict[str, Route] = {
    "director:home": Route(_none, OWN),
    "director:session_new": Route(_none, OWN, post=_new_session_in_a),
    "director:api_tokens": Route(
        _slug,
        mixed=lambda a, b: ({"slug": b.club.slug}, {"action": "revoke", "token": a.token.pk}),
    ),
    "director:session": Route(_session),
    "director:pair_add": Route(_session),
    "director:pairs_many": Route(_session),
    "director:pair_edit": Route(_pair, mixed=_their_pair),
    "director:pair_remove": Route(_pair, mixed=_their_pair),
    "director:deal": Route(_session),
    "director:board_count": Route(_session),
    "director:board": Route(_board),
    "director:board_adjust": Route(_board),
    "director:board_assign": Route(_board),
    "director:board_traveller": Route(_board),
    "director:audit": Route(_session),
    "director:movement": Route(_session),
    "director:sections": Route(_session),
    "director:movement_boards": Route(_session),
    "director:state": Route(_session),
    "director:session_delete": Route(_session),
    "director:state_confirm": Route(lambda a: {"session_id": a.session.pk, "action": "finish"}),
    "director:table_round": Route(lambda a: {"session_id": a.session.pk, "round_number": 1, "table": 1}),
    "director:round_traveller": Route(lambda a: {"session_id": a.session.pk, "round_number": 1, "table": 1}),
    "director:table_cards": Route(_session),
    "director:pair_cards": Route(_session),
    "director:tables": Route(_session),
    "director:tables_grid": Route(_session),
    "director:tables_grid_events": Route(_session),
    "director:call_answer": Route(
        lambda a: {"session_id": a.session.pk, "call_id": a.call.pk},
        mixed=lambda a, b: ({"session_id": b.session.pk, "call_id": a.call.pk}, {}),
    ),
    "director:result_edit": Route(_result),
    "director:result_delete": Route(_result),
    "director:teams_new": Route(_none, OWN, post=_new_event_in_a),
    "director:teams_event": Route(_event),
    "director:teams_team_add": Route(_event),
    "director:teams_draw": Route(_event),
    "director:teams_finish": Route(_event),
    "director:teams_reopen": Route(_event),
    "director:teams_pbn": Route(_event),
    "director:teams_usebio": Route(_event),
    "director:teams_lineups": Route(_round),
    "director:teams_adjust": Route(_round),
    "director:teams_publish": Route(_round),
    "director:teams_cards": Route(_round),
    "director:teams_penalties": Route(lambda a: {**_round(a), "table": a.match_table}),
    "director:exchange:pbn_download": Route(_session),
    "director:exchange:pbn_upload": Route(_session),
    "director:exchange:lin_download": Route(_session),
    "director:exchange:usebio_download": Route(_session),
    "director:exchange:hand_records": Route(_session),
    "director:exchange:deal_file_download": Route(lambda a: {"session_id": a.session.pk, "fmt": "dup"}),
    "director:exchange:deal_file_upload": Route(_session),
    "director:exchange:deal_file_confirm": Route(_session),
    "director:exchange:usebio_upload": Route(_none, OWN, post=_usebio_upload_to_a),
    "director:exchange:usebio_confirm": Route(_none, OWN, post=lambda a: {"sha256": a.pending_usebio.sha256}),
    "director:exchange:bws_upload": Route(_none, OWN, post=_bws_upload_to_a),
    "director:exchange:bws_confirm": Route(_none, OWN, post=lambda a: {"sha256": a.pending_bws.sha256}),
    "director:competitions": Route(_slug),
    "director:competition_new": Route(
        _slug,
        mixed=lambda a, b: (
            {"slug": b.club.slug},
            {"name": "Intruder", "method": "percentages", **_sessions(a)},
        ),
    ),
    "director:competition_edit": Route(
        lambda a: {"slug": a.club.slug, "pk": a.competition.pk},
        mixed=lambda a, b: ({"slug": b.club.slug, "pk": a.competition.pk}, {"name": "Intruder"}),
    ),
    "director:duplicates": Route(_none, ELSEWHERE),
    "director:merge": Route(lambda a: {"keep": a.player.pk, "duplicate": a.other_player.pk}, ELSEWHERE),
    "director:mail_session": Route(_session),
    "director:mail_resend": Route(_session),
    "director:members": Route(_slug),
    "director:club_settings": Route(_slug),
    "director:club_roles": Route(
        _slug,
        mixed=lambda a, b: (
            {"slug": b.club.slug},
            {
                "action": "remove",
                "held": ClubRole.objects.filter(club=a.club).values_list("pk", flat=True)[0],
            },
        ),
    ),
    "director:master_points": Route(_slug),
    "director:master_points_abf": Route(_slug),
    "director:master_points_acbl": Route(_slug),
    "director:members_confirm": Route(_slug),
    "director:member_edit": Route(
        _member,
        mixed=lambda a, b: ({"slug": b.club.slug, "player": _member(a)["player"]}, {"name": "Intruder"}),
    ),
    "director:events": Route(_slug),
    "director:event": Route(lambda a: {"slug": a.club.slug, "pk": a.pairs_event.pk}),
    "director:event_session_remove": Route(
        lambda a: {"slug": a.club.slug, "pk": a.pairs_event.pk, "session": a.session.pk}
    ),
    "director:individual_players": Route(lambda a: {"session_id": a.individual.pk}),
    "director:individual_cards": Route(lambda a: {"session_id": a.individual.pk}),
    "director:session_handicaps": Route(_session),
    "director:session_strata": Route(_session),
    "director:session_master_point_type": Route(_session),
    "director:swiss_round": Route(_session),
    "director:player": Route(_player, ELSEWHERE),
    "director:money_bank": Route(_slug),
    "director:money_account": Route(_member),
    "director:money_reports": Route(_slug),
    "director:money_statement_mail": Route(_slug),
    "director:money_report": Route(lambda a: {**_slug(a), "name": "trial-balance"}),
    "director:money_report_download": Route(lambda a: {**_slug(a), "name": "balances", "fmt": "csv"}),
    "director:money_account_download": Route(lambda a: {**_member(a), "fmt": "csv"}),
    "director:money_bank_import": Route(
        _bank_import, mixed=lambda a, b: ({"slug": b.club.slug, "pk": _bank_import(a)["pk"]}, {})
    ),
    "director:money_bank_entry": Route(
        _bank_entry,
        mixed=lambda a, b: ({"slug": b.club.slug, "pk": _bank_entry(a)["pk"]}, {"action": "leave"}),
    ),
    "director:player_initials": Route(_player, ELSEWHERE),
    "director:player_erase": Route(_player, ELSEWHERE),
    "director:player_data": Route(_player, ELSEWHERE),
    "director:entry_events": Route(_none, OWN, post=_new_entry_event_in_a),
    "director:entry_list": Route(_entry_event),
    "director:entry_list_csv": Route(_entry_event),
    "director:entry_list_xlsx": Route(_entry_event),
    "director:entry_add": Route(_entry_event),
    "director:entry_start": Route(_entry_event),
    "director:entry_limit": Route(_entry_event),
    "director:entry_confirm": Route(_entry),
    "director:entry_pay": Route(_entry),
    "director:entry_cancel": Route(_entry),
    "director:money_books": Route(_slug),
    "director:money_fees": Route(_slug),
    "director:money_memberships": Route(_slug),
    "director:money_renewal": Route(_slug),
    "director:money_memberships_export": Route(lambda a: {"slug": a.club.slug, "fmt": "csv"}),
    "director:money_membership": Route(
        _member,
        mixed=lambda a, b: ({"slug": b.club.slug, "player": _member(a)["player"]}, {"ending": "resigned"}),
    ),
    "director:money_desk": Route(_session),
    "director:programme": Route(_slug),
    "director:planned_new": Route(_slug),
    "director:planned_withdraw": Route(
        lambda a: {
            "slug": a.club.slug,
            "pk": ProgrammeDate.objects.get(pk=_programme_date(a)["pk"]).planned_id,
        },
        mixed=lambda a, b: (
            {"slug": b.club.slug, "pk": ProgrammeDate.objects.get(pk=_programme_date(a)["pk"]).planned_id},
            {},
        ),
    ),
    "director:closed_new": Route(_slug),
    "director:booking_rules": Route(_slug),
    "director:programme_date": Route(_programme_date, mixed=_their_date),
    "director:programme_seat": Route(_programme_date, mixed=_their_date),
    "director:programme_walk_in": Route(_programme_date, mixed=_their_date),
    "director:programme_date_cancel": Route(_programme_date, mixed=_their_date),
    "director:booking_no_show": Route(
        _booking, mixed=lambda a, b: ({"slug": b.club.slug, "pk": _booking(a)["pk"]}, {"no_show": "1"})
    ),
    "imports:upload": Route(_none, OWN, post=_score_file_upload_to_a),
    "imports:confirm": Route(_none, OWN, post=lambda a: {"sha256": a.pending_import.sha256}),
}


def _sessions(a: ClubA) -> dict[str, Any]:
    return {"sessions": [a.session.pk], "minimum_sessions": 1}


# Routes outside /director/ that need no login, or are guarded by something else than a club's
# director (the admin by Django's staff check; the API's writes by a club's token, tests/api).
PUBLIC = {
    "favicon", "home", "club", "session", "session_standings", "board", "hand_records", "session_lin",
    # An open session's stream of changes (server-sent events), public as its standings.
    "session_events",
    "pair", "player", "player_search", "competition", "teams_event_public", "teams_butler", "teams_match",
    # The opt-out link in a results email: its signed token names the member (tests/mail).
    "mail_opt_out",
    # A member's sign-in by a link, and his own pages: his sign-in guards them, each player id
    # his or a 404 (tests/members).
    "member_sign_in", "member_sign_in_link", "member_sign_out",
    "my_club", "my_player", "my_privacy", "my_results_mail", "my_data",
    # A member's statement at one of his clubs, his own or a 404 (tests/money/test_statements.py).
    "my_statement", "my_statement_download",
    # A member's entries to events: his sign-in guards them, an entry not his a 404 (tests/bookings).
    "my_entries", "my_entry_new", "my_entry_confirm", "my_entry_pay", "my_entry_cancel",


    # The club's programme and its feed (public); a member's bookings: his sign-in guards them,
    # each booking, ask or date his club's or a 404; the partner's link and the member's feed
    # carry their own unguessable tokens (tests/bookings).
    "programme", "programme_ical", "my_bookings", "booking_date", "booking_new", "booking_cancel",
    "booking_answer", "single_ask", "ask_answer", "booking_partner_link", "my_bookings_ical",
    # A player's analysis: his own signed in, the public's only if he allows it, else a 404;
    # his choice to allow it, his own player only (tests/analysis/test_pages.py).
    "player_evening", "pair_evening", "player_season", "my_analysis_sharing",
    # The public tables as spreadsheets, on their pages' terms (tests/exchange/test_downloads.py).
    "standings_csv", "standings_xlsx", "traveller_csv", "traveller_xlsx",
    "competition_csv", "competition_xlsx",
    # A pairs event's ranking over its sessions, its downloads, and an individual's standings:
    # public as the sessions' own standings are.
    "event", "event_csv", "event_xlsx", "individual_standings",
    # A table's page and what its script reads and sends: the table's token is the credential.
    "table_scores", "table_entry", "table_state", "table_events", "table_submit", "table_traveller",
    "table_call",
    # Django's accounts pages: log in and out, one's own password.
    "login", "logout", "password_change", "password_change_done", "password_reset",
    "password_reset_done", "password_reset_confirm", "password_reset_complete",
    # The health check a process supervisor or load balancer asks: no login by design.
    "healthz",
    # The language chooser (Django's set_language): it sets a cookie and writes nothing else.
    "set_language",
}  # fmt: skip
GUARDED_ELSEWHERE_NAMESPACES = ("admin", "api-v1")


def resolver_routes() -> dict[str, str]:
    """Every named route of the site, by its namespaced name, with its full pattern."""
    found: dict[str, str] = {}

    def walk(patterns: list, prefix: str, namespace: tuple[str, ...]) -> None:
        for entry in patterns:
            if isinstance(entry, URLResolver):
                inner = (*namespace, entry.namespace) if entry.namespace else namespace
                walk(entry.url_patterns, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                name = ":".join((*namespace, entry.name or f"<unnamed {prefix}{entry.pattern}>"))
                found[name] = prefix + str(entry.pattern)

    walk(get_resolver().url_patterns, "", ())
    return found


DIRECTOR_ROUTES = sorted(
    name for name, pattern in resolver_routes().items() if pattern.startswith("director/")
)


def test_every_director_route_of_the_resolver_is_in_the_table():
    assert len(DIRECTOR_ROUTES) > 50  # the walk went through the includes
    assert sorted(set(DIRECTOR_ROUTES) - set(ROUTES)) == [], "a director route nobody checks"
    assert sorted(set(ROUTES) - set(DIRECTOR_ROUTES)) == [], "the table names a route that is gone"


def test_every_director_route_says_which_roles_it_needs():
    assert sorted(set(DIRECTOR_ROUTES) - set(ROUTE_ROLES)) == [], "a director route with no roles declared"
    assert sorted(set(ROUTE_ROLES) - set(DIRECTOR_ROUTES)) == [], (
        "the roles' table names a route that is gone"
    )
    assert all(Role.ADMINISTRATOR in roles for roles in ROUTE_ROLES.values()), (
        "the administrator holds every role"
    )


def test_every_other_route_is_known_to_be_public_or_guarded_elsewhere():
    others = {
        name
        for name, pattern in resolver_routes().items()
        if not pattern.startswith("director/") and not name.startswith(GUARDED_ELSEWHERE_NAMESPACES)
    }
    assert sorted(others - PUBLIC) == [], "a route neither public nor checked as a director's"
    assert sorted(PUBLIC - others) == [], "PUBLIC names a route that is gone"


@dataclass
class World:
    a: ClubA
    b: ClubB
    a_director: AbstractBaseUser
    nobody: AbstractBaseUser
    # One user per role at club A, holding that role alone (the administrator is a_director).
    holders: dict[Role, AbstractBaseUser]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """The two clubs, built once for the module's routes, in a transaction rolled back at its end.

    Building them was half of the module's time (a seated Mitchell, a teams event, a
    season, a night's file...). Each test runs inside it in a savepoint of its own
    (pytest-django's ``django_db``), so what one route's owner writes is gone for the next.
    """
    users = get_user_model()
    with rolled_back_at_the_end(django_db_blocker):
        director = users.objects.create_user(username="director", password="bridge-director-pw")
        club = Club.objects.create(name="Riverside Bridge Club", slug="riverside")
        club.directors.add(director)
        nobody = users.objects.create_user(username="player", password="player-pw-12345")
        holders: dict[Role, AbstractBaseUser] = {Role.ADMINISTRATOR: director}
        for role in Role:
            if role != Role.ADMINISTRATOR:
                holders[role] = users.objects.create_user(
                    username=f"a-{role.value}", password="role-pw-12345"
                )
                ClubRole.objects.create(club=club, user=holders[role], role=role)
        yield World(club_a_world(club, director), club_b_world(users), director, nobody, holders)


def _client(user: AbstractBaseUser | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _all_rows() -> dict[str, list[dict[str, Any]]]:
    """Every row of the app's tables (club A's among them): what no refused request may change."""
    rows = {}
    for model in apps.get_app_config("tournaments").get_models():
        rows[model._meta.label] = list(model.objects.order_by("pk").values())
    return rows


def _disclosed(response, a: ClubA) -> list[str]:
    body = response.content.decode(errors="replace") + response.get("Location", "")
    return [secret for secret in (MARKER, a.player.name, a.token.prefix) if secret in body]


def _assert_refused(response, who: str, method: str, url: str, a: ClubA) -> None:
    assert response.status_code in (403, 404, 405), (who, method, url, response.status_code)
    assert not _disclosed(response, a), (who, method, url, _disclosed(response, a))


def _assert_harmless(response, who: str, method: str, url: str, a: ClubA) -> None:
    assert response.status_code < 500, (who, method, url, response.status_code)
    assert not _disclosed(response, a), (who, method, url, _disclosed(response, a))


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_only_the_clubs_director_passes(name, world):
    route, a, b = ROUTES[name], world.a, world.b
    url = reverse(name, kwargs=route.kwargs(a))
    before = _all_rows()

    anonymous = _client(None)
    for method in ("get", "post"):
        response = getattr(anonymous, method)(url)
        assert response.status_code in (302, 405), ("anonymous", method, url, response.status_code)
        if response.status_code == 302:
            assert response["Location"].startswith(reverse("login") + "?next="), (method, url)

    nobody = _client(world.nobody)
    for method in ("get", "post"):
        response = getattr(nobody, method)(url)
        check = _assert_harmless if route.across == OWN else _assert_refused
        check(response, "a user who directs no club", method, url, a)

    if route.across != ELSEWHERE:
        other = _client(b.director)
        body = route.post(a) if route.post else {}
        for method, data in (("get", {}), ("post", body)):
            response = getattr(other, method)(url, data)
            check = _assert_harmless if route.across == OWN else _assert_refused
            check(response, "club B's director", method, url, a)
        if route.mixed:
            kwargs, data = route.mixed(a, b)
            mixed_url = reverse(name, kwargs=kwargs)
            for method in ("get", "post"):
                response = getattr(other, method)(mixed_url, data)
                _assert_harmless(response, "club B's director, club A's object", method, mixed_url, a)

    assert _all_rows() == before, f"{name}: a refused request changed club A's data"

    # The arguments are real: club A's director (club B's, on a route naming no club) gets in.
    owner = _client(b.director if route.across == OWN else world.a_director)
    response = owner.get(url)
    if response.status_code == 405:
        response = owner.post(url)
    assert response.status_code not in (403, 404), (name, url, response.status_code)
    if route.post and "club" in route.post(a):
        own = {**route.post(a), "club": b.club.pk}
        assert owner.post(url, own).status_code in (200, 302), (
            f"{name}: the POST is refused for more than its club"
        )


def _refused_for_want_of_role(route: Route, response, who: str, method: str, url: str, a: ClubA) -> None:
    """A role the route does not name is treated as club B's director is (a user of no club, on players)."""
    check = _assert_harmless if route.across == OWN else _assert_refused
    check(response, who, method, url, a)


@pytest.mark.parametrize("name", sorted(ROUTES))
def test_each_role_at_the_club_passes_only_where_the_table_names_it(name, world):
    route, a = ROUTES[name], world.a
    url = reverse(name, kwargs=route.kwargs(a))
    allowed = ROUTE_ROLES[name]
    before = _all_rows()
    for role, holder in world.holders.items():
        if role in allowed:
            continue
        client = _client(holder)
        body = route.post(a) if route.post else {}
        for method, data in (("get", {}), ("post", body)):
            response = getattr(client, method)(url, data)
            _refused_for_want_of_role(route, response, f"club A's {role.value}", method, url, a)
    assert _all_rows() == before, f"{name}: a role it does not name changed club A's data"

    for role in sorted(allowed - {Role.ADMINISTRATOR}):
        client = _client(world.holders[role])
        response = client.get(url)
        if response.status_code == 405:
            response = client.post(url)
        assert response.status_code not in (403, 404), (name, role.value, url, response.status_code)
        if route.post and "club" in route.post(a):
            response = client.post(url, route.post(a))
            assert response.status_code in (200, 302), (name, role.value, "its club's POST refused")
