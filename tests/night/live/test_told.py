"""What a write tells once it commits (``night.live.told``): one change a session, as narrow as
true, so a phone in a round fetches only for its own table's result or a general change."""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.conftest import seated_mitchell
from tests.queue import job_queue  # noqa: F401 (fixture)
from tournaments.night import live
from tournaments.night.live.told import SESSION_LOCKED, Change, coalesced
from tournaments.night.models import Session, TableAccess
from tournaments.night.selectors import movements as movement_selectors
from tournaments.night.services.sessions import pair_update
from tournaments.night.services.table_entry import TableEntry, table_accesses_ensure, table_result_submit

LOCKED = Change(7, SESSION_LOCKED)
SETTLED = Change(7, live.SESSION_SETTLED)
CHANGED = Change(7, live.SESSION_CHANGED)


def _result(table: int | None) -> Change:
    return Change(7, live.RESULT_STORED, table)


@pytest.mark.parametrize(
    ("changes", "told"),
    [
        ([LOCKED, SETTLED], SETTLED),  # a settle: phones in a round need not fetch
        ([_result(3)], _result(3)),  # a table's send (a share lock, no "locked")
        ([LOCKED, _result(3), SETTLED], _result(3)),  # a send settled at once: table 3's alone
        ([LOCKED], CHANGED),  # a write that said nothing more: anything may have changed
        ([LOCKED, _result(None), SETTLED], _result(None)),  # a director's entry: every page
        ([_result(3), _result(4)], _result(None)),  # two tables' results: every page
        ([_result(3), CHANGED], CHANGED),  # a general change wins
        ([SETTLED, LOCKED, CHANGED], CHANGED),
    ],
)
def test_a_sessions_changes_in_one_write_are_told_as_one_as_narrow_as_true(changes, told):
    assert coalesced(changes) == [told]


def test_each_session_of_a_write_is_told_once_in_the_order_first_told():
    other = Change(8, SESSION_LOCKED)
    assert coalesced([LOCKED, other, SETTLED]) == [SETTLED, Change(8, live.SESSION_CHANGED)]


@pytest.fixture
def heard(monkeypatch) -> list[Change]:
    changes: list[Change] = []
    monkeypatch.setattr(live.told, "_listeners", [])
    live.listen(changes.append)
    return changes


def _entry(session: Session, table: int) -> TableEntry:
    board = sorted(movement_selectors.session_movement(session).encounter(1, table).boards)[0]
    return TableEntry(f"told-{table}-{board}", 1, board, "3NT", "N", "9")


@pytest.mark.django_db(transaction=True)
def test_a_committed_send_and_its_settle_are_told_as_that_tables_result_then_a_settle(
    club,
    heard,
    job_queue,  # noqa: F811
):
    """Real transactions (the test's own would tell each change at once), the settle the queue's
    job as in production: the settle's lock does not make it a general change, so phones at the
    other tables let both pass."""
    night = seated_mitchell(club, start=True)
    table_accesses_ensure(night)
    heard.clear()
    table_result_submit(access=TableAccess.objects.get(session=night, table=2), entry=_entry(night, 2))
    assert heard == [Change(night.pk, live.RESULT_STORED, 2)]
    assert job_queue.run_waiting() == 1
    assert heard[1:] == [Change(night.pk, live.SESSION_SETTLED)]


@pytest.mark.django_db(transaction=True)
def test_a_director_write_is_told_as_a_general_change(club, heard):
    night = seated_mitchell(club, start=True)
    heard.clear()
    pair_update(pair=night.pairs.get(direction="NS", number=1), player_names=("Nora New", "S"))
    assert heard == [Change(night.pk, live.SESSION_CHANGED)]


@pytest.mark.django_db(transaction=True)
def test_the_changes_after_a_savepoint_rolled_back_are_still_told(club, heard):
    """The transaction's gathering on-commit went with the savepoint that made it: a new one
    gathers the rest, which are told at the commit."""
    night = seated_mitchell(club, start=True)
    heard.clear()
    with transaction.atomic():
        try:
            with transaction.atomic():
                live.session_settled(night.pk)
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        live.session_locked(night.pk)
    assert heard == [Change(night.pk, live.SESSION_CHANGED)]
