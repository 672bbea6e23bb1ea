"""API tokens carry their creator's roles at the moment of use (issue 48): a token of a
demoted user loses what he lost; a deleted creator's tokens are revoked."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments.api import accounts, writes
from tournaments.api.auth import ClubToken
from tournaments.core.models import ClubRole, Role
from tournaments.core.route_roles import API_OPERATION_ROLES
from tournaments.core.services.api_tokens import api_token_create
from tournaments.core.services.roles import role_grant

pytestmark = pytest.mark.django_db

API = "/api/v1"


def test_a_demoted_creators_token_loses_what_he_lost(client, club, in_play):
    ada = get_user_model().objects.create_user(username="ada")
    role_grant(club=club, user=ada, role=Role.DIRECTOR, by=None)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {api_token_create(club=club, name='site', user=ada).secret}"}

    ClubRole.objects.filter(user=ada).update(role=Role.SCORER)  # demoted: scores, no longer runs sessions
    refused = client.post(f"{API}/sessions/{in_play.pk}/finish", **auth)
    assert refused.status_code == 403
    assert "no longer holds a role" in refused.json()["detail"]
    in_play.refresh_from_db()
    assert in_play.state == "play"

    ClubRole.objects.filter(user=ada).update(role=Role.DIRECTOR)
    assert client.post(f"{API}/sessions/{in_play.pk}/finish", **auth).status_code == 200


def test_a_deleted_creators_tokens_are_revoked(client, club, in_play):
    ada = get_user_model().objects.create_user(username="ada")
    role_grant(club=club, user=ada, role=Role.ADMINISTRATOR, by=None)
    issued = api_token_create(club=club, name="site", user=ada)
    ada.delete()
    issued.token.refresh_from_db()
    assert issued.token.revoked_at is not None
    response = client.post(
        f"{API}/sessions/{in_play.pk}/finish", HTTP_AUTHORIZATION=f"Bearer {issued.secret}"
    )
    assert response.status_code == 401


def test_every_api_write_says_which_roles_it_needs_and_checks_them():
    operations = [op for view in writes.router.path_operations.values() for op in view.operations]
    books = [op for view in accounts.router.path_operations.values() for op in view.operations]
    names = {op.view_func.__name__ for op in [*operations, *books]}
    assert names == set(API_OPERATION_ROLES), "an API write with no roles declared, or a declared one gone"
    assert all(
        isinstance(op.auth_param, ClubToken) and op.auth_param.operation == op.view_func.__name__
        for op in operations
    )
    # The books' reads: a token checked for the operation's roles first, then a member's own sign-in.
    assert all(
        any(isinstance(a, ClubToken) and a.operation == op.view_func.__name__ for a in op.auth_callbacks)
        for op in books
    )
