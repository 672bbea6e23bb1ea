"""The client's address for login throttling, behind zero or more trusted reverse proxies.

Behind a proxy every request comes from the proxy's address, so throttling by
REMOTE_ADDR would lock every director out at once. With TRUSTED_PROXY_COUNT=N (the
number of proxies in front of gunicorn, each appending to X-Forwarded-For) the client is
the N-th address from the right: the ones to its left are whatever the client sent and
cannot be trusted. Without it (the default) REMOTE_ADDR is the client.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """Return the address that django-axes counts failed logins against."""
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [part for part in forwarded if part]
        if len(forwarded) >= count:
            return forwarded[-count]
    return request.META.get("REMOTE_ADDR")
