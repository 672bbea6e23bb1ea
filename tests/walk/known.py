"""The walk's known failures: each marks exactly one check of the combinations it breaks.

Each entry names the item of issue 45 that explains it (or says it was found by the walk)
and the problems it accounts for (a pattern of their text). The walk's test of the check
then leaves those problems out, so any other problem still fails it; and a test of its own,
marked ``xfail(strict=True)``, asserts they are gone: it turns red the day the fix of that
item is merged, and the lead removes the entry.
"""

from __future__ import annotations

from collections.abc import Callable
import re
from dataclasses import dataclass

from tests.walk.walk import Combination


@dataclass(frozen=True)
class Known:
    """A known failure: the problems of ``check`` matching ``pattern``, in the combinations ``when`` picks."""

    check: str
    when: Callable[[Combination], bool]
    pattern: str
    reason: str

    def matches(self, problem: str) -> bool:
        return re.search(self.pattern, problem) is not None


def other_language(combination: Combination) -> bool:
    return combination.language != "en"


def nights(*names: str) -> Callable[[Combination], bool]:
    """The combinations of these kinds of night, in a language other than English."""
    return lambda c: c.night in names and other_language(c)


# The nights ranked in one field (not a Mitchell's two directions).
ONE_FIELD = ("howell", "barometer")

KNOWN: list[Known] = [
    Known(
        "no English on phones",
        lambda c: c.entry == "phones" and other_language(c),
        r"table %\(table\)d, %\(direction\)s, round %\(round\)d",
        "issue 45 item 4: the phone's move card is English ('table 3, North-South, round 2')",
    ),
    Known(
        "no English on phones",
        lambda c: c.entry == "phones" and other_language(c) and (c.night == "howell" or (c.night in ONE_FIELD and c.handicaps == "on")),
        r"'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        "(night/selectors/public.py and pages.py, StandingsTable(\"Standings\")), on the phones' standings",
    ),
    Known(
        "no English on director pages",
        lambda c: other_language(c) and c.night in ONE_FIELD and c.handicaps == "on",
        r"^(session page|session page after finish|director session): 'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        "(StandingsTable(\"Standings\")), on the director's session page beside the handicapped ones",
    ),
    Known(
        "no English on public pages",
        lambda c: other_language(c) and c.night in ONE_FIELD and c.handicaps == "on",
        r"^session: 'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        "(StandingsTable(\"Standings\")), on the public session page beside the handicapped ones",
    ),
    Known(
        "no English on public pages",
        nights(*ONE_FIELD),
        r"^session: 'Field'",
        "found by the walk: a one-field night's field strength reads 'Field' in English "
        "('Le champ : Field', 'Field : force 50,0'; season/selectors/ratings.py groups ('Field', ...))",
    ),
    Known(
        "no English on director pages",
        nights(*ONE_FIELD),
        r"^director audit: '%\((ns|home)\)s v %\((ew|away)\)s'",
        "found by the walk: the audit log joins the pairs with an untranslated ' v ' "
        "(templates/tournaments/night/director/audit.html: '1 v 2: 2H S 9 levées'); near item 4's audit log",
    ),
    Known(
        "no English on director pages",
        lambda c: c.language in ("fr", "de", "nl") and c.night in ONE_FIELD,
        r"^traveller grid: 'EW'",
        "found by the walk: the desk's traveller grid heads a board vulnerable EW with the English "
        "'EW' ('Donneur E · Vulnérabilité : EW', page.board.vulnerability_text untranslated)",
    ),
]


def known_for(combination: Combination, check: str) -> list[Known]:
    return [known for known in KNOWN if known.check == check and known.when(combination)]
