"""What a director enters for a table: a played result, an adjusted or an assigned score.

Plain values the forms build and the ``result_*`` services take; the score is never
typed, it comes from the contract and the tricks (``checks.score_entry``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError

from tournaments.night.models import Pair, Result


@dataclass(frozen=True)
class ResultEntry:
    """What a director types for one table: the pairs, and the contract and its outcome.

    ``result`` is either tricks taken (``'10'``) or a result against the contract
    (``'='``, ``'+1'``, ``'-2'``). A passed-out board has contract ``'Pass'`` and no
    declarer or result.
    """

    ns_pair: Pair
    ew_pair: Pair
    contract: str
    declarer: str = ""
    result: str = ""
    lead: str = ""
    auction: str = ""
    # The director's override of the movement: the board was played out of order (audited).
    out_of_order: bool = False


@dataclass(frozen=True)
class AdjustedEntry:
    """An artificial adjusted score the director gives a table (Law 12C2).

    ``ns_adjustment`` and ``ew_adjustment`` are ``'A+'``, ``'A'`` or ``'A-'``: the same for
    both sides, or split (NS Average-plus, EW Average-minus).
    """

    ns_pair: Pair
    ew_pair: Pair
    ns_adjustment: str
    ew_adjustment: str


class NotInMovementError(ValidationError):
    """The movement does not give this board to these pairs (``checks.check_movement``).

    ``where`` says who plays it instead; the message (the ``ns_pair`` field's) adds how
    the director's form overrides the movement. Another caller, with its own way to say
    "played out of order" (the API's ``out_of_order``), words the override from ``where``.
    """

    FORM_OVERRIDE = "Tick 'played out of order' if it really was played so."

    def __init__(self, where: str) -> None:
        self.where = where
        super().__init__({"ns_pair": f"{where} {self.FORM_OVERRIDE}"})


class ResultGoneError(ValidationError):
    """The result was deleted after it was read and before its session was locked."""

    def __init__(self, result: Result) -> None:
        self.board_id = result.board_id
        super().__init__(f"That result on board {result.board.number} was already deleted.")


@dataclass(frozen=True)
class AssignedPart:
    """One weighted score of an assigned score: a weight (``'30%'``, ``'0.3'``, ``'1/3'``) and a contract."""

    weight: str
    contract: str
    declarer: str = ""
    result: str = ""


@dataclass(frozen=True)
class AssignedEntry:
    """An assigned (weighted) score the director gives a table (Law 12C1c), such as 30% of
    4S= by N and 70% of 4S-1 by N; the weights must add up to exactly 100%."""

    ns_pair: Pair
    ew_pair: Pair
    parts: tuple[AssignedPart, ...]
