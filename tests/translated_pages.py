"""Render pages in another language and find the English the catalogue translates left on them.

The catalogues (``locale/<language>/LC_MESSAGES/django.po``) are compiled here into a
temporary directory, so a test needs no ``.mo`` in the checkout and reads the catalogue as
it stands. A page is requested with the language chosen every way Django reads one (the
active language, the ``django_language`` cookie, ``Accept-Language``), so it holds whatever
middleware picks the page's language.
"""

from __future__ import annotations

import html
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.test import Client, override_settings
from django.utils import translation

from tests.catalogues import catalogue

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sdrfg]|%%|\{\w+\}")


def english_phrases(language: str, *places: str) -> set[str]:
    """The English phrases of the catalogue's translated entries from ``places`` (path prefixes).

    A phrase is a message, or a stretch of one between its placeholders, of two words and
    twelve characters or more: short words ("Pair", "Board") are too often the same in the
    other language, or part of a name, to say anything.
    """
    phrases = set()
    for entry in catalogue(language):
        if not entry.msgstr or entry.msgstr == entry.msgid:
            continue
        if not any(ref.startswith(places) for ref in entry.refs):
            continue
        for part in PLACEHOLDER.split(entry.msgid):
            part = part.strip(" .,:;()")
            if len(part) >= 12 and " " in part and part not in entry.msgstr:
                phrases.add(part)
    return phrases


@contextmanager
def compiled(language: str, tmp_path: Path) -> Iterator[None]:
    """Compile the language's catalogue and read translations from it (msgfmt, as compilemessages)."""
    target = tmp_path / "locale" / language / "LC_MESSAGES"
    target.mkdir(parents=True)
    source = LOCALE / language / "LC_MESSAGES" / "django.po"
    subprocess.run(["msgfmt", "--check", "-o", str(target / "django.mo"), str(source)], check=True)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):  # resets Django's loaded catalogues
        yield


def page_in(client: Client, url: str, language: str) -> str:
    """The page at ``url`` in ``language``, its entities decoded."""
    client.cookies["django_language"] = language
    with translation.override(language):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, (url, response.status_code)
    return html.unescape(response.content.decode())


def english_left(page: str, phrases: set[str]) -> list[str]:
    """The phrases still on the page, in English."""
    return sorted(phrase for phrase in phrases if phrase in page)
