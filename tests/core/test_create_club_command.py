"""``manage.py create_club``: a club from the command line, so a new install can import at once."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from tournaments.core.models import Club


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("create_club", *args, stdout=out, stderr=err)
    except CommandError as error:
        return error.returncode, out.getvalue(), str(error)
    return 0, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("args", "slug"),
    [
        (["Riverside Bridge Club"], "riverside-bridge-club"),
        (["Riverside Bridge Club", "--slug", "riverside"], "riverside"),
        (["Café Ünter den Linden"], "cafe-unter-den-linden"),
    ],
)
def test_creates_the_club_with_its_slug(db, args, slug):
    code, out, _ = run(*args)

    assert code == 0
    club = Club.objects.get()
    assert (club.name, club.slug) == (args[0], slug)
    assert f"--club {slug}" in out


def test_makes_the_user_a_director(db, director):
    code, out, _ = run("Riverside", "--director", "director")

    assert code == 0
    assert list(Club.objects.get().directors.all()) == [director]
    assert "director" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Riverside", "--director", "nobody"], "No user 'nobody'"),
        (["Riverside Bridge Club"], "already"),
        (["Other", "--slug", "riverside"], "already"),
        (["Other", "--slug", "not a slug!"], "slug"),
        (["   "], "name"),
        (["!!!"], "slug"),
    ],
)
def test_refuses_and_stores_nothing(club, args, message):
    code, _, err = run(*args)

    assert code == 1
    assert message in err
    assert Club.objects.count() == 1
