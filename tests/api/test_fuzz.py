"""Fuzz the whole API from its own OpenAPI document (schemathesis): no 5xx, every answer as documented.

Each operation gets ``EXAMPLES`` generated requests (hypothesis, bounded), valid ones and
ones the document forbids (which must be refused as documented, 422); half with the ids
schemathesis makes up (mostly 404s), half pointed at a real club, session, pair, board
and result, so the reads return documents and the writes, sent with a valid
token, reach the services. The requests go through Django's WSGI handler, so the
middleware is part of what is fuzzed.
"""

from __future__ import annotations

from collections import Counter

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import mitchell_3nt
from tournaments.money.services.ledger import player_account
from tournaments.night.services.movement import session_finish
from tournaments.night.services.results import result_record

EXAMPLES = 20
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@pytest.fixture
def wsgi_app():
    """Django's WSGI app sharing the test's transaction: keep it from closing the connection
    after each request, as Django's own test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def real_ids(in_play) -> dict[str, object]:
    board = in_play.boards.get(number=1)
    result = result_record(board=board, entry=mitchell_3nt(in_play, 1, 1))
    session_finish(session=in_play)  # every board published: the reads return whole documents
    pair = in_play.pairs.first()
    return {
        "slug": in_play.club.slug,
        "session_id": in_play.pk,
        "pair_id": pair.pk,
        "player_id": pair.player1_id,
        "number": 1,
        "result_id": result.pk,
        "ns_pair": result.ns_pair_id,
        "ew_pair": result.ew_pair_id,
        # a player's account in the club's books (the treasurer's reads, tournaments/api/accounts.py)
        "account_id": player_account(in_play.club, pair.player1).pk,
    }


@pytest.mark.django_db
def test_the_api_answers_every_generated_request_as_its_document_says(
    wsgi_app, real_ids, token, settings_api
):
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", wsgi_app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 18
    auth = {"Authorization": f"Bearer {token}"}
    statuses: dict[str, Counter] = {}
    for operation in operations:
        statuses[f"{operation.method.upper()} {operation.path}"] = _fuzz(operation, real_ids, auth)
    # The fuzz reached the documents and the services, not only the 404s of made-up ids.
    for name, counter in statuses.items():
        if name.startswith("GET"):
            assert counter[200] > 0, (name, counter)
        else:
            assert set(counter) - {401, 404, 422}, (name, counter)


def _fuzz(operation, real_ids: dict[str, object], auth: dict[str, str]) -> Counter:
    statuses: Counter = Counter()

    generated = st.one_of(
        operation.as_strategy(generation_mode=GenerationMode.POSITIVE),
        operation.as_strategy(generation_mode=GenerationMode.NEGATIVE),
    )

    @given(case=generated, real=st.booleans())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case, real):
        if real and case.path_parameters:
            case.path_parameters = {
                name: real_ids.get(name, value) for name, value in case.path_parameters.items()
            }
        response = case.call(headers=auth)
        statuses[response.status_code] += 1
        case.validate_response(response, checks=CHECKS)

    run()
    return statuses


@pytest.fixture
def settings_api(settings):
    settings.API_WRITE_RATE = 100_000  # the fuzz writes far faster than any program should
    return settings
