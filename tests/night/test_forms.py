"""The director's forms: what they accept, and where a service's message lands."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments.core.forms import form_add_service_error
from tournaments.night.forms.results import ResultForm
from tournaments.night.forms.sessions import DealForm, PairForm


@pytest.mark.parametrize(
    ("error", "field_errors", "form_errors"),
    [
        (ValidationError({"player1": "Too long."}), {"player1": ["Too long."]}, []),
        (ValidationError({"players": "Give the names."}), {}, ["Give the names."]),
        (ValidationError("Locked."), {}, ["Locked."]),
    ],
    ids=["form field", "service-only key", "no field"],
)
def test_a_service_error_lands_beside_its_field_or_above_the_form(
    mitchell_session, error, field_errors, form_errors
):
    form = PairForm({"player1": "Ann", "direction": "NS"}, session=mitchell_session)
    assert form.is_valid()
    form_add_service_error(form, error)
    assert {name: list(errors) for name, errors in form.errors.items() if name != "__all__"} == field_errors
    assert list(form.non_field_errors()) == form_errors


def test_a_howell_pair_form_has_no_direction(howell_session, mitchell_session):
    assert "direction" not in PairForm(session=howell_session).fields
    assert "direction" in PairForm(session=mitchell_session).fields


@pytest.mark.parametrize(
    ("data", "files", "valid"),
    [
        ({"count": "3"}, {}, True),
        ({"permutations": "1 2 3"}, {}, True),
        ({}, {"file": SimpleUploadedFile("b.txt", b"1 2 3\n")}, True),
        ({}, {}, False),
        ({"count": "3", "permutations": "1 2 3"}, {}, False),
        ({}, {"file": SimpleUploadedFile("b.bin", b"\xff\xfe\x00")}, False),
    ],
    ids=["count", "pasted", "uploaded", "nothing", "both", "binary file"],
)
def test_a_deal_takes_a_count_or_permutations_but_not_both(data, files, valid):
    assert DealForm(data, files).is_valid() is valid


def test_an_uploaded_file_becomes_the_permutations():
    form = DealForm({}, {"file": SimpleUploadedFile("b.txt", b"1 2 3\n")})
    assert form.is_valid()
    assert form.cleaned_data["permutations"] == "1 2 3\n"


def test_a_result_form_takes_a_pair_of_another_session_as_unknown(mitchell_session, howell_session):
    pairs = list(mitchell_session.pairs.all())
    stranger = howell_session.pairs.first()
    form = ResultForm(
        {"ns_pair": stranger.pk, "ew_pair": pairs[-1].pk, "contract": "3NT", "declarer": "N", "result": "="},
        session=mitchell_session,
        pairs=pairs,
    )
    assert not form.is_valid()
    assert form.errors["ns_pair"] == ["Unknown pair: choose one of this session's pairs."]


def test_a_howell_result_form_offers_every_pair_both_ways(howell_session):
    pairs = list(howell_session.pairs.all())
    form = ResultForm(session=howell_session, pairs=pairs)
    for field in ("ns_pair", "ew_pair"):
        assert len([value for value, _ in form.fields[field].widget.choices if value]) == 4
