"""What a live page shows is what its stamp covers, declared once (``live.sql.stamps.SHOWN``).

The public session page, its standings and a table's phone are drawn once per stamp and kept
(``night.live``): a field they show that the stamp does not read would stay stale on them.
So every field of a club, a pair or a player that drawing them reads must be declared, and
the stamp's statement is built from that declaration: a field declared moves the stamp.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.core.models import Club, Player
from tournaments.night.live.sql import stamps
from tournaments.night.live.stamps import session_digest_read
from tournaments.night.models import Pair, Session, TableAccess
from tournaments.night.services.results import result_record

pytestmark = pytest.mark.django_db

# Read to choose the reader's language, which is the kept page's key, not its stamp's; and a
# pair's session, which is the stamp's own.
KEYED = {(Club, "language"), (Pair, "session")}


@pytest.fixture
def night(club) -> Session:
    session = seated_mitchell(club, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    return session


@contextmanager
def fields_read() -> Iterator[set[tuple[type[Model], str]]]:
    """Every (model, field) of the declared models read from an instance meanwhile."""
    fields = {
        model: {field.attname: field.name for field in model._meta.concrete_fields}
        | {field.name: field.name for field in model._meta.concrete_fields}
        for model in stamps.SHOWN
    }
    read: set[tuple[type[Model], str]] = set()

    def traced(self: Model, name: str) -> object:
        value = object.__getattribute__(self, name)
        names = fields.get(type(self))
        if names is not None and name in names:
            read.add((type(self), names[name]))
        return value

    Model.__getattribute__ = traced  # type: ignore[method-assign,assignment]
    try:
        yield read
    finally:
        del Model.__getattribute__


def _unstamped(read: set[tuple[type[Model], str]]) -> set[tuple[str, str]]:
    return {
        (model.__name__, name)
        for model, name in read
        if name != "id" and name not in stamps.SHOWN[model] and (model, name) not in KEYED
    }


def _pages(night: Session) -> dict[str, str]:
    token = TableAccess.objects.get(session=night, table=1).token
    return {
        "the public session page": reverse("session", args=[night.pk]),
        "its standings": reverse("session_standings", args=[night.pk]),
        "a table's phone": reverse("table_state", args=[token]),
    }


@pytest.mark.parametrize("page", ["the public session page", "its standings", "a table's phone"])
def test_every_field_a_live_page_reads_is_stamped(night, page):
    with fields_read() as read:
        response = Client(headers={"accept-language": "en"}).get(_pages(night)[page])
    assert response.status_code == 200
    assert {model for model, _name in read} >= {Club, Player}  # the tracer sees the reads
    assert _unstamped(read) == set()


def test_the_check_finds_a_field_read_but_not_declared(night, monkeypatch):
    monkeypatch.setitem(stamps.SHOWN, Club, ("name",))
    with fields_read() as read:
        Client(headers={"accept-language": "en"}).get(_pages(night)["the public session page"])
    assert ("Club", "slug") in _unstamped(read)


@pytest.fixture
def declared(monkeypatch):
    """Declare one more field shown (a page about to show it); the statements built again."""

    def declare(model: type[Model], field: str) -> None:
        monkeypatch.setitem(stamps.SHOWN, model, (*stamps.SHOWN[model], field))
        stamps._statement.cache_clear()
        stamps._table_statement.cache_clear()

    yield declare
    monkeypatch.undo()
    stamps._statement.cache_clear()
    stamps._table_statement.cache_clear()


def _north(night: Session) -> int:
    return Pair.objects.filter(session=night).order_by("pk").first().player1_id


CHANGES = {
    "a club's federation number": (
        Club,
        "federation_club_number",
        lambda n: Club.objects.filter(pk=n.club_id),
    ),
    "a player's federation number": (
        Player,
        "federation_number",
        lambda n: Player.objects.filter(pk=_north(n)),
    ),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_field_declared_shown_moves_the_stamp_and_only_then(night, declared, what):
    model, field, rows = CHANGES[what]
    before = session_digest_read(night.pk)
    rows(night).update(**{field: "123"})
    assert session_digest_read(night.pk) == before  # not shown, so not stamped: no page drawn again
    declared(model, field)
    before = session_digest_read(night.pk)
    rows(night).update(**{field: "456"})
    assert session_digest_read(night.pk) != before


def test_the_stamp_reads_every_declared_field(night):
    """Each declared field, changed alone, moves the stamp (none is declared and left unread)."""
    changes = {
        (Club, "name"): {"name": "Renamed"},
        (Club, "slug"): {"slug": "renamed"},
        (Club, "table_standings"): {"table_standings": False},
        (Club, "table_entry_lead"): {"table_entry_lead": True},
        (Club, "federation"): {"federation": "ebu"},
        (Club, "matchpoint_scale"): {"matchpoint_scale": 2},
        (Player, "name"): {"name": "Someone Else"},
        (Player, "shown_by_initials"): {"shown_by_initials": True},
        (Pair, "number"): {"number": 99},
        (Pair, "direction"): {"direction": "EW"},
        (Pair, "handicap"): {"handicap": 1.5},
        (Pair, "stratum"): {"stratum": 1},
    }
    declared = {(model, name) for model, names in stamps.SHOWN.items() for name in names}
    assert declared - {(Pair, "player1"), (Pair, "player2"), (Pair, "section")} == set(changes)
    pair = Pair.objects.filter(session=night).order_by("pk").first()
    rows = {Club: Club.objects.filter(pk=night.club_id), Player: Player.objects.filter(pk=pair.player1_id)}
    rows[Pair] = Pair.objects.filter(pk=pair.pk)
    for (model, _name), values in changes.items():
        before = session_digest_read(night.pk)
        rows[model].update(**values)
        assert session_digest_read(night.pk) != before, (model.__name__, values)
    other = Pair.objects.filter(session=night).exclude(pk=pair.pk).order_by("pk").first()
    before = session_digest_read(night.pk)
    Pair.objects.filter(pk=pair.pk).update(player2=other.player1_id)  # a pair's players edited
    assert session_digest_read(night.pk) != before
