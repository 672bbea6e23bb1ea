"""Reads of the club's books: its accounts and their postings, for a treasurer's token or the member himself.

Two credentials, tried in order: a club's API token (``Authorization: Bearer cs_...``) whose
creator holds, at the token's club and now, a role the operation needs
(``core/route_roles.API_OPERATION_ROLES``: the treasurer, the administrator), which reads
every account of that club and nothing of another's; or a member signed in on the site
(his session's cookie), who reads his own accounts and no one else's. Anything else of
theirs is a 404, as an account that does not exist.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy
from ninja import Query, Router, Schema
from ninja.security import django_auth

from tournaments.api.auth import ClubToken
from tournaments.api.http import json_response, page_of
from tournaments.api.reads import reads
from tournaments.api.schemas import Error, Id, Page, PageQuery
from tournaments.core.models import ApiToken, Club
from tournaments.members.selectors import accounts as members
from tournaments.money.models import Account, AccountKind
from tournaments.money.selectors.ledger import ZERO, account_lines, balances, currency_of

router = Router(tags=["books"])

NO_ACCOUNT = gettext_lazy("No such account here.")


class AccountOut(Schema):
    id: int
    kind: str
    player_id: int | None
    player_name: str
    currency: str
    balance: Decimal


class PostingLineOut(Schema):
    posting_id: int
    on: datetime.date
    cause: str
    memo: str
    amount: Decimal  # signed for this account: a charge below zero
    balance: Decimal  # the account's running balance after this line


def _answers(schema: object) -> dict[int, object]:
    """A read's answers (``reads.reads``: a NUL in the address or query is a 400 before the API),
    and the credentials' own: no token or member (401), a token whose maker holds no role (403)."""
    return {**reads(schema), 401: Error, 403: Error}


def _auth(operation: str) -> list[object]:
    return [ClubToken(operation), django_auth]


def _readable(request: HttpRequest, slug: str) -> tuple[Club, QuerySet[Account]]:
    """The club and the accounts the credential reads there; a 404 for a club it reads nothing of."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404(NO_ACCOUNT)
    every = Account.objects.filter(club=club).select_related("player").order_by("kind", "player__name", "id")
    credential = request.auth  # type: ignore[attr-defined]
    if isinstance(credential, ApiToken):
        if credential.club_id != club.pk:
            raise Http404(NO_ACCOUNT)
        return club, every
    member = members.account_of(credential) if isinstance(credential, AbstractBaseUser) else None
    if member is None:
        raise Http404(NO_ACCOUNT)
    players = members.memberships_of(member.email).filter(club=club).values("player_id")
    return club, every.filter(kind=AccountKind.PLAYER, player_id__in=players)


@router.get(
    "/clubs/{slug}/accounts",
    response=_answers(Page[AccountOut]),
    auth=_auth("accounts_list"),
    summary="A club's accounts and their balances (a treasurer's token: all; a member: his own)",
)
def accounts_list(request: HttpRequest, slug: str, page: Query[PageQuery]) -> HttpResponse:
    club, readable = _readable(request, slug)
    by_id = balances(club)
    currency = currency_of(club)
    data = page_of(readable, page)
    data["items"] = [
        {
            "id": account.pk,
            "kind": account.kind,
            "player_id": account.player_id,
            "player_name": account.player.name if account.player else "",
            "currency": currency,
            "balance": by_id.get(account.pk, ZERO),
        }
        for account in data["items"]
    ]
    return json_response(request, Page[AccountOut], data)


@router.get(
    "/clubs/{slug}/accounts/{account_id}/postings",
    response=_answers(Page[PostingLineOut]),
    auth=_auth("account_postings"),
    summary="An account's lines in the order posted, each with the balance after it",
)
def account_postings(request: HttpRequest, slug: str, account_id: Id, page: Query[PageQuery]) -> HttpResponse:
    _club, readable = _readable(request, slug)
    account = readable.filter(pk=account_id).first()
    if account is None:
        raise Http404(NO_ACCOUNT)
    rows = []
    running = ZERO
    for line in account_lines(account):
        running += line.amount
        rows.append(
            {
                "posting_id": line.posting.pk,
                "on": line.posting.on,
                "cause": line.posting.cause,
                "memo": line.memo,
                "amount": line.amount,
                "balance": running,
            }
        )
    return json_response(request, Page[PostingLineOut], page_of(rows, page))
