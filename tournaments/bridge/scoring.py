"""Duplicate contract scoring, from the duplicate-scoring seed's tables.

A made contract scores its trick points (doubled x2, redoubled x4), a part-score bonus
of 50 or a game bonus of 300 (500 vulnerable) when the trick points reach 100, 50 or 100
for making a doubled or redoubled contract, the slam bonus, and the overtricks. A
defeated contract scores minus the undertrick penalties. Every amount comes from a small
table below rather than a ladder of cases.

Scores are stored from North-South's point of view (SPEC decision 7); ``ns_score`` turns
the declaring side's score into that, and a passed-out board scores 0.

Results are read as ``=`` (made exactly), ``+1`` (one overtrick), ``-2`` (down two), or a
bare trick count (``10``).
"""

from __future__ import annotations

import re

from tournaments.bridge.calls import Contract, Strain, as_contract
from tournaments.bridge.seats import Seat, is_vulnerable, seat_from
from tournaments.bridge.text import WordedError, gettext_noop, quoted

TOTAL_TRICKS = 13

# Undoubled trick points: (the first trick over book, each later one), by strain.
_TRICK_POINTS = {
    Strain.CLUBS: (20, 20),
    Strain.DIAMONDS: (20, 20),
    Strain.HEARTS: (30, 30),
    Strain.SPADES: (30, 30),
    Strain.NOTRUMP: (40, 30),
}
_TRICK_MULTIPLIER = (1, 2, 4)  # by doubling: undoubled, doubled, redoubled

GAME_TRICK_POINTS = 100
PART_SCORE_BONUS = 50
_GAME_BONUS = {False: 300, True: 500}  # by vulnerability
_INSULT_BONUS = (0, 50, 100)  # by doubling: making a doubled or redoubled contract
_SLAM_BONUS = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}  # by level, vulnerability

# Each doubled or redoubled overtrick, by doubling, then vulnerability; undoubled ones
# score as later tricks of the strain.
_OVERTRICK_POINTS = {1: {False: 100, True: 200}, 2: {False: 200, True: 400}}

# Each undertrick, by vulnerability, then doubling: (the first, the second and third,
# the fourth and later), as the seed's table gives them.
_UNDERTRICK_POINTS = {
    False: ((50, 50, 50), (100, 200, 300), (200, 400, 600)),
    True: ((100, 100, 100), (200, 300, 300), (400, 600, 600)),
}

_PASSED_OUT = "PASS"
# ASCII digits only: \d would read '٩' as 9 tricks.
_RESULT_PATTERN = re.compile(r"(=)|([+-])([0-9]+)|([0-9]+)")
# More digits than any possible trick count: refused before int() reads thousands of them.
_MAX_RESULT_DIGITS = 2


def _check_tricks(tricks: int) -> None:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TOTAL_TRICKS:
        raise ValueError(f"tricks taken must be a whole number 0..{TOTAL_TRICKS}, not {tricks!r}")


def trick_points(contract: Contract | str) -> int:
    """Return the points for the tricks bid and made, doubled or redoubled as the contract is."""
    parsed = as_contract(contract)
    first, later = _TRICK_POINTS[parsed.strain]
    return (first + later * (parsed.level - 1)) * _TRICK_MULTIPLIER[parsed.doubling]


def _overtrick_points(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    if contract.doubling == 0:
        return overtricks * _TRICK_POINTS[contract.strain][1]
    return overtricks * _OVERTRICK_POINTS[contract.doubling][vulnerable]


def _made_score(contract: Contract, overtricks: int, vulnerable: bool) -> int:
    points = trick_points(contract)
    bonus = _GAME_BONUS[vulnerable] if points >= GAME_TRICK_POINTS else PART_SCORE_BONUS
    slam = _SLAM_BONUS.get(contract.level, {}).get(vulnerable, 0)
    insult = _INSULT_BONUS[contract.doubling]
    return points + bonus + slam + insult + _overtrick_points(contract, overtricks, vulnerable)


def undertrick_penalty(undertricks: int, *, doubling: int, vulnerable: bool) -> int:
    """Return the defenders' points (positive) for ``undertricks`` tricks short of the contract."""
    first, second_and_third, fourth_on = _UNDERTRICK_POINTS[vulnerable][doubling]
    return (
        min(undertricks, 1) * first
        + min(max(undertricks - 1, 0), 2) * second_and_third
        + max(undertricks - 3, 0) * fourth_on
    )


def contract_score(contract: Contract | str, tricks: int, vulnerable: bool) -> int:
    """Return the duplicate score for the declaring side: positive when made, negative when down."""
    parsed = as_contract(contract)
    _check_tricks(tricks)
    if not isinstance(vulnerable, bool):
        raise ValueError(f"vulnerable is True or False, not {vulnerable!r}")
    over = tricks - parsed.tricks_needed
    if over >= 0:
        return _made_score(parsed, over, vulnerable)
    return -undertrick_penalty(-over, doubling=parsed.doubling, vulnerable=vulnerable)


def is_passed_out(contract: Contract | str | None) -> bool:
    """Whether ``contract`` stands for a passed-out board (``None`` or ``'Pass'``, any case)."""
    return contract is None or (isinstance(contract, str) and contract.strip().upper() == _PASSED_OUT)


def ns_score(
    contract: Contract | str | None,
    declarer: Seat | str | None,
    tricks: int | None,
    vulnerability: str,
) -> int:
    """Return the score from North-South's point of view (SPEC decision 7).

    ``vulnerability`` is ``'None'``, ``'NS'``, ``'EW'`` or ``'Both'``; a passed-out board
    (``contract`` ``None`` or ``'Pass'``) scores 0 whatever the other arguments.
    """
    if contract is None or is_passed_out(contract):
        return 0
    if declarer is None or tricks is None:
        raise ValueError(f"contract {contract} needs a declarer and the tricks taken")
    seat = seat_from(declarer)
    score = contract_score(contract, tricks, is_vulnerable(vulnerability, seat))
    return score if seat.side == "NS" else -score


def result_tricks(contract: Contract | str, result_text: str) -> int:
    """Return the tricks declarer took for a result written ``=``, ``+1``, ``-2`` or ``10``.

    A result that would mean fewer than 0 or more than 13 tricks is refused, naming it.
    """
    parsed = as_contract(contract)
    text = result_text.strip() if isinstance(result_text, str) else ""
    match = _RESULT_PATTERN.fullmatch(text)
    if match is None:
        raise WordedError(
            gettext_noop("bad result %(text)s: write =, +N, -N or the tricks taken"), text=quoted(result_text)
        )
    made, sign, difference, bare = match.groups()
    if len(bare or difference or "") > _MAX_RESULT_DIGITS:
        raise WordedError(
            gettext_noop("impossible result %(text)s for %(contract)s: a side takes 0..%(total)s tricks"),
            text=quoted(text),
            contract=parsed,
            total=TOTAL_TRICKS,
        )
    if bare is not None:
        tricks = int(bare)
    elif made:
        tricks = parsed.tricks_needed
    else:
        tricks = parsed.tricks_needed + (int(difference) if sign == "+" else -int(difference))
    if not 0 <= tricks <= TOTAL_TRICKS:
        raise WordedError(
            gettext_noop(
                "impossible result %(text)s for %(contract)s: it means %(tricks)s tricks, "
                "but a side takes 0..%(total)s"
            ),
            text=quoted(result_text),
            contract=parsed,
            tricks=tricks,
            total=TOTAL_TRICKS,
        )
    return tricks
