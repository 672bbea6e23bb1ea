"""Template filters that write bridge as players read it (the rules live in ``tournaments.bridge``).

A suit is shown by its symbol and read aloud by its name: the symbol is hidden from screen
readers (which say "black spade suit", or nothing at all with punctuation off) and a
visually hidden name stands beside it. Red and black tell the suits apart for the eye;
the shape and the spoken name do it for everyone else.
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from tournaments.bridge.par import ParNotationError, par_text

register = template.Library()

SUIT_NAMES = {"\u2660": "spades", "\u2665": "hearts", "\u2666": "diamonds", "\u2663": "clubs"}
RED_SUITS = frozenset({"\u2665", "\u2666"})
# A contract as par_text writes it: level, strain (a suit symbol or NT), doubled, result.
_CONTRACT = re.compile("([1-7])([\u2660\u2665\u2666\u2663]|NT)(xx|x)?")
_DOUBLED = {"": "", "x": " doubled", "xx": " redoubled"}


@register.filter
def suit(symbol: str, css_class: str = "") -> SafeString:
    """Return a suit symbol for the eye (red for hearts and diamonds) with its name for the ear.

    ``{{ line.symbol|suit:"sym" }}`` -> ``<span aria-hidden="true" class="sym red">♥</span>
    <span class="visually-hidden">hearts</span>``; anything that is not a suit (NT) as it is.
    """
    name = SUIT_NAMES.get(symbol)
    if name is None:
        return format_html("{}", symbol)
    classes = " ".join(part for part in (css_class, "red" if symbol in RED_SUITS else "") if part)
    shown = (
        format_html('<span aria-hidden="true" class="{}">{}</span>', classes, symbol)
        if classes
        else (format_html('<span aria-hidden="true">{}</span>', symbol))
    )
    return format_html('{}<span class="visually-hidden">{}</span>', shown, name)


def _spoken(text: str) -> str:
    """Return par text as it is said: ``5♦x−2`` -> ``5 diamonds doubled−2``."""

    def say(contract: re.Match[str]) -> str:
        strain = SUIT_NAMES.get(contract[2], contract[2])
        return f"{contract[1]} {strain}{_DOUBLED[contract[3] or '']}"

    return _CONTRACT.sub(say, text)


@register.filter
def par(board: object) -> SafeString:
    """Return a board's par as a hand record prints it: ``2♥ by E or W, NS −110`` ("" unanalysed).

    The printed form is for the eye; a screen reader hears the suits' names ("2 hearts by
    E or W"). A stored entry the formatter cannot read is shown as stored rather than
    failing the page.
    """
    contracts = getattr(board, "par_contracts", "") or ""
    score = getattr(board, "par_score", None)
    try:
        text = par_text(contracts, score)
    except ParNotationError:
        return format_html("{} (NS {})", contracts, score)
    if not any(symbol in text for symbol in SUIT_NAMES):
        return format_html("{}", text)
    return format_html(
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>', text, _spoken(text)
    )
