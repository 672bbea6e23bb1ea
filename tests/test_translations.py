"""Four complete catalogues, and pages that show no English under another language.

The catalogues (locale/*/LC_MESSAGES/django.po) are read by the suite's own small parser
(``tests/catalogues.py``, no dependency for it) and by gettext's ``msgfmt``, which CI has
(``make messages`` installs it). A catalogue is complete when every string the code marks, as
``makemessages`` finds them today, has a translation that is not fuzzy and keeps the
English one's placeholders. The pages are then rendered in each language and every text
of theirs compared with the catalogue's English: an English sentence left on a French
page is one that was not marked, or marked and not translated.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from tests.catalogues import catalogue, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("fr", "nl", "de", "pl")
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sdr]|\{[a-z_]+\}")


def test_the_parser_reads_a_catalogue_as_gettext_writes_it(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#: a.py:1\n#, python-format\nmsgid "Board %(n)s"\nmsgstr "Donne %(n)s"\n\n'
        '#, fuzzy\nmsgid "Pass"\nmsgstr ""\n\n'
        'msgid "a"\n"b"\nmsgid_plural "c"\nmsgstr[0] "d"\nmsgstr[1] ""\n"e"\n',
        encoding="utf-8",
    )
    entries = read_catalogue(po)
    assert [(e.msgid, e.plural, e.translations, e.flags) for e in entries] == [
        ("Board %(n)s", "", ["Donne %(n)s"], {"python-format"}),
        ("Pass", "", [""], {"fuzzy"}),
        ("ab", "c", ["d", "e"], set()),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_string_is_translated_and_none_is_fuzzy(language):
    entries = catalogue(language)
    assert len(entries) > 700
    assert [e.msgid for e in entries if "fuzzy" in e.flags] == []
    assert [e.msgid for e in entries if not all(e.translations)] == []
    if language == "pl":  # one, few, many
        assert {len(e.translations) for e in entries if e.plural} == {3}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_keeps_the_english_placeholders(language):
    wrong = [
        (e.msgid, text)
        for e in catalogue(language)
        for text in e.translations
        if set(PLACEHOLDER.findall(text)) - set(PLACEHOLDER.findall(e.msgid + e.plural))
        or (not e.plural and set(PLACEHOLDER.findall(e.msgid)) != set(PLACEHOLDER.findall(text)))
    ]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_finds_every_message_translated(language, tmp_path):
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "gettext's msgfmt is needed to build the catalogues: make messages installs it"
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    done = subprocess.run(
        [msgfmt, "--check", "--statistics", "-o", str(tmp_path / "django.mo"), str(po)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert re.fullmatch(r"[0-9]+ translated messages\.", done.stderr.strip()), done.stderr


def test_the_catalogues_hold_every_string_the_code_marks(tmp_path):
    """``makemessages`` over a copy of the code finds nothing the committed catalogues lack."""
    for part in ("clubscore", "tournaments", "templates", "static", "locale", "manage.py"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(source, tmp_path / part)
    languages = [argument for code in LANGUAGES for argument in ("-l", code)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *languages, "--no-obsolete"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "makemessages", "DEBUG": "1"},
    )
    for language in LANGUAGES:
        found = read_catalogue(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po")
        lacking = [e.msgid for e in found if "fuzzy" in e.flags or not all(e.translations)]
        assert lacking == [], f"{language}: marked in the code, not translated"


# --- Pages -----------------------------------------------------------------------------------

SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "data-label")


class _Texts(HTMLParser):
    """The texts a reader sees or hears: text nodes and the attributes read aloud."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.texts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data)


def page_texts(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return [" ".join(text.split()) for text in parser.texts]


def _pattern(english: str) -> re.Pattern[str]:
    """The English message as a whole text, each placeholder standing for one word or number
    (a name of several words is not matched: a sentence is missed rather than a text that
    only ends like one taken for it)."""
    parts = PLACEHOLDER.split(" ".join(english.replace("%%", "%").split()))
    return re.compile(r"\S+".join(re.escape(part) for part in parts))


@functools.cache
def english_patterns(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The catalogue's English messages that the language writes otherwise (not "CSV", "Club"),
    and that are no word of the language itself (German's "Board", Dutch's "Contract")."""
    entries = catalogue(language)
    own_words = {" ".join(text.split()) for e in entries for text in e.translations}
    return tuple(
        (e.msgid, _pattern(e.msgid))
        for e in entries
        if e.msgid not in e.translations
        and " ".join(e.msgid.split()) not in own_words
        and re.search(r"[A-Za-z]{2,}", e.msgid)
    )


@functools.cache
def _english_index(
    language: str,
) -> tuple[dict[str, list[str]], dict[str, list[tuple[str, str, re.Pattern[str]]]]]:
    """``english_patterns`` arranged so that a text is tried only against the messages it could be.

    A message without a placeholder matches a text only if it is that text: looked up, not
    matched. One with placeholders only a text that starts with its words before the first:
    kept under their first character ("" when it starts with a placeholder, tried on every
    text). The answer is the patterns' own, each text against each pattern; trying all 1,500
    patterns on every text of a page was half the page check's time.
    """
    whole: dict[str, list[str]] = {}
    by_start: dict[str, list[tuple[str, str, re.Pattern[str]]]] = {}
    for english, pattern in english_patterns(language):
        parts = PLACEHOLDER.split(" ".join(english.replace("%%", "%").split()))
        if len(parts) == 1:
            whole.setdefault(parts[0], []).append(english)
        else:
            by_start.setdefault(parts[0][:1], []).append((english, parts[0], pattern))
    return whole, by_start


@functools.cache
def _own_words(language: str) -> frozenset[str]:
    """The texts the catalogue gives as the language's own (its translations), whitespace made single."""
    return frozenset(" ".join(text.split()) for e in catalogue(language) for text in e.translations)


def english_left(html: str, language: str) -> list[str]:
    """The texts of a page that are a catalogue's English message (whole, not part of a name)."""
    whole, by_start = _english_index(language)
    own = _own_words(language)
    texts = page_texts(html)
    pieces = {piece.strip(" .,:;·()") for text in texts for piece in re.split(r"\s[·:]\s|: ", text)}
    found: set[str] = set()
    for text in (pieces | set(texts)) - own:  # the language's own word ("Round robin" in French) is none
        found.update(whole.get(text, ()))
        for english, start, pattern in (*by_start.get(text[:1], ()), *by_start.get("", ())):
            if text.startswith(start) and pattern.fullmatch(text):
                found.add(english)
    return sorted(found)


def test_the_check_finds_english_on_an_english_page():
    html = '<p title="Previous and next board">Board 3</p><p>No results yet.</p><script>"Pass"</script>'
    found = english_left(html, "fr")
    assert {"Board %(number)s", "No results yet.", "Previous and next board"} <= set(found)
    assert "Pass" not in found and "%(counter)s board" not in found
    # A text that is the language's own translation ("Round robin" in French) is not the
    # English "Round %(number)s" it happens to fit.
    assert "Round %(number)s" in english_left("<p>Round robin</p><p>Round 2</p>", "fr")
    assert english_left("<p>Round robin</p>", "fr") == []
    assert english_left(html.replace("Board 3", "Donne 3"), "fr") == [
        "No results yet.",
        "Previous and next board",
    ]


@pytest.fixture
def finished_session(mitchell_session):
    """The Mitchell fixture with results on every board (a played, a doubled, a passed-out one),
    one adjusted score, then finished so that its boards are published."""
    from tournaments.night.services.movement import session_finish
    from tournaments.night.services.results import ResultEntry, result_record

    def pair(direction: str, number: int):
        return mitchell_session.pairs.get(direction=direction, number=number)

    played = [
        (1, 1, 1, "3NT", "W", "9"),
        (1, 2, 2, "4S", "N", "10"),
        (2, 1, 2, "4HX", "E", "8"),
        (3, 3, 3, "Pass", "", ""),
    ]
    # Par on board 1, so that its page says it (issue 45, item 4: "Par: 4♥ by N or S" in French).
    mitchell_session.boards.filter(number=1).update(par_contracts="4HN=, 4HS=", par_score=420)
    for board, ns, ew, contract, declarer, tricks in played:
        result_record(
            board=mitchell_session.boards.get(number=board),
            entry=ResultEntry(
                pair("NS", ns), pair("EW", ew), contract, declarer, tricks, lead="HK" if tricks else ""
            ),
        )
    return session_finish(session=mitchell_session)


def _pages(session) -> list[tuple[str, str]]:
    """The public pages, the table's phone and the director's evening, each as (name, url)."""
    from tests.conftest import seated_mitchell

    board = session.boards.get(number=1)
    result = board.results.first()
    pair = session.pairs.get(direction="NS", number=1)
    playing = seated_mitchell(session.club, name="Tuesday", start=True)
    token = playing.table_accesses.get(table=1).token
    return [
        ("home", reverse("home")),
        ("club", reverse("club", args=[session.club.slug])),
        ("session", reverse("session", args=[session.pk])),
        ("standings", reverse("session_standings", args=[session.pk])),
        ("board", reverse("board", args=[session.pk, 1])),
        ("pair", reverse("pair", args=[session.pk, pair.pk])),
        ("hand records", reverse("hand_records", args=[session.pk])),
        ("table phone", reverse("table_entry", args=[token])),
        ("director home", reverse("director:home")),
        ("director session", reverse("director:session", args=[session.pk])),
        ("director session in play", reverse("director:session", args=[playing.pk])),
        ("director board", reverse("director:board", args=[session.pk, 1])),
        ("traveller desk", reverse("director:board_traveller", args=[playing.pk, 1])),
        ("table round", reverse("director:table_round", args=[playing.pk, 1, 1])),
        ("tables", reverse("director:tables", args=[playing.pk])),
        ("table cards", reverse("director:table_cards", args=[playing.pk])),
        ("pair cards", reverse("director:pair_cards", args=[playing.pk])),
        ("audit", reverse("director:audit", args=[session.pk])),
        ("result edit", reverse("director:result_edit", args=[result.pk])),
        ("pair edit", reverse("director:pair_edit", args=[playing.pk, playing.pairs.first().pk])),
        ("seat many", reverse("director:pairs_many", args=[playing.pk])),
        ("new session", reverse("director:session_new")),
        ("club settings", reverse("director:club_settings", args=[session.club.slug])),
        ("delete session", reverse("director:session_delete", args=[playing.pk])),
        ("finish", reverse("director:state_confirm", args=[playing.pk, "finish"])),
        ("api tokens", reverse("director:api_tokens", args=[session.club.slug])),
        ("roles", reverse("director:club_roles", args=[session.club.slug])),
    ]


@pytest.mark.django_db
def test_the_pages_show_no_english_in_another_language(director_client, finished_session):
    pages = _pages(finished_session)
    english_found = 0
    left: dict[str, dict[str, list[str]]] = {}
    for name, url in pages:
        english = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert english.status_code == 200, name
        english_found += len(english_left(english.content.decode(), "fr"))
        for language in LANGUAGES:
            page = director_client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert page.status_code == 200, (name, language)
            found = english_left(page.content.decode(), language)
            if found:
                left.setdefault(language, {})[name] = found
    assert english_found > 200  # the check reads the pages: in English it finds the catalogue
    report = "\n".join(
        f"{language} {name}: {found}" for language, pages in left.items() for name, found in pages.items()
    )
    assert left == {}, report


# A phone's JSON codes, which its script writes in the page's words (``phone_words``): a board's
# vulnerability ("EW"), its dealer, the session's state and date.
PHONE_CODES = frozenset({"vulnerability", "dealer", "state", "date"})


def _json_texts(value: object) -> list[str]:
    """Every string of a phone's JSON answer that its script shows as it is (not its codes)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key not in PHONE_CODES for text in _json_texts(item)]
    if isinstance(value, list):
        return [text for item in value for text in _json_texts(item)]
    return []


@pytest.mark.django_db
def test_the_phones_screens_show_no_english_in_another_language(client, club):
    """The phone's screens are its script's, drawn from its page's words and from the JSON its
    table's state and a board's traveller answer (issue 45, item 4): between rounds they hold
    the move card and the standings, which are checked here as the pages are."""
    from django.utils.html import escape

    from tests.conftest import seated_mitchell
    from tournaments.core.models import Club
    from tournaments.night.models import TableAccess
    from tournaments.night.selectors.movements import session_movement

    Club.objects.filter(pk=club.pk).update(table_standings=True)
    night = seated_mitchell(club, name="Phones", tables=3, boards_per_round=2, rounds=2, start=True)
    token = TableAccess.objects.get(session=night, table=1).token
    boards = sorted(session_movement(night).encounter(1, 1).boards)
    for board in boards:
        sent = {"key": f"screens-{board}", "round": 1, "board": board, "contract": "4C", "declarer": "N"}
        response = client.post(
            reverse("table_submit", args=[token]),
            data={**sent, "tricks": "10", "lead": ""},
            content_type="application/json",
        )
        assert response.status_code == 201, response.content
    urls = {
        "state": reverse("table_state", args=[token]),
        "traveller": reverse("table_traveller", args=[token, boards[0]]),
    }

    def screens(language: str) -> dict[str, str]:
        client.cookies["django_language"] = language
        shown = {}
        for name, url in urls.items():
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200, (name, language)
            shown[name] = "".join(f"<p>{escape(text)}</p>" for text in _json_texts(response.json()))
        return shown

    english = screens("en")
    assert "no board yet" in english["state"] and english_left(english["state"], "fr")  # the check reads them
    left = {
        (language, name): found
        for language in LANGUAGES
        for name, page in screens(language).items()
        if (found := english_left(page, language))
    }
    assert left == {}
