"""``simpscore FILE``: a legacy score file's simpscore report, without Django.

The venv's ``simpscore`` command (pyproject's ``[project.scripts]``, installed by ``make``)
runs ``main``; so does ``python -m tournaments.exchange.simpscore FILE``.

The same report as ``manage.py simpscore FILE``, by the same code (the rules package's
``simpscore_report`` and the commands' ``read_score_file``), with the same output, errors
and exit status; but a plain program, as the seed's simpscore is. Starting Django (its
settings, apps and the command machinery) takes about 0.3 s, which is most of the whole
command's time on any club's file; this entry point imports no Django at all.
"""

from __future__ import annotations

import gc
import os
import sys

from tournaments.bridge.formats.legacy import simpscore_report
from tournaments.exchange.score_files import read_score_file

USAGE = "usage: {program} FILE\n"
COMMAND = "simpscore"  # the console script's name, as pyproject's [project.scripts] installs it


def main(argv: list[str] | None = None) -> int:
    """Print the report of the file named in ``argv`` (default: the command line); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0] in ("-h", "--help"):
        sys.stderr.write(USAGE.format(program=_program()))
        return 0 if args in (["-h"], ["--help"]) else 2
    # Every object made lives until the report is printed and the process ends: the cyclic
    # collector would only walk the growing heap again and again (7% of a 10,000-pair file).
    gc.disable()
    sys.stdout.write(simpscore_report(read_score_file(args[0], sys.stderr)))
    return 0


def _program() -> str:
    """How the user called this: the command's name, or the ``python -m`` line that runs the module."""
    if os.path.basename(sys.argv[0]) == COMMAND:
        return COMMAND
    return "python -m tournaments.exchange.simpscore"


if __name__ == "__main__":
    sys.exit(main())
