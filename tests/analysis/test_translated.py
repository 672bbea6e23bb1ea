"""The analysis pages in each of the club's languages: no English left."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.translated_pages import compiled, english_left, english_phrases, page_in
from tournaments.analysis.models import AnalysisSharing
from tournaments.core.models import Player
from tournaments.night.models import Pair

pytestmark = pytest.mark.django_db

PLACES = ("templates/tournaments/analysis/", "tournaments/analysis/")


@pytest.mark.parametrize("language", ["fr", "nl", "de", "pl"])
def test_the_analysis_pages_show_no_english(client, night, language, tmp_path) -> None:
    session, _ = night
    north = Player.objects.get(name="North 1")
    AnalysisSharing.objects.create(player=north, public=True)
    pair = Pair.objects.get(session=session, direction="NS", number=1)
    urls = [
        reverse("player_evening", args=[session.pk, north.pk]),
        reverse("pair_evening", args=[session.pk, pair.pk]),
        reverse("player_season", args=[north.pk]),
        reverse("board", args=[session.pk, 1]),
    ]
    phrases = english_phrases(language, *PLACES)
    assert len(phrases) > 20
    with compiled(language, tmp_path):
        left = {url: english_left(page_in(client, url, language), phrases) for url in urls}
    assert left == dict.fromkeys(urls, [])
