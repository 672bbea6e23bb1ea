"""What decided a board, by a rule tree written down in decision 0079 and pinned by a table of
cases (``tests/bridge/analysis/test_verdicts.py``).

Each swing is what one part of the board moved the player's side, in matchpoints (or IMPs)
re-scored against the same field (``rescore``): positive cost him that much, negative
gained it. Three swings are measured:

- the auction: his table's contract at double-dummy against the field's contract at
  double-dummy (``None`` where the field has no contract: fewer than ``field.MIN_TABLES``
  tables bid one, a lone data point is no evidence);
- the lead: the recorded lead against a best lead, both followed by double-dummy play;
- the play: the tricks taken against the double-dummy tricks left after the lead.

The tree, first branch that holds:

1. No double-dummy table for the deal: UNKNOWN (the page says what it cannot know).
2. No swing reaches ``DECISIVE`` (a quarter of the board's top in matchpoints,
   ``DECISIVE_IMPS`` in IMPs; a board of one result has no top): NOTHING special.
3. The largest swing (ties: auction, then lead, then play) names the board:
   - the auction, when his side declared (or his table passed it out): AUCTION;
     when the opponents declared: LUCK (their contract, for or against him);
   - the lead, when his side led: LEAD; the opponents' lead: LUCK (a gift);
   - the play, when his side declared: DECLARER_PLAY if he took fewer than
     double-dummy, LUCK (the defence's gift) if more; when the opponents declared:
     DEFENCE if they took more, LUCK (declarer's gift) if fewer.

A LUCK verdict that gained him points is a *gift*; one that cost him is a *fix*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

DECISIVE_SHARE_OF_TOP = 0.25  # matchpoints: a swing of a quarter of the top decides a board
DECISIVE_IMPS = 2.0  # IMPs: a swing of two IMPs decides a board


class Kind(StrEnum):
    AUCTION = "auction"
    LEAD = "lead"
    DECLARER_PLAY = "declarer_play"
    DEFENCE = "defence"
    LUCK = "luck"
    NOTHING = "nothing"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Swings:
    """What each part of the board moved the player's side (positive: cost him), None: unknown."""

    we_declared: bool | None  # None: passed out at his table
    auction: float | None = None
    lead: float | None = None  # the lead of whichever side led
    play: float | None = None
    top: int = 0  # the board's matchpoint top; 0 for IMPs
    imps: bool = False
    known: bool = True  # False: the deal's double-dummy table is not known


@dataclass(frozen=True)
class Verdict:
    kind: Kind
    points: float = 0.0  # positive: what it cost the player's side; negative: what it gained

    @property
    def gift(self) -> bool:
        return self.kind is Kind.LUCK and self.points < 0

    @property
    def fix(self) -> bool:
        return self.kind is Kind.LUCK and self.points > 0


def decisive(swings: Swings) -> float | None:
    """The smallest swing that decides a board; None where no swing can (a board of one result)."""
    if swings.imps:
        return DECISIVE_IMPS
    if swings.top < 1:
        return None
    return DECISIVE_SHARE_OF_TOP * swings.top


def verdict(swings: Swings) -> Verdict:
    """Name what decided the board for the player's side (the module's rule tree)."""
    if not swings.known:
        return Verdict(Kind.UNKNOWN)
    threshold = decisive(swings)
    candidates = [
        (name, value)
        for name, value in (("auction", swings.auction), ("lead", swings.lead), ("play", swings.play))
        if value is not None and threshold is not None and abs(value) >= threshold
    ]
    if not candidates:
        return Verdict(Kind.NOTHING)
    name, points = max(candidates, key=lambda candidate: abs(candidate[1]))  # max keeps the first of ties
    return Verdict(_kind(name, points, swings.we_declared), points)


def _kind(name: str, points: float, we_declared: bool | None) -> Kind:
    ours = we_declared is not False  # his side declared, or his table passed the board out
    if name == "auction":
        return Kind.AUCTION if ours else Kind.LUCK
    if name == "lead":  # a lead's swing costs the side that led, so it is against him only if he led
        return Kind.LEAD if points > 0 else Kind.LUCK
    if we_declared:
        return Kind.DECLARER_PLAY if points > 0 else Kind.LUCK
    return Kind.DEFENCE if points > 0 else Kind.LUCK
