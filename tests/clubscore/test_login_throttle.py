"""Password guessing is throttled on both login pages (django-axes), and the admin shows it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

PASSWORD = "bridge-director-pw"


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user(username="td", password=PASSWORD, is_staff=True)


def _attempt(client, url: str, password: str, ip: str = "203.0.113.7"):
    return client.post(url, {"username": "td", "password": password}, REMOTE_ADDR=ip)


@pytest.mark.parametrize("url_name", ["login", "admin:login"])
def test_after_five_wrong_passwords_even_the_right_one_is_refused(client, staff, url_name):
    url = reverse(url_name)
    assert settings.AXES_FAILURE_LIMIT == 5
    for _ in range(4):
        assert _attempt(client, url, "wrong-guess").status_code in {200, 400}
    assert _attempt(client, url, "wrong-guess").status_code == 429  # the fifth failure locks

    locked = _attempt(client, url, PASSWORD)

    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many failed logins" in page
    assert "<html" in page  # a page of the site, not a bare text
    assert "_auth_user_id" not in client.session


def test_a_lock_out_is_per_address_so_the_director_can_still_log_in_from_elsewhere(client, staff):
    url = reverse("login")
    for _ in range(5):
        _attempt(client, url, "wrong-guess", ip="203.0.113.7")

    assert _attempt(client, url, PASSWORD, ip="198.51.100.9").status_code == 302


def test_fewer_failures_than_the_limit_do_not_lock(client, staff):
    url = reverse("login")
    for _ in range(4):
        _attempt(client, url, "wrong-guess")

    assert _attempt(client, url, PASSWORD).status_code == 302


def test_the_admin_lists_the_failed_attempts(client, staff, django_user_model):
    for _ in range(2):
        _attempt(client, reverse("login"), "wrong-guess")
    client.force_login(django_user_model.objects.create_superuser(username="root", password="x-pw-12345"))

    page = client.get(reverse("admin:axes_accessattempt_changelist")).content.decode()

    assert "td" in page and "203.0.113.7" in page


def test_the_client_address_behind_a_proxy_comes_from_x_forwarded_for(client, staff, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    url = reverse("login")
    for _ in range(5):
        client.post(
            url,
            {"username": "td", "password": "x"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )

    other = client.post(
        url,
        {"username": "td", "password": PASSWORD},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.9",
    )
    assert other.status_code == 302
