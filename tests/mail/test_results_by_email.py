"""After a night finishes each member on the club's list is emailed his pair's result, once."""

from __future__ import annotations

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.conftest import mitchell_3nt
from tests.mail.conftest import SITE
from tournaments.core.models import Club
from tournaments.mail.models import MailOptOut, ResultMail
from tournaments.night import hooks
from tournaments.night.models import Result
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.night.services.results import result_correct
from tournaments.season.models import ClubMember

pytestmark = pytest.mark.django_db


@pytest.fixture
def finish(django_capture_on_commit_callbacks):
    """Finish as the director does; the sending follows the commit (run here, as the commit would)."""

    def finish(session):
        with django_capture_on_commit_callbacks(execute=True):
            return session_finish(session=session)

    return finish


def by_address() -> dict[str, mail.EmailMessage]:
    return {message.to[0]: message for message in mail.outbox}


def correct_board_1(session) -> None:
    """Table 1's board 1 was 3NT just made, not with an overtrick: both pairs' results change."""
    result = Result.objects.get(board__session=session, board__number=1, ns_pair__number=1)
    result_correct(result=result, entry=mitchell_3nt(session, 1, 1, "9"))


def test_each_member_with_an_email_is_sent_his_pair_s_result(email_on, night, finish):
    finish(night)

    sent = by_address()
    assert sorted(sent) == [
        "ann@example.org",
        "gus@example.org",
    ]  # Bob has no email; the others are no members
    ann = sent["ann@example.org"]
    pair = night.pairs.get(direction="NS", number=1)
    standing = pair.standing
    place = f"place {standing.rank_text}, {standing.percentage:.2f}%"
    assert ann.subject == f"Riverside Bridge Club, Friday evening 20 Nov 2026: {place}"
    text = ann.body
    assert "Dear Ann North," in text
    assert f"Place: {standing.rank_text} of 3 (NS)" in text
    assert f"Percentage: {standing.percentage:.2f}%" in text
    assert "Board 1: NS against 1 EW, 3NT N +1, score 430, 1.0 MP, 100.0%" in text
    assert "Board 2: NS against 1 EW, 3NT N -1, score -100, 0.0 MP, 0.0%" in text
    assert f"{SITE}{night.get_absolute_url()}" in text
    assert f"{SITE}{pair.get_absolute_url()}" in text
    assert "Total: 3 boards, 2.0 MP, 66.67%" in text
    html = ann.alternatives[0][0]
    assert "<table" in html and f'href="{SITE}{night.get_absolute_url()}"' in html
    assert sorted(ResultMail.objects.values_list("email", "status", "reason")) == [
        ("ann@example.org", "sent", "finish"),
        ("gus@example.org", "sent", "finish"),
    ]


def test_nothing_is_sent_without_email_configured(night, finish, director_client):
    finish(night)

    assert mail.outbox == [] and not ResultMail.objects.exists()
    page = director_client.get(reverse("director:mail_session", args=[night.pk]))
    assert b"Email is not configured on this site" in page.content
    assert b"Resend" not in page.content.replace(b'<th scope="col">Resend</th>', b"")


def test_another_club_s_email_for_a_player_is_never_used(email_on, night, finish, director_client):
    """Hal East sits at Riverside; only Hillside's list has his address (he joined both by number)."""
    hal = night.pairs.get(direction="EW", number=1).player2
    hillside = Club.objects.create(name="Hillside", slug="hillside")
    ClubMember.objects.create(club=hillside, player=hal, email="hal@hillside.example")

    finish(night)

    assert "hal@hillside.example" not in by_address()
    page = director_client.get(reverse("director:mail_session", args=[night.pk])).content.decode()
    assert "hal@hillside.example" not in page
    assert "Hal East" in page and "no email on the club&#x27;s member list" in page


def test_finishing_again_with_nothing_changed_sends_nothing_new(email_on, night, finish):
    finish(night)
    session_reopen(session=night)
    finish(night)

    assert len(mail.outbox) == 2
    assert ResultMail.objects.count() == 2


def test_a_correction_between_reopen_and_finish_sends_the_corrected_result(email_on, night, finish):
    finish(night)
    session_reopen(session=night)
    correct_board_1(night)
    finish(night)

    assert [message.to[0] for message in mail.outbox[2:]] == ["ann@example.org", "gus@example.org"]
    assert "Board 1: NS against 1 EW, 3NT N =, score 400" in mail.outbox[2].body
    assert ResultMail.objects.filter(email="ann@example.org").count() == 2


def test_a_double_click_on_finish_sends_once(
    email_on, night, director_client, django_capture_on_commit_callbacks
):
    url = reverse("director:state", args=[night.pk])
    for _click in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            response = director_client.post(url, {"action": "finish", "confirm": "yes"})
        assert response.status_code == 302
    assert len(mail.outbox) == 2


def test_an_opted_out_member_is_never_sent_anything_again(email_on, night, finish, client, director_client):
    finish(night)
    ann = by_address()["ann@example.org"]
    link = ann.extra_headers["List-Unsubscribe"].strip("<>")
    assert link in ann.body and link.startswith(SITE)
    path = link.removeprefix(SITE)

    asked = client.get(path)  # a mail program looking at the link opts nobody out
    assert asked.status_code == 200 and b"Send me no more emails" in asked.content
    assert not MailOptOut.objects.exists()
    done = client.post(path)
    assert done.status_code == 200 and b"No more emails from Riverside Bridge Club" in done.content
    assert list(MailOptOut.objects.values_list("player__name", flat=True)) == ["Ann North"]

    session_reopen(session=night)
    correct_board_1(night)  # a changed result: Gus is written to again, Ann is not
    finish(night)
    shown = director_client.get(reverse("director:mail_session", args=[night.pk])).content.decode()
    resend = reverse("director:mail_resend", args=[night.pk])
    director_client.post(resend, {"shown_up_to": ResultMail.objects.latest("id").pk})
    ann_id = ann_player_id(night)
    director_client.post(resend, {"shown_up_to": ResultMail.objects.latest("id").pk, "player": ann_id})

    assert [message.to[0] for message in mail.outbox] == ["ann@example.org", "gus@example.org"] + [
        "gus@example.org"
    ] * 2
    assert "asked for no email" in shown
    assert b"No more emails" in client.get(path).content


def ann_player_id(session) -> int:
    return session.pairs.get(direction="NS", number=1).player1_id


def test_a_link_cut_short_or_altered_is_refused_with_a_page(client, night):
    response = client.get(reverse("mail_opt_out", args=["not-a-token"]))
    assert response.status_code == 400 and b"This link does not work" in response.content
    assert client.post(reverse("mail_opt_out", args=["not-a-token"])).status_code == 400
    assert not MailOptOut.objects.exists()


def test_a_finish_that_rolls_back_sends_nothing(
    email_on, night, monkeypatch, django_capture_on_commit_callbacks
):
    """The sending waits for the commit: a later part of the finish failing leaves nobody told."""

    def refuse(session):
        raise ValidationError("Refused after the results were to be emailed.")

    monkeypatch.setattr(hooks.session_finished, "_functions", [*hooks.session_finished._functions, refuse])
    with pytest.raises(ValidationError), django_capture_on_commit_callbacks(execute=True):
        session_finish(session=night)

    assert mail.outbox == [] and not ResultMail.objects.exists()
    night.refresh_from_db()
    assert night.state == "play"
