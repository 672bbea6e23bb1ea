"""The director's result form in French: 3SA by O is 3NT by West, and the seats are shown O, not W."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.night.forms.results import ResultForm


@pytest.mark.django_db
def test_the_result_form_reads_and_shows_the_pages_language(mitchell_session):
    ns, ew = (mitchell_session.pairs.get(direction=d, number=1) for d in ("NS", "EW"))
    with translation.override("fr"):
        form = ResultForm(
            {"ns_pair": ns.pk, "ew_pair": ew.pk, "contract": "3SA", "declarer": "W", "result": "="},
            session=mitchell_session,
            pairs=list(mitchell_session.pairs.all()),
        )
        assert form.is_valid(), form.errors
        assert form.cleaned_data["contract"] == "3NT"
        assert [str(label) for _value, label in form.fields["declarer"].choices] == ["-", "N", "E", "S", "O"]
