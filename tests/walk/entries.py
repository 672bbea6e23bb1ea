"""What the walk enters and how it names a pair, shared by the steps and the nights."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from tests.walk import rules

# A small deck of results the tables bring back, picked by board and table so that the
# same night always plays the same way: made, over and under, doubled, passed out.
RESULTS = (
    rules.Played("4S", "N", 10),
    rules.Played("3NT", "E", 8),
    rules.Played("2H", "S", 9),
    rules.Played("Pass"),
    rules.Played("4HX", "W", 9),
    rules.Played("1NT", "N", 7),
    rules.Played("3C", "W", 10),
    rules.Played("6S", "S", 12),
    rules.Played("2D", "E", 8),
    rules.Played("3NTX", "N", 10),
)

PAIR_IN_LABEL = re.compile(r"([A-Z]?\d+)\s*$")


@dataclass
class Entry:
    """One table's result as the walk entered it, by board and the pairs' keys."""

    board: int
    ns: tuple[str, str]
    ew: tuple[str, str]
    outcome: rules.Played | tuple[int, int]  # a played result, or an artificial (NS %, EW %)
    ns_players: tuple[str, ...] = ()  # an individual's partnerships, by their players' names
    ew_players: tuple[str, ...] = ()

    def ns_score(self) -> int:
        assert isinstance(self.outcome, rules.Played)
        return self.outcome.ns_score(self.board)


def result_for(board: int, seat: int) -> rules.Played:
    return RESULTS[(board * 3 + seat * 7) % len(RESULTS)]


def key_of(label: str, direction: str) -> tuple[str, str]:
    """A pair's key from the label a page or phone shows (``NS 3``, ``paire 3``, ``NS A3``)."""
    found = PAIR_IN_LABEL.search(label.strip())
    assert found, f"no pair number in {label!r}"
    return (direction, found[1])


def read_csv(response) -> list[dict[str, str]]:
    text = response.content.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))
