#!/usr/bin/env python
"""Django's command-line utility for ClubScore."""

import os
import sys

# Commands that serve requests need the real SECRET_KEY; the others sign nothing that
# outlives the process, so settings may give them a throwaway one.
SERVING_COMMANDS = {"runserver", "testserver"}


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubscore.settings")
    if len(sys.argv) > 1 and sys.argv[1] not in SERVING_COMMANDS:
        os.environ.setdefault("CLUBSCORE_EPHEMERAL_SECRET_KEY", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
