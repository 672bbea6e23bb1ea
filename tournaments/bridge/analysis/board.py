"""One board read for one player: his role, the field, double-dummy, the lead, the re-scored
hypotheticals, the swings and the verdict (decision 0079).

Every figure comes from what is stored; what is not stored is named in ``unknown`` and
left out, never guessed: a board without a deal has no double-dummy, a result without a
lead has no lead cost, an adjusted score has nothing to analyse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from tournaments.bridge.analysis.field import FieldSummary, Played, field_summary, parsed_contract
from tournaments.bridge.analysis.leads import LeadVerdict, lead_verdict
from tournaments.bridge.analysis.rescore import BUTLER, CROSS_IMPS, Scored, rescored, score_for
from tournaments.bridge.analysis.roles import Role, role_of
from tournaments.bridge.analysis.verdicts import Kind, Swings, Verdict, verdict
from tournaments.bridge.scoring import ns_score
from tournaments.bridge.seats import Seat, board_vulnerability, seat_from

# What a reading cannot know, each named on the page.
NO_DEAL = "no_deal"  # the board was not dealt here (or its analysis is still on its way)
ADJUSTED = "adjusted"  # an artificial or assigned score: no contract was played
NO_CONTRACT = "no_contract"  # a bare score from a file: no contract, declarer or tricks
NO_LEAD = "no_lead"  # the lead was not recorded
LEAD_NOT_SOLVED = "lead_not_solved"  # the lead solve is still waiting on the queue
LEAD_NOT_HELD = "lead_not_held"  # the recorded lead is no card the leader held


@dataclass(frozen=True)
class TableResult:
    """One table's result on the board as stored: ``ns_score`` None for an adjusted score."""

    contract: str
    declarer: str
    tricks: int | None
    ns_score: int | None
    lead: str = ""

    @property
    def played(self) -> bool:
        return bool(self.contract) and self.ns_score is not None

    @property
    def passed_out(self) -> bool:
        return self.contract.upper() == "PASS"


@dataclass(frozen=True)
class BoardReading:
    number: int
    side: str
    seat: Seat
    role: Role | None  # None: passed out, adjusted, or no contract
    result: TableResult
    field: FieldSummary
    dd_available: int | None  # the double-dummy tricks of his declarer's seat in the contract's strain
    lead: LeadVerdict | None
    at_double_dummy: Scored | None
    with_field_contract: Scored | None
    with_best_lead: Scored | None
    actual: Scored | None
    swings: Swings
    verdict: Verdict
    unknown: tuple[str, ...] = ()

    @property
    def tricks_against_double_dummy(self) -> int | None:
        """Tricks declarer took less those double-dummy gives him (negative: fewer)."""
        if self.dd_available is None or self.result.tricks is None:
            return None
        return self.result.tricks - self.dd_available


def read_board(
    *,
    number: int,
    results: Sequence[TableResult],
    index: int,
    seat: Seat | str,
    dd_tricks: Mapping[str, Mapping[str, int]] | None,
    lead_tricks: Mapping[str, int] | None,
    method: str,
) -> BoardReading:
    """Read the result at ``index`` of the board's ``results`` for the player in ``seat``.

    ``dd_tricks`` is the deal's double-dummy table (declarer seat -> strain -> tricks), None
    when unknown; ``lead_tricks`` the defence's tricks after each card of his table's
    leader (``leads``), None when not solved.
    """
    mine = seat_from(seat)
    side = mine.side
    result = results[index]
    played = [Played(r.contract, r.declarer, r.tricks) for r in results if r.played]
    summary = field_summary(played)
    unknown: list[str] = []
    if not result.played:
        unknown.append(ADJUSTED if result.ns_score is None else NO_CONTRACT)
    if dd_tricks is None:
        unknown.append(NO_DEAL)
    reading = partial(BoardReading, number=number, side=side, seat=mine, result=result, field=summary)
    if not result.played or result.ns_score is None:
        return reading(
            role=None, dd_available=None, lead=None, at_double_dummy=None, with_field_contract=None,
            with_best_lead=None, actual=None, swings=Swings(None, known=False), verdict=Verdict(Kind.UNKNOWN),
            unknown=tuple(unknown),
        )  # fmt: skip
    scores = [r.ns_score for r in results]
    imps = method in (CROSS_IMPS, BUTLER)
    actual = score_for(scores, index, side, method)
    vulnerability = board_vulnerability(number)

    def scored(ns: int) -> Scored:
        return rescored(scores, index, ns, side, method)

    top = 0 if imps else actual.top
    if result.passed_out:
        role = None
        we_declared: bool | None = None
    else:
        role = role_of(mine, result.declarer)
        we_declared = role.declaring
    if dd_tricks is None:
        return reading(
            role=role, dd_available=None, lead=None, at_double_dummy=None, with_field_contract=None,
            with_best_lead=None, actual=actual, swings=Swings(we_declared, top=top, imps=imps, known=False),
            verdict=Verdict(Kind.UNKNOWN), unknown=tuple(unknown),
        )  # fmt: skip

    # The auction: his table's contract and the field's, each at double-dummy.
    field_contract = summary.most_frequent
    own_at_dd = 0
    dd_available = None
    if not result.passed_out:
        strain = parsed_contract(result.contract).strain.letter
        dd_available = int(dd_tricks[result.declarer][strain])
        own_at_dd = ns_score(parsed_contract(result.contract), result.declarer, dd_available, vulnerability)
    with_field = None
    auction = None
    if field_contract is not None:
        if field_contract.key.bid == "PASS":
            field_ns = 0
        else:
            declarer = field_contract.declarers[0]
            field_tricks = int(dd_tricks[declarer][field_contract.key.strain])
            field_ns = ns_score(
                parsed_contract(field_contract.key.bid), declarer, field_tricks, vulnerability
            )
        with_field = scored(field_ns)
        auction = with_field.points - scored(own_at_dd).points

    # The lead and the play, for a contract played.
    lead = None
    with_lead = None
    lead_swing = None
    play_swing = None
    at_dd = None
    if not result.passed_out:
        assert dd_available is not None and result.tricks is not None
        at_dd = scored(own_at_dd)
        after_lead = dd_available
        if not result.lead:
            unknown.append(NO_LEAD)
        elif lead_tricks is None:
            unknown.append(LEAD_NOT_SOLVED)
        else:
            lead = lead_verdict(result.lead, lead_tricks)
            if lead is None:
                unknown.append(LEAD_NOT_HELD)
        if lead is not None:
            after_lead = 13 - lead.tricks
            best_tricks = result.tricks - lead.cost  # declarer, had the defence found a best lead
            best_ns = ns_score(
                parsed_contract(result.contract), result.declarer, max(best_tricks, 0), vulnerability
            )
            with_lead = scored(best_ns)
            lead_swing = with_lead.points - actual.points
        play_ns = ns_score(parsed_contract(result.contract), result.declarer, after_lead, vulnerability)
        play_swing = scored(play_ns).points - actual.points
    swings = Swings(we_declared, auction=auction, lead=lead_swing, play=play_swing, top=top, imps=imps)
    return reading(
        role=role, dd_available=dd_available, lead=lead, at_double_dummy=at_dd,
        with_field_contract=with_field, with_best_lead=with_lead, actual=actual, swings=swings,
        verdict=verdict(swings), unknown=tuple(unknown),
    )  # fmt: skip
