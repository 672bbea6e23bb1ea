"""The one stylesheet parses as a whole: an unclosed block silently swallows every rule after it."""

from __future__ import annotations

import re
from pathlib import Path

STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "clubscore.css"


def test_every_block_of_the_stylesheet_is_closed_where_it_should_be():
    text = re.sub(r"/\*.*?\*/", "", STYLESHEET.read_text(), flags=re.S)
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, f"line {number} closes a block that was never opened"
        # Only @media and @page blocks hold rules; deeper than that, a block above is not closed.
        assert depth <= 2, f"line {number} is nested {depth} deep: a block above it is not closed"
    assert depth == 0, "the stylesheet ends inside a block"
