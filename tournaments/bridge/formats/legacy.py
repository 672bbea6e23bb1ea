"""The legacy score file: reading it, writing it, and the simpscore report it gives.

The format (seed ``legacy-score-files.txt``): one line per pair, its number then its names,
the pairs in any order; a line holding only ``SCORES``; then one line per board with one
score per pair in pair-number order. ``PASS`` is a score of 0 and ``----`` means the pair
did not play the board (SPEC decision 7)::

       4 Tiger Woods - Phil Mickelson
       2 Gene Simmons - Richard Simmons
       1 Bill Gates - Warren Buffett
       3 Cher - Madonna
    SCORES
    -430 -400 -520 -1100
    -180 -130 -130  PASS
    -100  650  650  ----

Every malformed file is refused with a ``LegacyFormatError`` naming its line (SPEC
decision 10). Decisions where the seed is silent:

- Blank lines (nothing but spaces) may come anywhere before ``SCORES`` and after the last
  board. Between ``SCORES`` and the last board they are refused: boards are numbered by
  their line, so a blank line there would read either as a lost board or as nothing.
- A pair line's names are its words after the number, joined by single spaces (SPEC 9).
  Pair numbers are ASCII digits (``007`` is pair 7); ``0`` is refused, and the numbers
  must be exactly 1..n for n pair lines.
- ``SCORES`` is the word alone on its line, in capitals, spaces around it allowed. A line
  of scores met before it is refused as "no SCORES line before this line of scores".
- A score is a whole number (an optional ``+``/``-`` sign and at most 9 digits),
  ``PASS`` or ``----``, exactly so written; scores are separated by spaces or tabs.
- A file with pairs and ``SCORES`` but no board lines is a valid, empty session, and a
  board that nobody played (all ``----``) is a valid board that changes no one's figures.
- There is no limit on the number of pairs or boards (SPEC 9), but a file is at most
  ``MAX_SCORE_FILE_BYTES`` (5 MB, more than twice a 10,000-pair, 40-board file), checked
  by the upload page and the commands before the file is read.
- Error messages quote a bad token cut short (``quoted``: its first 40 characters and
  its length), so a line of junk never comes back whole.
- Text is UTF-8 (a byte-order mark is allowed); lines end in LF or CRLF. A NUL character
  is refused naming its line and column: no name holds one, and PostgreSQL cannot store it.
- In the report, a pair that played no board prints 0.00 as its average score and its
  percentage, where the seed's C program would divide 0 by 0.
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

from tournaments.bridge.formats.legacy_report import session_report
from tournaments.bridge.formats.legacy_usual import (
    MAX_NUMBER_DIGITS,
    MAX_SCORE_DIGITS,
    NOT_PLAYED,
    PASS,
    SCORES_MARK,
    score_value,
    single_spaced,
    usual_pair_names,
)
from tournaments.bridge.formats.legacy_usual import MAX_SCORE_FILE_BYTES as MAX_SCORE_FILE_BYTES
from tournaments.bridge.formats.legacy_usual import REPORT_LINE as REPORT_LINE
from tournaments.bridge.text import quoted

_DIGITS = re.compile(r"[+-]?[0-9]+")


class LegacyFormatError(ValueError):
    """A score file that is not in the legacy format: ``line`` (1-based) and ``reason`` say where and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class LegacyPair(NamedTuple):
    """A pair line: the pair's number and its names, words joined by single spaces."""

    number: int
    names: str


class ScoreFile(NamedTuple):
    """A whole score file: the pairs in number order (``pairs[k].number == k + 1``) and, for
    each board in file order, one score per pair in pair-number order (None: not played)."""

    pairs: tuple[LegacyPair, ...]
    boards: tuple[tuple[int | None, ...], ...]


def decode_score_file(data: bytes) -> str:
    """Return the text of a score file's bytes, or name the line that is not UTF-8."""
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise LegacyFormatError(line, f"not UTF-8 text (byte {data[error.start]:#04x})") from error


def parse_score_file(text: str) -> ScoreFile:
    """Read a legacy score file, or raise ``LegacyFormatError`` naming the first bad line."""
    _check_no_nul(text)
    lines = text.split("\n")
    if not text.strip():
        raise LegacyFormatError(1, "the file is empty")
    scores_index, pairs = _read_usual_pair_lines(lines) or _read_pair_lines(lines)
    boards = _read_board_lines(lines, scores_index + 1, len(pairs))
    return ScoreFile(pairs=pairs, boards=boards)


def _check_no_nul(text: str) -> None:
    """Refuse a NUL character, naming its line: no name or score holds one, and databases refuse it."""
    position = text.find("\x00")
    if position >= 0:
        line_start = text.rfind("\n", 0, position) + 1
        raise LegacyFormatError(
            text.count("\n", 0, position) + 1,
            f"a NUL character (byte 0x00) at column {position - line_start + 1}: the file is not plain text",
        )


def parse_score_bytes(data: bytes) -> ScoreFile:
    """Read a legacy score file from its bytes (an uploaded or opened file)."""
    return parse_score_file(decode_score_file(data))


def format_score_file(score_file: ScoreFile) -> str:
    """Write a score file in the legacy format: pairs in number order, scores in right-aligned
    columns, ``PASS`` for 0 and ``----`` for not played; names are written normalised.

    Reading the text back gives an equal ``ScoreFile``, and so the same report.
    """
    _check_writable(score_file)
    number_width = len(str(len(score_file.pairs)))
    lines = [f"{pair.number:>{number_width}} {' '.join(pair.names.split())}" for pair in score_file.pairs]
    lines.append(SCORES_MARK)
    tokens = [[_score_token(score) for score in board] for board in score_file.boards]
    width = max((len(token) for board in tokens for token in board), default=0)
    lines.extend(" ".join(token.rjust(width) for token in board) for board in tokens)
    return "\n".join(lines) + "\n"


def simpscore_report(score_file: ScoreFile) -> str:
    """Return the simpscore report, a line per pair in ascending number (SPEC decision 9)."""
    return session_report([pair.names for pair in score_file.pairs], score_file.boards)


def _check_writable(score_file: ScoreFile) -> None:
    """Refuse a hand-built ScoreFile that would not read back as itself."""
    pair_count = len(score_file.pairs)
    if pair_count == 0:
        raise ValueError("a score file needs at least one pair")
    for position, pair in enumerate(score_file.pairs, start=1):
        if pair.number != position:
            raise ValueError(
                f"pairs must be numbered 1 to {pair_count} in order: pair {position} has number {pair.number}"
            )
        if not pair.names.split():
            raise ValueError(f"pair {position} has no names")
    for number, board in enumerate(score_file.boards, start=1):
        if len(board) != pair_count:
            raise ValueError(
                f"board {number} has {len(board)} scores, expected one for each of {pair_count} pairs"
            )
        for score in board:
            if score is not None and (type(score) is not int or len(str(abs(score))) > MAX_SCORE_DIGITS):
                limit = f"a whole number of {MAX_SCORE_DIGITS} digits at most"
                raise ValueError(f"board {number}: {score!r} is not a score, {limit}")


def _score_token(score: int | None) -> str:
    if score is None:
        return NOT_PLAYED
    return PASS if score == 0 else str(score)


def _read_usual_pair_lines(lines: list[str]) -> tuple[int, tuple[LegacyPair, ...]] | None:
    """Read a usual file's pair lines in bulk (``legacy_usual.usual_pair_names``), or return None."""
    usual = usual_pair_names(lines)
    if usual is None:
        return None
    scores_index, names = usual
    return scores_index, tuple(map(LegacyPair, range(1, len(names) + 1), names))


def _read_pair_lines(lines: list[str]) -> tuple[int, tuple[LegacyPair, ...]]:
    """Read the pair lines up to SCORES; return the index of the SCORES line and the pairs."""
    names_of: dict[int, str] = {}
    line_of: dict[int, int] = {}
    for index, line in enumerate(lines):
        # The usual line, checked inline: 10,000 of them must read in a few milliseconds, so
        # the number is split off first and the words are only split when a line is not one.
        number_and_names = line.split(None, 1)
        if len(number_and_names) == 2:
            token, names = number_and_names
            if token.isdigit() and token.isascii() and len(token) <= MAX_NUMBER_DIGITS:
                number = int(token)
                if number and number not in names_of:
                    names = names.rstrip()
                    # Words joined by single spaces; most names already are (a printable
                    # string has no whitespace but the ASCII space).
                    if not single_spaced(names):
                        names = " ".join(names.split())
                    names_of[number] = names
                    line_of[number] = index + 1
                    continue
        words = line.split()
        if not words:
            continue
        if words == [SCORES_MARK]:
            _check_pair_numbers(line_of, index + 1)
            return index, tuple(map(LegacyPair._make, sorted(names_of.items())))
        raise _pair_line_error(words, index + 1, names_of, line_of)
    raise _missing_scores_mark_error(names_of, line_of, _last_line_number(lines))


def _missing_scores_mark_error(
    names_of: dict[int, str], line_of: dict[int, int], line: int, words: list[str] | None = None
) -> LegacyFormatError:
    """Name the first line of scores met before any SCORES line, else ``line``.

    A line of scores that starts with a positive score reads as a pair named with numbers,
    so such pair lines are candidates too, along with ``words``, the line at ``line``.
    """
    score_lines = [line_of[number] for number, names in names_of.items() if _are_scores(names.split())]
    if words is not None and _are_scores(words):
        score_lines.append(line)
    if score_lines:
        return LegacyFormatError(min(score_lines), f"no {SCORES_MARK} line before this line of scores")
    return LegacyFormatError(line, f"no {SCORES_MARK} line after the pair lines")


def _are_scores(words: list[str]) -> bool:
    return bool(words) and all(map(_is_score, words))


def _is_score(token: str) -> bool:
    try:
        score_value(token)
    except ValueError:
        return False
    return True


def _pair_line_error(
    words: list[str], line: int, names_of: dict[int, str], line_of: dict[int, int]
) -> LegacyFormatError:
    """Say what is wrong with a pair line that is not ``NUMBER NAMES`` for a new number."""
    token = words[0]
    if len(words) > 1 and _are_scores(words):
        return _missing_scores_mark_error(names_of, line_of, line, words)
    if not (token.isdigit() and token.isascii()):
        if any(character.isdigit() for character in token):
            return LegacyFormatError(line, f"{quoted(token)} is not a pair number (a whole number from 1 up)")
        return LegacyFormatError(
            line, f"missing pair number: expected 'NUMBER NAMES' or {SCORES_MARK}, found {quoted(token)}"
        )
    if len(token) > MAX_NUMBER_DIGITS:
        # No file has a billion pair lines, and int() refuses thousands of digits.
        return LegacyFormatError(
            line, f"pair number {quoted(token)} is too long (at most {MAX_NUMBER_DIGITS} digits)"
        )
    number = int(token)
    if number == 0:
        return LegacyFormatError(line, "pair number 0: pairs are numbered from 1")
    if number in line_of:
        return LegacyFormatError(line, f"pair {number} is listed twice (first on line {line_of[number]})")
    return LegacyFormatError(line, f"pair {number} has no names")


def _check_pair_numbers(first_line_of: dict[int, int], scores_line: int) -> None:
    """Refuse pair numbers that are not exactly 1..n, naming the first line out of range."""
    count = len(first_line_of)
    if count == 0:
        raise LegacyFormatError(scores_line, f"no pair lines before {SCORES_MARK}")
    out_of_range = [(line, number) for number, line in first_line_of.items() if number > count]
    if out_of_range:
        line, number = min(out_of_range)
        missing = sorted(set(range(1, count + 1)) - first_line_of.keys())
        raise LegacyFormatError(
            line,
            f"pair number {number} is out of range: {count} pairs must be numbered 1 to {count}"
            f" (missing: {_number_ranges(missing)})",
        )


def _number_ranges(numbers: list[int]) -> str:
    """Write sorted numbers briefly: [1, 2, 3, 7] -> '1-3, 7'."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and runs[-1][1] == number - 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(str(low) if low == high else f"{low}-{high}" for low, high in runs)


def _read_board_lines(lines: list[str], start: int, pair_count: int) -> tuple[tuple[int | None, ...], ...]:
    """Read one board per line from ``lines[start:]``, one score per pair."""
    boards: list[tuple[int | None, ...]] = []
    score_of = _ScoreValues()
    blank_line = 0
    for index in range(start, len(lines)):
        line = lines[index]
        tokens = line.split()
        if not tokens:
            blank_line = blank_line or index + 1
            continue
        if blank_line:
            raise LegacyFormatError(
                blank_line, "blank line among the board lines: write ---- for each pair of a board not played"
            )
        boards.append(_read_board_line(line, tokens, score_of, index + 1, len(boards) + 1, pair_count))
    return tuple(boards)


class _ScoreValues(dict[str, int | None]):
    """Each score token met so far in a file and its value, a new token checked when first met.

    Bridge scores repeat, so a file's boards hold a few dozen distinct tokens: a board line is
    mapped through this dict by C-level ``map``, and Python code runs for a new token only.
    """

    def __missing__(self, token: str) -> int | None:
        try:
            score = score_value(token)
        except ValueError:
            raise _NotAScore(token) from None
        self[token] = score
        return score


class _NotAScore(ValueError):
    """A board line's token that is not a score (``args[0]``); the reader names its line and column."""


def _read_board_line(
    line: str, tokens: list[str], score_of: _ScoreValues, line_number: int, board: int, pair_count: int
) -> tuple[int | None, ...]:
    try:
        scores = tuple(map(score_of.__getitem__, tokens))
    except _NotAScore as bad:  # map stops at the line's first bad token
        raise _bad_score_error(line, tokens, bad.args[0], line_number, board) from None
    if len(scores) != pair_count:
        many = "few" if len(scores) < pair_count else "many"
        raise LegacyFormatError(
            line_number,
            f"too {many} scores for board {board}: expected {pair_count} (one per pair), found {len(scores)}",
        )
    return scores


def _bad_score_error(
    line: str, tokens: list[str], bad_token: str, line_number: int, board: int
) -> LegacyFormatError:
    """Name a board line's first token that is not a score, ``bad_token``, with its position and column."""
    index = tokens.index(bad_token)
    column = 0
    for earlier in tokens[:index]:
        column = line.find(earlier, column) + len(earlier)
    token, position, column = tokens[index], index + 1, line.find(tokens[index], column)
    what = (
        "is too long for a score"
        if _DIGITS.fullmatch(token)
        else f"is not a whole number, {PASS} or {NOT_PLAYED}"
    )
    return LegacyFormatError(
        line_number,
        f"board {board}, score {position} (pair {position}, column {column + 1}): {quoted(token)} {what}",
    )


def _last_line_number(lines: list[str]) -> int:
    """Return the number of the file's last line (a final newline does not start a new one)."""
    return len(lines) - 1 if len(lines) > 1 and lines[-1] == "" else len(lines)
