"""A round's draw as the director reads and types it in his language: a bye is his language's word.

The draw form showed "3 bye" to a French director (the walk of every seam, issue 45): the
textarea he edits is in English. It now shows the language's word ("exempte", "wolny los")
and reads it back, as it still reads "bye".
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.teams.factories import teams_event_build
from tournaments.teams.forms import parse_draw
from tournaments.teams.services.events import swiss_round_draw

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "word"), [("fr", "exempte"), ("pl", "wolny los"), ("en", "bye")])
def test_the_draw_form_writes_a_bye_in_the_directors_language_and_reads_it_back(
    director_client, club, language, word
):
    event = teams_event_build(club, teams=3, name="Odd Swiss")
    swiss_round_draw(event=event)
    director_client.cookies["django_language"] = language
    page = director_client.get(reverse("director:teams_event", args=[event.pk])).content.decode()
    draw = html.unescape(re.search(r'<textarea name="draw"[^>]*>(.*?)</textarea>', page, re.S)[1])
    assert re.search(rf"^\d {re.escape(word)}$", draw, re.M), draw
    assert "bye" not in draw or language == "en"

    answer = director_client.post(reverse("director:teams_adjust", args=[event.pk, 1]), {"draw": draw})

    assert answer.status_code == 302
    assert event.rounds_drawn.get(number=1).matches.filter(away=None).count() == 1


def test_a_draw_still_reads_bye_in_any_language():
    with translation.override("pl"):
        assert parse_draw("1 2\n3 bye") == [(1, 2), (3, None)]
        assert parse_draw("1 2\n3 Wolny  los") == [(1, 2), (3, None)]
