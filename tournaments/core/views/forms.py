"""The one way a director's form page writes: valid POST, the service, its message, the redirect.

Nineteen views did the same dance by hand: on a valid POST call the service; a
``ValidationError`` from it goes beside the form's field (``form_add_service_error``) and
the page is shown again; otherwise a success message and a redirect, so a reload never
posts twice. ``form_write`` does it once; the view still builds its form and its page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from tournaments.core.forms import form_add_service_error

Written = TypeVar("Written")


def form_write(
    request: HttpRequest,
    form: forms.Form,
    write: Callable[[], Written],
    *,
    message: Callable[[Written], str],
    to: Callable[[Written], str],
) -> HttpResponse | None:
    """Run ``write`` for a valid POSTed form and return the redirect to ``to(written)``.

    Return ``None`` when the page is to be shown again: not a POST, an invalid form, or a
    service's ``ValidationError`` (then on the form). ``write`` runs only after the form
    is valid, so it may read ``form.cleaned_data``; ``message`` and ``to`` are given what
    it returned.
    """
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        written = write()
    except ValidationError as error:
        form_add_service_error(form, error)
        return None
    messages.success(request, message(written))
    return redirect(to(written))
