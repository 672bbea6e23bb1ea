"""A member signs in with a one-time link to the address his club keeps (issue 48, "Members sign in")."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from tests.members.conftest import ANN, ask_link, sign_in
from tournaments.members.models import MemberAccount, SignInRequest
from tournaments.members.services import sign_in as service
from tournaments.members.tokens import link_token
from tournaments.season.services.privacy import player_erase

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def _page(response: HttpResponse, email: str) -> str:
    """The page as the member reads it: his address and the forms' one-time CSRF values aside."""
    return CSRF.sub("", response.content.decode().replace(email, "X"))


def _signed_in(client: Client) -> bool:
    return client.get(reverse("my_club")).status_code == 200


def test_a_member_receives_a_link_signs_in_sees_his_results_at_two_clubs_and_changes_his_privacy(
    client, world
):
    path = ask_link(client, "  Ann@EXAMPLE.org ")
    assert mail.outbox[-1].to == [ANN]
    response = client.get(path)
    assert response.status_code == 302 and response["Location"] == reverse("my_club")

    home = client.get(reverse("my_club")).content.decode()
    assert "Riverside Bridge Club" in home and "Hilltop Bridge Club" in home
    for player, night in ((world.ann_riverside, world.nights[0]), (world.ann_hilltop, world.nights[1])):
        page = client.get(reverse("my_player", args=[player.pk])).content.decode()
        standing = night.pairs.get(number=1).standing
        assert night.club.name in page and f"{standing.percentage:.2f}" in page

    response = client.post(reverse("my_privacy", args=[world.ann_riverside.pk]), {"shown_by_initials": "on"})
    assert response.status_code == 302
    world.ann_riverside.refresh_from_db()
    assert world.ann_riverside.shown_by_initials
    found = client.get(reverse("player_search"), {"q": "Ann"}).content.decode()
    assert reverse("player", args=[world.ann_riverside.pk]) not in found
    assert reverse("player", args=[world.ann_hilltop.pk]) in found  # Hilltop's entry chose nothing yet


def test_the_page_answers_alike_for_an_address_no_club_holds_and_mails_nothing(client, world):
    known = client.post(reverse("member_sign_in"), {"email": ANN})
    unknown = client.post(reverse("member_sign_in"), {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 200
    assert _page(known, ANN) == _page(unknown, "nobody@example.org")
    assert [m.to for m in mail.outbox] == [[ANN]]


def test_a_player_whose_club_keeps_no_address_gets_no_link_and_is_told_whom_to_ask(client, world):
    page = client.get(reverse("member_sign_in")).content.decode()
    assert "membership secretary" in page
    client.post(reverse("member_sign_in"), {"email": "cat@example.org"})
    assert mail.outbox == []


@pytest.mark.parametrize("email", ["", "not an address", "ann@", "x" * 300 + "@example.org"])
def test_an_address_that_is_none_is_refused_with_its_reason(client, world, email):
    response = client.post(reverse("member_sign_in"), {"email": email})
    assert response.status_code == 400
    assert mail.outbox == [] and not SignInRequest.objects.exists()


def test_a_thousand_requests_for_one_address_send_a_handful_of_mails(client, world):
    statuses = [client.post(reverse("member_sign_in"), {"email": ANN}).status_code for _ in range(1000)]
    assert statuses.count(200) == service.LINKS_PER_ADDRESS_AN_HOUR
    assert len(mail.outbox) == service.LINKS_PER_ADDRESS_AN_HOUR
    assert SignInRequest.objects.count() == service.LINKS_PER_ADDRESS_AN_HOUR
    last = client.post(reverse("member_sign_in"), {"email": ANN})
    assert last.status_code == 429 and "Too many sign-in links" in last.content.decode()


def test_one_network_address_cannot_walk_a_list_of_addresses(client, world):
    statuses = [
        client.post(reverse("member_sign_in"), {"email": f"guess{n}@example.org"}).status_code
        for n in range(service.REQUESTS_PER_IP_AN_HOUR + 5)
    ]
    assert statuses == [200] * service.REQUESTS_PER_IP_AN_HOUR + [429] * 5


# Each forged token is made in the test: a signature holds its moment, so made at collection
# it would differ between pytest-xdist's workers, which must collect the same tests.
FORGED: dict[str, Callable[[], str]] = {
    "nonsense": lambda: "nonsense",
    "a made-up signature": lambda: "MQ:1vXyZa:abcdefghijklmnopqrstuvwxyz0",
    "another salt's signature": lambda: signing.dumps(1, salt="another.salt"),
    "a string where the id is a number": lambda: signing.dumps("1", salt="clubscore.members.sign-in"),
}


@pytest.mark.parametrize("forged", FORGED, ids=list(FORGED))
def test_a_forged_link_signs_nobody_in(client, world, forged):
    token = FORGED[forged]()
    ask_link(client, ANN)
    response = client.get(reverse("member_sign_in_link", args=[token]))
    assert response.status_code == 400 and "not a sign-in link" in response.content.decode()
    assert not _signed_in(client)


def test_a_link_to_an_address_no_club_holds_is_never_a_link(client, world):
    client.post(reverse("member_sign_in"), {"email": "nobody@example.org"})
    unsent = SignInRequest.objects.get()
    response = client.get(reverse("member_sign_in_link", args=[link_token(unsent.pk)]))
    assert response.status_code == 400 and not _signed_in(client)


def test_an_expired_link_signs_nobody_in(client, world, monkeypatch):
    path = ask_link(client, ANN)
    later = time.time() + 16 * 60
    monkeypatch.setattr(signing.time, "time", lambda: later)
    response = client.get(path)
    assert response.status_code == 410 and "expired" in response.content.decode()
    assert not _signed_in(client)


def test_a_link_signs_in_once(client, world):
    path = ask_link(client, ANN)
    assert client.get(path).status_code == 302
    client.post(reverse("member_sign_out"))
    response = client.get(path)
    assert response.status_code == 410 and "used already" in response.content.decode()
    assert not _signed_in(client)


def test_a_link_opened_in_another_browser_asks_for_a_tap_and_spends_nothing_until_then(client, world):
    path = ask_link(client, ANN)
    phone = Client()
    confirm = phone.get(path)  # a mail scanner's visit, or the member's phone
    assert confirm.status_code == 200 and "Yes, sign me in here" in confirm.content.decode()
    assert not _signed_in(phone)
    assert SignInRequest.objects.get().used_at is None
    assert phone.post(path).status_code == 302
    assert _signed_in(phone)
    assert client.get(path).status_code == 410  # spent by the tap


def test_a_link_for_a_person_erased_since_signs_nobody_in(client, world, director):
    path = ask_link(client, "bob@example.org")
    player_erase(player=world.bob, user=director)
    response = client.get(path)
    assert response.status_code == 410 and "membership secretary" in response.content.decode()
    assert not _signed_in(client) and not MemberAccount.objects.exists()


def test_signing_in_twice_is_one_account(client, world):
    sign_in(client, ANN)
    client.post(reverse("member_sign_out"))
    sign_in(client, "ANN@example.org")
    assert MemberAccount.objects.get().email == ANN


def test_a_volunteer_linked_to_his_address_signs_in_as_his_own_user(client, world, director):
    MemberAccount.objects.create(user=director, email=ANN)
    sign_in(client, ANN)
    assert client.get(reverse("my_club")).wsgi_request.user == director
    assert get_user_model().objects.count() == 1


def test_a_mail_server_that_refuses_changes_nothing_the_member_sees(client, world, settings):
    settings.EMAIL_BACKEND = "tests.members.test_sign_in.RefusingBackend"
    response = client.post(reverse("member_sign_in"), {"email": ANN})
    unknown = client.post(reverse("member_sign_in"), {"email": "nobody@example.org"})
    assert response.status_code == unknown.status_code == 200


class RefusingBackend:
    """A mail server that is down."""

    def __init__(self, **kwargs: object) -> None:
        pass

    def send_messages(self, messages: object) -> int:
        raise ConnectionRefusedError("the mail server is down")


def test_a_request_is_kept_a_day_and_the_throttle_forgets_it_after_an_hour(client, world, monkeypatch):
    now = service._now()
    monkeypatch.setattr(service, "_now", lambda: now)
    for _ in range(service.LINKS_PER_ADDRESS_AN_HOUR):
        client.post(reverse("member_sign_in"), {"email": ANN})
    assert client.post(reverse("member_sign_in"), {"email": ANN}).status_code == 429
    monkeypatch.setattr(service, "_now", lambda: now + service.THROTTLE_WINDOW + timedelta(seconds=1))
    assert client.post(reverse("member_sign_in"), {"email": ANN}).status_code == 200
    monkeypatch.setattr(
        service, "_now", lambda: now + service.REQUESTS_KEPT + service.THROTTLE_WINDOW + timedelta(seconds=2)
    )
    client.post(reverse("member_sign_in"), {"email": "nobody@example.org"})
    assert list(SignInRequest.objects.values_list("email", flat=True)) == ["nobody@example.org"]


def test_the_link_is_mailed_by_the_queue_in_the_language_it_was_asked_in_and_retried(
    client, world, job_queue, settings
):
    """The request only writes; the worker mails, in French for a French page, and a mail server
    that refuses leaves the job to be tried again rather than losing the link."""
    settings.EMAIL_BACKEND = "tests.members.test_sign_in.RefusingBackend"
    client.post(reverse("member_sign_in"), {"email": ANN}, HTTP_ACCEPT_LANGUAGE="fr")
    assert mail.outbox == []
    (row,) = job_queue.rows("tournaments.members.services.sign_in.sign_in_link_mail")
    job_queue.run_due()
    assert mail.outbox == []
    row.refresh_from_db()
    assert row.status == "READY"  # put back for a later try
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    job_queue.run_waiting()
    (letter,) = mail.outbox
    assert letter.to == [ANN]
    assert "Ouvrez ce lien" in letter.body, letter.body
