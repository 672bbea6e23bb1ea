"""Run every benchmark (bench/bench_*.py), each in its own process, and print its figures.

Each script prints its own human-readable figures; this runner only collects them, so
a benchmark can also be run alone while tuning it.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
# The federation-sized benchmarks take minutes at full size, and bench_refresh's 120 results a
# side too: the runner takes their quick size (run them alone for the figures of docs/scaling.md).
ARGUMENTS = {
    "bench_national": ["--quick"],
    "bench_congress": ["--quick"],
    "bench_finish": ["--quick"],
    "bench_refresh": ["--quick"],
    "bench_evening": ["--clubs", "20,40", "--seconds", "20", "--warmup", "15"],
    "bench_settle_queue": ["--rounds", "1"],
    "bench_workers": ["--rounds", "1"],
}


def main() -> int:
    scripts = sorted(BENCH_DIR.glob("bench_*.py"))
    if not scripts:
        print("no benchmarks found in bench/")
        return 1
    failures = 0
    for script in scripts:
        print(f"== {script.stem}", flush=True)
        started = time.perf_counter()
        completed = subprocess.run(
            [sys.executable, str(script), *ARGUMENTS.get(script.stem, [])], cwd=BENCH_DIR.parent, check=False
        )
        print(f"   ({time.perf_counter() - started:.1f} s in all)\n", flush=True)
        failures += completed.returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
