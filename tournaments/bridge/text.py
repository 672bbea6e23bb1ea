"""Quoting what a user gave in an error message, cut short.

Every parser names the token it refuses, and a refused token can be anything: a 52 MB
line of junk once came back whole in an error page. ``quoted`` gives the token's first
characters and its length instead, so a message stays a line long however long the input.
"""

from __future__ import annotations

QUOTE_LIMIT = 40


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """Return ``repr(text)``, or its first ``limit`` characters and the length when it is longer."""
    if not isinstance(text, str):
        shown = repr(text)
        return shown if len(shown) <= limit else f"{shown[:limit]}..."
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def gettext_noop(message: str) -> str:
    """Mark an English sentence for the catalogues and return it unchanged.

    ``bridge/`` imports no Django: this function has the name ``makemessages`` looks for, so
    the sentences its errors carry land in ``locale/`` while the rules stay pure Python. The
    pages translate them (``tournaments.night.bridge_errors.translated``).
    """
    return message


class Term(str):
    """A word inside a refusal (an argument's name, "tables") that a page translates with it.

    Mark it for the catalogues where it is made: ``Term(gettext_noop("tables"))``.
    """


class WordedError(ValueError):
    """A refusal that carries its English sentence and its parameters apart.

    ``str(error)`` is the English sentence, as every caller has always read it; a page
    translates ``error.template`` and fills in ``error.params`` in its own language.
    A parameter may itself be a ``WordedError`` (a contract's refusal inside a cell's).
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)
