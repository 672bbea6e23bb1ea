"""The director login page, answering a refused login with 400 like every invalid form."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView as DjangoLoginView
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.templatetags.static import static

from tournaments.core.selectors.access import demo_club_exists


class LoginView(DjangoLoginView):
    """Django's login page; a wrong username or password re-renders the form with status 400.

    The admin's own login page keeps Django's 200 (it is Django's, and axes throttles both).
    It mentions the demo's login only in development or where the demo club exists: a club's
    production site has no demo to log in to (issue 24, point 16).
    """

    def get_context_data(self, **kwargs: object) -> dict:
        context = super().get_context_data(**kwargs)
        context["show_demo"] = settings.DEBUG or demo_club_exists()
        return context

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response


def favicon(request: HttpRequest) -> HttpResponse:
    """Send a browser asking for ``/favicon.ico`` to the site's icon (pages link it too)."""
    return HttpResponseRedirect(static("favicon.svg"))
