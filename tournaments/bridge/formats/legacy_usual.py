"""The usual legacy score file's simpscore report, computed a whole board at a time.

A usual file is what clubs' programs and the bench write: ``NUMBER NAMES`` pair lines
(numbers 1..n in any order, names single-spaced), ``SCORES`` alone on its line, then one
line per board of n scores (one space apart, or in columns), scores under 32,768 either
way, at most 255 boards. ``usual_file_report`` gives its report with C-level passes over
whole boards, so that the ``simpscore`` command on 10,000 pairs x 40 boards runs within
twice the time of the seed's program in C (issue 33; docs/scaling.md). Any other file,
including every malformed one, gives None, and ``legacy.parse_score_file`` reads it: it
reads what is unusual (CRLF, blank lines, ``007``) and names what is wrong. The two give
the same report (tests/bridge/formats/test_legacy_usual.py).

The data layout, a board at a time (Python code runs per board and per distinct score,
never per score):

- A board line's tokens are mapped by one dict to one-byte codes, a code per distinct
  score in the file (``----`` is code 0), so a board is a ``bytes`` of n codes.
- The board's codes are counted by deleting one code at a time (``bytes.replace``) and
  its distinct scores matchpointed from the counts: each code's figures, a 256-entry table.
- ``bytes.translate`` maps the codes through a table a byte at a time. The boards played,
  half matchpoints and scores are whole numbers: each board's go into the lanes of one
  big ``int`` (1 or 3 bytes a pair), and adding the boards' ``int``\\ s adds every pair's
  figures at once, exactly. A percentage is a double, added to the pair's sum in board
  order as the seed's C program adds it: its 8 bytes are written into the pair's row of
  doubles, and each row is added by ``sum`` over ``struct.iter_unpack``.
"""

from __future__ import annotations

import codecs
import sys
from functools import reduce
from itertools import repeat
from operator import add, itemgetter, sub, truediv
from struct import iter_unpack

TYPE_CHECKING = False  # typing at run time would cost the command's start ~25 M instructions
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

SCORES_MARK = "SCORES"
PASS = "PASS"
NOT_PLAYED = "----"
REPORT_LINE = "%10d %8.2f %10.1f %10.2f %2d %s"
SINGLE_PAIR_PERCENTAGE = 50.0

# The largest score file read: a 10,000-pair, 40-board file is about 2 MB, and a club's
# real files are a few kilobytes. Uploads and the commands refuse a larger one unread.
MAX_SCORE_FILE_BYTES = 5_000_000

MAX_NUMBER_DIGITS = MAX_SCORE_DIGITS = 9  # as written: the full parser refuses longer

# The lanes' sizes: a board's half matchpoints (at most 2 x 32,767) and its score plus
# _SCORE_OFFSET each fit 16 bits, and their sums over 255 boards a 24-bit lane (3 bytes:
# each byte of a lane costs ~11 instructions a board in int.from_bytes); boards played
# fit a byte lane.
_LANE_BYTES = 3
_MIN_PAIRS = 2  # itemgetter of one item gives the item, not a tuple of one
_MAX_PAIRS = 1 << 15
_MAX_BOARDS = 255
_SCORE_OFFSET = 1 << 15
_CODES = 256  # a byte's
_DOUBLE_BYTES = 8

# Added in order: before Python 3.12 ``sum`` adds floats one after another as C does; from
# 3.12 on it compensates (0.1 ten times makes 1.0), and the rows are added by ``reduce``.
_SUM_ADDS_IN_ORDER = sum([0.1] * 10) != 1.0


def sum_in_order(figures: Iterable[float]) -> float:
    """Add ``figures`` one after another in doubles, as the seed's C program adds them."""
    return reduce(add, figures, 0.0)


def score_value(token: str) -> int | None:
    """Return a board token's score (None for ``----``), or raise ValueError if it is not one.

    A score is a whole number of at most 9 ASCII digits after an optional sign, ``PASS``
    (0) or ``----`` (not played), exactly so written.
    """
    if token == NOT_PLAYED:
        return None
    if token == PASS:
        return 0
    digits = token[1:] if token[:1] in ("+", "-") else token
    if not (digits.isdigit() and digits.isascii() and len(digits) <= MAX_SCORE_DIGITS):
        raise ValueError(token)
    return int(token)


def usual_pair_names(lines: list[str]) -> tuple[int, list[str]] | None:
    """Read a usual file's pair lines with C-level string methods: the SCORES line's index
    and the names in pair-number order, or None.

    Usual: ``SCORES`` exactly, above it only ``NUMBER NAMES`` lines, numbers 1..n in any order
    written plainly (``7``, not ``007``), names single-spaced. Any other file (a blank line,
    CRLF, a bad line) is read line by line by ``legacy``, which gives the same pairs or names
    what is wrong.
    """
    if SCORES_MARK not in lines:
        return None
    scores_index = lines.index(SCORES_MARK)
    try:  # strict: a line that is not a number and names has other than 2 fields
        numbers, names = zip(*map(str.split, lines[:scores_index], repeat(None), repeat(1)), strict=True)
    except ValueError:
        return None
    names_of = dict(zip(numbers, map(str.rstrip, names), strict=True))
    if len(names_of) != scores_index:  # a number listed twice
        return None
    try:  # n different numbers, each of them one of "1".."n": the numbers are 1..n
        ordered = list(map(names_of.__getitem__, map(str, range(1, scores_index + 1))))
    except KeyError:
        return None
    # "|" joins the names without making a double space: each starts and ends with a non-space.
    if not single_spaced("|".join(ordered)):
        return None
    return scores_index, ordered


def single_spaced(names: str) -> bool:
    """True when ``names`` holds no whitespace but single ASCII spaces, nor anything unprintable."""
    return "  " not in names and names.isprintable()


def usual_file_report(data: bytes) -> str | None:
    """Return the simpscore report of a usual file's bytes, or None for any other file."""
    if sys.byteorder != "little":  # the lanes are read back as little-endian machine words
        return None
    try:
        text = data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    pairs = usual_pair_names(lines)
    if pairs is None:
        return None
    scores_index, names = pairs
    board_lines = lines[scores_index + 1 :]
    if board_lines and not board_lines[-1]:  # the newline that ends the last line
        board_lines.pop()
    if not (_MIN_PAIRS <= len(names) <= _MAX_PAIRS and 1 <= len(board_lines) <= _MAX_BOARDS):
        return None
    coded = _coded_boards(board_lines, len(names))
    if coded is None:
        return None
    return report_text(*_session_columns(*coded, len(names)), names)


def report_text(
    total_scores: Sequence[int],
    total_matchpoints: Iterable[float],
    percentage_sums: Iterable[float],
    boards_played: Sequence[int],
    names: Iterable[str],
) -> str:
    """Write the report, a line per pair: total score, average score, total matchpoints,
    average percentage, boards played and names, as ``"%10d %8.2f %10.1f %10.2f %2d %s"``."""
    # A pair that played no board has totals of 0, so dividing them by 1 instead of 0
    # prints the documented 0.00 averages.
    divisors = list(map(max, boards_played, repeat(1)))
    rows = zip(
        total_scores,
        map(truediv, total_scores, divisors),
        total_matchpoints,
        map(truediv, percentage_sums, divisors),
        boards_played,
        names,
        strict=True,
    )
    return "\n".join(map(REPORT_LINE.__mod__, rows)) + "\n"


def _coded_boards(board_lines: list[str], pair_count: int) -> tuple[list[bytes], list[int]] | None:
    """Map each board line to its codes, a byte per pair; also return each code's score.

    None when a line is not ``pair_count`` scores one space apart, or the file's scores are
    too many (256 codes) or too large (16 bits) for the lanes.
    """
    code_of: dict[str, int] = {NOT_PLAYED: 0}
    values = [0]  # code 0, not played, scores nothing
    boards = []
    for line in board_lines:
        tokens = line.split(" ")  # cheaper than split(), and the same tokens when one space apart
        if len(tokens) != pair_count:
            tokens = line.split()  # columns aligned with spaces, tabs
            if len(tokens) != pair_count:
                return None
        try:
            codes = itemgetter(*tokens)(code_of)
        except KeyError:  # the line has scores not met before: give them codes, then map it
            if not _add_codes(set(tokens).difference(code_of), code_of, values):
                return None
            codes = itemgetter(*tokens)(code_of)
        boards.append(bytes(codes))
    return boards, values


def _add_codes(tokens: Iterable[str], code_of: dict[str, int], values: list[int]) -> bool:
    """Give each token its score's code (``+50`` and ``50`` share one); False if one cannot have one."""
    code_of_value = {value: code for code, value in enumerate(values) if code}
    for token in tokens:
        try:
            value = score_value(token)
        except ValueError:
            return False
        if value is None or abs(value) >= _SCORE_OFFSET:  # ---- has its code from the start
            return False
        if value not in code_of_value:
            code_of_value[value] = len(values)
            values.append(value)
        code_of[token] = code_of_value[value]
    return len(values) <= _CODES


def code_counts(codes: bytes) -> dict[int, int]:
    """Count each code of a board: deleting one code at a time, each pass over what is left."""
    counts = {}
    rest = codes
    while rest:
        left = rest.replace(rest[:1], b"")
        counts[rest[0]] = len(rest) - len(left)
        rest = left
    return counts


def _session_columns(
    boards: list[bytes], values: list[int], pair_count: int
) -> tuple[list[int], list[float], list[float], list[int]]:
    """Return every pair's total score, total matchpoints, sum of percentages and boards played."""
    board_count = len(boards)
    played_plane = bytes(_CODES).replace(b"\0", b"\1", len(values)).replace(b"\1", b"\0", 1)
    score_planes = _short_planes({code: value + _SCORE_OFFSET for code, value in enumerate(values)})
    played = halves = scores = 0
    lanes = bytearray(_LANE_BYTES * pair_count)
    # Pair p's row of percentages, a double a board: doubles p*B .. p*B+B-1 for B boards.
    rows = bytearray(_DOUBLE_BYTES * pair_count * board_count)
    row_bytes = _DOUBLE_BYTES * board_count
    for board, codes in enumerate(boards):
        half_planes, percentage_planes = _board_planes(codes, values)
        played += int.from_bytes(codes.translate(played_plane), "little")
        halves += _lanes_number(codes, half_planes, lanes)
        scores += _lanes_number(codes, score_planes, lanes)
        for byte, plane in enumerate(percentage_planes, start=_DOUBLE_BYTES * board):
            rows[byte::row_bytes] = codes.translate(plane)
    return (
        list(map(sub, _lane_values(scores, pair_count), repeat(board_count * _SCORE_OFFSET))),
        list(map(truediv, _lane_values(halves, pair_count), repeat(2))),
        list(map(sum if _SUM_ADDS_IN_ORDER else sum_in_order, iter_unpack(f"{board_count}d", rows))),
        list(played.to_bytes(pair_count, "little")),
    )


def _board_planes(codes: bytes, values: list[int]) -> tuple[list[bytes], list[bytes]]:
    """Matchpoint one board from its codes: return each code's half matchpoints and percentage as planes.

    Twice the matchpoints (2 per pair beaten, 1 per tie) are whole numbers; a percentage is
    ``half * 50 / (played - 1)``, the same double as the seed's ``mp * 100 / (n - 1)``, or
    50 for a board one pair played (as ``matchpoints.percentages``).
    """
    counts = code_counts(codes)
    counts.pop(0, None)  # the pairs that did not play
    played = sum(counts.values())
    halves: dict[int, int] = {}
    percentages: dict[int, float] = {}
    beaten = 0
    for code in sorted(counts, key=values.__getitem__):
        same = counts[code]
        half = halves[code] = 2 * beaten + same - 1
        percentages[code] = SINGLE_PAIR_PERCENTAGE if played == 1 else half * 50 / (played - 1)
        beaten += same
    return _short_planes(halves), _double_planes(percentages)


def _short_planes(number_of: dict[int, int]) -> list[bytes]:
    """Write each code's number as a C unsigned short (zero for the codes not given): 2 planes."""
    table = bytearray(2 * _CODES)
    numbers = memoryview(table).cast("H")
    for code, number in number_of.items():
        numbers[code] = number
    return _planes(table, 2)


def _double_planes(number_of: dict[int, float]) -> list[bytes]:
    """Write each code's number as a C double (zero for the codes not given): 8 planes."""
    table = bytearray(_DOUBLE_BYTES * _CODES)
    numbers = memoryview(table).cast("d")
    for code, number in number_of.items():
        numbers[code] = number
    return _planes(table, _DOUBLE_BYTES)


def _planes(table: bytearray, size: int) -> list[bytes]:
    """Cut a table of numbers of ``size`` bytes, one a code, into planes: plane k holds byte k of
    each code's number, a table for ``bytes.translate``."""
    return [bytes(table[byte::size]) for byte in range(size)]


def _lanes_number(codes: bytes, planes: list[bytes], lanes: bytearray) -> int:
    """Return a board's figures, ``planes`` by code, as one int of 24-bit lanes, a lane a pair."""
    for byte, plane in enumerate(planes):
        lanes[byte::_LANE_BYTES] = codes.translate(plane)
    return int.from_bytes(lanes, "little")


def _lane_values(number: int, pair_count: int) -> list[int]:
    """Return the 24-bit lanes of ``number``, a sum of ``_lanes_number``\\ s: one whole number a pair."""
    lanes = number.to_bytes(_LANE_BYTES * pair_count, "little")
    words = bytearray(4 * pair_count)  # each lane widened to a C unsigned int, to be read as one
    for byte in range(_LANE_BYTES):
        words[byte::4] = lanes[byte::_LANE_BYTES]
    return memoryview(words).cast("I").tolist()
