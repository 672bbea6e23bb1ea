"""Ask for a sign-in link, and use one: throttled, mailed only to an address a club holds, good once.

Every request is stored and counted, known address or not, so the throttle and the page
answer alike for both and tell nobody whether a club holds an address. The counts live
in the database, not the cache: the site's cache is each process's own unless CACHE_URL
names a shared one, and a throttle per process lets through as many mails as processes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.core.services.jobs import enqueue, job
from tournaments.core.services.writes import locked, write
from tournaments.members.models import MemberAccount, SignInRequest
from tournaments.members.selectors.accounts import email_known, memberships_of
from tournaments.members.tokens import LinkRefused, browser_digest, link_lifetime, link_token

# At most this many requests an hour for one address (so at most this many mails, whoever
# asks), and from one network address (so nobody walks a list of addresses).
LINKS_PER_ADDRESS_AN_HOUR = 3
REQUESTS_PER_IP_AN_HOUR = 20
THROTTLE_WINDOW = timedelta(hours=1)
# Requests older than this are deleted at the next request: the throttle needs the last hour,
# a link lives minutes, and an address someone typed is kept no longer than that needs.
REQUESTS_KEPT = timedelta(days=1)


def _now() -> datetime:
    return timezone.now()


def new_browser_cookie() -> str:
    """The random value the asking browser keeps: the link knows it by its digest."""
    return secrets.token_urlsafe(32)


def sign_in_link_request(*, email: str, browser_cookie: str, ip: str | None) -> bool:
    """Store the request and, when a club holds ``email`` (normalised), put its mail on the
    queue in the same write; False when throttled, in which case nothing is stored or sent."""
    return _request_store(email=email, browser_cookie=browser_cookie, ip=ip) is not None


@write()
def _request_store(*, email: str, browser_cookie: str, ip: str | None) -> SignInRequest | None:
    now = _now()
    SignInRequest.objects.filter(created_at__lt=now - REQUESTS_KEPT).delete()
    recent = SignInRequest.objects.filter(created_at__gte=now - THROTTLE_WINDOW)
    if recent.filter(email=email).count() >= LINKS_PER_ADDRESS_AN_HOUR:
        return None
    if ip and recent.filter(ip=ip).count() >= REQUESTS_PER_IP_AN_HOUR:
        return None
    asked = SignInRequest.objects.create(
        email=email,
        ip=ip or None,
        browser_digest=browser_digest(browser_cookie),
        sent=email_known(email),
        created_at=now,
    )
    if asked.sent:
        enqueue(sign_in_link_mail, asked.pk, get_language() or settings.LANGUAGE_CODE)
    return asked


@job(retry_after=(10.0, 60.0))
def sign_in_link_mail(request_id: int, language: str) -> None:
    """Mail the link of request ``request_id`` in the language it was asked in, off the request.

    The job exists iff the request's row committed (``enqueue``), and a mail server that
    refuses is tried again twice; after the link's few minutes a try would be useless, so
    no more. Inline (the test suite) it runs at the enqueue: a rolled-back request's link,
    should one be mailed, is refused when used (``sign_in_link_use`` finds no request).
    """
    asked = SignInRequest.objects.filter(pk=request_id, sent=True).first()
    if asked is None:  # deleted since (a day old) or never to be sent
        return
    with translation.override(language):
        _mail_link(asked)


def _mail_link(asked: SignInRequest) -> None:
    """Send the link; a mail server that refuses raises, and the queue tries again."""
    link = f"{settings.SITE_URL}{reverse('member_sign_in_link', args=[link_token(asked.pk)])}"
    minutes = int(link_lifetime().total_seconds() // 60)
    body = _(
        "Open this link to sign in to ClubScore and see your club pages:\n\n%(link)s\n\n"
        "It works once, for %(minutes)s minutes. If you did not ask for it, ignore this mail: "
        "nobody can sign in without it."
    ) % {"link": link, "minutes": minutes}
    send_mail(_("Your ClubScore sign-in link"), body, None, [asked.email])


class Outcome(Enum):
    SIGNED_IN = "signed-in"
    CONFIRM = "confirm"  # opened in another browser than the one that asked: one tap first


@dataclass(frozen=True)
class LinkUsed:
    outcome: Outcome
    user: User | None = None


@write()
def sign_in_link_use(*, request_id: int, browser_cookie: str, confirmed: bool) -> LinkUsed:
    """Spend the link and return the member's user; refuse (``LinkRefused``) a link never mailed,
    used, or whose address no club holds any more (the player erased since).

    Opened by another browser than the one that asked and not ``confirmed``, nothing is
    spent: the page asks for the tap, so a mail scanner or a forwarded link signs nobody in.
    """
    asked = locked(SignInRequest.objects.filter(pk=request_id, sent=True)).first()
    if asked is None:
        raise LinkRefused("forged")
    if asked.used_at is not None:
        raise LinkRefused("used")
    if _now() - asked.created_at > link_lifetime():
        raise LinkRefused("expired")
    if not memberships_of(asked.email).exists():
        raise LinkRefused("unknown")
    same_browser = bool(browser_cookie) and constant_time_compare(
        browser_digest(browser_cookie), asked.browser_digest
    )
    if not same_browser and not confirmed:
        return LinkUsed(Outcome.CONFIRM)
    asked.used_at = _now()
    asked.save(update_fields=["used_at"])
    return LinkUsed(Outcome.SIGNED_IN, _account_for(asked.email).user)


def _account_for(email: str) -> MemberAccount:
    """His account, made at his first sign-in with a user of his own that has no password."""
    account = MemberAccount.objects.select_related("user").filter(email=email).first()
    if account is not None:
        return account
    user = get_user_model()(username=f"member-{secrets.token_hex(8)}", email=email)
    user.set_unusable_password()
    user.full_clean()
    user.save()
    account = MemberAccount(user=user, email=email)
    account.full_clean()
    account.save()
    return account
