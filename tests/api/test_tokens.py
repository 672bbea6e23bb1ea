"""A club's API tokens: hashed at rest, shown once, refused once revoked or for another club."""

from __future__ import annotations

import hashlib

import pytest
from django.core.cache import cache

from tournaments.api.auth import count_write
from tournaments.core.models import ApiToken, ApiWriteCount, Club
from tournaments.core.services.api_tokens import api_token_check, api_token_create, api_token_revoke
from tournaments.night.models import Result

API = "/api/v1"


@pytest.mark.django_db
def test_only_the_tokens_digest_is_stored(club, director):
    issued = api_token_create(club=club, name="club website", user=director)
    row = ApiToken.objects.get(pk=issued.token.pk)
    stored = [str(value) for value in ApiToken.objects.filter(pk=row.pk).values_list().get()]
    assert issued.secret not in stored
    assert row.digest == hashlib.sha256(issued.secret.encode()).hexdigest()
    assert issued.secret.startswith(row.prefix) and len(issued.secret) > 40
    assert api_token_check(issued.secret) == row


@pytest.mark.django_db
def test_two_tokens_differ_and_an_empty_name_is_refused(club):
    first = api_token_create(club=club, name="screen").secret
    assert first != api_token_create(club=club, name="screen").secret
    with pytest.raises(Exception, match="Say which program"):
        api_token_create(club=club, name="  ")


@pytest.mark.django_db
def test_a_revoked_token_is_refused(client, club, in_play):
    issued = api_token_create(club=club, name="results site")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {issued.secret}"}
    assert client.post(f"{API}/sessions/{in_play.pk}/finish", **auth).status_code == 200
    api_token_revoke(token=issued.token)
    response = client.post(f"{API}/sessions/{in_play.pk}/finish", **auth)
    assert response.status_code == 401
    assert "API token" in response.json()["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("header", ["", "Bearer ", "Bearer cs_not-a-token", "Token abc"])
def test_a_write_without_a_valid_token_is_401_and_changes_nothing(client, in_play, header):
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    assert client.post(f"{API}/sessions/{in_play.pk}/finish", **extra).status_code == 401
    in_play.refresh_from_db()
    assert in_play.state == "play"


@pytest.mark.django_db
def test_another_clubs_token_is_answered_as_if_the_session_or_result_did_not_exist(api, in_play):
    ns, ew = in_play.pairs.get(direction="NS", number=1), in_play.pairs.get(direction="EW", number=1)
    body = {"ns_pair": ns.pk, "ew_pair": ew.pk, "contract": "Pass"}
    url = f"{API}/sessions/{in_play.pk}/results"
    result = api.post(url, {**body, "board": 1}, content_type="application/json").json()
    other = Club.objects.create(name="Hillside", slug="hillside")
    theirs = {"HTTP_AUTHORIZATION": f"Bearer {api_token_create(club=other, name='their site').secret}"}
    json = {"content_type": "application/json", **theirs}
    fix = {**body, "contract": "1NT", "declarer": "N", "result": "7"}
    nothing = 2**31 - 1  # no session, no result has this id

    # Each write to the club's session or result, then the same write to an id that names nothing.
    for send in (
        lambda session, result: api.post(f"{API}/sessions/{session}/finish", **theirs),
        lambda session, result: api.post(f"{API}/sessions/{session}/start", **theirs),
        lambda session, result: api.post(f"{API}/sessions/{session}/results", {**body, "board": 2}, **json),
        lambda session, result: api.put(f"{API}/results/{result}", fix, **json),
        lambda session, result: api.delete(f"{API}/results/{result}", **theirs),
    ):
        refused, missing = send(in_play.pk, result["id"]), send(nothing, nothing)
        assert refused.status_code == missing.status_code == 404
        assert refused.content == missing.content
        assert "Riverside" not in refused.content.decode()

    in_play.refresh_from_db()
    assert in_play.state == "play"
    assert [(r.contract, r.board.number) for r in Result.objects.filter(board__session=in_play)] == [
        ("PASS", 1)
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("counts", ["database", "cache"])
def test_writes_past_the_rate_are_429_until_the_next_minute(api, in_play, settings, token, counts):
    settings.API_WRITE_RATE, settings.API_WRITE_COUNTS = 3, counts
    cache.clear()
    for _ in range(3):
        assert api.post(f"{API}/sessions/{in_play.pk}/start").status_code == 400  # counted, refused
    response = api.post(f"{API}/sessions/{in_play.pk}/finish")
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    in_play.refresh_from_db()
    assert in_play.state == "play"
    count_write(api_token_check(token), now=10_000_000 * 60.0)  # a later minute counts afresh: no refusal


@pytest.mark.django_db
def test_the_database_keeps_only_a_tokens_latest_minute(token):
    issued = api_token_check(token)
    for minute in (100, 100, 101, 101, 101):
        count_write(issued, now=minute * 60.0 + 5)
    assert list(ApiWriteCount.objects.values_list("token", "minute", "count")) == [(issued.pk, 101, 3)]
