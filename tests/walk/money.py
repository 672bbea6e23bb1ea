"""The club's money in the walk: the evening's table money charged by its finish, once.

Three cheap steps, so that no finish is added to the walk: before the finish the club sets
its fees on the treasurer's page and the desk's takings page is read (in the walk's
language, for English left); after the finish every player's fee is charged; after the
reopen and the finish again nothing more is. The walk's members are on the club's list
with no membership type, so each pays the member's rate. A teams night pays once, at its
first round's session (decision 84): every player of every team, each at his rate.
"""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse

from tests.walk.walk import Walk, WalkStopped
from tournaments.money.models import AccountKind, Cause, Posting, TableFee
from tournaments.money.selectors.ledger import account_balance, balances
from tournaments.money.services.ledger import club_account
from tournaments.teams.models import TeamMember

MEMBER_RATE = Decimal("5.00")


def table_money(walk: Walk) -> None:
    """The club sets its fees (member 5.00, visitor 8.00); the desk's page lists the evening's players."""
    club = walk.facts["club"]
    url = reverse("director:money_fees", args=[club.slug])
    walk.get("table money", url)
    fees = {
        "action": "schedule",
        "name": "Walk fees",
        "default": "on",
        "member": "5.00",
        "visitor": "8.00",
        "junior": "",
    }
    walk.post("table money", url, fees)
    walk.get("desk", reverse("director:money_desk", args=[_fee_session(walk)]))


def _teams(walk: Walk) -> bool:
    return "event" in walk.facts and bool(walk.facts.get("rounds"))


def _fee_session(walk: Walk) -> int:
    """The session whose desk holds the night's fees: the evening's, or a teams event's first round's."""
    if _teams(walk):
        return int(walk.facts["rounds"][min(walk.facts["rounds"])])
    if walk.session_id is None:
        raise WalkStopped("table money: the evening has no session")
    return walk.session_id


def _charged(walk: Walk) -> tuple[int, Decimal]:
    club = walk.facts["club"]
    postings = Posting.objects.filter(club=club, cause=Cause.SESSION, cause_id=_fee_session(walk)).count()
    return postings, account_balance(club_account(club, AccountKind.TABLE_MONEY))


def table_money_charged(walk: Walk) -> None:
    """Every player of the finished evening is charged his rate, once; the books balance."""
    fees = TableFee.objects.filter(session_id=_fee_session(walk))
    players = fees.count()
    charged = _charged(walk)
    if _teams(walk):
        expected = (
            TeamMember.objects.filter(team__event_id=walk.facts["event"]).values("player").distinct().count()
        )
        owed = sum((fee.amount for fee in fees), Decimal("0.00"))
        if (
            players != expected
            or charged != (players, owed)
            or TableFee.objects.filter(session__club=walk.facts["club"]).count() != players
        ):
            raise WalkStopped(
                f"table money: {charged} charged for {players} fees, {expected} players on the teams"
            )
    elif players == 0 or charged != (players, MEMBER_RATE * players):
        raise WalkStopped(f"table money: {charged} charged for {players} players at {MEMBER_RATE}")
    if sum(balances(walk.facts["club"]).values()) != 0:
        raise WalkStopped("table money: the books' balances do not sum to zero")
    walk.facts["table money"] = charged
    walk.get("desk after finish", reverse("director:money_desk", args=[_fee_session(walk)]))


def table_money_once(walk: Walk) -> None:
    """Reopened and finished again: nothing more is charged."""
    if _charged(walk) != walk.facts["table money"]:
        raise WalkStopped(
            f"table money: {_charged(walk)} after the finish again, {walk.facts['table money']} before"
        )
