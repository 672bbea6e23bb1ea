"""``form_write``: a form page writes on a valid POST only, and shows a service's refusal on the form."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.test import RequestFactory

from tournaments.core.views.forms import form_write


class NameForm(forms.Form):
    name = forms.CharField(max_length=10)


def _request(method: str, data: dict[str, str] | None = None):
    request = getattr(RequestFactory(), method)("/page/", data or {})
    request.session = SessionBase()
    request._messages = FallbackStorage(request)
    return request


def _refuse(**kwargs):
    def write():
        raise ValidationError(kwargs)

    return write


@pytest.mark.parametrize(
    ("method", "data"),
    [("get", None), ("post", {"name": ""}), ("post", {"name": "x" * 11})],
    ids=["a GET", "a missing field", "a field too long"],
)
def test_nothing_is_written_without_a_valid_post(method, data):
    request = _request(method, data)
    form = NameForm(request.POST or None)
    calls = []

    response = form_write(request, form, lambda: calls.append(1), message=str, to=str)

    assert response is None and calls == []
    assert not list(get_messages(request))


def test_a_valid_post_writes_says_so_and_redirects_with_what_was_written():
    request = _request("post", {"name": "North"})
    form = NameForm(request.POST)

    response = form_write(
        request,
        form,
        lambda: form.cleaned_data["name"].upper(),
        message=lambda written: f"{written} saved.",
        to=lambda written: f"/done/{written}/",
    )

    assert (response.status_code, response["Location"]) == (302, "/done/NORTH/")
    assert [str(message) for message in get_messages(request)] == ["NORTH saved."]


@pytest.mark.parametrize(
    ("error", "field_errors", "form_errors"),
    [
        ({"name": "Taken."}, ["Taken."], []),
        ({"elsewhere": "Not allowed."}, [], ["Not allowed."]),
    ],
    ids=["beside its field", "above the form when the form has no such field"],
)
def test_a_service_refusal_is_shown_on_the_form_and_nothing_redirects(error, field_errors, form_errors):
    request = _request("post", {"name": "North"})
    form = NameForm(request.POST)

    response = form_write(request, form, _refuse(**error), message=str, to=str)

    assert response is None
    assert form.errors.get("name", []) == field_errors
    assert form.non_field_errors() == form_errors
    assert not list(get_messages(request))
