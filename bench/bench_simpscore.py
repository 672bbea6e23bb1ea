"""Time the simpscore report of a generated 10,000-pair x 40-board legacy score file.

Two targets. The whole ``manage.py simpscore FILE`` command, Django's start-up included,
under half a second. And the plain entry point ``python -m tournaments.exchange.simpscore
FILE`` (the same code, no Django; timed too as the venv's ``simpscore`` command) within 2
times the C reference (issue 33), ``simpscore_reference.c`` beside this script: the seed's
simpscore as its C program would be, compiled here with ``cc -O2`` (the comparison is
skipped, said so, when there is no C compiler). Its report must equal ours byte for byte,
or the bench fails.

Prints the in-process time to parse and to report (the cyclic collector off, as in the
command), then each program's best wall and CPU time over a few runs, and the command's
time on the seed's two-pair file, which is Django's start-up alone, near enough. The ratio
is of CPU times, the steadier figure on a shared machine. The programs run as make's venv
step leaves them: the project's packages are compiled to bytecode first, as that step
does, since where PYTHONDONTWRITEBYTECODE is set no run writes it.
Run alone: ``.venv/bin/python bench/bench_simpscore.py [PAIRS BOARDS]``.
"""

from __future__ import annotations

import gc
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.bridge.formats.legacy import parse_score_file, simpscore_report  # noqa: E402
from tournaments.bridge.formats.legacy_usual import usual_file_report  # noqa: E402

TARGET_SECONDS = 0.5
TARGET_RATIO = 2.0  # the plain entry point against the C reference (issue 33)
REFERENCE_SOURCE = ROOT / "bench" / "simpscore_reference.c"
RUNS = 5
INSTALLED = "simpscore (the venv's command)"
TWO_PAIRS = "1 Bill Gates - Warren Buffett\n2 Gene Simmons - Richard Simmons\nSCORES\n-430 -400\n"
# What a field's results on one board look like: a handful of contracts made or set.
CLUB_SCORES = [
    -1100,
    -800,
    -650,
    -620,
    -600,
    -500,
    -430,
    -420,
    -400,
    -200,
    -170,
    -150,
    -140,
    -130,
    -120,
    -110,
]
CLUB_SCORES += [-100, -90, -50, 50, 90, 100, 110, 120, 130, 140, 150, 170, 200, 400, 420, 430, 450, 480, 500]
CLUB_SCORES += [600, 620, 630, 650, 660, 680, 800, 980, 1100, 1430]


def generated_score_file(pairs: int, boards: int, rng: random.Random) -> str:
    """Write a score file: pair lines shuffled, each board a dozen club scores, some PASS and ----."""
    numbers = list(range(1, pairs + 1))
    rng.shuffle(numbers)
    lines = [f"{number:6d} Player {2 * number - 1} - Player {2 * number}" for number in numbers]
    lines.append("SCORES")
    for _ in range(boards):
        board_scores = [str(score) for score in rng.sample(CLUB_SCORES, 12)] + ["PASS", "----"]
        weights = [8] * 12 + [1, 1]
        lines.append(" ".join(rng.choices(board_scores, weights, k=pairs)))
    return "\n".join(lines) + "\n"


def best_seconds(action: Callable[[], object], runs: int = RUNS) -> float:
    """Time ``action`` with the cyclic collector off, as the command runs it."""
    times = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
        gc.enable()
    return min(times)


def _python() -> str:
    python = ROOT / ".venv" / "bin" / "python"
    return str(python if python.exists() else sys.executable)


def _env() -> dict[str, str]:
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-key")}
    env.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
    return env


def manage_command(path: Path) -> list[str]:
    return [_python(), str(ROOT / "manage.py"), "simpscore", str(path)]


def plain_command(path: Path) -> list[str]:
    return [_python(), "-m", "tournaments.exchange.simpscore", str(path)]


def installed_command(path: Path) -> list[str] | None:
    """The venv's ``simpscore`` command (make's venv step installs it); None when it is not there."""
    script = Path(_python()).parent / "simpscore"
    return [str(script), str(path)] if script.exists() else None


def run_seconds(commands: dict[str, list[str]]) -> dict[str, tuple[float, float]]:
    """Return each command's best wall time and best CPU time over ``RUNS`` rounds.

    The commands take turns within each round, so a busy moment of a shared machine slows
    them alike and their ratio holds. The CPU time (user + system, of the child) is the
    steadier figure on a busy machine; on an idle one the wall time is little more.
    """
    compile_packages()
    for command in commands.values():  # warm the page cache
        subprocess.run(command, env=_env(), cwd=ROOT, check=True, capture_output=True)
    walls: dict[str, list[float]] = {name: [] for name in commands}
    cpus: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run(command, env=_env(), cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            walls[name].append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return {name: (min(walls[name]), min(cpus[name])) for name in commands}


def compile_packages() -> None:
    """Compile the project's packages to bytecode, as make's venv step does (Makefile's PACKAGES)."""
    packages = ["tournaments", "clubscore", "migrations"]
    subprocess.run([_python(), "-m", "compileall", "-q", *packages], cwd=ROOT, check=True)


def compiled_reference(directory: Path) -> Path | None:
    """Compile the C reference into ``directory``; None when there is no C compiler."""
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    binary = directory / "simpscore_reference"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(REFERENCE_SOURCE)], check=True)
    return binary


def same_report(commands: list[list[str]]) -> bool:
    outputs = [
        subprocess.run(c, env=_env(), cwd=ROOT, check=True, capture_output=True).stdout for c in commands
    ]
    return all(output == outputs[0] for output in outputs)


def main() -> int:
    pairs, boards = (int(arg) for arg in sys.argv[1:3]) if len(sys.argv) > 2 else (10_000, 40)
    text = generated_score_file(pairs, boards, random.Random(40))
    score_file = parse_score_file(text)
    parse = best_seconds(lambda: parse_score_file(text))
    report = best_seconds(lambda: simpscore_report(score_file))
    print(f"simpscore, {pairs:,} pairs x {boards} boards ({len(text) / 1e6:.1f} MB), best of {RUNS}:")
    in_process = (parse + report) * 1000
    print(
        f"  in process: parse {parse * 1000:6.1f} ms + report {report * 1000:6.1f} ms = {in_process:.1f} ms"
    )
    data = text.encode()
    if usual_file_report(data) != simpscore_report(score_file):
        print("  the usual file's report a board at a time DIFFERS from the full parser's")
        return 1
    usual = best_seconds(lambda: usual_file_report(data))
    print(f"  in process, a board at a time (legacy_usual, what the commands run): {usual * 1000:6.1f} ms")
    with tempfile.TemporaryDirectory(prefix="bench-simpscore-") as folder:
        directory = Path(folder)
        big = directory / "scores.txt"
        big.write_text(text)
        small = directory / "two-pairs.txt"
        small.write_text(TWO_PAIRS)
        reference = compiled_reference(directory)
        commands = {
            "manage.py simpscore": manage_command(big),
            "python -m tournaments.exchange.simpscore": plain_command(big),
            "Django start-up alone": manage_command(small),
        }
        if (installed := installed_command(big)) is not None:
            commands[INSTALLED] = installed
        if reference is not None:
            commands["C reference (cc -O2)"] = [str(reference), str(big)]
            if not same_report([commands["C reference (cc -O2)"], plain_command(big), manage_command(big)]):
                print("  the C reference's report DIFFERS from ours")
                return 1
        timed = run_seconds(commands)
    whole = timed["manage.py simpscore"][0]
    notes = {
        "manage.py simpscore": f"{'within' if whole < TARGET_SECONDS else 'OVER'} the "
        f"{TARGET_SECONDS * 1000:.0f} ms target",
        "Django start-up alone": "the command on a 2-pair file",
        "C reference (cc -O2)": "the same report, byte for byte",
    }
    for name, (wall, cpu) in timed.items():
        note = f" ({notes[name]})" if name in notes else ""
        print(f"  {name + ':':34s}{figures(wall, cpu)}{note}")
    if reference is None:
        print("  C reference: no C compiler (cc), not compared")
        return 0
    c_cpu = timed["C reference (cc -O2)"][1]
    plain_ratio = timed["python -m tournaments.exchange.simpscore"][1] / c_cpu
    verdict = "within" if plain_ratio <= TARGET_RATIO else "OVER"
    print(
        f"  against the C reference's CPU time: python -m tournaments.exchange.simpscore {plain_ratio:.1f}x "
        f"({verdict} the {TARGET_RATIO:g}x target), manage.py simpscore "
        f"{timed['manage.py simpscore'][1] / c_cpu:.1f}x"
    )
    if INSTALLED in timed:
        print(f"  {INSTALLED}: {timed[INSTALLED][1] / c_cpu:.1f}x")
    return 0 if plain_ratio <= TARGET_RATIO else 1


def figures(wall: float, cpu: float) -> str:
    return f"{wall * 1000:6.1f} ms wall, {cpu * 1000:6.1f} ms CPU"


if __name__ == "__main__":
    sys.exit(main())
