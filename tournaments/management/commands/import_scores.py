"""``manage.py import_scores FILE --club CLUB --date YYYY-MM-DD --name NAME [--replace]``.

Stores a legacy score file as a session of the club, all or nothing (see
``tournaments.exchange.services.legacy``). A malformed file prints ``FILE:LINE: what is wrong``
on stderr, as ``simpscore`` does, and exits 1 with nothing stored; any other refusal
(an unknown club, whose error says how to create one with ``create_club``; the same
file imported before; a session name already used that day) is a ``CommandError``, which
also exits 1. A file of many results shows a progress bar on stderr.
"""

from __future__ import annotations

import argparse
import datetime
import shlex
import sys

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q
from django.utils.translation import gettext as _
from tqdm import tqdm

from tournaments.core.models import Club
from tournaments.exchange.score_files import read_score_file
from tournaments.exchange.services.legacy import played_result_count, score_file_import

# Below this many results an import takes well under a second: no bar to watch.
PROGRESS_BAR_FROM = 20_000


class Command(BaseCommand):
    help = "Import a legacy score file as a new session of a club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a score file in the legacy format")
        parser.add_argument("--club", required=True, help="the club's slug or name")
        parser.add_argument(
            "--date", required=True, type=_iso_date, help="the day the session was played, YYYY-MM-DD"
        )
        parser.add_argument("--name", required=True, help="the session's name, e.g. 'Tuesday evening'")
        parser.add_argument(
            "--replace", action="store_true", help="replace the session imported before from this same file"
        )

    def handle(self, *args: object, file: str, club: str, date: datetime.date, name: str, **options) -> None:
        club_found = _club(club)
        score_file = read_score_file(file, self.stderr)
        total = played_result_count(score_file)
        with tqdm(
            total=total, unit=" results", file=sys.stderr, disable=total < PROGRESS_BAR_FROM, leave=False
        ) as bar:
            try:
                session = score_file_import(
                    club=club_found,
                    date=date,
                    name=name,
                    score_file=score_file,
                    replace=options["replace"],
                    progress=bar.update,
                )
            except ValidationError as error:
                raise CommandError(
                    _("%(file)s: not imported: %(reason)s")
                    % {"file": file, "reason": " ".join(error.messages)}
                ) from None
        self.stdout.write(
            _(
                "Imported %(file)s as session %(id)s (%(session)s): %(pairs)s"
                " pairs, %(boards)s boards, %(total)s results."
            )
            % {
                "file": file,
                "id": session.pk,
                "session": session,
                "pairs": len(score_file.pairs),
                "boards": len(score_file.boards),
                "total": total,
            }
        )


def _iso_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date YYYY-MM-DD: {text!r}") from None


def _club(slug_or_name: str) -> Club:
    club = Club.objects.filter(Q(slug=slug_or_name) | Q(name__iexact=slug_or_name)).first()
    if club is None:
        known = ", ".join(Club.objects.values_list("slug", flat=True)[:20]) or "none yet"
        raise CommandError(
            _(
                "No club %(club)r (clubs: %(known)s). Create one with: manage.py"
                " create_club %(quoted)s [--slug SLUG] [--director USER]"
            )
            % {"club": slug_or_name, "known": known, "quoted": shlex.quote(slug_or_name)}
        )
    return club
