"""``simpscore FILE``: a legacy score file's simpscore report, without Django.

The venv's ``simpscore`` command (pyproject's ``[project.scripts]``, installed by ``make``)
runs ``main``; so does ``python -m tournaments.exchange.simpscore FILE``; and
``manage.py simpscore FILE`` prints ``file_report`` too, so all three give the same
output, errors and exit status. Starting Django (its settings, apps and the command
machinery) takes about 0.3 s, which is most of the whole command's time on any club's
file; this entry point imports no Django at all.

A usual file's report comes from ``legacy_usual``, a board at a time in C-level passes;
any other file goes through the full parser (``legacy``), which reads the unusual and
names what is wrong. Only then is the parser imported: with the rules' named tuples and
regular expressions (``typing``, ``re``) it would cost every start of the command some
45 M instructions, a tenth of the seed's C program's whole run on 10,000 pairs (issue 33).
"""

from __future__ import annotations

import gc
import os
import sys

from tournaments.bridge.formats.legacy_usual import MAX_SCORE_FILE_BYTES, usual_file_report
from tournaments.core.files import read_command_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from tournaments.core.files import ErrorStream

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
    sys.stdout.write(file_report(args[0], sys.stderr))
    return 0


def file_report(path: str, stderr: ErrorStream) -> str:
    """Return the simpscore report of the file at ``path``, or write what is wrong on stderr and exit 1."""
    data = read_command_file(path, MAX_SCORE_FILE_BYTES, stderr, kind="score file")
    report = usual_file_report(data)
    if report is not None:
        return report
    from tournaments.bridge.formats.legacy import simpscore_report
    from tournaments.exchange.score_files import parse_score_data

    return simpscore_report(parse_score_data(path, data, stderr))


def _program() -> str:
    """How the user called this: the command's name, or the ``python -m`` line that runs the module."""
    if os.path.basename(sys.argv[0]) == COMMAND:
        return COMMAND
    return "python -m tournaments.exchange.simpscore"


if __name__ == "__main__":
    sys.exit(main())
