"""The rules the walk checks every figure against, written again from the Laws and SPEC.md.

A plain reimplementation, sharing no code with ``tournaments.bridge``: if the site's
scoring and this page disagree, one of them misread the rules, and the walk says which
figure. Exact arithmetic (``Fraction``) throughout, so a tie is a tie.

- Duplicate scoring (Law 77, the seed ``duplicate-scoring.txt``).
- Matchpoints (SPEC decision 8): 1 a pair beaten, 1/2 a pair tied, among the pairs that
  played the board; percentage = matchpoints x 100 / (results - 1); one result alone 50%.
- Neuberg (EBU/WBF) where a board has fewer real results than the session's largest board
  or holds an artificial adjusted score: mp' = (mp + 1/2) x N / n - 1/2, out of N - 1.
- An artificial adjusted score (Law 12C2) gives each side its percentage outright: Average
  plus 60 (or the pair's mean on its other boards when higher), Average minus 40.
- Cross-IMPs: each result against every other, the WBF scale, the sum divided by the
  comparisons (results - 1).
- Teams (a match is two tables on the same boards, the home team North-South at the first):
  each board's IMPs are the WBF table's for the first table's NS score less the second's;
  an artificial adjusted score at a table (Law 12C2 at IMPs) gives each team +3 for
  Average-plus, -3 for Average-minus, the other table's score set aside; a match's VPs are
  the WBF 20-VP scale's as the Danish Bridge Federation prints it for 4 boards (``WBF_VP_4``).
- Places: best percentage first; equal ones share the first place they span (1=, 1=, 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

VULNERABLE = {  # board number % 16 (0 is 16) -> the vulnerable sides, the standard cycle
    1: "", 2: "NS", 3: "EW", 4: "NSEW", 5: "NS", 6: "EW", 7: "NSEW", 8: "",
    9: "EW", 10: "NSEW", 11: "", 12: "NS", 13: "NSEW", 14: "", 15: "NS", 0: "EW",
}  # fmt: skip
WBF_IMPS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500,
            1750, 2000, 2250, 2500, 3000, 3500, 4000)  # fmt: skip


def vulnerable(board: int, declarer: str) -> bool:
    side = "NS" if declarer in "NS" else "EW"
    return side in VULNERABLE[board % 16]


def declarer_score(level: int, strain: str, doubled: int, tricks: int, vul: bool) -> int:
    """The declaring side's score: ``doubled`` 0, 1 (X) or 2 (XX)."""
    needed = level + 6
    if tricks < needed:
        down = needed - tricks
        if doubled == 0:
            return -(100 if vul else 50) * down
        each = [200, 300, 300] if vul else [100, 200, 200]
        penalty = sum(each[min(k, 2)] if k < 3 or vul else 300 for k in range(down))
        return -penalty * (2 if doubled == 2 else 1)
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    factor = (1, 2, 4)[doubled]
    trick_points = (per * level + (10 if strain == "NT" else 0)) * factor
    score = trick_points + ((500 if vul else 300) if trick_points >= 100 else 50)
    if level == 6:
        score += 750 if vul else 500
    if level == 7:
        score += 1500 if vul else 1000
    score += (0, 50, 100)[doubled]
    over = tricks - needed
    score += over * (per if doubled == 0 else (200 if vul else 100) * doubled)
    return score


@dataclass(frozen=True)
class Played:
    """A result as the walk enters it: ``4S`` by ``N`` taking 10 tricks (``Pass``: passed out)."""

    contract: str
    declarer: str = ""
    tricks: int = 0

    def ns_score(self, board: int) -> int:
        if self.contract.upper() == "PASS":
            return 0
        text = self.contract.upper()
        doubled = 2 if text.endswith("XX") else 1 if text.endswith("X") else 0
        text = text.rstrip("X")
        level, strain = int(text[0]), text[1:]
        score = declarer_score(level, strain, doubled, self.tricks, vulnerable(board, self.declarer))
        return score if self.declarer in "NS" else -score

    def grid_text(self) -> str:
        """As the desk types it in a traveller's cell: 4SN+1, 3NTE-2, P."""
        if self.contract.upper() == "PASS":
            return "P"
        level = int(self.contract[0])
        over = self.tricks - level - 6
        return f"{self.contract}{self.declarer}{'=' if over == 0 else f'{over:+d}'}"


def board_matchpoints(scores: Sequence[int]) -> list[Fraction]:
    """Each score's matchpoints against the others (1 a score beaten, 1/2 a tie)."""
    return [
        sum((Fraction(1) if other < mine else Fraction(1, 2)) for other in scores if other <= mine)
        - Fraction(1, 2)  # the score tied with itself
        for mine in scores
    ]


def scaled_percentages(scores: Sequence[int], full: int) -> list[Fraction]:
    """Each real score's percentage on a board of ``full`` entries (Neuberg when fewer are real)."""
    results = len(scores)
    if full <= 1:
        return [Fraction(50)] * results
    mps = board_matchpoints(scores)
    if results == 1 and full == 1:
        return [Fraction(50)]
    scaled = [(mp + Fraction(1, 2)) * full / results - Fraction(1, 2) for mp in mps]
    return [mp * 100 / (full - 1) for mp in scaled]


def imps(difference: int) -> int:
    size = abs(difference)
    won = sum(1 for bound in WBF_IMPS if size >= bound)
    return won if difference >= 0 else -won


def cross_imps(scores: Sequence[int]) -> list[Fraction]:
    """Each score's cross-IMPs: the sum over the board's other scores, divided by their count."""
    if len(scores) < 2:
        return [Fraction(0)] * len(scores)
    return [
        Fraction(sum(imps(mine - other) for j, other in enumerate(scores) if j != i), len(scores) - 1)
        for i, mine in enumerate(scores)
    ]


def places(figures: Mapping[str, Fraction]) -> dict[str, str]:
    """Each entrant's place by its figure, best first: '1', '2=', '2=', '4'."""
    ordered = sorted(figures.values(), reverse=True)
    counts: dict[Fraction, int] = {}
    for figure in ordered:
        counts[figure] = counts.get(figure, 0) + 1
    return {
        who: f"{ordered.index(figure) + 1}{'=' if counts[figure] > 1 else ''}"
        for who, figure in figures.items()
    }


def mean(values: Iterable[Fraction]) -> Fraction:
    values = list(values)
    return sum(values, Fraction(0)) / len(values)


# The WBF 20-VP continuous scale (2013) for a 4-board match, the winner's VPs by IMP margin
# 0, 1, 2 ... as the Danish Bridge Federation prints it (20.00 from the blitz, 30 IMPs, on).
PRINTED_4 = (
    "10.00 10.61 11.20 11.76 12.29 12.80 13.28 13.74 14.18 14.60 15.00 15.38 15.74 16.09 "
    "16.42 16.73 17.03 17.31 17.59 17.84 18.09 18.33 18.55 18.76 18.97 19.16 19.34 19.52 "
    "19.69 19.85 20.00"
)
WBF_VP_4 = tuple(Fraction(vp) for vp in PRINTED_4.split())


def wbf_vp_4(margin: Fraction) -> Fraction:
    """The home team's VPs of a 4-board match it won by ``margin`` IMPs (lost by, if negative)."""
    size = abs(margin)
    if size != int(size):
        raise ValueError(f"a fractional IMP margin ({margin}) has no printed VPs")
    won = WBF_VP_4[min(int(size), len(WBF_VP_4) - 1)]
    return won if margin >= 0 else 20 - won


Outcome = int | tuple[int, int]  # a table's NS score, or its artificial (NS %, EW %)


def teams_board_imps(first: Outcome | None, second: Outcome | None) -> tuple[Fraction, Fraction]:
    """The home and away teams' IMPs on a board from the match's two tables (none until both are in)."""
    if first is None or second is None:
        return Fraction(0), Fraction(0)
    if isinstance(first, tuple) or isinstance(second, tuple):
        net = 0
        for index, outcome in enumerate((first, second)):
            if isinstance(outcome, tuple):
                home_pct = outcome[0] if index == 0 else outcome[1]  # home sits NS at the first table
                net += 3 if home_pct > 50 else -3 if home_pct < 50 else 0
        return Fraction(max(net, 0)), Fraction(max(-net, 0))
    net = imps(first - second)
    return Fraction(max(net, 0)), Fraction(max(-net, 0))
