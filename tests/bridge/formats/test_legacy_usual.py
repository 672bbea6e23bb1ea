"""The usual file's report a board at a time (``legacy_usual``) is the full parser's report.

The ``simpscore`` command reports a usual file through ``usual_file_report`` and any other
through ``legacy.parse_score_file`` and ``simpscore_report``: each usual file here gets the
same report both ways, and each other file gets None, never a report of its own.
"""

from __future__ import annotations

import random

import pytest

from bench.bench_simpscore import generated_score_file as bench_file
from tests.bridge.formats.test_legacy import MALFORMED
from tests.examples import EXAMPLES
from tournaments.bridge.formats import legacy_usual
from tournaments.bridge.formats.legacy import parse_score_bytes, simpscore_report
from tournaments.bridge.formats.legacy_usual import code_counts, score_value, usual_file_report


def full_report(data: bytes) -> str:
    return simpscore_report(parse_score_bytes(data))


def random_file(rng: random.Random, pairs: int, boards: int, tokens: list[str]) -> str:
    """Pair lines in any order, then boards of ``tokens``: ties, PASS, ----, signs, leading zeros."""
    numbers = rng.sample(range(1, pairs + 1), pairs)
    lines = [f"{number} Ann {number} - Bo {rng.randrange(99)}" for number in numbers] + ["SCORES"]
    lines += [" ".join(rng.choices(tokens, k=pairs)) for _ in range(boards)]
    return "\n".join(lines) + "\n"


CLUB_TOKENS = ["-430", "-400", "420", "+420", "0420", "PASS", "0", "-0", "----", "50", "+50", "-1100"]
# What the lanes hold at their edges: scores of 15 bits either way, a board one pair played.
EDGE_TOKENS = ["32767", "-32767", "----", "----", "----", "1", "PASS"]


def usual_files() -> list[pytest.param]:
    files = [pytest.param((EXAMPLES / "easy-test.txt").read_bytes(), id="seed-example")]
    for pairs, boards, seed in ((2, 1, 1), (7, 3, 2), (40, 27, 3), (300, 12, 4), (1000, 40, 5)):
        text = bench_file(pairs, boards, random.Random(seed))
        files.append(pytest.param(text.encode(), id=f"bench-{pairs}x{boards}"))
    for pairs, boards, seed in ((2, 3, 6), (3, 1, 7), (25, 8, 8), (120, 30, 9)):
        text = random_file(random.Random(seed), pairs, boards, CLUB_TOKENS)
        files.append(pytest.param(text.encode(), id=f"club-{pairs}x{boards}"))
    edges = random_file(random.Random(10), 9, 255, EDGE_TOKENS)
    files.append(pytest.param(edges.encode(), id="edge-scores-255-boards"))
    tops = "1 A\n2 B\n3 C\nSCORES\n" + "32767 -32767 32767\n" * 255
    files.append(pytest.param(tops.encode(), id="the-largest-sums-the-lanes-hold"))
    files.append(
        pytest.param(b"\xef\xbb\xbf1 Zo\xc3\xab\n2 B\nSCORES\n---- ----\n10 -10", id="bom-utf8-no-newline")
    )
    files.append(pytest.param(b"2 B\n1 A\nSCORES\n---- 100\n---- -100\n", id="a-pair-that-played-nothing"))
    return files


@pytest.mark.parametrize("data", usual_files())
def test_a_usual_file_gets_the_full_parsers_report(data):
    assert usual_file_report(data) == full_report(data)


@pytest.mark.parametrize("data", usual_files())
def test_percentages_are_added_in_order_where_sum_would_compensate(data, monkeypatch):
    """From Python 3.12 ``sum`` compensates its additions; the rows are then added by ``reduce``."""
    monkeypatch.setattr(legacy_usual, "_SUM_ADDS_IN_ORDER", False)
    assert usual_file_report(data) == full_report(data)


def test_in_order_means_as_c_adds_not_as_fsum():
    assert legacy_usual.sum_in_order([0.1] * 10) == 0.9999999999999999


SPACED = [
    pytest.param("1 A\n2 B\nSCORES\n10\t20\n", id="tab"),
    pytest.param("1 A\n2 B\nSCORES\n10  20\n", id="two-spaces"),
    pytest.param("1 A\n2 B\nSCORES\n 10 20\n", id="leading-space"),
    pytest.param("1 A\n2 B\nSCORES\n10 20 \r\n", id="trailing-space-and-cr"),
]


@pytest.mark.parametrize("text", SPACED)
def test_board_lines_may_be_spaced_as_the_parser_reads_them(text):
    assert usual_file_report(text.encode()) == full_report(text.encode())


UNUSUAL = [
    pytest.param("1 A\r\n2 B\r\nSCORES\r\n10 20\r\n", id="crlf"),
    pytest.param("1 A\n2 B\nSCORES\n10 20\n\n", id="blank-line-after-the-last-board"),
    pytest.param("1 A\n\n2 B\nSCORES\n10 20\n", id="blank-line-among-pairs"),
    pytest.param("1 A\nSCORES\n10\n", id="one-pair"),
    pytest.param("01 A\n002 B\nSCORES\n10 20\n", id="pair-numbers-with-leading-zeros"),
    pytest.param("1 A\n2 B\nSCORES\n", id="no-boards"),
    pytest.param("1 A\n2 B\nSCORES\n32768 -32768\n", id="scores-past-15-bits"),
    pytest.param("1 A\n2 B\nSCORES\n" + "10 20\n" * 256, id="256-boards"),
    pytest.param(
        "\n".join([f"{n} P{n}" for n in range(1, 301)] + ["SCORES", " ".join(map(str, range(300)))]),
        id="300-distinct-scores",
    ),
]


@pytest.mark.parametrize("text", UNUSUAL)
def test_an_unusual_file_is_left_to_the_full_parser(text):
    data = text.encode()
    full_report(data)  # a valid file: the full parser reads it
    assert usual_file_report(data) is None


@pytest.mark.parametrize(("text", "line", "fragment"), MALFORMED)
def test_a_malformed_file_gets_no_report(text, line, fragment):
    assert usual_file_report(text.encode()) is None


@pytest.mark.parametrize(
    "data",
    [b"1 Zo\xeb\n2 B\nSCORES\n1 2\n", b"1 A\x00\n2 B\nSCORES\n1 2\n", b"1 A\n2 B\nSCORES\n1 2\x00\n"],
    ids=["latin-1", "nul-in-names", "nul-in-scores"],
)
def test_a_file_the_parser_refuses_for_its_bytes_gets_no_report(data):
    assert usual_file_report(data) is None


@pytest.mark.parametrize(
    ("token", "value"),
    [("PASS", 0), ("----", None), ("-430", -430), ("+50", 50), ("007", 7), ("999999999", 999_999_999)],
)
def test_a_score_token_has_its_value(token, value):
    assert score_value(token) == value


@pytest.mark.parametrize("token", ["", "+", "-", "Pass", "---", "1.5", "1_000", "٣", "+-5", "1234567890"])
def test_a_token_that_is_no_score_is_refused(token):
    with pytest.raises(ValueError):
        score_value(token)


def test_a_boards_codes_are_counted():
    assert code_counts(bytes([3, 0, 3, 7, 3, 0])) == {3: 3, 0: 2, 7: 1}
    assert code_counts(b"") == {}
