"""The results email in the club's language: French text and HTML, none of the mail catalogue's English."""

import html

import pytest
from django.core import mail

from tests.translated_pages import compiled, english_left, english_phrases
from tournaments.night.services.movement import session_finish

pytestmark = pytest.mark.django_db

MAIL = ("templates/tournaments/mail/", "tournaments/mail/")


def test_a_french_club_s_members_read_their_result_in_french(
    email_on, night, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.LANGUAGE_CODE = "fr"  # the site's language, which a club without its own speaks
    if hasattr(night.club, "language"):  # the club's own, once clubs have one
        night.club.language = "fr"
        night.club.save()
    with compiled("fr", tmp_path), django_capture_on_commit_callbacks(execute=True):
        session_finish(session=night)

    (ann,) = [message for message in mail.outbox if message.to == ["ann@example.org"]]
    text = ann.body
    page = html.unescape(ann.alternatives[0][0])
    assert text.startswith("Bonjour Ann North,") and "Donne par donne" in text
    assert "Votre feuille de score" in page and 'lang="fr"' in page
    phrases = english_phrases("fr", *MAIL)
    assert english_left(text, phrases) == [] and english_left(page, phrases) == []
