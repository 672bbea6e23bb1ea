"""The phone's script asks for no text that its page does not carry in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from tournaments.night.phone_words import TEXTS, phone_words

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "table-entry.js"


def test_every_text_the_script_asks_for_is_listed():
    asked = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', SCRIPT.read_text(encoding="utf-8")))
    assert len(asked) > 60
    assert asked == set(TEXTS)


def test_the_page_carries_the_texts_and_the_bridge_words_of_its_language():
    with translation.override("fr"):
        words = phone_words()
    assert words["texts"]["Show the score"] == "Voir le score"
    assert words["bridge"] == {
        "no_trump": "SA",
        "seats": {"N": "N", "E": "E", "S": "S", "W": "O"},
        "sides": {"NS": "NS", "EW": "EO"},
        "pass": "Passe",
        "vulnerability": {"None": "Personne", "NS": "NS", "EW": "EO", "All": "Tous"},
        "decimal": ",",
    }
    with translation.override("en"):
        english = phone_words()
    assert all(text == shown for text, shown in english["texts"].items())
    assert english["bridge"]["decimal"] == "."
