"""``python -m tournaments.exchange.simpscore FILE``: the command's report, byte for byte, without Django."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bench.bench_simpscore import generated_score_file
from tests.examples import EXAMPLES, shared_examples

ROOT = Path(__file__).resolve().parents[2]
SHARED_EXAMPLES = shared_examples()


def _run(args: list[str]) -> tuple[int, str, str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "clubscore.settings_test"}
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120, check=False
    )
    return done.returncode, done.stdout, done.stderr


def _both(path: Path) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    command = _run([str(ROOT / "manage.py"), "simpscore", str(path)])
    plain = _run(["-m", "tournaments.exchange.simpscore", str(path)])
    return command, plain


def _score_files(tmp_path: Path) -> list[Path]:
    """The seed's example (both copies), generated club files, and malformed ones."""
    files = [EXAMPLES / "easy-test.txt"]
    if SHARED_EXAMPLES is not None:
        files.append(SHARED_EXAMPLES / "easy-test.txt")
    for pairs, boards, seed in ((7, 3, 1), (40, 27, 2), (300, 12, 3)):
        path = tmp_path / f"club-{pairs}x{boards}.txt"
        path.write_text(generated_score_file(pairs, boards, random.Random(seed)))
        files.append(path)
    for name, text in {
        "no-board.txt": "1 Ann - Bob\n2 Cat - Dan\nSCORES\n",
        "bad-score.txt": "1 A\n2 B\nSCORES\n10 x20\n",
        "too-few.txt": "1 A\n2 B\nSCORES\n1 2\n3\n",
        "empty.txt": "",
    }.items():
        (tmp_path / name).write_text(text)
        files.append(tmp_path / name)
    files.append(tmp_path / "missing.txt")
    return files


def test_the_plain_entry_point_prints_exactly_what_the_command_prints(tmp_path):
    for path in _score_files(tmp_path):
        command, plain = _both(path)
        assert plain == command, path.name


def test_the_plain_entry_point_prints_the_seed_examples_report():
    code, out, err = _run(["-m", "tournaments.exchange.simpscore", str(EXAMPLES / "easy-test.txt")])
    assert (code, err) == (0, "")
    assert out == (EXAMPLES / "easy-test.report").read_text()


def test_the_plain_entry_point_imports_no_django(tmp_path):
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['simpscore', {str(EXAMPLES / 'easy-test.txt')!r}]\n"
        "try:\n    runpy.run_module('tournaments.exchange.simpscore', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')), file=sys.stderr)\n"
    )
    code, out, err = _run(["-c", probe])
    assert code == 0 and out == (EXAMPLES / "easy-test.report").read_text()
    assert err.strip() == "[]"


def test_on_a_usual_file_the_plain_entry_point_imports_neither_typing_nor_re():
    """Each costs every start a tenth of the C reference's whole run (docs/scaling.md, issue 33)."""
    probe = (
        "import sys\n"
        f"sys.argv = ['simpscore', {str(EXAMPLES / 'easy-test.txt')!r}]\n"
        "from tournaments.exchange.simpscore import main\n"
        "main()\n"
        "print(sorted({'typing', 're', 'fractions', 'decimal'} & set(sys.modules)), file=sys.stderr)\n"
    )
    code, out, err = _run(["-c", probe])
    assert code == 0 and out == (EXAMPLES / "easy-test.report").read_text()
    assert err.strip() == "[]"


@pytest.mark.parametrize(("args", "code"), [([], 2), (["a.txt", "b.txt"], 2), (["--help"], 0)])
def test_the_plain_entry_point_says_how_to_call_it(args, code):
    assert _run(["-m", "tournaments.exchange.simpscore", *args]) == (
        code,
        "",
        "usage: python -m tournaments.exchange.simpscore FILE\n",
    )


def test_the_c_reference_the_bench_times_prints_the_same_report(tmp_path):
    """The bench's ratio means something only if its C reference does the same work."""
    from bench.bench_simpscore import compiled_reference

    reference = compiled_reference(tmp_path)
    if reference is None:
        pytest.skip("no C compiler")
    for path in _score_files(tmp_path)[:5]:  # the well-formed ones
        expected = _run(["-m", "tournaments.exchange.simpscore", str(path)])[1]
        done = subprocess.run([str(reference), str(path)], capture_output=True, text=True, check=True)
        assert done.stdout == expected, path.name


# The venv's `simpscore` command: pyproject's [project.scripts], installed by make's venv step.
COMMAND = Path(sys.executable).parent / "simpscore"


def _command(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run the installed command from ``cwd``, no Django settings nor path of ours in its environment."""
    assert COMMAND.exists(), f"{COMMAND} is not installed: make's venv step installs it (pip install -e .)"
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "PYTHONPATH")}
    done = subprocess.run(
        [str(COMMAND), *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=120, check=False
    )
    return done.returncode, done.stdout, done.stderr


def test_the_installed_command_prints_exactly_what_the_module_prints(tmp_path):
    """Outside the checkout too: a director runs it from the folder the club's files are in."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for path in _score_files(tmp_path):
        plain = _run(["-m", "tournaments.exchange.simpscore", str(path)])
        assert _command([str(path)], elsewhere) == plain, path.name


def test_the_installed_command_prints_the_seed_examples_report(tmp_path):
    assert _command([str(EXAMPLES / "easy-test.txt")], tmp_path) == (
        0,
        (EXAMPLES / "easy-test.report").read_text(),
        "",
    )


def test_the_installed_command_imports_no_django(tmp_path):
    """Python's own list of what the command imported (-X importtime) names no Django module."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", str(COMMAND), str(EXAMPLES / "easy-test.txt")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=True,
    )
    imported = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "tournaments.exchange.simpscore" in imported
    assert {name for name in imported if name == "django" or name.startswith("django.")} == set()


@pytest.mark.parametrize(("args", "code"), [([], 2), (["a.txt", "b.txt"], 2), (["-h"], 0)])
def test_the_installed_command_says_how_to_call_it_by_its_name(tmp_path, args, code):
    assert _command(args, tmp_path) == (code, "", "usage: simpscore FILE\n")
