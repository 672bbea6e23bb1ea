"""The API's documents: what each read returns and each write takes (pydantic, via django-ninja).

The OpenAPI document at ``/api/v1/openapi.json`` is generated from these; the fuzz test
(tests/api/test_fuzz.py) checks every response against it.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Generic, TypeVar

from ninja import Schema
from pydantic import Field

Item = TypeVar("Item")

MAX_PAGE = 100
MAX_ID = 2**31 - 1  # ids and numbers past it name nothing (and would overflow a database integer)

Id = Annotated[int, Field(ge=1, le=MAX_ID)]

OUT_OF_ORDER = (
    "true: these pairs played this board although the movement does not seat them at it "
    "(audited); without it such an entry is refused (400, field ns_pair)"
)


class Error(Schema):
    """A refusal: what is wrong, and the field it concerns when there is one."""

    detail: str
    field: str | None = None


class Page(Schema, Generic[Item]):
    """One page of a list: ``count`` items in all, these from ``offset``."""

    count: int
    limit: int
    offset: int
    items: list[Item]


class PageQuery(Schema):
    limit: int = Field(50, ge=1, le=MAX_PAGE)
    offset: int = Field(0, ge=0, le=1_000_000)


class ClubOut(Schema):
    slug: str
    name: str
    session_count: int


class SessionSummary(Schema):
    id: int
    club: str
    date: datetime.date
    name: str
    state: str
    movement: str
    scoring: str


class SessionOut(SessionSummary):
    tables: int | None
    rounds: int | None
    boards_per_round: int | None
    pair_count: int
    board_count: int
    boards_published: int
    one_field: bool


class PlayerRef(Schema):
    id: int
    name: str = Field(description="The name, or the initials alone for a player who asked for it")


class PairOut(Schema):
    id: int
    number: int
    direction: str
    label: str
    players: list[PlayerRef]


class IndividualPlayerOut(Schema):
    number: int = Field(description="The player's number in the individual's movement")
    id: int
    name: str = Field(description="The name, or the initials alone for a player who asked for it")


class StandingOut(Schema):
    field: str = Field(description="'NS' or 'EW' in a Mitchell ranked by direction, '' for one field")
    rank: int
    tied: bool
    pair: PairOut | None = Field(
        description="The pair ranked; None in an individual, whose standings rank its players (player)"
    )
    player: IndividualPlayerOut | None = Field(
        None, description="An individual's player, ranked by his own place; None in a pairs session"
    )
    boards_played: int
    matchpoints: float
    percentage: float | None
    imps: float | None
    vps: float | None = Field(None, description="A Swiss pairs' victory points; None otherwise")
    after_round: int | None = Field(
        None,
        description="A barometer's or Swiss pairs' standings count the rounds published: "
        "those complete from round 1 on (all once finished); None for other sessions",
    )


class BoardSummary(Schema):
    number: int
    dealer: str
    vulnerability: str
    dealt: bool
    result_count: int


class HandOut(Schema):
    seat: str
    pbn: str = Field(description="The hand as PBN writes it: spades.hearts.diamonds.clubs")
    hcp: int


class BoardOut(BoardSummary):
    hands: list[HandOut]
    double_dummy: dict[str, dict[str, int]] | None
    par: str


class ResultOut(Schema):
    id: int
    board: int
    ns_pair: PairOut
    ew_pair: PairOut | None
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    ns_score: int | None
    ns_adjustment: str
    ew_adjustment: str
    ns_matchpoints: float | None
    ew_matchpoints: float | None
    ns_percentage: float | None
    ew_percentage: float | None
    ns_imps: float | None
    ew_imps: float | None


class ScorecardRowOut(Schema):
    board: int
    published: bool
    direction: str
    opponents: PairOut | None
    contract: str
    score: int | None
    matchpoints: float | None
    percentage: float | None
    imps: float | None


class PairDetail(PairOut):
    """A pair's totals as its scorecard shows them: no sum of raw scores from different
    boards, which means nothing (issue 24, point 16)."""

    session: int
    boards_played: int
    matchpoints: float
    percentage: float | None
    imps: float | None


class PlayerOut(Schema):
    """A player as the public pages show him (his national number is not public)."""

    id: int
    name: str = Field(description="The name, or the initials alone for a player who asked for it")


class HistoryOut(Schema):
    session: SessionSummary
    pair: PairOut | None = Field(description="The pair he sat in; None in an individual (see number)")
    number: int | None = Field(None, description="His number in an individual; None in a pairs session")
    rank: int | None
    percentage: float | None
    boards_played: int


class ResultIn(Schema):
    """A played result, as a director enters it: the score is worked out, never sent."""

    board: int = Field(ge=1, le=10_000, description="The board's number in the session")
    ns_pair: int = Field(ge=1, le=MAX_ID, description="The North-South pair's id (from .../pairs)")
    ew_pair: int = Field(ge=1, le=MAX_ID, description="The East-West pair's id")
    contract: str = Field(max_length=20, description="4SX, 3NT, or Pass")
    declarer: str = Field("", max_length=1, description="N, E, S or W; empty when passed out")
    result: str = Field("", max_length=3, description="Tricks (10) or against the contract (=, +1, -2)")
    lead: str = Field("", max_length=3)
    out_of_order: bool = Field(False, description=OUT_OF_ORDER)


class CorrectionIn(Schema):
    """A corrected result: the pairs and what was played, the board stays."""

    ns_pair: int = Field(ge=1, le=MAX_ID)
    ew_pair: int = Field(ge=1, le=MAX_ID)
    contract: str = Field(max_length=20)
    declarer: str = Field("", max_length=1)
    result: str = Field("", max_length=3)
    lead: str = Field("", max_length=3)
    out_of_order: bool = Field(False, description=OUT_OF_ORDER)
