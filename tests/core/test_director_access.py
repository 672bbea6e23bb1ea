"""Only a club's directors (and superusers) reach its director pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.night.models import Result
from tournaments.night.services.results import ResultEntry, result_record


@pytest.fixture
def result(mitchell_session, director) -> Result:
    board = mitchell_session.boards.get(number=1)
    ns, ew = (
        mitchell_session.pairs.get(direction="NS", number=1),
        mitchell_session.pairs.get(direction="EW", number=1),
    )
    return result_record(board=board, entry=ResultEntry(ns, ew, "3NT", "N", "9"), user=director)


def _urls(session, result) -> list[tuple[str, str]]:
    return [
        ("get", reverse("director:session", args=[session.pk])),
        ("get", reverse("director:board", args=[session.pk, 1])),
        ("get", reverse("director:audit", args=[session.pk])),
        ("get", reverse("director:result_edit", args=[result.pk])),
        ("post", reverse("director:pair_add", args=[session.pk])),
        ("post", reverse("director:deal", args=[session.pk])),
        ("post", reverse("director:board_count", args=[session.pk])),
        ("post", reverse("director:result_delete", args=[result.pk])),
        ("get", reverse("director:session_delete", args=[session.pk])),
        ("post", reverse("director:session_delete", args=[session.pk])),
    ]


def test_anonymous_visitors_are_sent_to_the_login_page(client, mitchell_session, result):
    for method, url in [("get", reverse("director:home")), *_urls(mitchell_session, result)]:
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_a_user_who_does_not_direct_the_club_is_refused(client, django_user_model, mitchell_session, result):
    client.force_login(django_user_model.objects.create_user(username="player", password="x-pw-12345"))
    for method, url in _urls(mitchell_session, result):
        assert getattr(client, method)(url).status_code == 403, url
    assert Result.objects.filter(pk=result.pk).exists()
    assert client.get(reverse("director:session_new")).status_code == 403


def test_a_superuser_may_direct_every_club(client, django_user_model, mitchell_session, result):
    client.force_login(django_user_model.objects.create_superuser(username="root", password="x-pw-12345"))
    assert client.get(reverse("director:session", args=[mitchell_session.pk])).status_code == 200
    assert client.get(reverse("director:board", args=[mitchell_session.pk, 1])).status_code == 200


def test_a_delete_must_be_a_post(director_client, result):
    response = director_client.get(reverse("director:result_delete", args=[result.pk]))
    assert response.status_code == 405
    assert Result.objects.filter(pk=result.pk).exists()


def test_a_delete_without_the_csrf_token_is_refused(client, director, result):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    assert strict.post(reverse("director:result_delete", args=[result.pk])).status_code == 403
    assert Result.objects.filter(pk=result.pk).exists()


def test_the_login_page_logs_a_director_in(client, director):
    page = client.get(reverse("login"))
    assert page.status_code == 200
    response = client.post(reverse("login"), {"username": "director", "password": "bridge-director-pw"})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:home")
