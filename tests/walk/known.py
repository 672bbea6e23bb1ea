"""The walk's known failures: each marks exactly one check of the combinations it breaks.

Each entry names the item of issue 45 that explains it (or says it was found by the walk)
and the problems it accounts for (a pattern of their text). The walk's test of the check
then leaves those problems out, so any other problem still fails it; and a test of its own,
marked ``xfail(strict=True)``, asserts they are gone: it turns red the day the fix of that
item is merged, and the lead removes the entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
ONE_FIELD = ("howell", "barometer", "individual", "swiss", "imps")


# Those of them scored by matchpoints: an IMP pairs' pages show no field strength, no handicaps.
ONE_FIELD_MP = ("howell", "barometer", "individual", "swiss")


def individual_awarded(c: Combination) -> bool:
    """An individual at a club whose federation's scale awards per place (item 1's 500 at finish)."""
    return c.night == "individual" and c.federation in ("abf", "acbl")


def finishes(c: Combination) -> bool:
    """Whether the walk gets past the finish (and so reaches the public pages and files)."""
    return not individual_awarded(c)


ITEM_1 = "issue 45 item 1: an individual cannot finish in a club with a federation (500, IntegrityError)"

KNOWN: list[Known] = [
    Known("no server error", individual_awarded, r"^finish: .*IntegrityError", ITEM_1),
    Known("reaches the end", individual_awarded, r"^step 'finish': .*IntegrityError", ITEM_1),
    Known("figures", individual_awarded, r"^no figure was checked .*step 'finish'", ITEM_1),
    Known("mail", individual_awarded, r"^the walk did not reach the results mail: step 'finish'", ITEM_1),
    Known(
        "mail",
        lambda c: c.night == "individual" and finishes(c),
        r"^36 results letters for 12 players$",
        "issue 45 item 2: an individual's results mail writes to each partnership (36 letters to 12 players)",
    ),
    Known(
        "figures",
        lambda c: c.night == "individual" and finishes(c),
        r"Walker\d+'s %",
        "found by the walk: the individual standings do not scale a board with an artificial score by "
        "Neuberg as the pairs' standings do (Bob 66.67% where the rules give 64.58%)",
    ),
    Known(
        "no English on phones",
        nights("individual"),
        r"'no board yet'",
        "issue 45 item 4: 'no board yet' is English on the phones",
    ),
    Known(
        "no English on director pages",
        nights("individual"),
        r"^(session page|session page after finish|director session): "
        r"'(%\(title\)s standings|Individual standings)'",
        "found by the walk: an individual's session page links 'Individual standings' in English "
        "(templates/tournaments/night/director/session/pairs.html, public/session.html: not marked)",
    ),
    Known(
        "no English on public pages",
        lambda c: c.night == "individual" and other_language(c) and finishes(c),
        r"^session: '(%\(title\)s standings|Individual standings)'",
        "found by the walk: an individual's public session page links 'Individual standings: each "
        "player's own percentage...' in English (templates/tournaments/night/public/session.html, "
        "not marked)",
    ),
    Known(
        "no English on phones",
        lambda c: c.entry == "phones" and other_language(c) and c.night != "individual",  # its own moves
        r"table %\(table\)d, %\(direction\)s, round %\(round\)d",
        "issue 45 item 4: the phone's move card is English ('table 3, North-South, round 2')",
    ),
    Known(
        "no English on phones",
        lambda c: (
            c.night == "sections" and c.entry == "phones" and c.language in ("fr", "nl", "pl")
        ),  # de: Board
        r"'Board %\((board|number|next|previous)\)[sd]'",
        "issue 45 item 4: the phone's move card is English ('Board 3: take it to table A2', "
        "a round of one board)",
    ),
    Known(
        "no English on director pages",
        lambda c: c.night == "sections" and c.language in ("fr", "nl", "pl"),
        r"^(add pair|session page): ' ?IMPs'",
        "issue 45 item 3: an empty section's standings are headed 'IMPs' on a matchpoint night",
    ),
    Known(
        "no internal numbers",
        lambda c: c.night == "sections" and c.entry == "phones",
        r"^phone state: ",
        "issue 45 item 3: the sections' internal numbers show through on the phones "
        "('NS 101' in the move card)",
    ),
    Known(
        "no internal numbers",
        lambda c: c.night == "sections" and c.boards == "dealt",  # made boards have no PBN
        r"^pbn_download: ",
        "found by the walk: the session's PBN file names the sections' pairs by their internal "
        "numbers (101-104, 201-203), as item 3's pages do",
    ),
    Known(
        "no English on phones",
        lambda c: (
            c.entry == "phones"
            and other_language(c)
            and (
                c.night in ("howell", "individual", "imps") or (c.night in ONE_FIELD and c.handicaps == "on")
            )
        ),
        r"'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        '(night/selectors/public.py and pages.py, StandingsTable("Standings")), on the phones\' standings',
    ),
    Known(
        "no English on director pages",
        lambda c: other_language(c) and c.night in ONE_FIELD_MP and c.handicaps == "on",
        r"^(session page|session page after finish|director session|draw round): 'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        '(StandingsTable("Standings")), on the director\'s session page beside the handicapped ones',
    ),
    Known(
        "no English on public pages",
        lambda c: other_language(c) and c.night in ONE_FIELD_MP and c.handicaps == "on" and finishes(c),
        r"^session: 'Standings'",
        "found by the walk: a one-field night's standings are titled 'Standings' in English "
        '(StandingsTable("Standings")), on the public session page beside the handicapped ones',
    ),
    Known(
        "no English on public pages",
        lambda c: nights(*ONE_FIELD_MP)(c) and finishes(c),
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
