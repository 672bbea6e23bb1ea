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
from django.utils.translation import get_language, gettext, gettext_noop, pgettext

from tournaments.bridge.par import ParNotationError, ParWords, par_text
from tournaments.bridge.words import words_for
from tournaments.night.models.boards import assigned_parts_text

register = template.Library()

# The suits' names said aloud, translated when said.
SUIT_NAMES = {
    "\u2660": gettext_noop("spades"),
    "\u2665": gettext_noop("hearts"),
    "\u2666": gettext_noop("diamonds"),
    "\u2663": gettext_noop("clubs"),
}
RED_SUITS = frozenset({"\u2665", "\u2666"})
# A contract as par_text writes it: level, strain (a suit symbol or the no-trump letters of any
# language: NT, SA, BA), doubled, result.
_CONTRACT = re.compile("([1-7])([\u2660\u2665\u2666\u2663]|NT|SA|BA)(xx|x)?")


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
    return format_html('{}<span class="visually-hidden">{}</span>', shown, gettext(name))


def _spoken(text: str) -> str:
    """Return par text as it is said: ``5♦x−2`` -> ``5 diamonds doubled−2``."""

    def say(contract: re.Match[str]) -> str:
        words = words_for(get_language())
        strain = gettext(SUIT_NAMES[contract[2]]) if contract[2] in SUIT_NAMES else words.no_trump
        doubled = {"": "", "x": f" {words.doubled}", "xx": f" {words.redoubled}"}[contract[3] or ""]
        return f"{contract[1]} {strain}{doubled}"

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
        text = par_text(contracts, score, par_words())
    except ParNotationError:
        return format_html("{} (NS {})", contracts, score)
    if not any(symbol in text for symbol in SUIT_NAMES):
        return format_html("{}", text)
    return format_html(
        '<span aria-hidden="true">{}</span><span class="visually-hidden">{}</span>', text, _spoken(text)
    )


def par_words() -> ParWords:
    """Par's words in the page's language: ``4♥ par N ou S`` on a French page (issue 45, item 4)."""
    words = words_for(get_language())
    either = pgettext("par: 4♥ by N or S", "or")
    return ParWords(
        by=gettext("%(contracts)s by %(declarers)s"),
        joined=f" {either} ",
        seats=words.seats,
        no_trump=words.no_trump,
        north_south=words.sides[0],
        passed_out=gettext("Passed out"),
    )


@register.filter
def contract(text: object) -> str:
    """A contract in the page's language: ``3NTX`` -> ``3SAX`` in French; "" stays ""."""
    return words_for(get_language()).contract(str(text)) if text else ""


@register.filter
def shown_contract(text: object) -> SafeString:
    """A contract as a traveller shows it, each suit by its symbol for the eye and its name for the
    ear: ``4C`` -> ``4♣`` in every language, ``3NT`` -> ``3SA`` in French (docs/decisions/0068)."""
    shown = words_for(get_language()).shown_contract(str(text)) if text else ""
    for symbol in SUIT_NAMES:
        if symbol in shown:
            before, after = shown.split(symbol, 1)
            return format_html("{}{}{}", before, suit(symbol), after)
    return format_html("{}", shown)


_STORED_LABEL = re.compile(r"(.+) (NS|EW)")


@register.filter
def pair_label(text: object) -> str:
    """A pair's label as the audit log stores it (``A3 EW``, no reader's language) in the page's:
    ``A3 EO`` in French; a Howell's number, or an entry stored in a language before, as it is."""
    value = str(text or "")
    match = _STORED_LABEL.fullmatch(value)
    return f"{match[1]} {words_for(get_language()).side(match[2])}" if match else value


@register.filter
def assigned_text(parts: object) -> str:
    """An assigned score as the audit log stores it (its weighted parts) in the page's language:
    ``30% 4♠ N =, 70% 4♠ N -1``; one stored as text before, as it is."""
    if not isinstance(parts, list):
        return str(parts or "")
    return assigned_parts_text(parts)


@register.filter
def seat(text: object) -> str:
    """A seat's letter in the page's language: ``W`` -> ``O`` in French; anything else as it is."""
    value = str(text or "")
    return words_for(get_language()).seat(value) if value in ("N", "E", "S", "W") else value


@register.filter
def side(text: object) -> str:
    """``NS`` or ``EW`` in the page's language: ``EW`` -> ``EO`` in French, ``OW`` in Dutch."""
    return words_for(get_language()).side(str(text or ""))


@register.filter
def vulnerability(text: object) -> str:
    """A board's vulnerability (``None``, ``NS``, ``EW``, ``All``) in the page's language."""
    return words_for(get_language()).vulnerability(str(text or ""))


# The seats' names as the pages print them (``Seat.full_name``), translated when shown.
SEAT_NAMES = (gettext_noop("North"), gettext_noop("East"), gettext_noop("South"), gettext_noop("West"))


@register.filter
def seat_name(text: object) -> str:
    """A seat's full name (``North``) or letter (``N``) in the page's language: ``Nord``."""
    value = str(text or "")
    if value in ("N", "E", "S", "W"):
        value = SEAT_NAMES["NESW".index(value)]
    return gettext(value) if value in SEAT_NAMES else value
