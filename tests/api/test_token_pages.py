"""The director's page and the command that create and revoke a club's API tokens."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command

from tournaments.core.models import ApiToken, Club
from tournaments.core.services.api_tokens import api_token_check

PAGE = "/director/clubs/riverside/api-tokens/"


@pytest.mark.django_db
def test_a_director_creates_a_token_seen_once_then_revokes_it(director_client, club):
    created = director_client.post(PAGE, {"action": "create", "name": "club website"}, follow=True)
    assert created.redirect_chain == [(PAGE, 302)]
    secret = re.search(r'<code id="new-token">(cs_[\w-]+)</code>', created.content.decode()).group(1)
    assert api_token_check(secret).club == club
    assert created["Cache-Control"] == "no-store"
    listing = director_client.get(PAGE).content.decode()
    assert "club website" in listing and secret not in listing  # never shown again

    token = ApiToken.objects.get(club=club)
    revoked = director_client.post(PAGE, {"action": "revoke", "token": token.pk}, follow=True)
    assert "revoked" in revoked.content.decode()
    assert api_token_check(secret) is None


@pytest.mark.django_db
def test_reloading_the_page_after_creating_a_token_creates_no_second_one(director_client, club):
    """Issue 28, point 3: the create is posted, then redirected; a reload is a GET that writes nothing."""
    created = director_client.post(PAGE, {"action": "create", "name": "club website"})
    assert (created.status_code, created["Location"]) == (302, PAGE)
    shown = director_client.get(PAGE).content.decode()
    reloaded = director_client.get(PAGE).content.decode()

    assert ApiToken.objects.filter(club=club).count() == 1
    secret = re.search(r'<code id="new-token">(cs_[\w-]+)</code>', shown).group(1)
    assert api_token_check(secret).club == club
    assert 'id="new-token"' not in reloaded and secret not in reloaded


@pytest.mark.django_db
def test_a_new_token_is_shown_only_on_its_own_club_page(director_client, django_user_model, club):
    """The secret waits in the creator's session for the page of the club it was made for."""
    Club.objects.create(name="Hillside", slug="hillside").directors.add(
        django_user_model.objects.get(username="director")
    )
    director_client.post(PAGE, {"action": "create", "name": "club website"})

    other = director_client.get("/director/clubs/hillside/api-tokens/").content.decode()
    own = director_client.get(PAGE).content.decode()

    assert 'id="new-token"' not in other and 'id="new-token"' in own


@pytest.mark.django_db
def test_a_token_without_a_name_is_refused_on_the_page(director_client, club):
    response = director_client.post(PAGE, {"action": "create", "name": " "})
    assert response.status_code == 400
    assert "Say which program" in response.content.decode()
    assert not ApiToken.objects.exists()


@pytest.mark.django_db
def test_another_clubs_director_may_neither_see_nor_revoke(client, django_user_model, club):
    other = django_user_model.objects.create_user(username="other", password="x-other-pw-1")
    Club.objects.create(name="Hillside", slug="hillside").directors.add(other)
    client.force_login(other)
    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"action": "create", "name": "theirs"}).status_code == 403
    assert not ApiToken.objects.exists()


@pytest.mark.django_db
def test_the_command_creates_lists_and_revokes(club):
    out = io.StringIO()
    call_command("api_token", "create", "--club", "riverside", "--name", "screen", stdout=out)
    secret = out.getvalue().split()[-1]
    token = api_token_check(secret)
    assert token.club == club
    out = io.StringIO()
    call_command("api_token", "list", "--club", "riverside", stdout=out)
    assert "screen\tactive" in out.getvalue() and secret not in out.getvalue()
    call_command("api_token", "revoke", str(token.pk), stdout=io.StringIO())
    assert api_token_check(secret) is None
    with pytest.raises(CommandError, match="No club 'nowhere'"):
        call_command("api_token", "create", "--club", "nowhere", "--name", "x")


@pytest.mark.django_db
@pytest.mark.parametrize("chosen", ["abc", "", "1e9", "²", "99999999999999999999999"])
def test_revoking_a_token_that_is_not_a_number_is_a_404_not_a_500(director_client, club, chosen):
    response = director_client.post(PAGE, {"action": "revoke", "token": chosen})
    assert response.status_code == 404
