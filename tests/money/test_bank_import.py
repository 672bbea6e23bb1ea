"""A bank statement through the treasurer's pages: previewed, booked once, lines for nobody listed.

The charges the lines pay are posted through the ledger's own service (``post``), as the
night's finish posts them; tests/money/test_bank_night.py runs the issue's whole night.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.core.models import Club, ClubRole, Player, Role
from tournaments.money.models import AccountKind, BankEntry, BankImport, Cause, EntryState, Posting
from tournaments.money.selectors.bank import payment_reference
from tournaments.money.selectors.ledger import balances, player_balance
from tournaments.money.services.ledger import Transfer, books_currency_set, club_account, player_account, post
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def treasurer(django_user_model, club: Club):
    user = django_user_model.objects.create_user(username="treasurer", password="treasurer-pw-123")
    ClubRole.objects.create(club=club, user=user, role=Role.TREASURER)
    return user


@pytest.fixture
def books(club: Club) -> dict[str, Player]:
    """Two members owing table money: Xavier 13.00 (his and his visitor's), Jo the junior 3.00."""
    books_currency_set(club=club, currency="EUR")
    xavier = Player.objects.create(name="Xavier Dupont", federation_number="123456")
    jo = Player.objects.create(name="Jo Martin")
    for player, owed in ((xavier, "13.00"), (jo, "3.00")):
        ClubMember.objects.create(club=club, player=player)
        post(
            club=club,
            transfers=[
                Transfer(
                    player_account(club, player), club_account(club, AccountKind.TABLE_MONEY), Decimal(owed)
                )
            ],
            cause=Cause.MANUAL,
        )
    return {"xavier": xavier, "jo": jo}


def _csv(xavier: Player, jo: Player) -> bytes:
    """The bank's CSV: Xavier pays 20.00 with his reference, Jo 3.00 by name, a stranger 15.00."""
    return (
        "Datum;Naam / Omschrijving;Af Bij;Bedrag (EUR);Mededelingen\r\n"
        f"24-11-2026;X DUPONT;Bij;20,00;{payment_reference(xavier)} tafelgeld\r\n"
        "25-11-2026;Jo Martin;Bij;3,00;November\r\n"
        "25-11-2026;P. Vreemd;Bij;15,00;Donatie\r\n"
    ).encode("cp1252")


def _upload(client: Client, club: Club, data: bytes, name: str = "bank.csv"):
    return client.post(
        reverse("director:money_bank", args=[club.slug]), {"file": SimpleUploadedFile(name, data)}
    )


def _import_and_book(client: Client, club: Club, data: bytes) -> BankImport:
    response = _upload(client, club, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    preview = client.get(response["Location"])
    assert preview.status_code == 200
    assert client.post(response["Location"]).status_code == 302
    return BankImport.objects.filter(club=club).latest("id")


def test_a_statement_pays_the_members_once_and_lists_the_stranger(client, club, treasurer, books):
    client.force_login(treasurer)
    xavier, jo = books["xavier"], books["jo"]
    data = _csv(xavier, jo)

    response = _upload(client, club, data)
    preview = client.get(response["Location"]).content.decode()
    assert "Xavier Dupont" in preview and "Jo Martin" in preview and "P. Vreemd" in preview
    assert player_balance(club, xavier) == Decimal("-13.00")  # a preview books nothing
    client.post(response["Location"])

    assert player_balance(club, xavier) == Decimal("7.00")
    assert player_balance(club, jo) == Decimal("0.00")
    page = client.get(reverse("director:money_bank", args=[club.slug])).content.decode()
    assert "P. Vreemd" in page and 'id="bank-unmatched"' in page
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    assert (stranger.line, stranger.amount) == (4, Decimal("15.00"))

    # The same file again books nothing and lists nothing twice.
    postings = Posting.objects.filter(club=club).count()
    again = _import_and_book(client, club, data)
    assert (again.booked, again.unmatched, again.repeated) == (0, 0, 3)
    assert Posting.objects.filter(club=club).count() == postings
    assert player_balance(club, xavier) == Decimal("7.00")
    assert BankEntry.objects.filter(club=club).count() == 3
    assert sum(balances(club).values()) == 0


def test_confirming_twice_books_once(client, club, treasurer, books):
    client.force_login(treasurer)
    response = _upload(client, club, _csv(books["xavier"], books["jo"]))
    client.post(response["Location"])
    second = client.post(response["Location"], follow=True)
    assert "already booked" in second.content.decode()
    assert player_balance(club, books["xavier"]) == Decimal("7.00")


def test_the_treasurer_matches_the_strangers_line_by_hand_or_leaves_it(client, club, treasurer, books):
    client.force_login(treasurer)
    _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    url = reverse("director:money_bank_entry", args=[club.slug, stranger.pk])
    client.post(url, {"action": "match", "player": books["jo"].pk})
    assert player_balance(club, books["jo"]) == Decimal("15.00")
    stranger.refresh_from_db()
    assert (stranger.state, stranger.matched_by) == (EntryState.BOOKED, "hand")
    # Once booked, neither a second match (a double click) nor a leave changes it.
    client.post(url, {"action": "match", "player": books["xavier"].pk})
    client.post(url, {"action": "leave"})
    assert player_balance(club, books["jo"]) == Decimal("15.00")
    assert player_balance(club, books["xavier"]) == Decimal("7.00")


def test_a_line_left_stays_out_of_every_account(client, club, treasurer, books):
    client.force_login(treasurer)
    _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    client.post(reverse("director:money_bank_entry", args=[club.slug, stranger.pk]), {"action": "leave"})
    stranger.refresh_from_db()
    assert stranger.state == EntryState.LEFT and stranger.posting is None
    assert (
        'id="bank-unmatched-none"'
        in client.get(reverse("director:money_bank", args=[club.slug])).content.decode()
    )


def test_a_line_cannot_be_booked_to_another_clubs_player(client, club, treasurer, books):
    client.force_login(treasurer)
    _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    elsewhere = Player.objects.create(name="Someone Else")
    client.post(
        reverse("director:money_bank_entry", args=[club.slug, stranger.pk]),
        {"action": "match", "player": elsewhere.pk},
    )
    stranger.refresh_from_db()
    assert stranger.state == EntryState.UNMATCHED


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"PK\x03\x04 a workbook", "spreadsheet workbook"),
        (b"Date,Amount\r\n24/11/2026,20.00\r\n25/11/2026", "Line 3 is cut short"),
        (b"Date;Amount;Currency\r\n24/11/2026;20,00;EUR\r\n25/11/2026;5,00;USD\r\n", "Line 3 is in USD"),
        (b"Date;Amount\r\n24/11/2026;lots\r\n", "Line 2: &#x27;lots&#x27; is not an amount"),
        (b"\x00\x01\x02 binary", "binary data"),
    ],
    ids=["workbook", "cut-short", "currency", "amount", "binary"],
)
def test_a_bad_file_is_refused_on_the_page_naming_the_line_and_nothing_is_kept(
    client, club, treasurer, books, data, words
):
    client.force_login(treasurer)
    response = _upload(client, club, data)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not BankImport.objects.exists() and not BankEntry.objects.exists()


def test_a_50_mb_upload_is_refused_by_its_size(client, club, treasurer):
    client.force_login(treasurer)
    response = _upload(client, club, b"x" * 50_000_000)
    assert response.status_code == 400
    assert "at most 5 MB" in response.content.decode()
    assert not BankImport.objects.exists()


def test_a_refusal_is_in_the_treasurers_language(client, club, treasurer, books):
    client.force_login(treasurer)
    client.cookies["django_language"] = "fr"
    response = _upload(client, club, b"Date;Amount\r\n24/11/2026;lots\r\n")
    assert "Line 2" not in response.content.decode()
    assert "Ligne 2" in response.content.decode()


def test_another_clubs_treasurer_sees_nothing_of_the_import(
    client, club, treasurer, books, django_user_model
):
    client.force_login(treasurer)
    imported = _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    other_club = Club.objects.create(name="Other", slug="other")
    other = django_user_model.objects.create_user(username="other", password="other-pw-12345")
    ClubRole.objects.create(club=other_club, user=other, role=Role.TREASURER)
    client.force_login(other)
    assert client.get(reverse("director:money_bank_import", args=[club.slug, imported.pk])).status_code == 403
    assert client.get(reverse("director:money_bank_import", args=["other", imported.pk])).status_code == 404


def test_a_line_booked_to_the_wrong_member_is_undone_by_a_reversal_and_matched_again(
    client, club, treasurer, books
):
    """The stranger's 15.00 booked to Jo by mistake: undone, Jo is as before, and it goes to Xavier."""
    client.force_login(treasurer)
    imported = _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    url = reverse("director:money_bank_entry", args=[club.slug, stranger.pk])
    client.post(url, {"action": "match", "player": books["jo"].pk})
    assert player_balance(club, books["jo"]) == Decimal("15.00")
    wrong = BankEntry.objects.get(pk=stranger.pk).posting

    # The import's page offers the undo on every line booked; the undo reverses the booking.
    page = client.get(reverse("director:money_bank_import", args=[club.slug, imported.pk])).content.decode()
    assert 'value="undo"' in page
    response = client.post(url, {"action": "undo"}, follow=True)
    assert "is undone" in response.content.decode()
    stranger.refresh_from_db()
    assert (stranger.state, stranger.posting, stranger.account) == (EntryState.UNMATCHED, None, None)
    assert player_balance(club, books["jo"]) == Decimal("0.00")
    reversal = Posting.objects.get(reverses=wrong)
    assert reversal.by_name == "treasurer" and reversal.cause == Cause.BANK_LINE
    assert 'id="bank-unmatched"' in response.content.decode()  # listed again, to match

    # A second undo (a double click) is refused and reverses nothing more.
    again = client.post(url, {"action": "undo"}, follow=True)
    assert "there is nothing to undo" in again.content.decode()
    assert Posting.objects.filter(reverses__isnull=False, cause=Cause.BANK_LINE).count() == 1

    client.post(url, {"action": "match", "player": books["xavier"].pk})
    stranger.refresh_from_db()
    assert stranger.state == EntryState.BOOKED and stranger.account.player == books["xavier"]
    assert player_balance(club, books["xavier"]) == Decimal("22.00")
    assert player_balance(club, books["jo"]) == Decimal("0.00")
    # Wrong again, undone again, matched a third time: each booking is a posting of its own.
    client.post(url, {"action": "undo"})
    client.post(url, {"action": "match", "player": books["jo"].pk})
    assert player_balance(club, books["jo"]) == Decimal("15.00")
    assert player_balance(club, books["xavier"]) == Decimal("7.00")
    assert sum(balances(club).values()) == 0


def test_a_line_left_by_mistake_is_undone_and_matched(client, club, treasurer, books):
    client.force_login(treasurer)
    _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    stranger = BankEntry.objects.get(club=club, state=EntryState.UNMATCHED)
    url = reverse("director:money_bank_entry", args=[club.slug, stranger.pk])
    client.post(url, {"action": "leave"})
    client.post(url, {"action": "undo"})
    client.post(url, {"action": "match", "player": books["jo"].pk})
    assert player_balance(club, books["jo"]) == Decimal("15.00")


def test_another_clubs_treasurer_cannot_undo_a_line(client, club, treasurer, books, django_user_model):
    client.force_login(treasurer)
    _import_and_book(client, club, _csv(books["xavier"], books["jo"]))
    booked = BankEntry.objects.filter(club=club, state=EntryState.BOOKED).first()
    other_club = Club.objects.create(name="Other", slug="other")
    other = django_user_model.objects.create_user(username="other", password="other-pw-12345")
    ClubRole.objects.create(club=other_club, user=other, role=Role.TREASURER)
    client.force_login(other)
    url = "director:money_bank_entry"
    assert client.post(reverse(url, args=[other_club.slug, booked.pk]), {"action": "undo"}).status_code == 404
    assert client.post(reverse(url, args=[club.slug, booked.pk]), {"action": "undo"}).status_code == 403
    booked.refresh_from_db()
    assert booked.state == EntryState.BOOKED
