"""Deployment hardening: check --deploy, HTTPS behind a proxy, CSP, Permissions-Policy, 400s."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.clubscore.test_settings import _run

ROOT = Path(__file__).resolve().parents[2]

# The README's production settings (section "Production"), with placeholder values.
README_PRODUCTION = {
    "SECRET_KEY": "k3y-" + "x7Q9vR2mZ8pL4tW6yB1nC5" * 3,
    "DATABASE_URL": "sqlite:///:memory:",
    "ALLOWED_HOSTS": "scores.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://scores.example.org",
    "SECURE_PROXY_SSL_HEADER": "1",
    "SECURE_SSL_REDIRECT": "1",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
}


def test_the_readmes_production_settings_pass_check_deploy():
    completed = _run("manage.py", "check", "--deploy", "--fail-level", "WARNING", env=README_PRODUCTION)

    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "no issues" in completed.stdout


def test_every_readme_production_variable_is_in_the_readme():
    readme = (ROOT / "README.md").read_text()
    for name in README_PRODUCTION:
        assert f"`{name}`" in readme, name


_SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "print(s.SECURE_PROXY_SSL_HEADER, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
    "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD)"
)


def test_https_settings_come_from_the_environment_and_are_off_by_default():
    default = _run("-c", _SHOW, env={"SECRET_KEY": "x" * 50})
    production = _run("-c", _SHOW, env=README_PRODUCTION)

    assert default.stdout.split() == ["None", "False", "0", "False", "False"], default.stderr
    assert production.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https') True 31536000 True True"


def test_the_proxy_header_can_be_named():
    named = _run("-c", _SHOW, env={"SECRET_KEY": "x" * 50, "SECURE_PROXY_SSL_HEADER": "HTTP_X_SCHEME"})

    assert named.stdout.startswith("('HTTP_X_SCHEME', 'https')"), named.stderr


# --- Content-Security-Policy and Permissions-Policy ------------------------------------------


def _directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["home", "login", "admin:login"])
def test_pages_send_a_strict_content_security_policy_and_a_permissions_policy(client, url_name):
    response = client.get(reverse(url_name))

    policy = _directives(response["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    permissions = response["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"):
        assert feature in permissions


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=", re.IGNORECASE)


@pytest.mark.parametrize("template", TEMPLATES, ids=[str(t.relative_to(ROOT)) for t in TEMPLATES])
def test_templates_have_no_inline_script_style_or_event_handler(template):
    """The policy allows no inline code, so none may remain for it to block."""
    assert not INLINE.findall(template.read_text())


# --- invalid forms answer 400 ----------------------------------------------------------------


@pytest.mark.django_db
def test_a_wrong_password_on_the_login_page_answers_400(client, director):
    response = client.post(reverse("login"), {"username": "director", "password": "wrong"})

    assert response.status_code == 400
    assert "Please enter a correct username and password" in response.content.decode()


def test_an_invalid_new_session_answers_400(director_client, club):
    response = director_client.post(reverse("director:session_new"), {"club": club.pk, "date": "soon"})

    assert response.status_code == 400
    assert "Enter a valid date" in response.content.decode()


def test_an_invalid_import_upload_answers_400(client, django_user_model, club):
    client.force_login(django_user_model.objects.create_superuser(username="root", password="x-pw-12345"))
    date = datetime.date(2026, 11, 20).isoformat()

    response = client.post(reverse("imports:upload"), {"club": club.pk, "date": date, "name": "X"})

    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
