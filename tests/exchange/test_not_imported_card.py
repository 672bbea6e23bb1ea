"""A refused import says so the same way on the legacy and the USEBIO upload pages (one card)."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory

from tournaments.exchange.forms import ImportForm, UsebioUploadForm


@pytest.mark.parametrize(
    ("template", "form_class"),
    [
        ("tournaments/exchange/legacy/upload.html", ImportForm),
        ("tournaments/exchange/usebio_upload.html", UsebioUploadForm),
    ],
)
def test_the_services_refusals_are_listed_with_nothing_stored(template, form_class, django_user_model, db):
    request = RequestFactory().get("/")
    request.user = django_user_model.objects.create_user("director")
    problems = ["A session named Tuesday pairs on 2026-11-24 exists already.", "Line 3 & 4: <b>bad</b>"]
    page = render_to_string(
        template, {"form": form_class(user=request.user), "import_errors": problems}, request=request
    )

    card = page[page.index('<div class="card file-error" role="alert">') :]
    assert "The file was not imported" in card
    assert "<li>A session named Tuesday pairs on 2026-11-24 exists already.</li>" in card
    assert "<li>Line 3 &amp; 4: &lt;b&gt;bad&lt;/b&gt;</li>" in card
    assert "Nothing was stored. Upload the file again." in card
