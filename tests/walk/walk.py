"""One evening walked as its users walk it, through the pages and the phones' endpoints.

``Walk`` holds the three browsers of an evening (the director's, the tables' phones, the
public's), all speaking the combination's language, and records what the checks judge:
every answer of 500 or more, every public page and export's text (no internal number may
show), the English left on each page, and each figure that differs from the rules'
recomputation. A step that cannot go on (a 500 where the next step needs its answer)
stops the walk and says where; the checks then report what was reached.
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.test import Client
from django.urls import reverse

from tests.test_translations import english_left, page_texts
from tests.walk.forms import Form, form_posting_to


@dataclass(frozen=True)
class Combination:
    """What a club configured for the evening: one value a dimension (``dimensions.DIMENSIONS``)."""

    night: str
    federation: str
    strata: str
    handicaps: str
    boards: str
    entry: str
    language: str

    @property
    def id(self) -> str:
        return "-".join(
            (
                self.night,
                self.federation,
                f"strata_{self.strata}",
                f"hcp_{self.handicaps}",
                self.boards,
                self.entry,
                self.language,
            )
        )


class WalkStopped(Exception):
    """A step met an answer the next steps cannot do without."""


@dataclass
class Walk:
    combination: Combination
    director: Client
    phone: Client
    public: Client
    member: Client | None = None  # a member of the club, signed in by his link (``/me/``)
    session_id: int | None = None
    steps_done: list[str] = field(default_factory=list)
    stopped: str = ""
    server_errors: list[str] = field(default_factory=list)
    public_texts: dict[str, str] = field(default_factory=dict)
    english: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (who, page) -> found
    wrong_figures: list[str] = field(default_factory=list)
    figures_checked: int = 0
    facts: dict[str, Any] = field(default_factory=dict)  # what a night's steps tell its later ones

    @property
    def language(self) -> str:
        return self.combination.language

    # --- Requests ---------------------------------------------------------------------------

    def _answered(self, name: str, method: str, url: str, response) -> None:
        if response.status_code >= 500:
            error = getattr(response, "exc_info", None)
            cause = repr(error[1]) if error else ""
            self.server_errors.append(f"{name}: {method} {url} answered {response.status_code} {cause}")

    def get(self, name: str, url: str, *, who: str = "director", status: int | None = 200, page: bool = True):
        """GET ``url`` as ``who``; a page (HTML) is read for English; the public's is kept for the
        internal numbers' check."""
        client = getattr(self, who)
        response = client.get(url)
        self._answered(name, "GET", url, response)
        if status is not None and response.status_code != status:
            raise WalkStopped(f"{name}: GET {url} answered {response.status_code}, not {status}")
        kind = response.get("Content-Type", "")
        if page and response.status_code == 200 and kind.startswith("text/html"):
            text = response.content.decode()
            self._read_page(name, text, who=who)
        return response

    def post(
        self, name: str, url: str, data: Any, *, who: str = "director", status: int | None = 302, **extra
    ):
        client = getattr(self, who)
        response = client.post(url, data, **extra)
        self._answered(name, "POST", url, response)
        if status is not None and response.status_code != status:
            error = getattr(response, "exc_info", None)
            shown = repr(error[1]) if error else _errors_of(response)
            raise WalkStopped(f"{name}: POST {url} answered {response.status_code}, not {status}: {shown}")
        return response

    def submit(self, name: str, page_url: str, action: str, *, status: int | None = 302, **typed):
        """Open ``page_url``, fill its form posting to ``action`` as typed, and send it."""
        response = self.get(name, page_url)
        form = form_posting_to(response.content.decode(), page_url, action)
        return self.post(name, form.action, form.data(**typed), status=status)

    def form(self, name: str, page_url: str, action: str) -> Form:
        response = self.get(name, page_url)
        return form_posting_to(response.content.decode(), page_url, action)

    def phone_json(self, name: str, url: str, body: dict[str, Any] | None = None, status: int | None = None):
        if body is None:
            response = self.phone.get(url)
        else:
            response = self.phone.post(url, json.dumps(body), content_type="application/json")
        self._answered(name, "GET" if body is None else "POST", url, response)
        if status is not None and response.status_code != status:
            raise WalkStopped(f"{name}: {url} answered {response.status_code}: {response.content[:300]!r}")
        if response.status_code < 500 and response.get("Content-Type", "").startswith("application/json"):
            payload = response.json()
            self._read_phone(name, payload)
            return payload
        return None

    # --- What the checks read ---------------------------------------------------------------

    def _read_page(self, name: str, text: str, *, who: str) -> None:
        if who != "director":
            self._keep_public(name, " | ".join(page_texts(text)))
        if self.language != "en":
            self._english(who, name, text)

    def _english(self, who: str, name: str, text: str) -> None:
        """The English left on a page, each with the text it stands in (to find it by).

        A page read again (a phone's state each round) is checked again only when it changed."""
        seen = self.facts.setdefault("english read", set())
        if (who, name, text) in seen:
            return
        seen.add((who, name, text))
        found = english_left(text, self.language)
        if not found:
            return
        where = [t for t in page_texts(text) if english_left(f"<p>{html.escape(t)}</p>", self.language)]
        shown = [f"{message!r} in {' / '.join(repr(t[:80]) for t in where[:4])}" for message in found]
        kept = self.english.setdefault((who, name), [])
        kept += [line for line in shown if line not in kept]

    def _read_phone(self, name: str, payload: Any) -> None:
        """A phone's JSON: its texts are what the table reads, so they are checked as a page's."""
        texts = list(_strings(payload))
        self._keep_public(name, " | ".join(texts))
        if self.language != "en":
            self._english("phone", name, "".join(f"<p>{html.escape(text)}</p>" for text in texts))

    def _keep_public(self, name: str, text: str) -> None:
        """Keep what the public read under ``name``: every reading (a phone's state each round)."""
        kept = self.public_texts.get(name, "")
        if text not in kept:
            self.public_texts[name] = f"{kept} || {text}" if kept else text

    def keep_export(self, name: str, response) -> None:
        """An export's text (a CSV, a PBN, an XLSX's cells) for the internal numbers' check."""
        kind = response.get("Content-Type", "")
        if "spreadsheetml" in kind:
            from openpyxl import load_workbook

            book = load_workbook(io.BytesIO(response.content), read_only=True)
            cells = [
                str(c) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True) for c in row
            ]
            self._keep_public(name, " | ".join(c for c in cells if c != "None"))
        elif kind.startswith(("text/", "application/xml", "application/json")) or kind.endswith("csv"):
            self._keep_public(name, response.content.decode("utf-8", "replace"))

    def figure(self, what: str, shown: Any, expected: Any, places: int = 2) -> None:
        """One figure the site shows against the rules' recomputation, rounded as shown."""
        self.figures_checked += 1
        if isinstance(expected, str) or expected is None:
            same = str(shown).strip() == ("" if expected is None else expected)
        else:
            try:
                same = abs(float(str(shown).replace(",", ".")) - float(expected)) < 0.5 * 10**-places + 1e-9
            except ValueError:
                same = False
        if not same:
            rendered = expected if isinstance(expected, str) else f"{float(expected):.{places}f}"
            self.wrong_figures.append(f"{what}: shown {shown!r}, the rules give {rendered}")

    # --- The walk ---------------------------------------------------------------------------

    def run(self, steps: list[tuple[str, Callable[[Walk], None]]]) -> Walk:
        for name, step in steps:
            try:
                step(self)
            except WalkStopped as stop:
                self.stopped = f"step {name!r}: {stop}"
                return self
            self.steps_done.append(name)
        return self

    @property
    def session_url(self) -> str:
        return reverse("director:session", args=[self.session_id])


# A phone's JSON fields that are codes its script reads, not texts it shows as they are.
CODES = {"vulnerability", "dealer", "state", "date", "stamp", "version", "key", "token", "seen"}


def _strings(value: Any):
    if isinstance(value, str):
        if value.strip():
            yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            if name not in CODES:
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _errors_of(response) -> str:
    """What a refused form says (its error lists), to name the cause when a post does not pass."""
    text = response.content.decode(errors="replace")
    found = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', text, re.S)
    found += re.findall(r'class="message[^"]*error[^"]*"[^>]*>(.*?)<', text, re.S)
    found += re.findall(r'<div class="card problems"[^>]*>(.*?)</div>', text, re.S)
    found += re.findall(r'<p class="error" role="alert">(.*?)</p>', text, re.S)
    return " / ".join(" ".join(re.sub("<[^>]+>", " ", item).split()) for item in found)[:500] or text[:300]
