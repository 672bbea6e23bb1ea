"""Run the npm ``bridge-scorer`` oracle (``bridge_scorer.js``) from any test: its matchpoints of boards.

Installed and run as every oracle is (``oracle.node``): without Node.js the test asking is
skipped, with it a failed install fails it.
"""

from __future__ import annotations

from pathlib import Path

from tests.bridge.oracle.node import ask_oracle

BRIDGE_SCORER = "bridge-scorer@2.4.0"
SCRIPT = Path(__file__).parent / "bridge_scorer.js"


def oracle_boards(boards: list[list[int]]) -> list[dict]:
    """The library's figures of each board (``mp_ns``, ``mp_ew``: 2 a pair beaten), its NS scores given."""
    return ask_oracle(BRIDGE_SCORER, SCRIPT, {"boards": boards, "differences": []})["boards"]
