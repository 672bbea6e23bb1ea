"""The members' pages in each language ClubScore speaks: none of the members' English left on them."""

import html

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.members.conftest import ANN, ask_link, sign_in
from tests.translated_pages import compiled, english_left, english_phrases, page_in

pytestmark = pytest.mark.django_db

MEMBERS = ("templates/tournaments/members/", "tournaments/members/")


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_the_members_pages_show_no_english(client, world, language, tmp_path):
    phrases = english_phrases(language, *MEMBERS)
    assert len(phrases) > 20
    confirm_path = ask_link(client, ANN)
    sign_in(client, ANN)
    with compiled(language, tmp_path):
        pages = [
            page_in(Client(), reverse("member_sign_in"), language),
            page_in(Client(), confirm_path, language),  # another browser: the confirming tap
            page_in(Client(), reverse("home"), language),
            page_in(client, reverse("my_club"), language),
            page_in(client, reverse("my_player", args=[world.ann_riverside.pk]), language),
        ]
        pages.append(_answer_in(Client(), {"email": "nobody@example.org"}, language))
        pages.append(_answer_in(Client(), {"email": "not an address"}, language))
    for page in pages:
        assert english_left(page, phrases) == []


def _answer_in(client: Client, data: dict[str, str], language: str) -> str:
    """The sign-in page's answer to a request, in ``language`` (as ``page_in`` reads a page)."""
    client.cookies["django_language"] = language
    with translation.override(language):
        response = client.post(reverse("member_sign_in"), data, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code in (200, 400)
    return html.unescape(response.content.decode())
