"""The admin shows every model, and keeps the derived tables and the audit log read-only."""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import a_director, friday_mitchell, riverside_club, seated_mitchell
from tests.module_world import rolled_back_at_the_end
from tournaments import models
from tournaments.analysis.services.sharing import analysis_sharing_set
from tournaments.bookings.services.bookings import booking_make
from tournaments.bookings.services.entries import Named, entry_event_create, entry_make
from tournaments.bookings.services.entry_payments import entry_pay_at_desk
from tournaments.bookings.services.programme import booking_rules_set, closed_date_add, planned_session_create
from tournaments.bridge.season.members import MemberLine
from tournaments.core.models import Role
from tournaments.core.services.api_tokens import api_token_check, api_token_create
from tournaments.core.services.api_write_counts import api_write_count_add
from tournaments.core.services.roles import role_grant
from tournaments.federation.services.handicaps import session_handicaps_set
from tournaments.mail.services.opt_out import mail_opt_out
from tournaments.members.services.sign_in import sign_in_link_request, sign_in_link_use
from tournaments.money.services.bank_import import bank_file_upload, bank_import_book
from tournaments.money.services.charges import extra_add, fee_receive, fee_set
from tournaments.money.services.fees import rate_add, schedule_save, session_schedule_set
from tournaments.money.services.ledger import books_of
from tournaments.money.services.memberships import membership_set, membership_type_save
from tournaments.money.services.statement_mail import statement_mail_send, statement_threshold_set
from tournaments.night.models import IndividualPlayer, Section
from tournaments.night.services.boards import boards_deal, boards_ensure
from tournaments.night.services.individual import individual_players_seat
from tournaments.night.services.movement import (
    session_create_with_movement,
    session_finish,
    session_reopen,
    session_start,
)
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sections import SectionSpec, session_sections_set
from tournaments.night.services.session_delete import session_delete
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.night.services.table_entry import TableEntry, director_call, table_result_submit
from tournaments.season.services.competitions import competition_save
from tournaments.season.services.events import event_create, event_session_add
from tournaments.season.services.members import members_import
from tournaments.season.services.players import player_merge
from tournaments.season.services.ratings import ratings_rebuild
from tournaments.teams.services.events import (
    swiss_round_draw,
    team_add,
    teams_event_create,
    teams_event_finish,
    teams_round_publish,
)
from tournaments.teams.services.penalties import team_match_penalties_set

# Every model of the hub: a new model without an admin fails these tests.
ALL_MODELS = sorted(apps.get_app_config("tournaments").get_models(), key=lambda model: model.__name__)

# Derived from other rows, or the record of what happened: shown, never added, changed or deleted.
READ_ONLY = [
    models.Result,
    models.Standing,
    models.PlayerRating,
    models.RatingSnapshot,
    models.RatedSession,
    models.RatingDue,
    models.RatingState,
    models.TeamMatch,
    models.TeamsRound,
    models.TeamMember,
    models.ResultChange,
    models.SessionChange,
    models.SessionDeletion,
    models.PlayerMerge,
    models.TeamsEventChange,
    models.TeamMatchPenalty,
    models.ApiToken,
    models.ApiWriteCount,
    models.ApiWriteKey,
    models.TableAccess,
    models.TableSubmission,
    models.DirectorCall,
    models.ResultMail,
    models.SignInRequest,
    models.MasterPointAward,
    models.Entry,
    models.EntryPlayer,
    models.EntryPayment,
    Section,
    IndividualPlayer,
    # The books: a posting, or a line of one, is reversed, never changed; what is posted or sent stays.
    models.Account,
    models.Posting,
    models.PostingLine,
    models.TableFee,
    models.DeskExtra,
    models.BankImport,
    models.BankEntry,
    models.StatementNotice,
    models.LeadSolve,
    models.EveningTally,
]
# Made by the services and the director's pages: shown and deleted, never added or changed.
SHOWN_ONLY = [
    models.Competition,
    models.Event,
    models.EventSession,
    models.PendingImport,
    models.MailOptOut,
    models.BridgemateFeed,
]


def _night_with_its_records(club, user) -> None:
    """A night with a result, finished, reopened (a session change) and finished again; rated."""
    session = session_create(club=club, date=datetime.date(2026, 11, 19), name="Thursday")
    ns = pair_add(session=session, player_names=("Ann North", "Bob North"), direction="NS")
    ew = pair_add(session=session, player_names=("Gus East", "Hal East"), direction="EW")
    (board,) = boards_ensure(session=session, count=1)
    session_start(session=session)
    result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", "9"), user=user)
    session_reopen(session=session_finish(session=session), user=user)
    session_finish(session=session)
    session_handicaps_set(session=session, handicapped=True, handicaps={ns.player1_id: Decimal("2.5")})
    ratings_rebuild()
    models.RatingDue.objects.create(session_id=session.pk)  # owed, as a finish leaves one in the background
    competition_save(
        club=club, name="Autumn", method="percentages", best_of=None, minimum_sessions=1, sessions=[session]
    )
    event_session_add(event=event_create(club=club, name="Two nights", method="percentage"), session=session)
    empty = session_create(club=club, date=datetime.date(2026, 11, 18), name="Cancelled")
    session_delete(session=empty, user=user)


def _sections_and_an_individual(club) -> None:
    """A session of two sections, and an individual night with its twelve players seated."""
    divided = session_create(club=club, date=datetime.date(2026, 11, 15), name="North Sections")
    session_sections_set(
        session=divided, sections=[SectionSpec("A", tables=3), SectionSpec("B", movement="howell", tables=3)]
    )
    individual = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 12, 24),
        name="Christmas individual",
        movement="individual",
        tables=3,
        boards_per_round=1,
        rounds=2,
    )
    individual_players_seat(session=individual, names=[f"North Player {n}" for n in range(1, 13)])


def _tables_with_their_sends(club) -> None:
    """A movement's tables: a result sent from table 1, and table 2 calling the director."""
    session = seated_mitchell(club, name="Wednesday", start=True)
    access, calling = models.TableAccess.objects.filter(session=session).order_by("table")[:2]
    table_result_submit(access=access, entry=TableEntry("admin-key-1", 1, 1, "4S", "N", "10"))
    director_call(access=calling, round_=1)


def _teams_event_with_its_records(club, user) -> None:
    """Two teams, one round published, a penalty given and the event finished anyway: an ABF club's,
    so its winners have master points."""
    models.Club.objects.filter(pk=club.pk).update(federation="abf")
    event = teams_event_create(club=club, date=datetime.date(2026, 11, 17), name="Teams", boards_per_match=2)
    for team in ("Hearts", "Spades"):
        team_add(event=event, name=team, player_names=[f"{team} {seat}" for seat in "NESW"])
    teams_round_publish(teams_round=swiss_round_draw(event=event))
    match = models.TeamMatch.objects.get()
    team_match_penalties_set(match=match, reason="Slow play", user=user, home_vp_penalty=1)
    teams_event_finish(event=event, user=user, anyway=True)


def _club_records(club, user) -> str:
    """Members (one merged into another), an API token and its writes, a preview waiting; the token."""
    members_import(
        club=club,
        lines=[MemberLine(1, "Zoe Keep", "1001", "zoe@example.org"), MemberLine(2, "Zoe Twice", "", "")],
    )
    keep, duplicate = models.Player.objects.get(name="Zoe Keep"), models.Player.objects.get(name="Zoe Twice")
    player_merge(keep=keep, duplicate=duplicate, user=None)
    mail_opt_out(club=club, player=keep)
    models.ResultMail.objects.create(  # what a finish with EMAIL_URL set records (tests/mail)
        session=models.Session.objects.filter(state="finished").first(), player=keep, email="zoe@example.org"
    )
    # A member's sign-in: the request for a link, and the account its use makes (tests/members).
    sign_in_link_request(email="zoe@example.org", browser_cookie="browser", ip=None)
    asked = models.SignInRequest.objects.get()
    sign_in_link_use(request_id=asked.pk, browser_cookie="browser", confirmed=False)
    issued = api_token_create(club=club, name="club website", user=user)
    role_grant(club=club, user=user, role=Role.SCORER, by=user)  # a ClubRoleChange
    api_write_count_add(token_id=issued.token.pk, minute=29_000_000)
    models.ApiWriteKey.objects.create(  # what a write sent with an Idempotency-Key keeps (tests/api)
        token=issued.token, key="retry-key-0001", request="0" * 64, status=204, content_type="text/html"
    )
    models.PendingImport.objects.create(
        user=user, club=club, sha256="0" * 64, text="", date=datetime.date(2026, 11, 16), name="Sunday"
    )
    models.BridgemateFeed.objects.create(  # what a Bridgemate file's first import makes (tests/exchange)
        session=models.Session.objects.filter(club=club).first(), club=club, bcs_session="GUID", section="A"
    )
    _programme_with_bookings(club, models.MemberAccount.objects.get(email="zoe@example.org"))
    _entries_with_their_records(club)
    return issued.secret


def _programme_with_bookings(club, account) -> None:
    """A weekly session, a closed date, the club's rules, a single's booking and an ask (tests/bookings)."""
    planned = planned_session_create(
        club=club,
        name="Tuesday pairs",
        kind="pairs",
        first_date=datetime.date.today() + datetime.timedelta(days=1),
        starts_at=datetime.time(19, 30),
        weekly=True,
    )
    closed_date_add(club=club, date=datetime.date.today() + datetime.timedelta(weeks=20), reason="Summer")
    booking_rules_set(club=club, cut_off_hours=24, reminder_hours=24, late_cancellation_pays=True)
    single = booking_make(account=account, date=planned.dates.order_by("date").first())
    models.PartnerAsk.objects.create(  # what the partner finder's ask makes (tests/bookings)
        single=single,
        asker=models.Player.objects.create(name="Asker"),
        account=account,
        created_at=single.created_at,
    )


def _entries_with_their_records(club) -> None:
    """A championship taking entries, one pair entered and paid at the desk (tests/bookings)."""
    now = timezone.now()
    event = entry_event_create(
        club=club,
        name="North Championship",
        kind="championship",
        starts_on=now.date() + datetime.timedelta(days=30),
        opens_at=now - datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=10),
        limit=10,
        member_fee=Decimal("10"),
        visitor_fee=Decimal("12"),
        junior_fee=Decimal("5"),
    )
    entry = entry_make(event=event, players=[Named(name="Ann North"), Named(name="Bob North")])
    entry_pay_at_desk(entry=entry)


def _books_with_their_records(club, session, user) -> None:
    """The club's books (tests/money): a fee schedule with a rate of the club's own followed by the
    session, a member's membership, a fee taken in cash at the desk, a coffee on Zoe's account (her
    statement emailed), and a bank statement booked, her line to her, a stranger's to nobody."""
    books_of(club)  # ClubBooks
    schedule = schedule_save(club=club, name="Club night", default=True, member="5.00", visitor="8.00")
    rate_add(schedule=schedule, name="Student", amount="3.00")
    session_schedule_set(session=session, schedule=schedule)
    zoe = models.ClubMember.objects.get(club=club, player__name="Zoe Keep")
    kind = membership_type_save(
        club=club, name="Full", annual_fee=Decimal("40"), year_start_month=1, year_start_day=1, grace_days=31
    )
    membership_set(member=zoe, type=kind, paid_until=datetime.date(2026, 12, 31))
    player = session.pairs.get(direction="NS", number=1).player1
    fee_receive(fee=fee_set(session=session, player=player, amount="5.00", method="cash"), by=user)
    extra_add(session=session, player=zoe.player, what="Coffee", amount="1.50", by=user)
    statement_threshold_set(club=club, threshold=Decimal("0.00"))
    statement_mail_send.call(club.pk, timezone.localdate().isoformat())  # the job the treasurer asks for
    statement = (
        "Datum;Naam / Omschrijving;Af Bij;Bedrag (EUR);Mededelingen\r\n"
        "25-11-2026;Zoe Keep;Bij;1,50;Coffee\r\n"
        "25-11-2026;P. North;Bij;15,00;Donation\r\n"
    ).encode("cp1252")
    bank_import_book(
        bank_import=bank_file_upload(club=club, data=statement, filename="bank.csv", by=user), by=user
    )


def _analysis_night(club) -> None:
    """A one-board night played with a lead and finished: the finish's job solves the lead and stores
    the evening's figures (tests/analysis). Finished before the night owing a rating is made (a
    finish rates what is owed)."""
    session = session_create(club=club, date=datetime.date(2026, 11, 13), name="North analysis")
    ns = pair_add(session=session, player_names=("Ann North", "Bob North"), direction="NS")
    ew = pair_add(session=session, player_names=("Gus East", "Hal East"), direction="EW")
    # The Friday Mitchell's first deal (conftest.friday_mitchell): its analysis, cached, is not made again.
    (board,) = boards_deal(session=session, count=1, rng=random.Random(2026), background=False)
    suit, holding = next(
        (suit, cards) for suit, cards in zip("SHDC", board.east.split("."), strict=True) if cards
    )
    session_start(session=session)
    lead = suit + ("10" if holding[0] == "T" else holding[0])  # East leads against North
    result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", "9", lead=lead))
    session_finish(session=session)


@dataclass(frozen=True)
class World:
    admin_pk: int
    mitchell_pk: int
    api_secret: str


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker) -> Iterator[World]:
    """Every model has a row, made through the services the site uses.

    Built once for the module, in a transaction rolled back at its end: building it was most
    of each test's time (half a second to a second). Each test runs in a savepoint of its own
    (``db``), so a row one test deletes or changes is back for the next.
    """
    users = get_user_model()
    with rolled_back_at_the_end(django_db_blocker):
        # As pytest-django's admin_user makes it, then the suite's club and Mitchell (conftest.py).
        admin_user = users.objects.create_superuser(
            username="admin", email="admin@example.com", password="password"
        )
        club = riverside_club(a_director())
        mitchell_session = friday_mitchell(club)
        ns, ew = (
            mitchell_session.pairs.get(direction="NS", number=1),
            mitchell_session.pairs.get(direction="EW", number=1),
        )
        result_record(board=mitchell_session.boards.get(number=1), entry=ResultEntry(ns, ew, "3NT", "N", "9"))
        _analysis_night(club)
        _night_with_its_records(club, admin_user)
        _tables_with_their_sends(club)
        _sections_and_an_individual(club)
        _teams_event_with_its_records(club, admin_user)
        api_secret = _club_records(club, admin_user)
        _books_with_their_records(club, mitchell_session, admin_user)
        # Zoe, signed in, shares her analysis (tests/analysis).
        zoe = models.Player.objects.get(name="Zoe Keep")
        analysis_sharing_set(
            account=models.MemberAccount.objects.get(email="zoe@example.org"), player=zoe, public=True
        )
        yield World(admin_user.pk, mitchell_session.pk, api_secret)


# Each test reads the world's rows afresh, in its own savepoint (``db``): an object kept from
# another test would carry what that test changed in memory.
@pytest.fixture
def admin_user(db, world):
    """The world's superuser, whom pytest-django's ``admin_client`` logs in."""
    return get_user_model().objects.get(pk=world.admin_pk)


@pytest.fixture
def mitchell_session(db, world) -> models.Session:
    return models.Session.objects.get(pk=world.mitchell_pk)


@pytest.fixture
def api_secret(db, world) -> str:
    return world.api_secret


@pytest.fixture
def admin_client_with_result(admin_client, api_secret):
    return admin_client


def _url(model, view: str, *args) -> str:
    return reverse(f"admin:tournaments_{model._meta.model_name}_{view}", args=args)


def test_every_model_is_registered():
    assert len(ALL_MODELS) >= 28
    assert [model.__name__ for model in ALL_MODELS if not admin.site.is_registered(model)] == []


# The checks below that change nothing run every model against one world (building it is
# most of their cost, half a second on PostgreSQL), each model's failures named by model.


def _changelist_refusals(client, model) -> list[str]:
    """What is wrong with the model's changelist, its search and its change page (nothing: [])."""
    row = model.objects.first()
    if row is None:
        return [f"the fixture makes no {model.__name__}"]
    answers = {
        "changelist": client.get(_url(model, "changelist")).status_code,
        "search": client.get(_url(model, "changelist"), {"q": "North"}).status_code,
        "change page": client.get(_url(model, "change", row.pk)).status_code,
    }
    return [f"{model.__name__} {page}: {status}" for page, status in answers.items() if status != 200]


def test_every_changelist_lists_searches_and_opens_a_row(admin_client_with_result):
    refusals = [
        refusal for model in ALL_MODELS for refusal in _changelist_refusals(admin_client_with_result, model)
    ]
    assert refusals == []


# A related row read on its own, by its id: what a changelist does for each row it lists when a
# column or a row's name follows a relation that list_select_related did not join.
LAZY_LOAD = re.compile(r'FROM "(\w+)" WHERE "\w+"\."id" = \d+ LIMIT 21')


def _related_rows_read_one_by_one(client, model) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(_url(model, "changelist")).status_code == 200
    return [found[1] for query in queries for found in [LAZY_LOAD.search(query["sql"])] if found]


def test_a_changelist_reads_no_related_row_one_by_one(admin_client_with_result):
    loads = {
        model.__name__: _related_rows_read_one_by_one(admin_client_with_result, model) for model in ALL_MODELS
    }
    # the request's user, once, at most
    assert {name: tables for name, tables in loads.items() if tables not in ([], ["auth_user"])} == {}


def _edits_let_through(client, model) -> list[str]:
    """Which edits of a read-only model's row the admin does not refuse (none: [])."""
    row = model.objects.first()
    answers = {
        "add": client.get(_url(model, "add")).status_code,
        "change": client.post(_url(model, "change", row.pk), {}).status_code,
        "delete": client.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code,
    }
    let_through = [f"{model.__name__} {edit}: {status}" for edit, status in answers.items() if status != 403]
    if not model.objects.filter(pk=row.pk).exists():
        let_through.append(f"{model.__name__}: the row is gone")
    return let_through


def test_derived_rows_and_the_audit_log_cannot_be_edited_in_the_admin(admin_client_with_result):
    assert [edit for model in READ_ONLY for edit in _edits_let_through(admin_client_with_result, model)] == []


@pytest.mark.parametrize("model", SHOWN_ONLY, ids=lambda m: m.__name__)
def test_rows_the_services_make_are_never_added_or_changed_in_the_admin(admin_client_with_result, model):
    row = model.objects.first()
    assert admin_client_with_result.get(_url(model, "add")).status_code == 403
    assert admin_client_with_result.post(_url(model, "change", row.pk), {}).status_code == 403
    assert admin_client_with_result.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code == 302
    assert not model.objects.filter(pk=row.pk).exists()


def test_an_api_token_shows_its_prefix_never_its_secret(admin_client_with_result, api_secret):
    token = models.ApiToken.objects.get()
    page = admin_client_with_result.get(_url(models.ApiToken, "change", token.pk)).content.decode()
    assert token.prefix in page
    assert api_secret not in page and api_secret[len(token.prefix) :] not in page
    assert 'name="digest"' not in page


def test_a_session_shows_its_pairs_and_boards_inline(admin_client_with_result, mitchell_session):
    page = admin_client_with_result.get(_url(models.Session, "change", mitchell_session.pk))
    names = [formset.opts.__class__.__name__ for formset in page.context["inline_admin_formsets"]]
    assert names == ["PairInline", "BoardInline"]


def test_an_api_token_is_revoked_from_the_admin_through_the_service(admin_client_with_result, api_secret):
    """A leaked token can be stopped by the site's administrator too; revoking again keeps the first date."""
    token = models.ApiToken.objects.get()
    revoke = {"action": "revoke_tokens", admin.helpers.ACTION_CHECKBOX_NAME: [token.pk]}
    assert admin_client_with_result.post(_url(models.ApiToken, "changelist"), revoke).status_code == 302
    token.refresh_from_db()
    first = token.revoked_at
    assert first is not None and api_token_check(api_secret) is None
    admin_client_with_result.post(_url(models.ApiToken, "changelist"), revoke)
    token.refresh_from_db()
    assert token.revoked_at == first


def test_staff_who_may_only_view_tokens_cannot_revoke_them(client, django_user_model, api_secret):
    viewer = django_user_model.objects.create_user(username="viewer", password="viewer-pw", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_apitoken"))
    client.force_login(viewer)
    token = models.ApiToken.objects.get()
    revoke = {"action": "revoke_tokens", admin.helpers.ACTION_CHECKBOX_NAME: [token.pk]}
    client.post(_url(models.ApiToken, "changelist"), revoke)
    token.refresh_from_db()
    assert token.revoked_at is None and api_token_check(api_secret) is not None


def test_a_teams_event_s_name_is_fixed_in_the_admin_never_how_it_is_drawn_or_scored(admin_client_with_result):
    event = models.TeamsEvent.objects.get()
    club = event.club_id
    assert admin_client_with_result.get(_url(models.TeamsEvent, "add")).status_code == 403
    change = {
        "club": club + 1,
        "date": "2026-11-17",
        "name": "Teams of four",
        "tie_break": "imp_quotient",
        "form": "round_robin",
        "scoring": "bam",
        "rounds": 5,
        "state": "preparation",
    }
    assert (
        admin_client_with_result.post(_url(models.TeamsEvent, "change", event.pk), change).status_code == 302
    )
    event.refresh_from_db()
    assert (event.name, event.tie_break) == ("Teams of four", "imp_quotient")
    assert (event.club_id, event.form, event.scoring, event.rounds) == (club, "swiss", "wbf_vp", 1)
    assert event.state == "finished"
