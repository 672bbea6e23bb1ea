"""The compact result notation typed from a paper traveller: ``4SN+1``, ``3NTxE-2``, ``P``, ``A60/40``.

One cell holds the whole outcome of a table: the contract, the declarer and the result
(endplay's and most scorers' travellers write it so), a passed-out board, or an artificial
adjusted score. Nothing here parses a contract, a seat or a result a second time: the cell
is cut into its parts and each part is read by the parser every other entry uses
(``Contract.parse``, ``seat_from``, ``result_tricks``), so the desk's grid, the director's
forms and the phones accept and refuse the same things and say so in the same words.

Forms read (any case, spaces anywhere):

- played: contract, declarer, result: ``4SN+1``, ``4SN=``, ``4SN-2``, ``4SN10`` (the tricks
  taken); ``N`` or ``NT`` for no trump (``3NE=``, ``3NTE=``); the double before or after the
  declarer (``3NTxE-2``, ``3NTEx-2``), ``XX`` redoubled;
- passed out: ``P``, ``PASS``, and the other words of ``PASS_WORDS``;
- artificial adjusted scores (Law 12C2), each side's Average-plus, Average or Average-minus:
  by percentage as USEBIO's ``A6040`` writes them (``A60/40``, ``A6040``, ``A50/50``), which
  must be the club's figures (``AdjustmentPercentages``), or by sign (``A+/A-``, ``A+/A``);
  one sign alone gives both sides the same (``A+``, ``A``, ``A-``).

An assigned (weighted) score has no compact form: the board page gives it.

In another language (``language="fr"``) the cell is read in that language's letters as
well as in English ones (``tournaments.bridge.words``): ``3SAO-1`` on a French page is
``3NTW-1``, ``4SZ+1`` on a Dutch one is ``4SS+1``, ``PASSE`` is a passed-out board.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tournaments.bridge.adjusted import DEFAULT_PERCENTAGES, Adjustment, AdjustmentPercentages, Artificial
from tournaments.bridge.calls import Contract
from tournaments.bridge.scoring import result_tricks
from tournaments.bridge.seats import Seat, seat_from
from tournaments.bridge.text import WordedError, gettext_noop, quoted
from tournaments.bridge.words import ENGLISH, WORDS, BridgeWords, words_for

# The words for a passed-out board, as a director or a file writes them.
PASS_WORDS = ENGLISH.pass_words

# The forms a cell takes, as the messages write them out (for the catalogues).
EXAMPLES = "4SN+1, 3NTXE-2, P or A60/40"


def _played_pattern(words: BridgeWords) -> re.Pattern[str]:
    """The cell cut into its parts, in ``words``' letters and English ones; each part is then
    read by its own parser. ASCII digits only."""
    strains = "|".join(sorted({"NT", re.escape(words.no_trump)}, key=len, reverse=True))
    seats = "".join(sorted(set("NESW") | set(words.seats)))
    return re.compile(
        rf"(?P<level>[0-9]+)(?P<strain>{strains}|[CDHSN])(?P<before>X*)(?P<declarer>[{seats}])(?P<after>X*)(?P<result>.*)"
    )


_PLAYED = {code: _played_pattern(words) for code, words in WORDS.items()}
_CONTRACT_ONLY = re.compile(r"[0-9]+(?:NT|SA|BA|[CDHSN])X*")
_SIDE = r"\+|-|[0-9]{1,3}(?:\.[0-9]{1,2})?"
_ADJUSTED = re.compile(rf"A(?P<ns>{_SIDE})?(?:/A?(?P<ew>{_SIDE}))?")
_ADJUSTED_CODE = re.compile(r"A(?P<ns>[0-9]{2})(?P<ew>[0-9]{2})")  # USEBIO's A6040
_SIGNS = {"+": Adjustment.AVERAGE_PLUS, "": Adjustment.AVERAGE, "-": Adjustment.AVERAGE_MINUS}


class NotationError(WordedError):
    """A cell that is not a result in the compact notation; the message says what to type.

    Its ``template`` and ``params`` let a page say it in its own language."""


@dataclass(frozen=True)
class Played:
    """A contract played: the contract, its declarer and the tricks declarer took."""

    contract: Contract
    declarer: Seat
    tricks: int

    @property
    def result_text(self) -> str:
        """``=``, ``+1`` or ``-2`` against the contract."""
        difference = self.tricks - self.contract.tricks_needed
        return "=" if difference == 0 else f"{difference:+d}"

    def __str__(self) -> str:
        return f"{self.contract}{self.declarer}{self.result_text}"

    def text(self, language: str = "en") -> str:
        """The cell in ``language``'s letters: ``3SAO-1`` in French for ``3NTW-1``."""
        words = words_for(language)
        return f"{words.contract(str(self.contract))}{words.seat(self.declarer)}{self.result_text}"


@dataclass(frozen=True)
class PassedOut:
    """A board all four players passed."""

    def __str__(self) -> str:
        return "P"

    def text(self, language: str = "en") -> str:
        return "P" if words_for(language) is ENGLISH else words_for(language).pass_word


PASSED_OUT = PassedOut()

Outcome = Played | PassedOut | Artificial


def read_outcome(
    text: str, percentages: AdjustmentPercentages = DEFAULT_PERCENTAGES, language: str = "en"
) -> Outcome:
    """Read one traveller cell: a played contract, a passed-out board or an artificial adjusted score.

    ``percentages`` are the club's Average-plus, Average and Average-minus, which an
    adjusted score written by percentage (``A60/40``) must name. ``language`` is the page's:
    its letters are read beside the English ones (``3SAO-1`` in French).
    """
    words = words_for(language)
    cleaned = " ".join(text.split()).upper() if isinstance(text, str) else ""
    if not cleaned:
        raise NotationError(gettext_noop("Type the result, as 4SN+1, 3NTXE-2, P or A60/40."))
    if cleaned in PASS_WORDS or cleaned in words.pass_words:
        return PASSED_OUT
    compact = cleaned.replace(" ", "")
    if compact.startswith("A"):
        return _read_adjusted(text, compact, percentages)
    return _read_played(text, compact, words)


def _read_played(text: str, compact: str, words: BridgeWords = ENGLISH) -> Played:
    match = _PLAYED[words.language].fullmatch(compact)
    if match is None:
        raise _unread(text, compact)
    if match["before"] and match["after"]:
        raise NotationError(
            gettext_noop("%(text)s is doubled twice: write X or XX once, as 3NTXE-2."), text=quoted(text)
        )
    strain = "NT" if match["strain"] == words.no_trump else match["strain"]
    contract_text = match["level"] + strain + match["before"] + match["after"]
    try:
        contract = Contract.parse(contract_text)
        declarer = words.read_seat(match["declarer"]) or seat_from(match["declarer"])
        if not match["result"]:
            raise NotationError(
                gettext_noop(
                    "%(text)s has no result: add =, +1, -2 or the tricks taken, as %(contract)s%(declarer)s=."
                ),
                text=quoted(text),
                contract=contract,
                declarer=declarer,
            )
        tricks = result_tricks(contract, match["result"])
    except NotationError:
        raise
    except ValueError as error:
        reason = error if isinstance(error, WordedError) else str(error)
        raise NotationError(gettext_noop("%(text)s: %(reason)s."), text=quoted(text), reason=reason) from None
    return Played(contract, declarer, tricks)


def _unread(text: str, compact: str) -> NotationError:
    """Say what is missing from a cell that is not a result, as a director would be told it."""
    contract = _CONTRACT_ONLY.match(compact)
    if contract is not None:
        rest = compact[contract.end() :]
        if not rest or rest[0] in "=+-" or rest[0].isdigit():
            example = f"{contract[0]}N{rest or '='}"
            return NotationError(
                gettext_noop(
                    "%(text)s has no declarer: put N, E, S or W after the contract, as %(example)s."
                ),
                text=quoted(text),
                example=example,
            )
    return NotationError(
        gettext_noop(
            "%(text)s is not a result: write the contract, the declarer and the result, "
            "as 4SN+1, 3NTXE-2, P or A60/40."
        ),
        text=quoted(text),
    )


def _read_adjusted(text: str, compact: str, percentages: AdjustmentPercentages) -> Artificial:
    match = _ADJUSTED_CODE.fullmatch(compact) or _ADJUSTED.fullmatch(compact)
    if match is None:
        raise NotationError(
            gettext_noop(
                "%(text)s is not an adjusted score: write each side's percentage or sign, as A60/40 or A+/A-."
            ),
            text=quoted(text),
        )
    ns = _adjustment(match["ns"] or "", text, percentages)
    ew = ns if match["ew"] is None else _adjustment(match["ew"], text, percentages)
    return Artificial(ns, ew)


def _adjustment(side: str, text: str, percentages: AdjustmentPercentages) -> Adjustment:
    """One side's Average-plus, Average or Average-minus, by sign or by the club's percentage."""
    if side in _SIGNS:
        return _SIGNS[side]
    figures = {
        percentages.plus: Adjustment.AVERAGE_PLUS,
        percentages.average: Adjustment.AVERAGE,
        percentages.minus: Adjustment.AVERAGE_MINUS,
    }
    found = figures.get(float(side))
    if found is None:
        raise NotationError(
            gettext_noop(
                "%(text)s: %(side)s%% is not an adjusted score here: Average-plus is %(plus)s%%, "
                "Average %(average)s%%, Average-minus %(minus)s%%."
            ),
            text=quoted(text),
            side=side,
            plus=f"{percentages.plus:g}",
            average=f"{percentages.average:g}",
            minus=f"{percentages.minus:g}",
        )
    return found


def outcome_text(outcome: Outcome, percentages: AdjustmentPercentages = DEFAULT_PERCENTAGES) -> str:
    """Write an outcome as the grid shows it: ``4SXN+1``, ``P``, ``A60/40`` (the club's figures)."""
    if isinstance(outcome, Artificial):
        figures = {
            Adjustment.AVERAGE_PLUS: percentages.plus,
            Adjustment.AVERAGE: percentages.average,
            Adjustment.AVERAGE_MINUS: percentages.minus,
        }
        return f"A{figures[Adjustment(outcome.ns)]:g}/{figures[Adjustment(outcome.ew)]:g}"
    return str(outcome)
