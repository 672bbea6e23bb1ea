"""Time the simpscore report of a generated 10,000-pair x 40-board legacy score file.

The target: the whole ``manage.py simpscore FILE`` command, Django's start-up included,
under half a second. Prints the in-process time to parse and to report, then the
whole command's time (best of a few runs) beside the command's time on the seed's
two-pair file, which is Django's start-up alone, near enough.
Run alone: ``.venv/bin/python bench/bench_simpscore.py [PAIRS BOARDS]``.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tournaments.bridge.legacy import parse_score_file, simpscore_report  # noqa: E402

TARGET_SECONDS = 0.5
RUNS = 5
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
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return min(times)


def command_seconds(path: Path) -> tuple[float, float]:
    """Return the best wall time and the best CPU time of ``manage.py simpscore path``.

    The CPU time (user + system, of the child) is the steadier figure on a busy machine;
    on an idle one the wall time is little more.
    """
    env = {**os.environ, "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-key")}
    env.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
    python = ROOT / ".venv" / "bin" / "python"
    command = [
        str(python if python.exists() else sys.executable),
        str(ROOT / "manage.py"),
        "simpscore",
        str(path),
    ]
    subprocess.run(command, env=env, check=True, capture_output=True)  # warm the .pyc files
    walls, cpus = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return min(walls), min(cpus)


def main() -> None:
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
    with tempfile.TemporaryDirectory(prefix="bench-simpscore-") as directory:
        big = Path(directory) / "scores.txt"
        big.write_text(text)
        small = Path(directory) / "two-pairs.txt"
        small.write_text(TWO_PAIRS)
        whole, whole_cpu = command_seconds(big)
        startup, startup_cpu = command_seconds(small)
    verdict = f"{'within' if whole < TARGET_SECONDS else 'OVER'} the {TARGET_SECONDS * 1000:.0f} ms target"
    print(f"  manage.py simpscore:    {figures(whole, whole_cpu)} ({verdict})")
    print(f"  Django start-up alone:  {figures(startup, startup_cpu)} (the same command on a 2-pair file)")


def figures(wall: float, cpu: float) -> str:
    return f"{wall * 1000:6.1f} ms wall, {cpu * 1000:6.1f} ms CPU"


if __name__ == "__main__":
    main()
