"""The director's upload page: errors with their line, or a preview of the standings, then confirm."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.exchange.legacy_files import EASY_TEST, EASY_TEST_REPORT, standing_report
from tournaments.core.models import Club, Player
from tournaments.night.models import Result, ResultChange, Session, SessionDeletion, Standing

UPLOAD = reverse("imports:upload")
CONFIRM = reverse("imports:confirm")


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user(username="admin", password="pw-admin-123", is_staff=True)


@pytest.fixture
def staff_client(client, staff, club):
    """A staff user who directs the club (importing needs both)."""
    club.directors.add(staff)
    client.force_login(staff)
    return client


def upload(client, club, text: str, name="Tuesday", replace=False):
    data = {
        "club": club.pk,
        "date": "2026-03-10",
        "name": name,
        "file": SimpleUploadedFile("scores.txt", text.encode()),
    }
    if replace:
        data["replace"] = "on"
    return client.post(UPLOAD, data)


def stored_counts():
    return [model.objects.count() for model in (Session, Player, Result, Standing)]


def test_a_visitor_is_sent_to_log_in(client, db):
    response = client.get(UPLOAD)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("url", [UPLOAD, CONFIRM])
def test_a_user_who_directs_no_club_is_refused_with_a_page_that_says_why(client, django_user_model, url):
    """Issue 24, point 10: no bare 403; the page names the reason."""
    client.force_login(django_user_model.objects.create_user(username="player", password="pw-player-123"))

    response = client.post(url)

    assert response.status_code == 403
    assert "You direct no club to import into." in response.content.decode()


def test_a_clubs_director_who_is_not_staff_imports_into_their_club(director_client, director, club):
    """Issue 24, point 10: importing into one's own club is a director's job, staff or not."""
    assert not director.is_staff
    preview = upload(director_client, club, EASY_TEST)
    assert preview.status_code == 200

    response = director_client.post(CONFIRM, {"sha256": preview.context["sha256"]})

    session = Session.objects.get(club=club, name="Tuesday")
    assert response.status_code == 302
    assert session.pairs.count() == 4


def test_a_director_who_is_not_staff_cannot_import_into_another_club(director_client, club, other_club):
    """Issue 24, point 10: only into their own club."""
    response = upload(director_client, other_club, EASY_TEST)

    assert response.status_code == 400
    assert not Session.objects.filter(club=other_club).exists()


def test_the_directors_home_links_to_the_import_page(director_client, club):
    """Issue 24, point 10: the import page is found from the director's pages."""
    response = director_client.get(reverse("director:home"))

    assert f'href="{UPLOAD}"' in response.content.decode()


def test_staff_see_the_form(staff_client, club):
    response = staff_client.get(UPLOAD)

    assert response.status_code == 200
    assert b'name="file"' in response.content


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("1 A\n2 B\nSCORES\n10 20\n10\n", "Line 5: too few scores for board 2", id="too-few"),
        pytest.param("1 A\n1 B\nSCORES\n", "Line 2: pair 1 is listed twice", id="repeated"),
        pytest.param("1 A\n2 B\n", "Line 2: no SCORES line", id="no-scores"),
    ],
)
def test_a_bad_file_shows_its_line_and_stores_nothing(staff_client, club, text, expected):
    before = stored_counts()

    response = upload(staff_client, club, text)

    assert response.status_code == 400
    assert expected in response.content.decode()
    assert b"Confirm" not in response.content
    assert stored_counts() == before


def test_a_good_file_shows_the_standings_preview_and_stores_nothing(staff_client, club):
    before = stored_counts()

    response = upload(staff_client, club, EASY_TEST)

    assert response.status_code == 200
    rows = [row.names for row in response.context["rows"]]
    assert rows == [
        "Gene Simmons - Richard Simmons",
        "Cher - Madonna",
        "Tiger Woods - Phil Mickelson",
        "Bill Gates - Warren Buffett",
    ]
    page = response.content.decode()
    assert "52.78" in page and "-236.67" in page
    assert "Confirm the import" in page
    assert stored_counts() == before


def test_confirm_imports_the_previewed_file_and_shows_the_session(staff_client, club):
    preview = upload(staff_client, club, EASY_TEST)

    response = staff_client.post(CONFIRM, {"sha256": preview.context["sha256"]})

    session = Session.objects.get()
    assert response.status_code == 302
    assert response["Location"] == session.get_absolute_url()
    assert (session.club, session.name, str(session.date)) == (club, "Tuesday", "2026-03-10")
    standings = Standing.objects.filter(session=session).select_related("pair__player1", "pair__player2")
    assert standing_report(standings) == EASY_TEST_REPORT


def test_confirm_without_a_matching_upload_stores_nothing(staff_client, club):
    upload(staff_client, club, EASY_TEST)

    response = staff_client.post(CONFIRM, {"sha256": "0" * 64}, follow=True)

    assert Session.objects.count() == 0
    assert "upload the file again" in response.content.decode()


def test_a_file_imported_before_is_flagged_and_cannot_be_confirmed_without_replace(staff_client, club):
    first = upload(staff_client, club, EASY_TEST)
    staff_client.post(CONFIRM, {"sha256": first.context["sha256"]})
    existing = Session.objects.get()

    again = upload(staff_client, club, EASY_TEST, name="Other")
    assert again.context["existing"] == existing
    assert b"already imported" in again.content
    refused = staff_client.post(CONFIRM, {"sha256": again.context["sha256"]})
    assert refused.status_code == 400
    assert f"session {existing.pk}" in refused.content.decode()
    assert list(Session.objects.all()) == [existing]

    replaced = upload(staff_client, club, EASY_TEST, name="Other", replace=True)
    staff_client.post(CONFIRM, {"sha256": replaced.context["sha256"]})
    assert list(Session.objects.values_list("name", flat=True)) == ["Other"]


def test_the_admin_index_links_to_the_import_page(staff_client, db):
    response = staff_client.get(reverse("admin:index"))

    assert f'href="{UPLOAD}"' in response.content.decode()


@pytest.fixture
def other_club(db) -> Club:
    return Club.objects.create(name="Hilltop Bridge Club", slug="hilltop")


def test_the_form_offers_only_the_clubs_the_user_directs(staff_client, club, other_club):
    offered = staff_client.get(UPLOAD).context["form"].fields["club"].queryset

    assert list(offered) == [club]


def test_a_superuser_may_import_into_every_club(client, django_user_model, club, other_club):
    root = django_user_model.objects.create_superuser(username="root", password="pw-root-1234")
    client.force_login(root)

    offered = client.get(UPLOAD).context["form"].fields["club"].queryset

    assert set(offered) == {club, other_club}


def test_staff_who_direct_no_club_are_refused(client, staff, club):
    client.force_login(staff)

    assert client.get(UPLOAD).status_code == 403
    assert client.post(CONFIRM, {"sha256": "0" * 64}).status_code == 403


def test_staff_cannot_import_into_a_club_they_do_not_direct(staff_client, other_club):
    before = stored_counts()

    response = upload(staff_client, other_club, EASY_TEST)

    assert "Confirm" not in response.content.decode()
    assert response.context["form"].errors["club"]
    assert stored_counts() == before


def test_a_club_no_longer_directed_at_confirm_is_refused(staff_client, staff, club, other_club):
    preview = upload(staff_client, club, EASY_TEST)
    club.directors.remove(staff)
    other_club.directors.add(staff)

    response = staff_client.post(CONFIRM, {"sha256": preview.context["sha256"]})

    assert response.status_code == 403
    assert Session.objects.count() == 0


def test_replacing_a_session_is_audited_as_a_delete_that_outlives_it(staff_client, staff, club):
    first = upload(staff_client, club, EASY_TEST)
    staff_client.post(CONFIRM, {"sha256": first.context["sha256"]})
    replaced = Session.objects.get()
    results = Result.objects.filter(board__session=replaced).count()

    again = upload(staff_client, club, EASY_TEST, name="Other", replace=True)
    staff_client.post(CONFIRM, {"sha256": again.context["sha256"]})

    deletion = SessionDeletion.objects.get()
    new = Session.objects.get()
    assert (deletion.club, deletion.user, deletion.session_pk) == (club, staff, replaced.pk)
    assert (deletion.session_name, deletion.session_date) == ("Tuesday", replaced.date)
    assert deletion.result_count == results > 0
    assert deletion.source_sha256 == replaced.source_sha256
    assert f"session {new.pk}" in deletion.reason
    assert not ResultChange.objects.filter(session_id=replaced.pk).exists()
