"""The forms of a page as a browser reads them, so the walk posts what a director's browser would.

A form is its action, its method and the values its fields send as they stand (hidden
fields, typed values, the checked boxes, each select's chosen option), which the walk then
fills as a director types. Nothing here knows ClubScore: it reads HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    """One ``<form>``: where it posts and what it sends untouched."""

    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)  # every field's name, sent or not (a box unchecked)
    buttons: list[str] = field(default_factory=list)  # the submit buttons' texts

    def data(self, **typed: str | list[str]) -> dict[str, str | list[str]]:
        """What the form posts with ``typed`` filled in (a name the form lacks is refused: a typo)."""
        unknown = set(typed) - set(self.names)
        assert not unknown, f"the form posting to {self.action} has no field {sorted(unknown)}: {self.names}"
        sent: dict[str, str | list[str]] = {
            name: values if len(values) > 1 else values[0] for name, values in self.fields.items()
        }
        return sent | typed


class _Forms(HTMLParser):
    def __init__(self, url: str) -> None:
        super().__init__(convert_charrefs=True)
        self.url = url
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self._textarea: str | None = None
        self._text: list[str] = []
        self._button: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._form = Form(a.get("action") or self.url, (a.get("method") or "get").lower())
            self.forms.append(self._form)
            return
        form = self._form
        if form is None:
            return
        name = a.get("name", "")
        if tag == "input" and name:
            form.names.append(name)
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "file", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            form.fields.setdefault(name, []).append(a.get("value", "on" if kind == "checkbox" else ""))
        elif tag == "select" and name:
            form.names.append(name)
            self._select, self._select_first, self._select_chosen = name, None, False
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a and not self._select_chosen:
                form.fields[self._select] = [value]
                self._select_chosen = True
        elif tag == "textarea" and name:
            form.names.append(name)
            self._textarea, self._text = name, []
        elif tag == "button":
            self._button = []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)
        if self._button is not None:
            self._button.append(data)

    def handle_endtag(self, tag: str) -> None:
        form = self._form
        if tag == "form":
            self._form = None
        elif form is None:
            return
        elif tag == "select" and self._select is not None:
            if not self._select_chosen and self._select_first is not None:
                form.fields[self._select] = [self._select_first]
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            form.fields[self._textarea] = ["".join(self._text).lstrip("\n")]
            self._textarea = None
        elif tag == "button" and self._button is not None:
            form.buttons.append(" ".join("".join(self._button).split()))
            self._button = None


def page_forms(html: str, url: str) -> list[Form]:
    """Every form of the page, in the page's order (a form without action posts to ``url``)."""
    parser = _Forms(url)
    parser.feed(html)
    return parser.forms


def form_posting_to(html: str, url: str, action: str) -> Form:
    """The page's one form whose action ends with ``action`` (its path): the one a director fills."""
    found = [form for form in page_forms(html, url) if form.action.split("?")[0].endswith(action)]
    assert found, f"{url} has no form posting to {action}: {[f.action for f in page_forms(html, url)]}"
    return found[0]
