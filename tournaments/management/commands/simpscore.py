"""``manage.py simpscore FILE``: print the simpscore report of a legacy score file.

A malformed or unreadable file prints ``FILE:LINE: what is wrong`` (or ``FILE: ...``) on
stderr and exits 1. The message is written directly rather than raised as a
``CommandError``, which Django would prefix with its class name and so break the
compiler-style ``FILE:LINE:`` form that editors and ``grep`` understand.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser

from tournaments.exchange.simpscore import file_report


class Command(BaseCommand):
    help = (
        "Print total score, average score, matchpoints, percentage and boards of each pair in a score file."
    )
    # A report on a file reads no model, URL or template: Django's system checks would
    # only add to the start-up a director waits for.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a score file in the legacy format")

    def handle(self, *args: object, file: str, **options: object) -> None:
        self.stdout.write(file_report(file, self.stderr), ending="")
