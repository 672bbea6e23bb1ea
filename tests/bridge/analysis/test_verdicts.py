"""The verdict's rule tree (decision 0079), pinned by a table of cases."""

from __future__ import annotations

import pytest

from tournaments.bridge.analysis.verdicts import DECISIVE_IMPS, DECISIVE_SHARE_OF_TOP, Kind, Swings, verdict

TOP = 8  # nine results: a quarter of the top, 2 matchpoints, decides a board

CASES = [
    # id, swings, kind, points
    ("no double-dummy: unknown", Swings(True, known=False, top=TOP), Kind.UNKNOWN, 0.0),
    (
        "nothing reaches a quarter top",
        Swings(True, auction=1.5, lead=None, play=1.0, top=TOP),
        Kind.NOTHING,
        0.0,
    ),
    ("a lone result has no top: nothing", Swings(True, play=5.0, top=0), Kind.NOTHING, 0.0),
    ("declarer a trick short", Swings(True, auction=0.0, play=3.5, top=TOP), Kind.DECLARER_PLAY, 3.5),
    ("declarer given a trick: the defence's gift", Swings(True, play=-3.0, top=TOP), Kind.LUCK, -3.0),
    ("our contract worse than the field's", Swings(True, auction=5.0, play=2.0, top=TOP), Kind.AUCTION, 5.0),
    ("our contract better than the field's", Swings(True, auction=-4.0, top=TOP), Kind.AUCTION, -4.0),
    ("passed out while the field bid: auction", Swings(None, auction=6.0, top=TOP), Kind.AUCTION, 6.0),
    ("their contract beats the field's: a fix", Swings(False, auction=4.0, top=TOP), Kind.LUCK, 4.0),
    ("our lead cost", Swings(False, lead=3.0, play=1.0, top=TOP), Kind.LEAD, 3.0),
    ("their lead gave us a trick: a gift", Swings(True, lead=-2.5, play=0.0, top=TOP), Kind.LUCK, -2.5),
    ("our defence let it through", Swings(False, lead=0.0, play=4.0, top=TOP), Kind.DEFENCE, 4.0),
    ("their declarer slipped: a gift", Swings(False, play=-2.0, top=TOP), Kind.LUCK, -2.0),
    (
        "ties go to the auction, then the lead",
        Swings(False, auction=3.0, lead=3.0, play=3.0, top=TOP),
        Kind.LUCK,
        3.0,
    ),
    ("lead before play on a tie", Swings(False, lead=3.0, play=3.0, top=TOP), Kind.LEAD, 3.0),
    ("IMPs: two IMPs decide", Swings(True, play=DECISIVE_IMPS, imps=True), Kind.DECLARER_PLAY, 2.0),
    ("IMPs: one IMP does not", Swings(True, play=1.0, imps=True), Kind.NOTHING, 0.0),
]


@pytest.mark.parametrize(
    ("swings", "kind", "points"), [case[1:] for case in CASES], ids=[c[0] for c in CASES]
)
def test_the_rule_tree_names_what_decided_the_board(swings: Swings, kind: Kind, points: float) -> None:
    found = verdict(swings)
    assert (found.kind, found.points) == (kind, points)


def test_a_quarter_of_the_top_is_the_threshold() -> None:
    assert DECISIVE_SHARE_OF_TOP * TOP == 2.0
    assert verdict(Swings(True, play=2.0, top=TOP)).kind is Kind.DECLARER_PLAY
    assert verdict(Swings(True, play=1.99, top=TOP)).kind is Kind.NOTHING


def test_luck_that_gained_is_a_gift_and_luck_that_cost_a_fix() -> None:
    assert verdict(Swings(True, play=-3.0, top=TOP)).gift
    assert verdict(Swings(False, auction=3.0, top=TOP)).fix
