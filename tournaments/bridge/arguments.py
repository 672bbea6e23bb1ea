"""The arguments of a movement (tables, rounds, boards a round...), checked and refused in words.

Every movement (pairs, individual, rounds, teams) checks its whole-number arguments here, so
a refusal is one sentence of the catalogues, its argument named as a director reads it.
"""

from __future__ import annotations

from tournaments.bridge.text import Term, WordedError, gettext_noop, quoted

# The arguments a movement's refusal names, as a director reads them (the pages translate).
ARGUMENT_NAMES: dict[str, Term] = {
    "tables": Term(gettext_noop("tables")),
    "boards_per_round": Term(gettext_noop("boards a round")),
    "rounds": Term(gettext_noop("rounds")),
    "round": Term(gettext_noop("round")),
    "table": Term(gettext_noop("table")),
    "pairs": Term(gettext_noop("pairs")),
    "player": Term(gettext_noop("player")),
    "arrow_switch_rounds": Term(gettext_noop("the arrow switch's rounds")),
    "matches": Term(gettext_noop("matches")),
    "boards": Term(gettext_noop("boards")),
}


def whole_in_range(
    name: str,
    value: object,
    minimum: int,
    maximum: int | None = None,
    *,
    error: type[WordedError],
) -> int:
    """Return ``value`` if it is a whole number from ``minimum`` (to ``maximum``); else refuse.

    Every movement (pairs, individual, rounds, teams) checks its arguments here, so the
    refusal is one sentence in the catalogues whichever movement a director asked for.
    """

    term = ARGUMENT_NAMES.get(name, Term(name))
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(
            gettext_noop("%(name)s must be a whole number, not %(value)s"), name=term, value=quoted(value)
        )
    if maximum is None and value < minimum:
        raise error(
            gettext_noop("%(name)s must be from %(minimum)d up, not %(value)d"),
            name=term,
            minimum=minimum,
            value=value,
        )
    if maximum is not None and not minimum <= value <= maximum:
        raise error(
            gettext_noop("%(name)s must be from %(minimum)d to %(maximum)d, not %(value)d"),
            name=term,
            minimum=minimum,
            maximum=maximum,
            value=value,
        )
    return value
