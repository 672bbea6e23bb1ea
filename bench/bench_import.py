"""Time the import of a generated 10,000-pair x 40-board legacy score file (400,000 results).

Runs against a throwaway SQLite database (or DATABASE_URL if set), so it can be run alone:
``.venv/bin/python bench/bench_import.py [PAIRS BOARDS]``. Prints the time to parse, to
import, to import again with replace (which first deletes the session), and to export.
"""

from __future__ import annotations

import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def generated_score_file(pairs: int, boards: int, rng: random.Random) -> str:
    """Write a legacy file with club-like scores, some PASS and some ---- (boards sat out)."""
    scores = ["PASS", "----", "50", "-50", "100", "-100", "110", "-110", "140", "-140", "420", "-420", "620"]
    lines = [f"{number} Player {2 * number - 1} - Player {2 * number}" for number in range(pairs, 0, -1)]
    lines.append("SCORES")
    lines.extend(" ".join(rng.choice(scores) for _ in range(pairs)) for _ in range(boards))
    return "\n".join(lines) + "\n"


def main() -> None:
    pairs, boards = (int(arg) for arg in sys.argv[1:3]) if len(sys.argv) > 2 else (10_000, 40)
    directory = tempfile.mkdtemp(prefix="bench-import-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{directory}/bench.sqlite3")
    os.environ.setdefault("SECRET_KEY", "bench-only-key")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from tournaments.bridge.formats.legacy import parse_score_file
    from tournaments.core.models import Club
    from tournaments.exchange.selectors.legacy import session_score_file_text
    from tournaments.exchange.services.legacy import score_file_import
    from tournaments.night.models import Result

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench Club", slug="bench")
    text = generated_score_file(pairs, boards, random.Random(5))
    started = time.perf_counter()
    score_file = parse_score_file(text)
    parsed = time.perf_counter()
    session = score_file_import(
        club=club, date=datetime.date(2026, 1, 1), name="Bench", score_file=score_file
    )
    imported = time.perf_counter()
    session = score_file_import(
        club=club, date=datetime.date(2026, 1, 1), name="Bench", score_file=score_file, replace=True
    )
    replaced = time.perf_counter()
    session_score_file_text(session)
    exported = time.perf_counter()
    results = Result.objects.filter(board__session=session).count()
    print(f"legacy import of {pairs} pairs x {boards} boards ({results} results, SQLite file database):")
    print(f"  parse                {parsed - started:8.2f} s")
    print(f"  import               {imported - parsed:8.2f} s")
    print(f"  import with replace  {replaced - imported:8.2f} s")
    print(f"  export               {exported - replaced:8.2f} s")


if __name__ == "__main__":
    main()
