"""``manage.py restore FILE``: bring a backup back, after checking it and asking.

The file is checked (engine, soundness, schema) before the question; a file from a newer
ClubScore, a damaged file, another engine's, and one holding objects the migrations never
make (a tampered file) are refused with its name and nothing changes. Restore only the
site's own backups. On PostgreSQL it runs as the site's own role; ``--as-superuser`` lets a
development database's superuser restore. The load is one transaction (core/services/backups.py).
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils.translation import gettext as _

from tournaments.core.services.backups import BackupError, backup_restorable, backup_restore


class Command(BaseCommand):
    help = "Replace the whole database by a backup made with manage.py backup."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="The backup file.")
        parser.add_argument(
            "--noinput", "--no-input", action="store_false", dest="interactive", help="Do not ask to confirm."
        )
        parser.add_argument(
            "--as-superuser",
            action="store_true",
            help="Let a PostgreSQL superuser restore (a development or test database only).",
        )

    def handle(
        self, *args, file: Path, interactive: bool = True, as_superuser: bool = False, **options
    ) -> None:
        try:
            backup = backup_restorable(file)
            if interactive and not self._confirmed(backup.path):
                raise CommandError(_("Restore cancelled; the database is unchanged."))
            backup_restore(backup, as_superuser=as_superuser)
        except BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            _("Restored the database from %(path)s (%(count)s migrations).")
            % {"path": backup.path, "count": len(backup.migrations)}
        )

    def _confirmed(self, path: Path) -> bool:
        name = connections[DEFAULT_DB_ALIAS].settings_dict["NAME"]
        question = (
            f"This replaces everything in the database {name} by the backup {path}.\n"
            "Type 'yes' to go on, anything else to stop: "
        )
        return input(question).strip().lower() == "yes"
