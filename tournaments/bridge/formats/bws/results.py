"""A Bridgemate file's results (``ReceivedData``), as Bridgemate Control Software keeps them.

BCS only ever adds rows to ``ReceivedData``, each with an ``ID`` that grows:

- **A correction** (the TD's, or the players' own from the score recap) is a new row for
  the same section, table, round and board: the latest row (highest ID) is the result.
- **An erasure** is a row marked ``Erased`` (BCS adds one, or marks the row it erases):
  when the latest row is erased the board has no result at that table until the players
  enter it again, which adds a row after it.
- **Remarks** carry what the Bridgemate enters instead of a contract: ``Not played`` (the
  board was not played at that table), ``60%-40%`` and the like (the TD's artificial
  score, North-South's percentage first), ``Arbitral score`` (an adjustment BCS does not
  spell out) and ``Wrong direction`` (the pairs sat the wrong way round). The last two are
  given to the director rather than guessed.

Only the rows that count are checked for their contract and result, so a mistyped row
the players corrected does not stop the night; a bad row that counts is refused, naming
its table, round, board and ID.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tournaments.bridge.calls import Contract
from tournaments.bridge.formats.bws.tables import Row, Tables, table_rows
from tournaments.bridge.formats.bws.values import BwsResult, Outcome

RECEIVED_COLUMNS = (
    "ID",
    "Section",
    "Table",
    "Round",
    "Board",
    "PairNS",
    "PairEW",
    "NS/EW",
    "Contract",
    "Result",
    "LeadCard",
    "Remarks",
    "Erased",
)
PASSED_OUT = "PASS"
_SEATS = ("N", "E", "S", "W")
_PERCENTAGES = re.compile(r"(\d{1,3})\s*%\s*[-/]\s*(\d{1,3})\s*%")
_RESULT = re.compile(r"=|[+-][0-9]{1,2}")
_NOT_PLAYED = {"not played", "no play", "niet gespeeld"}


def read_results(tables: Tables) -> dict[int, list[BwsResult]]:
    """Each section's results (by section ID), one per table, round and board: the last word on it."""
    latest: dict[tuple[int, int, int, int], Row] = {}
    for row in table_rows(tables, "ReceivedData", RECEIVED_COLUMNS):
        row_id = row.number("ID", 1, 2**31 - 1)
        key = (row.number("Section"), row.number("Table"), row.number("Round", 0), row.number("Board"))
        kept = latest.get(key)
        if kept is None or kept.number("ID", 1, 2**31 - 1) < row_id:
            latest[key] = row
    results: dict[int, list[BwsResult]] = {}
    for (section, *_), row in sorted(latest.items()):
        results.setdefault(section, []).append(_result(row))
    return results


def _result(row: Row) -> BwsResult:
    erased = BwsResult(
        row_id=row.number("ID", 1, 2**31 - 1),
        table=row.number("Table"),
        round=row.number("Round", 0),
        board=row.number("Board"),
        ns_pair=row.number("PairNS", 0),
        ew_pair=row.number("PairEW", 0),
        outcome=Outcome.ERASED,
        remarks=row.text("Remarks"),
    )
    if row.flag("Erased"):
        return erased
    contract = "".join(row.text("Contract").split()).upper()
    outcome = _outcome(erased.remarks, contract)
    if outcome is Outcome.ADJUSTED:
        ns, ew = _percentages(row, erased.remarks)
        return replace(erased, outcome=outcome, ns_percentage=ns, ew_percentage=ew)
    if outcome is not Outcome.PLAYED:
        return replace(erased, outcome=outcome, contract=contract)
    if erased.ns_pair == 0 or erased.ew_pair == 0:
        raise row.refuse("PairNS", "a result needs both pairs' numbers")
    if contract == PASSED_OUT:
        return replace(erased, outcome=outcome, contract=PASSED_OUT)
    parsed = _contract(row, contract)
    declarer = row.text("NS/EW").upper()
    if declarer not in _SEATS:
        raise row.refuse("NS/EW", f"the declarer is N, E, S or W, not {declarer!r}")
    return replace(
        erased,
        outcome=outcome,
        contract=str(parsed),
        declarer=declarer,
        tricks=_tricks(row, parsed),
        lead=row.text("LeadCard"),
    )


def _outcome(remarks: str, contract: str) -> Outcome:
    said = remarks.lower()
    if said in _NOT_PLAYED:
        return Outcome.NOT_PLAYED
    if _PERCENTAGES.fullmatch(remarks):
        return Outcome.ADJUSTED
    if said == "arbitral score":
        return Outcome.ARBITRAL
    if said == "wrong direction":
        return Outcome.WRONG_DIRECTION
    return Outcome.PLAYED if contract else Outcome.NOT_PLAYED


def _percentages(row: Row, remarks: str) -> tuple[int, int]:
    match = _PERCENTAGES.fullmatch(remarks)
    assert match is not None
    ns, ew = int(match.group(1)), int(match.group(2))
    if ns > 100 or ew > 100:
        raise row.refuse("Remarks", f"an adjusted score of {remarks!r} is not two percentages")
    return ns, ew


def _contract(row: Row, text: str) -> Contract:
    # BCS writes '4 S x' and '3 NT xx'; the spaces are gone by now.
    try:
        return Contract.parse(text)
    except ValueError as error:
        raise row.refuse("Contract", str(error)) from None


def _tricks(row: Row, contract: Contract) -> int:
    text = row.text("Result")
    if not _RESULT.fullmatch(text):
        raise row.refuse("Result", f"the result is '=', '+N' or '-N' against the contract, not {text!r}")
    tricks = contract.tricks_needed + (0 if text == "=" else int(text))
    if not 0 <= tricks <= 13:
        raise row.refuse("Result", f"{contract} {text} would be {tricks} tricks")
    return tricks
