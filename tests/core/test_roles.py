"""A club's roles (issue 48): each role does its own work and no other's; the administrator
grants and removes them from a page, recorded (the API's tokens: tests/api/test_token_roles.py).

The route walk (tests/core/test_director_routes.py) checks every route against the table;
these follow a volunteer's day through the pages that matter most.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tournaments.core.models import Club, ClubRole, ClubRoleChange, Role
from tournaments.core.services.roles import role_grant
from tournaments.night.models import Result
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


def _holder(club: Club, role: Role, name: str) -> Client:
    """A signed-in client of a new user holding ``role`` alone at ``club``."""
    user = get_user_model().objects.create_user(username=name, password="role-pw-12345")
    role_grant(club=club, user=user, role=role, by=None)
    client = Client()
    client.force_login(user)
    return client


def _entered_result(director_client, session) -> Result:
    pairs = {p.direction: p for p in session.pairs.filter(number=1)}
    response = director_client.post(
        reverse("director:board", args=[session.pk, 1]),
        {"ns_pair": pairs["NS"].pk, "ew_pair": pairs["EW"].pk, "contract": "4S", "declarer": "N",
         "result": "-1", "lead": ""},
    )  # fmt: skip
    assert response.status_code == 302
    return Result.objects.get()


def _correction(result: Result, outcome: str) -> dict[str, object]:
    return {"ns_pair": result.ns_pair_id, "ew_pair": result.ew_pair_id, "contract": "4S", "declarer": "N",
            "result": outcome, "lead": ""}  # fmt: skip


def test_a_scorer_corrects_a_result_but_cannot_change_the_clubs_settings(
    club, director_client, mitchell_session
):
    result = _entered_result(director_client, mitchell_session)
    scorer = _holder(club, Role.SCORER, "sam")

    corrected = scorer.post(reverse("director:result_edit", args=[result.pk]), _correction(result, "="))
    assert corrected.status_code == 302
    result.refresh_from_db()
    assert result.tricks == 10

    settings = scorer.post(reverse("director:club_settings", args=[club.slug]), {"federation": "ebu"})
    assert settings.status_code == 403
    assert "it needs one of: Administrator." in settings.content.decode()
    club.refresh_from_db()
    assert club.federation == ""


def test_a_treasurer_posting_to_the_settings_form_is_told_why_not(club):
    treasurer = _holder(club, Role.TREASURER, "tom")
    response = treasurer.post(reverse("director:club_settings", args=[club.slug]), {"federation": "ebu"})
    assert response.status_code == 403
    assert "Your roles at this club do not open this page" in response.content.decode()


def test_a_membership_secretary_edits_members_but_not_results(club, director_client, mitchell_session):
    result = _entered_result(director_client, mitchell_session)
    secretary = _holder(club, Role.MEMBERSHIP_SECRETARY, "meg")

    upload = SimpleUploadedFile("members.csv", b"Ann Ahern,EBU 7,ann@a.example\n", content_type="text/csv")
    preview = secretary.post(reverse("director:members", args=[club.slug]), {"file": upload})
    assert preview.status_code == 200
    confirmed = secretary.post(
        reverse("director:members_confirm", args=[club.slug]), {"text": preview.context["text"]}
    )
    assert confirmed.status_code == 302
    assert ClubMember.objects.filter(club=club, player__name="Ann Ahern").exists()

    refused = secretary.post(reverse("director:result_edit", args=[result.pk]), _correction(result, "="))
    assert refused.status_code == 403
    result.refresh_from_db()
    assert result.tricks == 9


def test_roles_at_one_club_open_nothing_at_another(club, director_client, mitchell_session):
    result = _entered_result(director_client, mitchell_session)
    elsewhere = Club.objects.create(name="Hillside", slug="hillside")
    scorer_elsewhere = _holder(elsewhere, Role.SCORER, "sue")
    response = scorer_elsewhere.post(
        reverse("director:result_edit", args=[result.pk]), _correction(result, "=")
    )
    assert response.status_code == 403


# The administrator's page of roles.


def test_the_administrator_grants_and_removes_a_role_and_both_are_recorded(club, director, director_client):
    sam = get_user_model().objects.create_user(username="Sam", password="role-pw-12345")
    url = reverse("director:club_roles", args=[club.slug])

    granted = director_client.post(url, {"action": "grant", "username": " sam ", "role": "scorer"})
    assert granted.status_code == 302
    held = ClubRole.objects.get(club=club, user=sam)
    assert (held.role, held.granted_by) == (Role.SCORER, director)

    removed = director_client.post(url, {"action": "remove", "held": held.pk})
    assert removed.status_code == 302
    assert not ClubRole.objects.filter(club=club, user=sam).exists()
    changes = list(ClubRoleChange.objects.filter(club=club, user=sam).order_by("at", "id"))
    assert [(c.role, c.granted, c.by) for c in changes] == [
        ("scorer", True, director),
        ("scorer", False, director),
    ]
    page = director_client.get(url).content.decode()
    assert "Sam no longer Scorer, removed by director" in page


def test_the_last_administrator_cannot_remove_himself(club, director, director_client):
    mine = ClubRole.objects.get(club=club, user=director, role=Role.ADMINISTRATOR)
    response = director_client.post(
        reverse("director:club_roles", args=[club.slug]), {"action": "remove", "held": mine.pk}
    )
    assert response.status_code == 400
    assert "last administrator" in response.content.decode()
    assert ClubRole.objects.filter(pk=mine.pk).exists()


def test_with_a_second_administrator_the_first_may_step_down(club, director, director_client):
    role_grant(
        club=club,
        user=get_user_model().objects.create_user(username="ada"),
        role=Role.ADMINISTRATOR,
        by=director,
    )
    mine = ClubRole.objects.get(club=club, user=director, role=Role.ADMINISTRATOR)
    response = director_client.post(
        reverse("director:club_roles", args=[club.slug]), {"action": "remove", "held": mine.pk}
    )
    assert response.status_code == 302
    assert not ClubRole.objects.filter(pk=mine.pk).exists()


@pytest.mark.parametrize(
    ("post", "said"),
    [
        ({"action": "grant", "username": "nobody-here", "role": "scorer"}, "No user is named"),
        ({"action": "grant", "username": "director", "role": "king"}, "Choose one of the roles listed."),
        ({"action": "grant", "username": "director", "role": "administrator"}, "already Administrator here"),
    ],
)
def test_a_grant_the_page_cannot_make_is_refused_with_a_message(club, director_client, post, said):
    response = director_client.post(reverse("director:club_roles", args=[club.slug]), post)
    assert response.status_code == 400 and said in response.content.decode()
    assert ClubRole.objects.filter(club=club).count() == 1


def test_a_director_may_not_open_the_roles_page(club):
    director_only = _holder(club, Role.DIRECTOR, "dan")
    assert director_only.get(reverse("director:club_roles", args=[club.slug])).status_code == 403


def test_a_role_granted_or_removed_in_the_admin_is_recorded_as_on_the_page(
    club, director, admin_client, admin_user
):
    sam = get_user_model().objects.create_user(username="sam")
    mine = ClubRole.objects.get(club=club, user=director)
    url = reverse("admin:tournaments_club_change", args=[club.pk])
    form = admin_client.get(url).context["adminform"].form
    fields = {
        name: value for name, value in form.initial.items() if value is not None and name != "directors"
    }
    inline = {
        "roles-TOTAL_FORMS": "2", "roles-INITIAL_FORMS": "1",
        "roles-MIN_NUM_FORMS": "0", "roles-MAX_NUM_FORMS": "1000",
        "roles-0-id": mine.pk, "roles-0-club": club.pk, "roles-0-user": director.pk,
        "roles-0-role": "administrator",
        "roles-1-club": club.pk, "roles-1-user": sam.pk, "roles-1-role": "scorer",
    }  # fmt: skip
    response = admin_client.post(url, {**fields, **inline})
    assert response.status_code == 302, response.context["errors"] if response.context else response
    granted = ClubRole.objects.get(club=club, user=sam)
    assert (granted.role, granted.granted_by) == (Role.SCORER, admin_user)
    change = ClubRoleChange.objects.get(club=club, user=sam)
    assert (change.granted, change.by) == (True, admin_user)


def test_the_home_page_offers_each_role_only_the_links_its_roles_open(club, director_client):
    settings, roles = (
        reverse(name, args=[club.slug]) for name in ("director:club_settings", "director:club_roles")
    )
    members = reverse("director:members", args=[club.slug])
    scorer_home = _holder(club, Role.SCORER, "sam").get(reverse("director:home")).content.decode()
    assert settings not in scorer_home and roles not in scorer_home and members not in scorer_home
    assert reverse("imports:upload") in scorer_home
    secretary_home = (
        _holder(club, Role.MEMBERSHIP_SECRETARY, "meg").get(reverse("director:home")).content.decode()
    )
    assert members in secretary_home and reverse("imports:upload") not in secretary_home
    administrator_home = director_client.get(reverse("director:home")).content.decode()
    assert all(url in administrator_home for url in (settings, roles, members, reverse("imports:upload")))


def test_the_home_page_lists_a_clubs_sessions_only_to_roles_that_open_them(club, mitchell_session):
    session_url = reverse("director:session", args=[mitchell_session.pk])
    for role, listed in [(Role.SCORER, True), (Role.RESULTS_UPLOADER, True), (Role.TREASURER, False),
                         (Role.MEMBERSHIP_SECRETARY, False)]:  # fmt: skip
        home = _holder(club, role, f"u-{role.value}").get(reverse("director:home")).content.decode()
        assert (session_url in home) is listed, role
