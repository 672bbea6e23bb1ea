"""The director login page, answering a refused login with 400 like every invalid form."""

from __future__ import annotations

from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView as DjangoLoginView
from django.http import HttpResponse


class LoginView(DjangoLoginView):
    """Django's login page; a wrong username or password re-renders the form with status 400.

    The admin's own login page keeps Django's 200 (it is Django's, and axes throttles both).
    """

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        response.status_code = 400
        return response
