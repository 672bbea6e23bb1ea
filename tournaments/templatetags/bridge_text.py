"""Template filters that write bridge as players read it (the rules live in ``tournaments.bridge``)."""

from __future__ import annotations

from django import template

from tournaments.bridge.par import ParNotationError, par_text

register = template.Library()


@register.filter
def par(board: object) -> str:
    """Return a board's par as a hand record prints it: ``2♥ by E or W, NS −110`` ("" unanalysed).

    A stored entry the formatter cannot read is shown as stored rather than failing the page.
    """
    contracts = getattr(board, "par_contracts", "") or ""
    score = getattr(board, "par_score", None)
    try:
        return par_text(contracts, score)
    except ParNotationError:
        return f"{contracts} (NS {score})"
