"""One account pays for a couple: a member's membership names whose account pays his table money.

Set once on his membership page, it is the payer at every night's desk (the desk may still
change one night's), and the finish charges that account, even on a night the payer stays
at home. The payer is a member of the club.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.core.models import Club, Player
from tournaments.money.models import Membership, TableFee
from tournaments.money.selectors.ledger import player_balance
from tournaments.night.services.movement import session_finish
from tournaments.season.models import ClubMember
from tournaments.season.services.players import player_merge

pytestmark = pytest.mark.django_db

ANN = "Ann North"


@pytest.fixture
def couple(club: Club, night) -> tuple[Player, Player]:
    """Ann plays tonight; her husband Zed, at home, pays her fees."""
    ann = Player.objects.get(name=ANN)
    zed = Player.objects.create(name="Zed North")
    for player in (ann, zed):
        ClubMember.objects.create(club=club, player=player)
    return ann, zed


def _set_payer(client, club, player, payer) -> object:
    return client.post(
        reverse("director:money_membership", args=[club.slug, player.pk]),
        {"type": "", "paid_until": "", "ending": "", "payer": payer.pk if payer else ""},
    )


def test_the_couples_account_pays_at_every_night_even_when_the_payer_is_at_home(
    director_client, club, night, couple
):
    ann, zed = couple
    assert _set_payer(director_client, club, ann, zed).status_code == 302
    assert Membership.objects.get(member__player=ann).payer == zed

    desk = reverse("director:money_desk", args=[night.pk])
    page = director_client.get(desk).content.decode()
    assert f'<option value="{zed.pk}" selected>Zed North</option>' in page
    # The desk saving her row as shown (cash, say) keeps Zed as the payer.
    posted = {"action": "fee", "player": ann.pk, "amount": "5.00", "payer": zed.pk, "method": "account"}
    assert director_client.post(desk, posted).status_code == 302
    session_finish(session=night)
    assert TableFee.objects.get(session=night, player=ann).payer == zed
    assert player_balance(club, zed) == Decimal("-5.00")
    assert player_balance(club, ann) == Decimal("0.00")


def test_the_finish_charges_the_couples_account_without_the_desk(club, night, couple, director_client):
    ann, zed = couple
    _set_payer(director_client, club, ann, zed)
    session_finish(session=night)
    assert player_balance(club, zed) == Decimal("-5.00") and player_balance(club, ann) == Decimal("0.00")


def test_the_payer_is_a_member_of_the_club(director_client, club, night, couple):
    ann, _zed = couple
    stranger = Player.objects.create(name="Not A Member")
    response = _set_payer(director_client, club, ann, stranger)
    assert response.status_code == 400 and "payer" in response.context["form"].errors
    assert Membership.objects.filter(member__player=ann, payer__isnull=False).count() == 0
    # Paying for himself is his own account.
    assert _set_payer(director_client, club, ann, ann).status_code == 302
    assert Membership.objects.get(member__player=ann).payer is None


def test_a_payer_merged_into_his_duplicate_keeps_paying(director_client, director, club, night, couple):
    ann, zed = couple
    _set_payer(director_client, club, ann, zed)
    kept = Player.objects.create(name="Zed North (2)")
    ClubMember.objects.create(club=club, player=kept)
    player_merge(keep=kept, duplicate=zed, user=director)
    assert Membership.objects.get(member__player=ann).payer == kept
    session_finish(session=night)
    assert player_balance(club, kept) == Decimal("-5.00")
