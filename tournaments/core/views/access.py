"""Who may open the director's import pages: any user who directs a club."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from tournaments.core.selectors.access import clubs_directed


class SignedInRequest(HttpRequest):
    """The request of a view behind ``login_required``: its user has signed in.

    For the type checker alone (Django's request has ``User | AnonymousUser``); the
    decorator is what makes it so.
    """

    user: User


def director_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Send visitors to log in; refuse (403) users who direct no club.

    Importing into one's own club is a director's job, staff or not (issue 24, point 10).
    """

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not clubs_directed(request.user).exists():
            raise PermissionDenied("You direct no club to import into.")
        return view(request, *args, **kwargs)

    return wrapped
