"""Say, at the end of a run that walked, how many evenings the walk of every seam covered."""

from __future__ import annotations

import pytest


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: the evenings walked, out of every combination the dimensions make (with xdist
    the workers run the walk, and this line comes from a run without ``-n``)."""
    from tests.walk import test_walk

    if not test_walk._WALKS:
        return
    every = 1
    for values in test_walk.DIMENSIONS.values():
        every *= len(values)
    terminalreporter.write_line(
        f"the walk of every seam: {len(test_walk._WALKS)} of {len(test_walk.COMBINATIONS)} evenings walked "
        f"(pairwise over {every} combinations), {len(test_walk.CHECKS)} checks each"
    )
