"""The books: postings that sum to zero by their shape, refused otherwise, never changed, reversed once."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.core.models import Club, Player
from tournaments.money.models import AccountKind, Cause, LedgerChangeRefused, Posting, PostingLine
from tournaments.money.selectors.ledger import account_balance, balances, player_balance, trial_balance
from tournaments.money.services.ledger import (
    Transfer,
    club_account,
    player_account,
    post,
    post_reversal,
)

pytestmark = pytest.mark.django_db


def _charge(club: Club, player: Player, amount: str, key: str | None = None) -> Posting:
    return post(
        club=club,
        transfers=[
            Transfer(player_account(club, player), club_account(club, AccountKind.TABLE_MONEY), amount)
        ],  # type: ignore[arg-type],
        cause=Cause.MANUAL,
        key=key,
    )


def test_a_charge_leaves_the_player_below_zero_and_the_books_at_zero(club):
    ann = Player.objects.create(name="Ann")
    _charge(club, ann, "5.00")
    assert player_balance(club, ann) == Decimal("-5.00")
    assert account_balance(club_account(club, AccountKind.TABLE_MONEY)) == Decimal("5.00")
    assert sum(balances(club).values()) == 0
    rows = trial_balance(club)
    assert sum(row.debit for row in rows) == sum(row.credit for row in rows) == Decimal("5.00")


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("0", "above zero"),
        ("-5", "above zero"),
        ("1.005", "decimal places"),
        ("5000000", "more than"),
        ("x", "not an amount"),
        ("NaN", "not an amount"),
    ],
    ids=["zero", "negative", "three-places", "absurd", "text", "nan"],
)
def test_a_posting_of_a_bad_amount_is_refused_naming_the_amount(club, amount, words):
    ann = Player.objects.create(name="Ann")
    with pytest.raises(ValidationError) as refusal:
        _charge(club, ann, amount)
    assert words in str(refusal.value.message_dict["amount"])
    assert not Posting.objects.exists()


def test_the_database_refuses_a_line_that_does_not_balance(club):
    ann = player_account(club, Player.objects.create(name="Ann"))
    posting = _charge(club, Player.objects.get(name="Ann"), "1.00")
    for bad in (
        PostingLine(posting=posting, debit=ann, credit=ann, amount=Decimal("1")),  # to itself
        PostingLine(
            posting=posting, debit=ann, credit=club_account(club, AccountKind.CASH), amount=Decimal("-1")
        ),
        PostingLine(
            posting=posting, debit=ann, credit=club_account(club, AccountKind.CASH), amount=Decimal("0")
        ),
    ):
        with pytest.raises(IntegrityError), transaction.atomic():
            PostingLine.objects.bulk_create([bad])


def test_a_posting_is_never_changed_or_deleted(club):
    posting = _charge(club, Player.objects.create(name="Ann"), "5.00")
    with pytest.raises(LedgerChangeRefused):
        posting.memo = "changed"
        posting.save()
    with pytest.raises(LedgerChangeRefused):
        posting.delete()
    with pytest.raises(LedgerChangeRefused):
        Posting.objects.filter(pk=posting.pk).update(memo="x")
    with pytest.raises(LedgerChangeRefused):
        PostingLine.objects.all().delete()
    line = posting.lines.get()
    with pytest.raises(LedgerChangeRefused):
        line.save()


def test_a_key_posts_once(club):
    ann = Player.objects.create(name="Ann")
    first = _charge(club, ann, "5.00", key="k")
    again = _charge(club, ann, "5.00", key="k")
    assert first == again
    assert player_balance(club, ann) == Decimal("-5.00")


def test_a_reversal_moves_every_line_back_once_and_names_who(club, director):
    ann = Player.objects.create(name="Ann")
    posting = _charge(club, ann, "5.00")
    reversal = post_reversal(posting=posting, by=director)
    assert post_reversal(posting=posting) == reversal
    assert player_balance(club, ann) == 0
    assert reversal.reverses == posting and reversal.by_name == director.username
    with pytest.raises(ValidationError):
        post_reversal(posting=reversal)


def test_an_account_of_another_club_is_refused(club, director):
    other = Club.objects.create(name="Other", slug="other")
    ann = Player.objects.create(name="Ann")
    with pytest.raises(ValidationError) as refusal:
        post(
            club=club,
            transfers=[
                Transfer(player_account(other, ann), club_account(club, AccountKind.CASH), Decimal("1"))
            ],
            cause=Cause.MANUAL,
        )
    assert "another club" in str(refusal.value)
