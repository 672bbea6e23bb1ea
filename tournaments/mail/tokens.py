"""The opt-out link's token: the club and the member, signed with the site's key (no login).

Signed, not stored: a link in an email years old still works, and nobody can make one
for another member without the key. No expiry, since a member may read an old email.
"""

from __future__ import annotations

from django.core import signing

SALT = "tournaments.mail.opt-out"


def opt_out_token(club_id: int, player_id: int) -> str:
    return signing.dumps([club_id, player_id], salt=SALT)


def opt_out_read(token: str) -> tuple[int, int] | None:
    """The (club id, player id) a token names; None for a token cut short, altered or made up."""
    try:
        value = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(type(part) is int for part in value)):
        return None
    return value[0], value[1]
