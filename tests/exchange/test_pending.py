"""The one store and the one read of previews waiting for their confirmation."""

from __future__ import annotations

import datetime
import hashlib

import pytest

from tournaments.exchange.models import PendingImport
from tournaments.exchange.selectors.pending import pending_find
from tournaments.exchange.services.pending import pending_keep

DAY = datetime.date(2026, 11, 25)
USEBIO = PendingImport.Kind.USEBIO
LEGACY = PendingImport.Kind.LEGACY


def _keep_usebio(director, club, data: bytes = b"<USEBIO/>\x00") -> PendingImport:
    digest = hashlib.sha256(data).hexdigest()
    return pending_keep(user=director, club=club, kind=USEBIO, sha256=digest, data=data, date=DAY, name="x")


@pytest.mark.django_db
def test_a_usebio_preview_is_found_as_its_bytes_by_its_own_kind_only(director, club):
    kept = _keep_usebio(director, club)

    found = pending_find(user=director, sha256=kept.sha256, kind=USEBIO)

    assert found is not None and found.pk == kept.pk
    assert bytes(found.data) == b"<USEBIO/>\x00"
    assert pending_find(user=director, sha256=kept.sha256, kind=LEGACY) is None


@pytest.mark.django_db
def test_a_usebio_row_whose_bytes_are_not_the_previewed_ones_is_not_found(director, club):
    kept = _keep_usebio(director, club)
    PendingImport.objects.filter(pk=kept.pk).update(data=b"<USEBIO>slipped in</USEBIO>")

    assert pending_find(user=director, sha256=kept.sha256, kind=USEBIO) is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    "kind, content",
    [(USEBIO, {"text": "USEBIO PD94"}), (LEGACY, {"data": b"1 A\n"}), (LEGACY, {})],
)
def test_a_preview_keeps_only_its_own_kind_of_content(director, club, kind, content):
    with pytest.raises(ValueError, match="preview keeps its file as"):
        pending_keep(user=director, club=club, kind=kind, sha256="a" * 64, date=DAY, name="x", **content)
    assert not PendingImport.objects.exists()
