"""The legacy score file: reading, refusing malformed files by line, writing back, the report."""

import random

import pytest

from tests.examples import EXAMPLES
from tournaments.bridge.formats.legacy import (
    LegacyFormatError,
    LegacyPair,
    ScoreFile,
    decode_score_file,
    format_score_file,
    parse_score_bytes,
    parse_score_file,
    simpscore_report,
)

EASY_TEST = (EXAMPLES / "easy-test.txt").read_text()
EASY_REPORT = (EXAMPLES / "easy-test.report").read_text()

EASY_SCORE_FILE = ScoreFile(
    pairs=(
        LegacyPair(1, "Bill Gates - Warren Buffett"),
        LegacyPair(2, "Gene Simmons - Richard Simmons"),
        LegacyPair(3, "Cher - Madonna"),
        LegacyPair(4, "Tiger Woods - Phil Mickelson"),
    ),
    boards=(
        (-430, -400, -520, -1100),
        (-180, -130, -130, 0),
        (-100, 650, 650, None),
    ),
)


def test_the_seed_example_reads_as_its_pairs_and_boards():
    assert parse_score_file(EASY_TEST) == EASY_SCORE_FILE


def test_the_seed_example_report_matches_byte_for_byte():
    assert simpscore_report(parse_score_file(EASY_TEST)) == EASY_REPORT
    assert EASY_REPORT.endswith("Mickelson\n")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "  2   Ann   Lee -  Bo\tKim  \n1 Cy - Di\nSCORES\n10 20\n",
            ScoreFile((LegacyPair(1, "Cy - Di"), LegacyPair(2, "Ann Lee - Bo Kim")), ((10, 20),)),
            id="names-normalised-to-single-spaces",
        ),
        pytest.param(
            "\n\n1 A\n\n  \n2 B\n\nSCORES\n1 2\n3 4\n\n\n  \n",
            ScoreFile((LegacyPair(1, "A"), LegacyPair(2, "B")), ((1, 2), (3, 4))),
            id="blank-lines-before-SCORES-and-after-the-last-board",
        ),
        pytest.param(
            "1 A\r\n2 B\r\n SCORES \r\n-50\t+50\r\n",
            ScoreFile((LegacyPair(1, "A"), LegacyPair(2, "B")), ((-50, 50),)),
            id="crlf-tabs-sign-and-spaces-around-SCORES",
        ),
        pytest.param(
            "01 A\n002 B\nSCORES\nPASS ----\n",
            ScoreFile((LegacyPair(1, "A"), LegacyPair(2, "B")), ((0, None),)),
            id="leading-zeros-PASS-and-not-played",
        ),
        pytest.param(
            "1 A\n2 B\nSCORES\n",
            ScoreFile((LegacyPair(1, "A"), LegacyPair(2, "B")), ()),
            id="no-boards-is-an-empty-session",
        ),
        pytest.param(
            "1 A\n2 B\nSCORES\n---- ----\n",
            ScoreFile((LegacyPair(1, "A"), LegacyPair(2, "B")), ((None, None),)),
            id="board-nobody-played",
        ),
        pytest.param(
            "1 12 Angry Men\nSCORES\n0\n",
            ScoreFile((LegacyPair(1, "12 Angry Men"),), ((0,),)),
            id="names-may-start-with-a-number",
        ),
    ],
)
def test_valid_files_read_as_documented(text, expected):
    assert parse_score_file(text) == expected


def test_there_is_no_limit_of_100_pairs_or_40_boards():
    pairs = 150
    rng = random.Random(3)
    lines = [f"{number} Pair {number}" for number in range(pairs, 0, -1)] + ["SCORES"]
    lines += [" ".join(str(rng.randrange(-50, 50) * 10) for _ in range(pairs)) for _ in range(50)]
    score_file = parse_score_file("\n".join(lines))
    assert (len(score_file.pairs), len(score_file.boards)) == (150, 50)
    assert len(simpscore_report(score_file).splitlines()) == 150


def test_a_file_reads_the_same_however_its_pair_lines_are_spaced_and_ended():
    """The usual file's pair lines are read in bulk, any other line by line: the pairs agree."""
    rng = random.Random(33)
    numbers = rng.sample(range(1, 41), 40)
    lines = [f"{number} Ann {number} - Bo {number}" for number in numbers] + ["SCORES"]
    tokens = ["-430", "PASS", "----", "+50", "007"]
    lines += [" ".join(rng.choice(tokens) for _ in range(40)) for _ in range(3)]
    usual = "\n".join(lines) + "\n"
    spaced = "\r\n".join(f"  {line.replace(' ', '  ')}\t" for line in lines)
    assert parse_score_file(spaced) == parse_score_file(usual)
    assert [pair.names for pair in parse_score_file(usual).pairs][:2] == ["Ann 1 - Bo 1", "Ann 2 - Bo 2"]


# Each malformed file: the line the error names and a fragment of what it says.
MALFORMED = [
    pytest.param("", 1, "the file is empty", id="empty"),
    pytest.param("\n  \n\t\n", 1, "the file is empty", id="only-blank-lines"),
    pytest.param("1 A\n2 B\n", 2, "no SCORES line after the pair lines", id="no-SCORES"),
    pytest.param("1 A\n2 B\n-430 PASS\n", 3, "no SCORES line before this line", id="no-SCORES-before-scores"),
    pytest.param(
        "1 A\n2 B\n10 20\n-5 6\n",
        3,
        "no SCORES line before this line of scores",
        id="no-SCORES-before-scores",
    ),
    pytest.param("SCORES\n1 2\n", 1, "no pair lines before SCORES", id="no-pairs"),
    pytest.param("1 A\nTiger Woods\nSCORES\n1 2\n", 2, "missing pair number", id="missing-pair-number"),
    pytest.param("1 A\nx2 B\nSCORES\n1 2\n", 2, "'x2' is not a pair number", id="non-numeric-pair-number"),
    pytest.param("1 A\n-2 B\nSCORES\n1 2\n", 2, "'-2' is not a pair number", id="negative-pair-number"),
    pytest.param("0 A\n1 B\nSCORES\n1 2\n", 1, "pair number 0", id="pair-number-zero"),
    pytest.param("1 A\n" + "9" * 5000 + " B\nSCORES\n1 2\n", 2, "is too long", id="huge-pair-number"),
    pytest.param(
        "1 A\n2 B\n1 C\nSCORES\n1 2 3\n", 3, "pair 1 is listed twice (first on line 1)", id="repeated"
    ),
    pytest.param("1 A\n2\nSCORES\n1 2\n", 2, "pair 2 has no names", id="no-names"),
    pytest.param("1 A\n2 B\n1 2\nSCORES\n1 2\n", 3, "no SCORES line before this", id="scores-before-SCORES"),
    pytest.param("1 A\n2 42\n", 2, "no SCORES line before this", id="numbers-as-names-and-no-SCORES"),
    pytest.param(
        "1 A\n6 B\n2 C\n5 D\nSCORES\n1 2 3 4\n",
        2,
        "pair number 6 is out of range: 4 pairs must be numbered 1 to 4 (missing: 3-4)",
        id="gap-names-first-line-out-of-range",
    ),
    pytest.param(
        "7 A\n8 B\n9 C\nSCORES\n1 2 3\n", 1, "(missing: 1-3)", id="numbers-not-from-1-missing-as-ranges"
    ),
    pytest.param("1 A\n2 B\nSCORES\n1 2\n3\n", 5, "too few scores for board 2: expected 2", id="too-few"),
    pytest.param(
        "1 A\n2 B\nSCORES\n1 2 3\n",
        4,
        "too many scores for board 1: expected 2 (one per pair), found 3",
        id="too-many",
    ),
    pytest.param(
        "1 A\n2 B\n3 C\nSCORES\n1 2 3\n10  abc 30\n",
        6,
        "board 2, score 2 (pair 2, column 5): 'abc' is not a whole number, PASS or ----",
        id="bad-token-named-with-column",
    ),
    pytest.param(
        "1 A\n2 B\n3 C\nSCORES\n  Pass 1.5 x\n",
        5,
        "board 1, score 1 (pair 1, column 3): 'Pass'",
        id="first-bad-token-is-named",
    ),
    pytest.param("1 A\n2 B\nSCORES\n--- 2\n", 4, "'---' is not a whole number", id="three-dashes"),
    pytest.param("1 A\n2 B\nSCORES\n1 ٣\n", 4, "'٣' is not a whole number", id="non-ascii-digit"),
    pytest.param("1 A\n2 B\nSCORES\n1 1_000\n", 4, "'1_000' is not a whole number", id="underscore-digits"),
    pytest.param("1 A\n2 B\nSCORES\n1 -1234567890\n", 4, "'-1234567890' is too long", id="score-too-long"),
    pytest.param("1 A\n2 B\nSCORES\n1 2 x\n", 4, "'x' is not a whole number", id="bad-token-before-count"),
    pytest.param(
        "1 A\n2 B\nSCORES\n1 2\n\n3 4\n", 5, "blank line among the board lines", id="blank-between-boards"
    ),
    pytest.param(
        "1 A\n2 B\nSCORES\n\n1 2\n", 4, "blank line among the board lines", id="blank-before-first-board"
    ),
    pytest.param("1 A\nSCORES\n1\nSCORES\n", 4, "'SCORES' is not a whole number", id="second-SCORES"),
    pytest.param("1 A\n2 B\nscores\n1 2\n", 3, "found 'scores'", id="lower-case-scores"),
]


@pytest.mark.parametrize(("text", "line", "fragment"), MALFORMED)
def test_malformed_files_are_refused_naming_the_line(text, line, fragment):
    with pytest.raises(LegacyFormatError) as refused:
        parse_score_file(text)
    assert refused.value.line == line
    assert fragment in refused.value.reason
    assert str(refused.value) == f"line {line}: {refused.value.reason}"


def test_a_format_error_is_a_value_error():
    with pytest.raises(ValueError, match=r"^line 1: the file is empty$"):
        parse_score_file("")


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(b"\xef\xbb\xbf1 A\nSCORES\n10\n", "1 A\nSCORES\n10\n", id="byte-order-mark-dropped"),
        pytest.param("1 Zoë\nSCORES\n".encode(), "1 Zoë\nSCORES\n", id="utf-8-names"),
    ],
)
def test_bytes_are_read_as_utf8(data, expected):
    assert decode_score_file(data) == expected


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"1 A\n2 Zo\xeb\nSCORES\n", id="latin-1"),
        pytest.param(b"\xef\xbb\xbf1 A\n2 Zo\xeb\n", id="bom"),
    ],
)
def test_bytes_that_are_not_utf8_name_their_line(data):
    with pytest.raises(LegacyFormatError, match=r"line 2: not UTF-8 text \(byte 0xeb\)"):
        parse_score_bytes(data)


def test_the_example_is_written_back_in_columns():
    assert format_score_file(EASY_SCORE_FILE) == (
        "1 Bill Gates - Warren Buffett\n"
        "2 Gene Simmons - Richard Simmons\n"
        "3 Cher - Madonna\n"
        "4 Tiger Woods - Phil Mickelson\n"
        "SCORES\n"
        " -430  -400  -520 -1100\n"
        " -180  -130  -130  PASS\n"
        " -100   650   650  ----\n"
    )


def random_score_file(rng: random.Random) -> ScoreFile:
    pair_count, board_count = rng.randint(1, 25), rng.randint(0, 8)
    pairs = tuple(
        LegacyPair(number, f"Player {rng.randrange(99)} - Other {number}")
        for number in range(1, pair_count + 1)
    )
    boards = tuple(
        tuple(rng.choice([None, 0, -1100, -100, 50, 110, 420, 7600]) for _ in range(pair_count))
        for _ in range(board_count)
    )
    return ScoreFile(pairs, boards)


@pytest.mark.parametrize("seed", range(10))
def test_writing_then_reading_gives_the_same_file_and_report(seed):
    score_file = random_score_file(random.Random(seed))
    read_back = parse_score_file(format_score_file(score_file))
    assert read_back == score_file
    assert simpscore_report(read_back) == simpscore_report(score_file)


def test_the_example_survives_a_round_trip():
    assert parse_score_file(format_score_file(parse_score_file(EASY_TEST))) == EASY_SCORE_FILE


@pytest.mark.parametrize(
    ("score_file", "message"),
    [
        pytest.param(ScoreFile((), ()), "at least one pair", id="no-pairs"),
        pytest.param(ScoreFile((LegacyPair(2, "A"),), ()), "pair 1 has number 2", id="misnumbered"),
        pytest.param(ScoreFile((LegacyPair(1, "  "),), ()), "pair 1 has no names", id="blank-names"),
        pytest.param(
            ScoreFile((LegacyPair(1, "A"),), ((1, 2),)), "board 1 has 2 scores", id="board-too-long"
        ),
        pytest.param(ScoreFile((LegacyPair(1, "A"),), ((1.5,),)), "1.5 is not a score", id="float-score"),
    ],
)
def test_writing_refuses_a_file_that_would_not_read_back(score_file, message):
    with pytest.raises(ValueError, match=message):
        format_score_file(score_file)


def test_names_are_written_normalised():
    score_file = ScoreFile((LegacyPair(1, " Ann  Lee\t- Bo "),), ((10,),))
    assert format_score_file(score_file) == "1 Ann Lee - Bo\nSCORES\n10\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "1 Ann - Bo\n2 Cy - Di\nSCORES\n---- 100\n---- -100\n",
            "         0     0.00        0.0       0.00  0 Ann - Bo\n"
            "         0     0.00        0.0      50.00  2 Cy - Di\n",
            id="pair-that-played-nothing-prints-zero-averages",
        ),
        pytest.param(
            "1 Ann - Bo\nSCORES\n",
            "         0     0.00        0.0       0.00  0 Ann - Bo\n",
            id="no-boards",
        ),
        pytest.param(
            "1 A\n2 B\n3 C\nSCORES\n100 100 100\n---- ---- ----\n",
            "       100   100.00        1.0      50.00  1 A\n" * 1
            + "       100   100.00        1.0      50.00  1 B\n"
            + "       100   100.00        1.0      50.00  1 C\n",
            id="board-nobody-played-changes-nothing",
        ),
    ],
)
def test_report_lines_for_pairs_that_played_little(text, expected):
    assert simpscore_report(parse_score_file(text)) == expected
