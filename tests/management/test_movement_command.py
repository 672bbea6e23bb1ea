"""``manage.py movement individual --tables N --json``: the printed JSON checked by machine.

The checker below reads only the JSON (players, seats, boards), as an outside program
would, and asserts the rules of an individual for every size from 3 to 8 tables.
"""

from __future__ import annotations

import json
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def movement(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def check_individual(data: dict) -> None:
    """Each pair partners at most once, nobody twice in a round, each board once a player and
    the same number of times in all; boards never twice at one table in a round."""
    players = data["players"]
    partners: Counter = Counter()
    played: Counter = Counter()
    for number, rnd in enumerate(data["rounds"], start=1):
        assert rnd["round"] == number
        seated = [t[seat] for t in rnd["tables"] for seat in "NESW"]
        assert len(seated) == len(set(seated)) and set(seated) <= set(range(1, players + 1))
        for t in rnd["tables"]:
            assert len(t["boards"]) == len(set(t["boards"]))
            partners[frozenset((t["N"], t["S"]))] += 1
            partners[frozenset((t["E"], t["W"]))] += 1
            for seat in "NESW":
                for board in t["boards"]:
                    played[(t[seat], board)] += 1
    assert max(partners.values()) == 1
    assert max(played.values()) == 1
    per_board = Counter(board for (_, board) in played.elements())
    assert len(set(per_board.values())) == 1


@pytest.mark.parametrize("tables", range(3, 9))
def test_json_holds_the_rules(tables: int) -> None:
    data = json.loads(movement("individual", "--tables", str(tables), "--json"))
    assert set(data) == {"players", "rounds"} and data["players"] == 4 * tables
    assert all(set(t) == {"table", "N", "E", "S", "W", "boards"} for r in data["rounds"] for t in r["tables"])
    check_individual(data)


def test_three_tables_first_round_exactly() -> None:
    data = json.loads(movement("individual", "--tables", "3", "--json", "--rounds", "1"))
    assert data == {
        "players": 12,
        "rounds": [
            {
                "round": 1,
                "tables": [
                    {"table": 1, "N": 12, "E": 1, "S": 9, "W": 11, "boards": [1, 2]},
                    {"table": 2, "N": 2, "E": 7, "S": 8, "W": 4, "boards": [1, 2]},
                    {"table": 3, "N": 3, "E": 6, "S": 5, "W": 10, "boards": [1, 2]},
                ],
            }
        ],
    }


def test_chart_and_options() -> None:
    text = movement("individual", "--tables", "7", "--boards-per-round", "3", "--rounds", "2")
    assert text.startswith("rainbow individual: 7 tables, 28 players, 2 rounds, 21 boards")
    assert "R1  T1  N  1  E  8  S 15  W 22  boards 1-3" in text


@pytest.mark.parametrize(
    ("args", "word"), [(["--tables", "9"], "tables"), (["--tables", "4", "--rounds", "16"], "rounds")]
)
def test_refusal_names_the_argument(args: list[str], word: str) -> None:
    with pytest.raises(CommandError, match=word):
        movement("individual", *args)


def test_cards_show_each_player_his_seat_and_partner() -> None:
    text = movement("individual", "--tables", "3", "--cards", "--rounds", "1")
    assert text.startswith(
        "Player 1\n  R1  table 1 E  partner 11  opponents  9 (left) 12 (right)  boards 1-2\n"
    )
    assert text.count("Player ") == 12
