"""A write sent again under its ``Idempotency-Key`` is answered as the first time (issue 46, item 11).

A worker killed between a write's commit and its answer leaves the program without an
answer; it sends the write again. Without a key the second send is refused ("already has
a result") and the program cannot tell whether its write landed; with the key, the first
answer comes back and nothing is written twice.
"""

from __future__ import annotations

import datetime

import pytest

from tournaments.api import idempotency
from tournaments.core.models import ApiWriteKey
from tournaments.night.models import Result, ResultChange, SessionState

pytestmark = pytest.mark.django_db

API = "/api/v1"


def _pairs(api, session) -> dict[tuple[str, int], int]:
    items = api.get(f"{API}/sessions/{session.pk}/pairs?limit=100").json()["items"]
    return {(pair["direction"], pair["number"]): pair["id"] for pair in items}


@pytest.fixture
def body(api, in_play) -> dict:
    """Board 1 at table 1 of round 1: pair 1 NS against pair 1 EW, 4S by North making 10."""
    pairs = _pairs(api, in_play)
    return {
        "board": 1,
        "ns_pair": pairs[("NS", 1)],
        "ew_pair": pairs[("EW", 1)],
        "contract": "4S",
        "declarer": "N",
        "result": "10",
    }


def post(api, session, body: dict, key: str | None):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return api.post(f"{API}/sessions/{session.pk}/results", body, content_type="application/json", **headers)


def test_a_write_sent_twice_under_one_key_is_one_result_and_the_same_answer(api, in_play, body):
    first = post(api, in_play, body, "retry-key-0001")
    second = post(api, in_play, body, "retry-key-0001")
    assert first.status_code == second.status_code == 201
    assert second.json() == first.json() and second["Idempotent-Replayed"] == "true"
    assert Result.objects.filter(board__session=in_play).count() == 1
    assert ResultChange.objects.filter(session=in_play).count() == 1  # one audited entry


def test_without_a_key_the_second_send_is_refused_as_before(api, in_play, body):
    assert post(api, in_play, body, None).status_code == 201
    again = post(api, in_play, body, None)
    assert again.status_code == 400 and "already has a result" in again.json()["detail"]


def test_another_write_under_a_used_key_is_refused_clearly_and_writes_nothing(api, in_play, body):
    post(api, in_play, body, "retry-key-0002")
    other = post(api, in_play, {**body, "board": 2}, "retry-key-0002")
    assert other.status_code == 422
    assert "retry-key-0002" in other.json()["detail"] and "another write" in other.json()["detail"]
    assert Result.objects.filter(board__session=in_play).count() == 1


def test_a_refused_write_keeps_no_key_so_the_corrected_write_may_use_it(api, in_play, body):
    refused = post(api, in_play, {**body, "result": "14"}, "retry-key-0003")
    assert refused.status_code == 400 and not ApiWriteKey.objects.exists()
    corrected = post(api, in_play, body, "retry-key-0004")
    assert corrected.status_code == 201


def test_a_malformed_key_is_refused_naming_the_header(api, in_play, body):
    response = post(api, in_play, body, "short")
    assert response.status_code == 400 and "Idempotency-Key" in response.json()["detail"]
    assert not Result.objects.exists()


def test_a_key_is_the_tokens_own_and_a_days_old_key_is_forgotten(api, in_play, body):
    post(api, in_play, body, "retry-key-0005")
    ApiWriteKey.objects.update(at=datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC))
    again = post(api, in_play, body, "retry-key-0005")
    assert again.status_code == 400 and "already has a result" in again.json()["detail"]


@pytest.mark.parametrize("method", ["correct", "delete", "finish"])
def test_every_write_answers_a_retry_with_its_first_answer(api, in_play, body, method):
    entered = post(api, in_play, body, None).json()
    key = {"HTTP_IDEMPOTENCY_KEY": "retry-key-0006"}
    send = {
        "correct": lambda: api.put(
            f"{API}/results/{entered['id']}",
            {**body, "result": "11"},
            content_type="application/json",
            **key,
        ),
        "delete": lambda: api.delete(f"{API}/results/{entered['id']}", **key),
        "finish": lambda: api.post(f"{API}/sessions/{in_play.pk}/finish", **key),
    }[method]
    first, second = send(), send()
    assert first.status_code == second.status_code and 200 <= first.status_code < 300
    assert second.content == first.content
    in_play.refresh_from_db()
    assert ResultChange.objects.filter(session=in_play).count() == (1 if method == "finish" else 2)
    if method == "finish":
        assert in_play.state == SessionState.FINISHED


def test_two_sends_of_one_key_at_once_both_get_the_first_answer(api, in_play, body, monkeypatch):
    """The second send looked for the key before the first committed (two workers at once): its
    write is then refused by the service, and it answers with the first one's stored answer."""
    first = post(api, in_play, body, "retry-key-0007")
    looked = {"before the first committed": True}
    real = idempotency._stored

    def stored_after_the_first_look(request, key, digest):
        if looked.pop("before the first committed", False):
            return None
        return real(request, key, digest)

    monkeypatch.setattr(idempotency, "_stored", stored_after_the_first_look)
    second = post(api, in_play, body, "retry-key-0007")
    assert second.status_code == 201 and second.json() == first.json()
    assert Result.objects.filter(board__session=in_play).count() == 1
