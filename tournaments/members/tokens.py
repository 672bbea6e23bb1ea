"""The sign-in link's token: Django's signing, timestamped, naming one stored request.

The signature stops a forged or altered link; ``max_age`` an old one; the request row it
names (``SignInRequest.used_at``) a second use. Nothing secret rides in the link but the
signature: the row holds the address and the browser that asked.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.conf import settings
from django.core import signing

SALT = "clubscore.members.sign-in"
BROWSER_COOKIE = "clubscore_member_browser"


def link_lifetime() -> timedelta:
    """How long a link is good for (MEMBER_LINK_MINUTES, 15 by default)."""
    return timedelta(minutes=getattr(settings, "MEMBER_LINK_MINUTES", 15))


def normalised_email(email: str) -> str:
    """Return the address as the clubs' lists are matched against it: trimmed, lower case.

    The local part is case-sensitive by the RFC, but no mail service a club's member uses
    treats ``Ann@`` and ``ann@`` as two people, and members type both.
    """
    return "".join(email.split()).lower()


def link_token(request_id: int) -> str:
    return signing.dumps(request_id, salt=SALT)


class LinkRefused(ValueError):
    """A link that cannot sign anyone in: ``reason`` says why, in words a member can act on."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def link_read(token: str) -> int:
    """Return the request id the link names; ``LinkRefused('expired'|'forged')`` otherwise."""
    try:
        value = signing.loads(token, salt=SALT, max_age=link_lifetime())
    except signing.SignatureExpired:
        raise LinkRefused("expired") from None
    except signing.BadSignature:
        raise LinkRefused("forged") from None
    if not isinstance(value, int):
        raise LinkRefused("forged")
    return value


def browser_digest(cookie: str) -> str:
    return hashlib.sha256(cookie.encode()).hexdigest()
