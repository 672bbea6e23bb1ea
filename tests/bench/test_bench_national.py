"""The national benchmark's clubs and check, at 2 clubs of 3 tables through the test client.

Its figures are only worth having if every table's sends are ones the site accepts, and
if its check catches a club whose standings or result count disagree with what was sent.
"""

from __future__ import annotations

import collections
import json

import pytest
from django.urls import reverse

from bench.national_clubs import clubs_in_play, clubs_mismatches, unsettled_boards
from bench.national_load import _STAMP
from tournaments.night.models import Result, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(client):
    """Two clubs whose tables have all sent both rounds, as the benchmark's phones do."""
    evening = clubs_in_play(clubs=2, tables=3, rounds=2, boards_per_round=2)
    sent = collections.Counter()
    for phone in evening.phones:
        for body in phone.bodies:
            response = client.post(
                reverse("table_submit", args=[phone.token]),
                data=json.dumps(body),
                content_type="application/json",
            )
            assert response.status_code == 201, response.content
            sent[phone.session_id] += 1
    return evening, sent


def test_every_table_of_every_club_sends_each_of_its_boards_once(evening):
    evening, sent = evening
    assert len(evening.sessions) == 2 and len(evening.phones) == 6
    assert all(len(phone.bodies) == 4 for phone in evening.phones)  # 2 rounds of 2 boards
    assert sent == {session.pk: 12 for session in evening.sessions}
    assert unsettled_boards(evening.sessions) == 0
    assert clubs_mismatches(evening.sessions, sent) == []


def test_the_check_catches_a_wrong_standing_and_a_result_count_that_differs(evening):
    evening, sent = evening
    session = evening.sessions[1]
    standing = Standing.objects.filter(session=session).order_by("pk").first()
    Standing.objects.filter(pk=standing.pk).update(percentage=standing.percentage + 1)
    problems = clubs_mismatches(evening.sessions, sent)
    assert len(problems) == 1 and f"session {session.pk}: pair {standing.pair_id}" in problems[0]
    Result.objects.filter(board__session=evening.sessions[0]).order_by("pk").first().delete()
    assert any("11 results" in problem for problem in clubs_mismatches(evening.sessions, sent))


def test_the_readers_find_the_stamp_their_poll_sends_back(client, evening):
    session = evening[0].sessions[0]
    page = client.get(reverse("session_standings", args=[session.pk])).content.decode()
    stamp = _STAMP.search(page).group(1)
    assert client.get(reverse("session_standings", args=[session.pk]), {"since": stamp}).status_code == 204
