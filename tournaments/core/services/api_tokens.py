"""Create, revoke and check a club's API tokens (``models.ApiToken``).

A token is 32 random bytes in URL-safe base64, prefixed ``cs_`` so a leaked one is easy
to grep for. Only its SHA-256 digest is stored; the caller shows the token once.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.core.models import ApiToken, Club
from tournaments.core.services.writes import locked_row, write

TOKEN_PREFIX = "cs_"


@dataclass(frozen=True)
class IssuedToken:
    """A new token's row and the token itself, which is never stored and so never shown again."""

    token: ApiToken
    secret: str


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def api_token_create(*, club: Club, name: str, user: User | None = None) -> IssuedToken:
    """Issue a new token for ``club``; the returned ``secret`` is its only copy."""
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": _("Say which program will hold the token (e.g. 'club website').")})
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken(
        club=club,
        name=name,
        digest=token_digest(secret),
        prefix=secret[: len(TOKEN_PREFIX) + 5],
        created_by=user if user is not None and user.is_authenticated else None,
    )
    token.full_clean()
    token.save()
    return IssuedToken(token, secret)


@write()
def api_token_revoke(*, token: ApiToken) -> ApiToken:
    """Refuse the token from now on; revoking twice keeps the first date."""
    token = locked_row(token)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def api_tokens_revoke_of_deleted_user(sender: object, instance: User, **kwargs: object) -> None:
    """Revoke the tokens a user created when he is deleted (Django's ``pre_delete``).

    A token with no creator is the server operator's (the ``api_token`` command) and holds
    every role; a creator's deletion must not turn his tokens into such ones.
    """
    ApiToken.objects.filter(created_by=instance, revoked_at__isnull=True).update(revoked_at=timezone.now())


def api_token_check(secret: str) -> ApiToken | None:
    """Return the active token ``secret`` is, with its club, noting its use; None if unknown or revoked."""
    if not secret.startswith(TOKEN_PREFIX):
        return None
    token = ApiToken.objects.select_related("club", "created_by").filter(digest=token_digest(secret)).first()
    if token is None or not token.is_active:
        return None
    now = timezone.now()
    # At most one write a minute per token: a busy program's every call would otherwise write a row.
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
