"""``manage.py backup [--output FILE]``: a consistent copy of the whole database while the site runs.

Without ``--output`` the file goes to BACKUP_DIR with the time in its name, and the
oldest backups past BACKUP_KEEP are removed once it is written (core/services/backups.py).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.core.services.backups import BackupError, backup_create


class Command(BaseCommand):
    help = "Back up the whole database (SQLite's online backup, or pg_dump) while the site runs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", type=Path, help="The file to write (default: a timestamped file in BACKUP_DIR)."
        )

    def handle(self, *args, output: Path | None = None, **options) -> None:
        try:
            path = backup_create(output)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            _("Backed up the database to %(path)s (%(size)s bytes).")
            % {"path": path, "size": path.stat().st_size}
        )
