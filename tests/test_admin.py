"""The admin shows every model, and keeps the derived tables and the audit log read-only."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from tournaments import models
from tournaments.night.services.results import ResultEntry, result_record

ALL_MODELS = [
    models.Club,
    models.Player,
    models.Session,
    models.Pair,
    models.Board,
    models.Result,
    models.Standing,
    models.ResultChange,
]


@pytest.fixture
def admin_client_with_result(admin_client, mitchell_session):
    ns, ew = (
        mitchell_session.pairs.get(direction="NS", number=1),
        mitchell_session.pairs.get(direction="EW", number=1),
    )
    result_record(board=mitchell_session.boards.get(number=1), entry=ResultEntry(ns, ew, "3NT", "N", "9"))
    return admin_client


def test_every_model_is_registered():
    assert all(admin.site.is_registered(model) for model in ALL_MODELS)


@pytest.mark.parametrize("model", ALL_MODELS, ids=lambda model: model.__name__)
def test_every_changelist_lists_searches_and_opens_a_row(admin_client_with_result, model):
    base = f"admin:tournaments_{model._meta.model_name}"
    assert admin_client_with_result.get(reverse(f"{base}_changelist")).status_code == 200
    assert admin_client_with_result.get(reverse(f"{base}_changelist"), {"q": "North"}).status_code == 200
    row = model.objects.first()
    assert admin_client_with_result.get(reverse(f"{base}_change", args=[row.pk])).status_code == 200


@pytest.mark.parametrize(
    "model", [models.Result, models.Standing, models.ResultChange], ids=lambda m: m.__name__
)
def test_derived_rows_and_the_audit_log_cannot_be_edited_in_the_admin(admin_client_with_result, model):
    base = f"admin:tournaments_{model._meta.model_name}"
    row = model.objects.first()
    assert admin_client_with_result.get(reverse(f"{base}_add")).status_code == 403
    assert (
        admin_client_with_result.post(reverse(f"{base}_delete", args=[row.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert model.objects.filter(pk=row.pk).exists()


def test_a_session_shows_its_pairs_and_boards_inline(admin_client_with_result, mitchell_session):
    page = admin_client_with_result.get(
        reverse("admin:tournaments_session_change", args=[mitchell_session.pk])
    )
    names = [formset.opts.__class__.__name__ for formset in page.context["inline_admin_formsets"]]
    assert names == ["PairInline", "BoardInline"]
