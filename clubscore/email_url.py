"""Read the ``EMAIL_URL`` setting into Django's email settings, as ``DATABASE_URL`` is read.

A dozen lines of ``urllib.parse`` rather than the dj-email-url package: the schemes the
README names are all we take, an unknown one is refused by name (dj-email-url would
raise a bare ``KeyError``), and the runtime lock keeps one dependency fewer.

    smtp://user:password@host:25          plain SMTP (``?tls=1`` for STARTTLS, ``?ssl=1``)
    submission://user:password@host:587   SMTP with STARTTLS (the mail submission port)
    smtps://user:password@host:465        SMTP over TLS from the first byte
    console://   memory://   dummy://     print, keep in memory (tests), drop
    file:///var/mail/clubscore            one file a message, in that folder

The query may add ``from=results@club.example`` (the sender) and ``timeout=20`` (seconds).
A user or password with ``@`` or ``:`` in it is percent-encoded (``%40``, ``%3A``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
# scheme: (backend, default port, STARTTLS, TLS from the first byte)
SCHEMES: dict[str, tuple[str, int | None, bool, bool]] = {
    "smtp": (SMTP, 25, False, False),
    "submission": (SMTP, 587, True, False),
    "smtps": (SMTP, 465, False, True),
    "console": ("django.core.mail.backends.console.EmailBackend", None, False, False),
    "memory": ("django.core.mail.backends.locmem.EmailBackend", None, False, False),
    "dummy": ("django.core.mail.backends.dummy.EmailBackend", None, False, False),
    "file": ("django.core.mail.backends.filebased.EmailBackend", None, False, False),
}
YES = {"1", "true", "yes", "on"}
DEFAULT_TIMEOUT = 20.0  # seconds


def email_settings(url: str) -> dict[str, Any]:
    """Django's email settings for ``url``; an empty dict for an empty one (email not configured)."""
    url = url.strip()
    if not url:
        return {}
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        known = ", ".join(f"{scheme}://" for scheme in SCHEMES)
        raise ImproperlyConfigured(f"EMAIL_URL: unknown scheme {parts.scheme + '://'!r}; use one of {known}.")
    backend, port, tls, ssl = SCHEMES[parts.scheme]
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    tls = tls or query.get("tls", "").lower() in YES
    ssl = ssl or query.get("ssl", "").lower() in YES
    if tls and ssl:
        raise ImproperlyConfigured(
            "EMAIL_URL: STARTTLS (tls) and TLS from the first byte (ssl) exclude each other."
        )
    try:
        parsed_port = parts.port
    except ValueError as error:
        raise ImproperlyConfigured(f"EMAIL_URL: the port is not a number ({error}).") from None
    found: dict[str, Any] = {"EMAIL_BACKEND": backend}
    if backend == SMTP:
        if not parts.hostname:
            raise ImproperlyConfigured(f"EMAIL_URL: {parts.scheme}:// needs a host (smtp://host:25).")
        found.update(
            EMAIL_HOST=parts.hostname,
            EMAIL_PORT=parsed_port or port,
            EMAIL_HOST_USER=unquote(parts.username or ""),
            EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
            EMAIL_USE_TLS=tls,
            EMAIL_USE_SSL=ssl,
            EMAIL_TIMEOUT=DEFAULT_TIMEOUT,  # Django waits forever by default: a hung server would too
        )
    if parts.scheme == "file":
        if not parts.path:
            raise ImproperlyConfigured("EMAIL_URL: file:// needs a folder (file:///var/mail/clubscore).")
        found["EMAIL_FILE_PATH"] = unquote(parts.path)
    if "timeout" in query:
        try:
            found["EMAIL_TIMEOUT"] = float(query["timeout"])
        except ValueError:
            raise ImproperlyConfigured(
                f"EMAIL_URL: timeout={query['timeout']!r} is not a number of seconds."
            ) from None
    if query.get("from"):
        found["DEFAULT_FROM_EMAIL"] = found["SERVER_EMAIL"] = query["from"]
    return found
