"""``manage.py simpscore FILE``: the report on stdout, or ``FILE:LINE: what is wrong`` and exit 1."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from tests.examples import EXAMPLES


def run_simpscore(path):
    """Run the command as a director would, returning (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("simpscore", str(path), stdout=out, stderr=err)
    except SystemExit as exit_:
        return exit_.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_prints_the_seed_example_report_byte_for_byte():
    code, out, err = run_simpscore(EXAMPLES / "easy-test.txt")
    assert (code, err) == (0, "")
    assert out == (EXAMPLES / "easy-test.report").read_text()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param(
            "1 A\n2 B\nSCORES\n1 2\n3\n", ":5: too few scores for board 2: expected 2", id="too-few"
        ),
        pytest.param(
            "1 A\n1 B\nSCORES\n", ":2: pair 1 is listed twice (first on line 1)", id="repeated-pair"
        ),
        pytest.param("", ":1: the file is empty", id="empty"),
    ],
)
def test_a_bad_file_prints_file_and_line_and_exits_1(tmp_path, text, expected):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, out, err = run_simpscore(path)
    assert (code, out) == (1, "")
    assert err.startswith(f"{path}{expected}")
    assert err.count("\n") == 1 and err.endswith("\n")


def test_a_file_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"1 Ann\n2 Zo\xeb\nSCORES\n")
    assert run_simpscore(path) == (1, "", f"{path}:2: not UTF-8 text (byte 0xeb)\n")


@pytest.mark.parametrize("name", ["missing.txt", "."])
def test_a_file_that_cannot_be_read_is_named(tmp_path, name):
    path = tmp_path / name
    code, out, err = run_simpscore(path)
    assert (code, out) == (1, "")
    assert err.startswith(f"{path}: cannot read the file: ")


def test_from_the_shell_a_bad_file_exits_1_with_file_line_and_no_traceback(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("1 A\n2 B\nSCORES\n10 x20\n")
    completed = subprocess.run(
        [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "simpscore", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "clubscore.settings_test"},
        check=False,
        timeout=60,
    )
    assert completed.returncode == 1
    assert completed.stdout == ""
    assert completed.stderr == (
        f"{path}:4: board 1, score 2 (pair 2, column 4): 'x20' is not a whole number, PASS or ----\n"
    )
