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
