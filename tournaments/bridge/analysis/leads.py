"""What an opening lead cost against double-dummy, and the best leads (decision 0079).

A lead solve gives, for each card the leader holds, the tricks his side takes when that
card is led and everybody plays double-dummy after it (endplay's ``solve_board``). The
best leads are the cards that give the most; a lead costs the difference.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tournaments.bridge.cards import parse_lead


@dataclass(frozen=True)
class LeadVerdict:
    lead: str  # as the results keep it, suit first: 'SA', 'H10'
    tricks: int  # the defence's double-dummy tricks after it
    best_tricks: int
    best_leads: tuple[str, ...]

    @property
    def cost(self) -> int:
        """Tricks the lead gave away against the best lead (0: a best lead)."""
        return self.best_tricks - self.tricks


def best_leads(tricks_by_card: Mapping[str, int]) -> tuple[str, ...]:
    """The cards that give the defence the most tricks, in suit then rank order as stored."""
    best = max(tricks_by_card.values())
    return tuple(card for card, tricks in tricks_by_card.items() if tricks == best)


def lead_verdict(lead: str, tricks_by_card: Mapping[str, int]) -> LeadVerdict | None:
    """What ``lead`` cost, from the solve of the leader's cards; None if the leader did not hold it.

    A recorded lead the leader does not hold (a card typed wrong) is not judged: the page
    says so instead of inventing a cost.
    """
    card = parse_lead(lead)
    if not card or card not in tricks_by_card:
        return None
    return LeadVerdict(card, tricks_by_card[card], max(tricks_by_card.values()), best_leads(tricks_by_card))
