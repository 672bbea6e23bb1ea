"""``manage.py simulate``: the seed's example byte for byte, seeded shuffles, summaries, bad permutations."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from tests.examples import EXAMPLES

SEED_PERMUTATION = (EXAMPLES / "auction-seed-example.permutation").read_text().strip()
SEED_OUTPUT = (EXAMPLES / "auction-seed-example.txt").read_text()
SEED_NUMBERS = [int(token) for token in SEED_PERMUTATION.split(",")]


def simulate(*args: str) -> str:
    out = StringIO()
    call_command("simulate", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize(
    "permutation",
    [
        SEED_PERMUTATION,
        ",".join(map(str, SEED_NUMBERS)),
        " ".join(map(str, SEED_NUMBERS)),
        "\n".join(map(str, SEED_NUMBERS)),
    ],
    ids=["as-in-the-example", "commas", "spaces", "newlines"],
)
def test_the_seeds_permutation_prints_the_seeds_example_byte_for_byte(permutation):
    assert simulate("--permutation", permutation) == SEED_OUTPUT


def test_the_same_seed_deals_and_bids_the_same_board():
    assert simulate("--seed", "11") == simulate("--seed", "11")
    assert simulate("--seed", "11") != simulate("--seed", "12")


def test_without_a_permutation_a_fresh_board_is_dealt_and_bid():
    lines = simulate().splitlines()
    assert lines[0].strip() == "North"
    assert lines[15] == "   South West North East"
    assert lines[-1].startswith("   Declarer: ")
    labels = {"North", "East", "South", "West", "S", "H", "D", "C"}
    cards = [token for line in lines[:15] for token in line.split() if token not in labels]
    assert len(cards) == 52


def test_count_prints_a_summary_that_adds_up():
    lines = simulate("--count", "40", "--seed", "3").splitlines()
    assert lines[0] == "Deals: 40"
    passed_out = int(lines[1].split()[2])
    all_row = next(line for line in lines if line.startswith("  All"))
    contracts = int(all_row.split()[-1])
    declarers = [int(line.split()[1]) for line in lines[lines.index("Declarers:") + 1 :]]
    assert passed_out + contracts == 40
    assert sum(declarers) == contracts
    assert len(declarers) == 4


def test_a_seeded_summary_repeats():
    assert simulate("--count", "30", "--seed", "5") == simulate("--count", "30", "--seed", "5")


def test_a_large_count_keeps_the_progress_bar_off_stdout():
    lines = simulate("--count", "1000", "--seed", "1").splitlines()
    assert lines[0] == "Deals: 1000"
    assert not any("deal/s" in line or "it/s" in line for line in lines)


def _replace(position: int, value: str) -> str:
    tokens = [str(number) for number in SEED_NUMBERS]
    tokens[position] = value
    return ", ".join(tokens)


@pytest.mark.parametrize(
    ("permutation", "reason"),
    [
        (", ".join(map(str, SEED_NUMBERS[:51])), "52 numbers, not 51"),
        (SEED_PERMUTATION + ", 1", "52 numbers, not 53"),
        (_replace(4, "53"), "position 5: 53 is outside 1..52"),
        (_replace(4, "0"), "position 5: 0 is outside 1..52"),
        (_replace(4, "38"), "repeated: 38; missing: 20"),
        (_replace(4, "x"), "position 5: 'x' is not a whole number"),
        (_replace(4, "-3"), "position 5: '-3' is not a whole number"),
        ("", "52 numbers, not 0"),
    ],
    ids=["too-few", "too-many", "too-high", "zero", "repeated", "not-a-number", "negative", "empty"],
)
def test_a_bad_permutation_is_refused_with_the_reason(permutation, reason):
    with pytest.raises(CommandError, match="bad permutation") as refused:
        simulate("--permutation", permutation)
    assert reason in str(refused.value)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--permutation", SEED_PERMUTATION, "--seed", "1"], "without --seed and --count"),
        (["--permutation", SEED_PERMUTATION, "--count", "5"], "without --seed and --count"),
        (["--count", "0"], "--count must be 1 or more, not 0"),
    ],
)
def test_options_that_do_not_go_together_are_refused(args, reason):
    with pytest.raises(CommandError, match=reason):
        simulate(*args)


def test_a_bad_permutation_exits_non_zero_from_the_command_line():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "clubscore.settings_test"}
    completed = subprocess.run(
        [sys.executable, "manage.py", "simulate", "--permutation", "1 2 3"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode != 0
    assert "a permutation has 52 numbers, not 3" in completed.stderr
    assert completed.stdout == ""
