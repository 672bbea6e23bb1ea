"""The rules package's refusals said in the page's language.

``tournaments.bridge`` imports no Django, so its errors (``WordedError``: the notation's,
a contract's, a result's) carry their English sentence, marked for the catalogues with
bridge's own ``gettext_noop``, and their parameters apart. Here the sentence is translated
and filled in: a contract or a seat in the language's letters (``3SA``, ``O``), a nested
refusal translated in its turn. In English the text is ``str(error)``, byte for byte.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext

from tournaments.bridge.calls import Contract
from tournaments.bridge.seats import Seat
from tournaments.bridge.text import Term, WordedError
from tournaments.bridge.words import BridgeWords, words_for


def translated(error: Exception) -> str:
    """``error``'s sentence in the active language; any other error as it is written."""
    if not isinstance(error, WordedError):
        return str(error)
    words = words_for(get_language())
    params = {name: _word(value, words) for name, value in error.params.items()}
    return gettext(error.template) % params if params else gettext(error.template)


def _word(value: object, words: BridgeWords) -> object:
    """A parameter as the page writes it: bridge words in its letters, refusals translated."""
    if isinstance(value, WordedError):
        return translated(value)
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, Contract):
        return words.contract(str(value))
    if isinstance(value, Seat):
        return words.seat(value)
    return value
