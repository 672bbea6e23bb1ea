"""The yearly renewal: each current or due member's subscription posted once, by the page or the command."""

from __future__ import annotations

import datetime
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments.core.models import Player
from tournaments.money.models import Cause, Ending, Membership, Posting
from tournaments.money.selectors.ledger import player_balance
from tournaments.money.services.memberships import membership_set, membership_type_save, renewal_run
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db

APRIL_2 = datetime.date(2026, 4, 2)


@pytest.fixture
def members(club):
    full = membership_type_save(
        club=club,
        name="Full",
        annual_fee=Decimal("60.00"),
        year_start_month=4,
        year_start_day=1,
        grace_days=31,
    )
    made = {}
    for name, until, ending in (
        ("Due", datetime.date(2026, 3, 31), ""),  # in his grace on 2 April: renewed
        ("Paid", datetime.date(2027, 3, 31), ""),  # paid this year already: left
        ("Lapsed", datetime.date(2025, 3, 31), ""),
        ("Resigned", datetime.date(2026, 3, 31), Ending.RESIGNED),
    ):
        member = ClubMember.objects.create(club=club, player=Player.objects.create(name=name))
        membership_set(member=member, type=full, paid_until=until, ending=ending)
        made[name] = member
    return made


def test_renewal_posts_each_due_member_once(club, members):
    first = renewal_run(club=club, today=APRIL_2)
    again = renewal_run(club=club, today=APRIL_2)
    assert (first.posted, again.posted) == (1, 0)
    assert player_balance(club, members["Due"].player) == Decimal("-60.00")
    assert Membership.objects.get(member=members["Due"]).paid_until == datetime.date(2027, 3, 31)
    assert Posting.objects.filter(cause=Cause.SUBSCRIPTION).count() == 1
    for name in ("Paid", "Lapsed", "Resigned"):
        assert player_balance(club, members[name].player) == 0


def test_the_command_and_the_page_renew_once_between_them(club, members, director_client):
    out = StringIO()
    call_command("renew_subscriptions", "--club", club.slug, "--date", "2026-04-02", stdout=out)
    assert "1 subscriptions posted" in out.getvalue()
    response = director_client.post(reverse("director:money_renewal", args=[club.slug]))
    assert response.status_code == 302
    assert Posting.objects.filter(cause=Cause.SUBSCRIPTION).count() == 1


@pytest.mark.parametrize(
    ("args", "words"), [(["--club", "nowhere"], "No club"), (["--date", "2026-13-01"], "Not a day")]
)
def test_the_command_refuses_an_unknown_club_or_day(club, args, words):
    with pytest.raises(CommandError, match=words):
        call_command("renew_subscriptions", *args)


def test_a_bad_membership_type_is_refused_naming_the_field(director_client, club):
    response = director_client.post(
        reverse("director:money_memberships", args=[club.slug]),
        {
            "name": "Full",
            "annual_fee": "-5",
            "year_start_month": "13",
            "year_start_day": "1",
            "grace_days": "31",
        },
    )
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"annual_fee", "year_start_month"}
