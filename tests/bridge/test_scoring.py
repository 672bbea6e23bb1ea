"""Duplicate scoring: the seed's worked examples, every table, and a cross-check against endplay."""

import itertools

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from tournaments.bridge.calls import Contract, Strain
from tournaments.bridge.scoring import contract_score, ns_score, result_tricks, trick_points

# ---- the seed's worked examples --------------------------------------------
#
# The seed's Game(bids, dealer, declarer, tricks, players, flag1, flag2): the declarer is
# North in all three. Its results fix which flag is which: 4S making 11 tricks scores 450
# only non-vulnerable (120 + 30 + 300), and 4S doubled down one scores -200 only when
# vulnerable (the double is the Bid("double") in its list of bids). So the first flag is
# North-South's vulnerability (the declarer's); the second, East-West's, does not count.


@pytest.mark.parametrize(
    "contract, tricks, ns_vulnerable, ew_vulnerable, expected",
    [
        ("3NT", 9, False, False, 400),  # Game([3NT, None], "South", "North", 9, P, False, False)
        ("4S", 11, False, True, 450),  # Game([4S, None], "South", "North", 11, P, False, True)
        ("4SX", 9, True, False, -200),  # Game([4S, double], "South", "North", 9, P, True, False)
    ],
)
def test_seed_worked_examples(contract, tricks, ns_vulnerable, ew_vulnerable, expected):
    assert contract_score(contract, tricks, vulnerable=ns_vulnerable) == expected
    vulnerability = {(False, False): "None", (True, False): "NS", (False, True): "EW"}[
        (ns_vulnerable, ew_vulnerable)
    ]
    assert ns_score(contract, "N", tricks, vulnerability) == expected


@pytest.mark.parametrize(
    "contract, expected",
    [
        ("1S", 30),  # the seed's 1S: 30 trick points
        ("3NTXX", 400),  # the seed's (40 + 30 + 30) * 4
        ("1NT", 40),
        ("2C", 40),
        ("3D", 60),
        ("4H", 120),
        ("5C", 100),
        ("7NT", 220),
        ("2SX", 120),
        ("1CXX", 80),
    ],
)
def test_trick_points_are_per_trick_over_book_times_two_doubled_four_redoubled(contract, expected):
    assert trick_points(contract) == expected


@pytest.mark.parametrize(
    "contract, tricks, vulnerable, expected",
    [
        # part-scores: trick points + 50
        ("1S", 7, False, 80),  # the seed's 1S example: 30 + 50
        ("1C", 7, True, 70),
        ("2NT", 8, False, 120),
        ("4C", 10, False, 130),  # 80 trick points: still a part-score
        # games: 300 non-vulnerable, 500 vulnerable
        ("2NT", 9, False, 150),  # an overtrick does not make a game
        ("3NT", 9, True, 600),
        ("4H", 10, False, 420),
        ("4H", 11, True, 650),
        ("5C", 11, False, 400),
        ("5D", 11, True, 600),
        ("4S", 11, False, 450),  # the seed's overtrick example: 120 + 30 + 300
        # doubled and redoubled: trick points x2 / x4, insult 50 / 100, overtricks by table
        ("1NTX", 7, False, 180),  # 80 + 50 + 50
        ("1NTX", 8, False, 280),  # + a 100 overtrick
        ("1NTX", 8, True, 380),  # 80 + 50 + 50 + a 200 vulnerable overtrick
        ("2SX", 8, False, 470),  # 120 + 300 + 50: doubled into game
        ("2SX", 8, True, 670),
        ("1CXX", 7, False, 230),  # 80 + 50 + 100
        ("1CXX", 8, False, 430),  # + a 200 overtrick
        ("4SXX", 11, True, 1480),  # the seed's vulnerable redoubled overtrick: 480 + 500 + 100 + 400
        ("3NTXX", 9, False, 800),  # the seed's redoubled 3NT: 400 + 300 + 100
        # slams
        ("6NT", 12, False, 990),
        ("6C", 12, True, 1370),
        ("6S", 13, False, 1010),
        ("7NT", 13, True, 2220),
        ("7H", 13, False, 1510),
        ("7SXX", 13, True, 2940),  # 840 + 500 + 1500 + 100
    ],
)
def test_made_contracts(contract, tricks, vulnerable, expected):
    assert contract_score(contract, tricks, vulnerable) == expected


@pytest.mark.parametrize(
    "doubling, vulnerable, expected_by_undertricks",
    [
        ("", False, [-50, -100, -150, -200, -250]),
        ("", True, [-100, -200, -300, -400, -500]),
        ("X", False, [-100, -300, -500, -800, -1100]),
        ("X", True, [-200, -500, -800, -1100, -1400]),
        ("XX", False, [-200, -600, -1000, -1600, -2200]),
        ("XX", True, [-400, -1000, -1600, -2200, -2800]),
    ],
)
def test_undertricks_follow_the_seed_table(doubling, vulnerable, expected_by_undertricks):
    scores = [contract_score(f"7NT{doubling}", 13 - down, vulnerable) for down in range(1, 6)]
    assert scores == expected_by_undertricks


def test_thirteen_undertricks_doubled_vulnerable():
    assert contract_score("7NTX", 0, True) == -(200 + 300 * 12)


@pytest.mark.parametrize("tricks", [-1, 14, 9.0, True, "9", None])
def test_tricks_outside_0_to_13_are_refused(tricks):
    with pytest.raises(ValueError, match="tricks taken"):
        contract_score("3NT", tricks, False)


@pytest.mark.parametrize("vulnerable", ["NS", None, 1])
def test_vulnerable_must_be_true_or_false(vulnerable):
    with pytest.raises(ValueError, match="vulnerable"):
        contract_score("3NT", 9, vulnerable)


@pytest.mark.parametrize("contract", ["8NT", "0C", "3Z", "", "Pass"])
def test_a_bad_contract_is_refused_naming_it(contract):
    with pytest.raises(ValueError, match=repr(contract)):
        contract_score(contract, 9, False)


def test_contract_value_and_text_score_alike():
    assert contract_score(Contract(4, Strain.SPADES, 1), 10, True) == contract_score("4SX", 10, True) == 790


# ---- North-South's point of view -------------------------------------------


@pytest.mark.parametrize(
    "contract, declarer, tricks, vulnerability, expected",
    [
        ("4S", "N", 10, "None", 420),
        ("4S", "S", 10, "NS", 620),
        ("4S", "E", 10, "NS", -420),  # East-West not vulnerable
        ("4S", "W", 10, "EW", -620),
        ("4S", "W", 10, "Both", -620),
        ("3NT", "E", 8, "None", 50),  # East-West down one: North-South gain
        ("3NTX", "S", 8, "Both", -200),
        ("2H", "north", 8, "EW", 110),
    ],
)
def test_ns_score_turns_the_declaring_side_score_into_north_south_view(
    contract, declarer, tricks, vulnerability, expected
):
    assert ns_score(contract, declarer, tricks, vulnerability) == expected


@pytest.mark.parametrize("contract", [None, "Pass", "PASS", "pass", " Pass "])
def test_a_passed_out_board_scores_zero(contract):
    assert ns_score(contract, None, None, "Both") == 0


def test_ns_score_refuses_an_unknown_vulnerability_and_a_missing_declarer():
    with pytest.raises(ValueError, match="vulnerability"):
        ns_score("4S", "N", 10, "All")
    with pytest.raises(ValueError, match="declarer"):
        ns_score("4S", None, 10, "None")


# ---- reading results -------------------------------------------------------


@pytest.mark.parametrize(
    "contract, result, tricks",
    [
        ("4S", "=", 10),
        ("4S", "+1", 11),
        ("4S", "+3", 13),
        ("3NT", "-2", 7),
        ("1NT", "-7", 0),
        ("7NT", "=", 13),
        ("4SX", "10", 10),
        ("4S", "0", 0),
        ("4S", " -1 ", 9),
        (Contract(2, Strain.CLUBS), "+0", 8),
    ],
)
def test_result_tricks_reads_made_over_down_and_bare_counts(contract, result, tricks):
    assert result_tricks(contract, result) == tricks


@pytest.mark.parametrize(
    "contract, result, message",
    [
        ("6S", "+2", "impossible result '\\+2' for 6S: it means 14 tricks"),
        ("1NT", "-8", "impossible result '-8' for 1NT: it means -1 tricks"),
        ("4S", "14", "impossible result '14'"),
        ("7NT", "+1", "impossible"),
        ("4S", "x", "bad result 'x'"),
        ("4S", "", "bad result ''"),
        ("4S", "+", "bad result '\\+'"),
        ("4S", "1-", "bad result '1-'"),
        ("4S", "=1", "bad result '=1'"),
    ],
)
def test_result_tricks_refuses_impossible_or_unreadable_results(contract, result, message):
    with pytest.raises(ValueError, match=message):
        result_tricks(contract, result)


# ---- every contract against endplay ----------------------------------------

_ENDPLAY_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
_ENDPLAY_PENALTY = (Penalty.passed, Penalty.doubled, Penalty.redoubled)


def _endplay_score(level: int, strain: Strain, doubling: int, vulnerable: bool, tricks: int) -> int:
    contract = EndplayContract(
        level=level,
        denom=_ENDPLAY_DENOM[strain],
        declarer=Player.north,
        penalty=_ENDPLAY_PENALTY[doubling],
        result=tricks - (level + 6),
    )
    return contract.score(Vul.ns if vulnerable else Vul.none)


def test_every_contract_result_and_vulnerability_scores_as_endplay_does():
    cases = list(itertools.product(range(1, 8), Strain, range(3), (False, True), range(14)))
    assert len(cases) == 2940
    mismatches = [
        f"{Contract(level, strain, doubling)} {'vul' if vulnerable else 'non-vul'} {tricks} tricks: "
        f"ours {contract_score(Contract(level, strain, doubling), tricks, vulnerable)}, "
        f"endplay {_endplay_score(level, strain, doubling, vulnerable, tricks)}"
        for level, strain, doubling, vulnerable, tricks in cases
        if contract_score(Contract(level, strain, doubling), tricks, vulnerable)
        != _endplay_score(level, strain, doubling, vulnerable, tricks)
    ]
    assert not mismatches, f"{len(mismatches)} of 2940 differ:\n" + "\n".join(mismatches[:20])
