"""The public session page drawn once per change for every reader whose page is not his own
(issue 52): a change draws it again, each language has its own, a signed-in reader never gets
another's, and each reader gets his own form token."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import mitchell_3nt, seated_mitchell
from tournaments.night.live.pages import CSRF_STAND_IN
from tournaments.night.models import Session
from tournaments.night.services.results import result_record

pytestmark = pytest.mark.django_db

# Queries of an unchanged page's second reader (none with a shared cache).
SECOND_READER = {"own": 2, "shared": 1, "redis": 1}  # the club's language (the middleware's); own: the stamp
ENGLISH = {"accept-language": "en"}  # a browser that names no language of ours has the club's asked


@pytest.fixture
def night(club) -> Session:
    session = seated_mitchell(club, start=True)
    result_record(board=session.boards.get(number=1), entry=mitchell_3nt(session, 1, 1))
    return session


def _url(session: Session) -> str:
    return reverse("session", args=[session.pk])


def _stamp(body: str) -> str:
    return re.search(r'data-stamp="([0-9a-f]+)"', body).group(1)


def test_an_unchanged_page_is_served_as_drawn_to_the_next_reader(
    night, cache_mode, django_assert_num_queries
):
    first = Client().get(_url(night))
    assert first.status_code == 200
    with django_assert_num_queries(SECOND_READER[cache_mode]):
        second = Client().get(_url(night))
    assert second.status_code == 200
    assert _stamp(second.content.decode()) == _stamp(first.content.decode())


def test_a_change_draws_the_page_again(night, cache_mode):
    reader = Client()
    before = reader.get(_url(night)).content.decode()
    result_record(board=night.boards.get(number=2), entry=mitchell_3nt(night, 1, 1))
    after = reader.get(_url(night)).content.decode()
    assert _stamp(after) != _stamp(before)
    assert after.count("<tr") > before.count("<tr") or after != before


def test_each_language_gets_its_own_page(night, cache_mode):
    english = Client(headers={"accept-language": "en"}).get(_url(night)).content.decode()
    french = Client(headers={"accept-language": "fr"}).get(_url(night)).content.decode()
    assert '<html lang="en">' in english
    assert '<html lang="fr">' in french
    assert Client(headers={"accept-language": "en"}).get(_url(night)).content.decode().count('lang="fr"') == (
        english.count('lang="fr"')
    )


def test_a_signed_in_reader_never_gets_anothers_page_nor_another_his(night, cache_mode, director):
    anonymous = Client().get(_url(night)).content.decode()
    signed_in = Client()
    signed_in.force_login(director)
    own = signed_in.get(_url(night)).content.decode()
    assert "Log out" in own and "Log out" not in anonymous
    assert "Log out" not in Client().get(_url(night)).content.decode()


def test_each_reader_gets_his_own_form_token(night, cache_mode):
    tokens = []
    for _reader in range(2):
        client = Client(enforce_csrf_checks=True)
        body = client.get(_url(night)).content.decode()
        assert CSRF_STAND_IN not in body
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', body).group(1)
        # The reader's language chooser posts with the token his page holds, against his cookie.
        answer = client.post(
            reverse("set_language"), {"language": "fr", "next": "/", "csrfmiddlewaretoken": token}
        )
        assert answer.status_code == 302
        tokens.append(token)
    assert tokens[0] != tokens[1]


def test_a_page_asked_with_another_address_is_drawn_for_its_reader(night, cache_mode):
    Client().get(_url(night))
    body = Client().get(_url(night), {"from": "qr"}).content.decode()
    assert f'value="{_url(night)}?from=qr"' in body  # the language chooser brings him back to his address
