"""Par as players read it: suit symbols, declarers joined with "or", the score from NS with a real minus."""

from __future__ import annotations

import random

import pytest

from tournaments.bridge.par import MINUS, ParNotationError, par_text

M = MINUS


@pytest.mark.parametrize(
    ("contracts", "score", "expected"),
    [
        # Each direction, made exactly.
        ("2HE=, 2HW=", -110, f"2\u2665 by E or W, NS {M}110"),
        ("4SN=, 4SS=", 420, "4\u2660 by N or S, NS +420"),
        ("4HS=", 620, "4\u2665 by S, NS +620"),
        ("5CW=", -400, f"5\u2663 by W, NS {M}400"),
        ("1DN=", 70, "1\u2666 by N, NS +70"),
        # Notrump, with overtricks.
        ("3NTE+1, 3NTW+1", -630, f"3NT+1 by E or W, NS {M}630"),
        ("2NTE=, 2NTW=", -120, f"2NT by E or W, NS {M}120"),
        ("7NTN=, 7NTS=", 2220, "7NT by N or S, NS +2220"),
        # Doubled sacrifices, by either side.
        ("5DNx-2, 5DSx-2", -300, f"5\u2666x{M}2 by N or S, NS {M}300"),
        ("4SEx-3, 4SWx-3", 500, f"4\u2660x{M}3 by E or W, NS +500"),
        ("4HSx-1", -100, f"4\u2665x{M}1 by S, NS {M}100"),
        ("2NTNx-1, 2NTSx-1", -100, f"2NTx{M}1 by N or S, NS {M}100"),
        # Several contracts reach par.
        ("1SN+1, 1SS+1, 1HN+1, 1HS+1", 110, "1\u2660+1 or 1\u2665+1 by N or S, NS +110"),
        ("6DE=, 6DW=, 6CE=, 6CW=", -1370, f"6\u2666 or 6\u2663 by E or W, NS {M}1370"),
        ("2NTNx-1, 2NTSx-1, 3DNx-1, 3DSx-1", -100, f"2NTx{M}1 or 3\u2666x{M}1 by N or S, NS {M}100"),
        ("3HN=, 3HS=, 3DS=", 140, "3\u2665 by N or S; 3\u2666 by S, NS +140"),
        # The solver's order of declarers does not matter; a redouble is written as one.
        ("2HW=, 2HE=", -110, f"2\u2665 by E or W, NS {M}110"),
        ("3CNxx=", 640, "3\u2663xx by N, NS +640"),
        # Rows stored in the older spaced notation read the same.
        ("4S N =", 620, "4\u2660 by N, NS +620"),
        ("4SX N -1", -100, f"4\u2660x{M}1 by N, NS {M}100"),
        ("3NT NS", 400, "3NT by N or S, NS +400"),
        # Passed out, and a board with no analysis.
        ("", 0, "Passed out"),
        ("Pass", 0, "Passed out"),
        ("", None, ""),
    ],
)
def test_par_is_written_as_players_expect(contracts, score, expected):
    assert par_text(contracts, score) == expected


@pytest.mark.parametrize("contracts", ["2HQ=", "8SN=", "4S N = 2", "3NTN+x", "4SNxxx="])
def test_an_entry_not_in_the_solvers_notation_is_refused_naming_it(contracts):
    with pytest.raises(ParNotationError, match="par entry"):
        par_text(contracts, 100)


def test_every_par_contract_the_solver_finds_is_said_with_its_declarers():
    """Against endplay's own par list: each contract appears with its declarer, and the score."""
    pytest.importorskip("endplay")
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Player, Vul

    from tournaments.bridge import board_vulnerability
    from tournaments.bridge.deck import deal_from_permutation, random_permutation
    from tournaments.night.analysis import board_analysis

    rng = random.Random(19)
    for board_number in range(1, 13):
        deal = deal_from_permutation(random_permutation(rng))
        stored = board_analysis(deal, board_number)
        said = par_text(stored.par_contracts, stored.par_score)
        vulnerability = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "Both": Vul.both}[
            board_vulnerability(board_number)
        ]
        solved = par(calc_dd_table(Deal(deal.pbn())), vulnerability, Player.north)
        for contract in solved:
            # endplay writes '2♥E=' or '4♠Wx-3': its level and strain open our contract text.
            level_and_strain = str(contract).split(contract.declarer.abbr)[0]
            seats = [part.split(" by ")[1].split(",")[0] for part in said.split("; ")]
            assert any(
                level_and_strain in part and contract.declarer.abbr in seat
                for part, seat in zip(said.split("; "), seats, strict=True)
            ), (str(contract), said)
        score = solved.score
        assert said.endswith(f"NS +{score}" if score > 0 else f"NS {MINUS}{-score}" if score else "NS 0")
