"""What the pages say: one way of writing each thing (issue 24, point 16)."""

from __future__ import annotations

import datetime
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from tests.conftest import seated_mitchell
from tests.exchange.legacy_files import EASY_TEST
from tests.module_world import rolled_back_at_the_end
from tournaments.core.models import Club
from tournaments.exchange.services.legacy import score_file_import
from tournaments.night.models import Session
from tournaments.night.selectors.table_entry import table_state
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_finish, session_start

ROOT = Path(__file__).resolve().parents[2]


def test_the_desks_round_page_says_each_pair_once(director_client, club):
    """Issue 24, point 16: "NS 5 v EW 1", not "NS NS 5 v EW EW 1"."""
    session = seated_mitchell(club, tables=5, start=True)

    page = director_client.get(reverse("director:table_round", args=[session.pk, 2, 1])).content.decode()

    paragraph = page[page.index('class="seating"') :].split("</p>")[0]
    seating = " ".join(re.sub(r"<[^>]+>", " ", paragraph).split())
    assert seating.startswith('class="seating"> NS 1 North 1 - South 1 v EW 5 East 5 - West 5')
    assert "NS NS" not in page and "EW EW" not in page


def test_ns_is_listed_before_ew(director_client, client, club):
    """Issue 24, point 16: the pairs and the standings of a Mitchell read NS, then EW."""
    session = seated_mitchell(club, tables=3)

    director_page = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    pairs = director_page[director_page.index('id="pairs"') :]
    assert pairs.index("3 NS") < pairs.index("1 EW")
    public_page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert public_page.index("North-South") < public_page.index("East-West")


@dataclass(frozen=True)
class FinishedNight:
    director_pk: int
    session_pk: int


@pytest.fixture(scope="module")
def finished_night(django_db_setup, django_db_blocker) -> Iterator[FinishedNight]:
    """A 3-table Mitchell with six dealt boards, played and finished, in a club and with a director
    of its own, built once for the vulnerability tests (each of them read the pages of a night
    built for it: 1.5 s of CPU, most of it the deal's double-dummy analysis). In a transaction
    rolled back at the module's end; each test in a savepoint of its own (``django_db``)."""
    with rolled_back_at_the_end(django_db_blocker):
        director = get_user_model().objects.create_user(
            username="words-director", password="words-director-pw"
        )
        club = Club.objects.create(name="Vulnerable Bridge Club", slug="vulnerable")
        club.directors.add(director)
        session = seated_mitchell(club, tables=3, boards_per_round=2)
        boards_deal(session=session, count=6)
        session_finish(session=session_start(session=session))
        yield FinishedNight(director.pk, session.pk)


@pytest.mark.parametrize(("number", "shown"), [(1, "None"), (2, "NS"), (3, "EW"), (4, "All")])
def test_vulnerability_is_written_one_way_on_every_page(db, client, finished_night, number, shown):
    """Issue 24, point 16: None / NS / EW / All on the desk, the public pages and the hand records."""
    session = Session.objects.get(pk=finished_night.session_pk)
    director_client = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")  # as conftest's client
    director_client.force_login(get_user_model().objects.get(pk=finished_night.director_pk))

    desk = director_client.get(reverse("director:board", args=[session.pk, number])).content.decode()
    public = client.get(reverse("board", args=[session.pk, number])).content.decode()
    records_url = reverse("director:exchange:hand_records", args=[session.pk])
    records = director_client.get(records_url).content.decode()

    assert f"Vulnerable: {shown}</p>" in desk
    assert f"Vul: {shown}</div>" in public
    assert f"Vul: {shown}</div>" in records
    for page in (desk, public, records):
        assert not re.search(r"Vul(nerable)?: (Both|N-S|E-W)\b", page)


def test_the_phones_write_vulnerability_the_same_way(club):
    """Issue 24, point 16: the table's page gets None / NS / EW / All."""
    from tournaments.night.models import TableAccess

    session = seated_mitchell(club, tables=3, boards_per_round=2, start=True)
    access = TableAccess.objects.select_related("session__club").get(session=session, table=1)

    state = table_state(access)

    shown = {board["number"]: board["vulnerability"] for board in state["round"]["boards"]}
    assert shown == {1: "None", 2: "NS"}


def test_an_imported_score_file_is_one_field_not_a_howell(director_client, client, club):
    """Issue 24, point 16: an imported Mitchell field is not labelled "Howell (one field)"."""
    session = score_file_import(club=club, date=datetime.date(2026, 3, 10), name="Imported", text=EASY_TEST)

    for page in (
        director_client.get(reverse("director:session", args=[session.pk])).content.decode(),
        director_client.get(reverse("director:home")).content.decode(),
        client.get(reverse("session", args=[session.pk])).content.decode(),
    ):
        assert "One field (imported score file)" in page
        assert "Howell" not in page


@override_settings(DEBUG=False)
def test_the_login_page_mentions_the_demo_only_where_there_is_one(client, db):
    """Issue 24, point 16: a club's production site has no demo to log in to."""
    assert "make run" not in client.get(reverse("login")).content.decode()

    Club.objects.create(name="Demo Bridge Club", slug="demo")

    assert "make run" in client.get(reverse("login")).content.decode()


def test_every_page_has_a_favicon(client, db):
    """Issue 24, point 16: the pages link an icon, and /favicon.ico leads to it."""
    page = client.get(reverse("home")).content.decode()
    icon = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page).group(1)

    assert icon.endswith("favicon.svg")
    assert (ROOT / "static" / "favicon.svg").read_text().startswith("<svg")
    assert client.get("/favicon.ico")["Location"] == icon


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_serves_on_the_port_asked_and_the_readme_says_how():
    """Issue 24, point 16: the README says how to serve on another port."""
    dry_run = subprocess.run(
        ["make", "-n", "run", "PORT=8123"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert "manage.py runserver 127.0.0.1:8123" in dry_run
    assert "load_demo --port 8123" in dry_run
    readme = (ROOT / "README.md").read_text()
    assert "make run PORT=8080" in readme
