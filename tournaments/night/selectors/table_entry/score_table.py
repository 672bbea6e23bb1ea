"""The score table the table's page scores with, offline too."""

from __future__ import annotations

import functools
from typing import Any

from tournaments.bridge import Contract
from tournaments.bridge.scoring import contract_score

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "X", "XX")


@functools.cache
def _scores(vulnerable: bool) -> list:
    """Declarer's score for every contract and trick count at one vulnerability."""
    return [
        [
            [
                [
                    contract_score(Contract.parse(f"{level}{strain}{doubling}"), tricks, vulnerable)
                    for tricks in range(14)
                ]
                for doubling in DOUBLINGS
            ]
            for strain in STRAINS
        ]
        for level in range(1, 8)
    ]


def score_table_json() -> dict[str, Any]:
    """Declarer's score of every contract, ``scores[vulnerable][level-1][strain][doubling][tricks]``.

    The phone shows the score for the opponents to accept from this table, so it can score
    an entry even while its network is gone; the server scores the entry again from the
    rules package when it arrives (``services.results``), and only that score is stored.
    """
    return {"strains": STRAINS, "doublings": DOUBLINGS, "scores": [_scores(False), _scores(True)]}
