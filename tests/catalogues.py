"""The suite's one reader of gettext catalogues (``locale/<language>/LC_MESSAGES/django.po``).

A small parser of our own rather than a library: the tests read four fields of files
gettext writes (``msgfmt --check`` checks the files themselves). A catalogue is read once
a process: the page checks ask for it for every page in every language.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"


@dataclass
class Entry:
    """One message: its English, its translations (one per plural form), its flags, where it is used."""

    msgid: str = ""
    plural: str = ""
    translations: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    refs: list[str] = field(default_factory=list)

    @property
    def msgstr(self) -> str:
        """The translation, a plural's first form ("" while untranslated)."""
        return self.translations[0] if self.translations else ""


def _unquote(line: str) -> str:
    return ast.literal_eval(line.strip())


def _read_line(entry: Entry, line: str, target: str | None) -> str | None:
    """Read one line of an entry into it; return what a following quoted line continues."""
    if line.startswith("#,"):
        entry.flags |= {flag.strip() for flag in line[2:].split(",")}
    elif line.startswith("#:"):
        entry.refs += line[2:].split()
    elif line.startswith("#"):
        pass
    elif line.startswith("msgctxt "):
        return "context"  # read past: the tests compare messages, not their contexts
    elif line.startswith("msgid_plural "):
        entry.plural = _unquote(line[13:])
        return "plural"
    elif line.startswith("msgid "):
        entry.msgid = _unquote(line[6:])
        return "msgid"
    elif line.startswith("msgstr"):
        entry.translations.append(_unquote(line.split(" ", 1)[1]))
        return "msgstr"
    elif line.startswith('"'):
        if target == "msgid":
            entry.msgid += _unquote(line)
        elif target == "plural":
            entry.plural += _unquote(line)
        elif target == "msgstr":
            entry.translations[-1] += _unquote(line)
    return target


def read_catalogue(path: Path) -> list[Entry]:
    """The entries of a ``.po`` file (its header left out), as gettext writes them."""
    entries: list[Entry] = []
    entry, target = Entry(), None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if target is not None:
                entries.append(entry)
            entry, target = Entry(), None
        else:
            target = _read_line(entry, line, target)
    return [entry for entry in entries if entry.msgid]


@functools.cache
def catalogue(language: str) -> tuple[Entry, ...]:
    """The committed catalogue of ``language``, read once."""
    return tuple(read_catalogue(LOCALE / language / "LC_MESSAGES" / "django.po"))
