"""A table's send to the standings that count it: the settle timers' threads against the queue's job.

The last round of ``bench_table_entry``'s 30-table evening (90 sends at once, SQLite,
granian 2 workers x 4 threads), on two checkouts side by side in one run: the baseline
(``--baseline REF``, main by default, their merge base exported with ``git archive``),
whose web processes rescore on threads of their own 0.2 s after the sends pause, and this
checkout, whose sends ask for a job of the task queue that one ``manage.py run_jobs``
worker runs (docs/decisions/0063-task-queue.md). The sides take turns (``--rounds``,
each round in the other order), each in its own process and database
(``settle_queue_child.py``), so the machine's moods fall on both alike.

Printed for each side: the sends' p50 and p99, and the milliseconds from the last answer
to the standings counting every send, each the median over the rounds; then the ratio of
this checkout's to the baseline's. Every run's standings must equal a recomputation.

``.venv/bin/python bench/bench_settle_queue.py [--rounds N] [--baseline REF]``
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).resolve().parent / "settle_queue_child.py"


def export_baseline(ref: str, into: Path) -> Path:
    """The merge base of this checkout and ``ref``, exported into ``into`` (no .git)."""
    base = subprocess.run(
        ["git", "merge-base", "HEAD", ref], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    archive = subprocess.run(["git", "archive", base], cwd=ROOT, check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_side(root: Path, worker: bool) -> dict:
    command = [sys.executable, str(CHILD), "--root", str(root)] + (["--worker"] if worker else [])
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=900)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        raise RuntimeError(f"{root}: no figures ({done.returncode}):\n{done.stderr[-3000:]}")
    figures = json.loads(lines[-1])
    figures["exit"] = done.returncode
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", default="main")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-settle-baseline-"))
    try:
        baseline = export_baseline(options.baseline, folder)
        sides = {"before (threads)": (baseline, False), "after (queue)": (ROOT, True)}
        runs: dict[str, list[dict]] = {name: [] for name in sides}
        order = list(sides)
        for number in range(options.rounds):
            for name in order if number % 2 == 0 else order[::-1]:
                figures = run_side(*sides[name])
                runs[name].append(figures)
                print(f"round {number + 1} {name}: {json.dumps(figures)}", flush=True)
        medians = {
            name: {key: statistics.median(run[key] for run in found) for key in ("p50", "p99", "settled_ms")}
            for name, found in runs.items()
        }
        for name, figure in medians.items():
            print(
                f"{name:18} sends p50 {figure['p50']:.0f} ms, p99 {figure['p99']:.0f} ms; "
                f"last answer to standings {figure['settled_ms']:.0f} ms (median of {options.rounds})"
            )
        before, after = medians["before (threads)"], medians["after (queue)"]
        print(
            "after / before: "
            + ", ".join(f"{key} {after[key] / before[key]:.2f}" for key in ("p50", "p99", "settled_ms"))
        )
        failed = [run for found in runs.values() for run in found if run["exit"] or not run["standings_ok"]]
        print("standings check: " + ("ok" if not failed else f"FAILED in {len(failed)} runs"))
        return 1 if failed else 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
