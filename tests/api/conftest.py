"""Fixtures of the API's tests: a club's token and a client that sends it."""

from __future__ import annotations

import pytest

from tests.conftest import seated_mitchell
from tournaments.core.services.api_tokens import api_token_create


@pytest.fixture
def token(club, director) -> str:
    """A fresh token's secret for the club (its only copy, as the director sees it once)."""
    return api_token_create(club=club, name="club website", user=director).secret


@pytest.fixture
def api(client, token):
    """The test client with the club's token on every request."""
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    return client


@pytest.fixture
def in_play(club):
    """A three-table Mitchell in play: 3 rounds of 2 boards, boards 1-6 not dealt."""
    return seated_mitchell(club, start=True)
