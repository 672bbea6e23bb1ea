"""Import a Bridgemate file (``.bws``) into a session, and again as the night goes on.

The file is the one Bridgemate Control Software (BCS) keeps during the night: the
movement the scoring program wrote into it, and what the tables send (players' numbers,
results, erasures, corrections). One section of it feeds one ClubScore session
(``BridgemateFeed``); ClubScore has no sessions of several sections yet, so a file of
several is imported one section at a time, the director choosing (refused, naming the
sections, without a choice). The reader (``bridge.formats.bws``) reads every section.

- **The first import** creates the session: the file's session name (with the section's
  letter when there are several) unless the director gives one, its date, matchpoints,
  and the movement when it is one ClubScore lays out itself (``standard_movement``);
  then play starts (the tables are playing).
- **Every import**, the first included, seats the pairs the file names
  (``services.bws_seating``), makes the boards, deals those the hand records give, and
  takes each table's result that is new since the last import (``services.bws_results``):
  the same file read again changes nothing, a correction replaces the result it corrects,
  an erasure removes it. ClubScore scores every result as if typed.
- **All or nothing**: a file that cannot be read, or a result ClubScore refuses, stores
  nothing, and the message names the table and the row.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.bridge.formats.bws import BwsError, BwsFile, BwsSection, read_bws, standard_movement
from tournaments.core.models import Club
from tournaments.core.services.writes import locked_row, write
from tournaments.exchange.access_files import access_tables
from tournaments.exchange.models import BridgemateFeed
from tournaments.exchange.services.bws_results import ResultCounts, results_take
from tournaments.exchange.services.bws_seating import boards_ensure, pairs_seat
from tournaments.night.models import Movement, Session
from tournaments.night.services.locks import session_locked
from tournaments.night.services.movement import session_create_with_movement, session_play_for_results
from tournaments.night.services.scoring.settle import scores_settle_locked

MAX_BWS_BYTES = 16_000_000  # a real club night's file is about 1 MB, most of it a member list
# A night of 60 tables and 27 boards sends 1,620 results; each takes about 3 ms to enter.
MAX_BWS_RESULTS = 2_000


@dataclass(frozen=True)
class BwsImport:
    """What an import did: the session, whether it is new, the results it took, notes for the director."""

    session: Session
    created: bool
    counts: ResultCounts
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.created or self.counts.changed


# The code of a refusal for a file that could not be read whole (cut short, caught being
# written): reading it again may succeed. Any other refusal is of what the file says.
UNREADABLE = "unreadable"


def check_bws_file(data: bytes) -> BwsFile:
    """Read an uploaded Bridgemate file within the size limit; raise ``ValidationError`` on ``file``.

    A file whose Access tables cannot be read whole is refused with the code ``UNREADABLE``.
    """
    if len(data) > MAX_BWS_BYTES:
        raise ValidationError(
            {
                "file": _("The file is over %(limit)s bytes, the most a Bridgemate file may be.")
                % {"limit": f"{MAX_BWS_BYTES:,}"}
            }
        )
    try:
        tables = access_tables(data)
    except BwsError as error:
        raise _not_readable(error, UNREADABLE) from None
    try:
        return read_bws(tables)
    except BwsError as error:
        raise _not_readable(error, "refused") from None


def _not_readable(error: BwsError, code: str) -> ValidationError:
    message = _("Not a Bridgemate file ClubScore can read: %(error)s.") % {"error": error}
    return ValidationError({"file": ValidationError(message, code=code)})


def file_section(file: BwsFile, section: str | None) -> BwsSection:
    """The section to import, or a ``ValidationError`` on ``section`` naming the file's sections."""
    try:
        return file.section(section)
    except BwsError as error:
        raise ValidationError(
            {"section": _("Choose the section to import: %(error)s.") % {"error": error}}
        ) from None


def bws_import(
    *, club: Club, data: bytes, section: str | None = None, name: str = "", user: User | None = None
) -> BwsImport:
    """Import (or import again) one section of a Bridgemate file into the club's session it feeds."""
    return bws_store(club=club, file=check_bws_file(data), section=section, name=name, user=user)


def bws_store(
    *, club: Club, file: BwsFile, section: str | None = None, name: str = "", user: User | None = None
) -> BwsImport:
    """Store a read Bridgemate file's section in the session it feeds, created the first time."""
    chosen = file_section(file, section)
    if len(chosen.results) > MAX_BWS_RESULTS:
        raise ValidationError(
            {
                "file": _(
                    "Section %(section)s holds %(count)s results; at most %(limit)s are imported at once."
                )
                % {
                    "section": chosen.letter,
                    "count": f"{len(chosen.results):,}",
                    "limit": f"{MAX_BWS_RESULTS:,}",
                }
            }
        )
    notes: list[str] = []
    with write():
        feed, created = _feed(club, file, chosen, name)
        session = session_play_for_results(session=feed.session)  # the tables are playing
        pairs = pairs_seat(session, chosen, notes)
        boards = boards_ensure(session, chosen, notes)
        counts = results_take(feed, chosen, pairs, boards, notes, user)
        feed.save(update_fields=["rows", "updated_at"])
        locked = session_locked(session, Session.objects.select_related("club"))
        scores_settle_locked(locked, inserted=not counts.replaced)
    return BwsImport(locked, created, counts, notes)


def _feed(club: Club, file: BwsFile, section: BwsSection, name: str) -> tuple[BridgemateFeed, bool]:
    """The feed of this file's section at the club, locked; created with its session the first time."""
    found = BridgemateFeed.objects.filter(club=club, bcs_session=file.guid[:200], section=section.letter[:8])
    feed = found.select_related("session__club").first()
    if feed is not None:
        return locked_row(feed, BridgemateFeed.objects.select_related("session__club")), False
    session = _session_create(club, file, section, name)
    try:
        feed = BridgemateFeed.objects.create(
            session=session, club=club, bcs_session=file.guid[:200], section=section.letter[:8]
        )
    except IntegrityError:  # another import of the same file got there first
        raise ValidationError({"file": _("This file is being imported at this moment: try again.")}) from None
    return feed, True


def session_name(file: BwsFile, section: BwsSection, name: str = "") -> str:
    """The new session's name: the director's, else the file's (with the section when there are several)."""
    if name.strip():
        return name.strip()[:120]
    if len(file.sections) > 1:
        return _("%(name)s, section %(section)s") % {
            "name": file.name,
            "section": section.letter or section.id,
        }
    return file.name[:120]


def session_date(file: BwsFile) -> datetime.date:
    """The file's date, or today's for a file that states none."""
    return file.date or timezone.localdate()


def _session_create(club: Club, file: BwsFile, section: BwsSection, name: str) -> Session:
    named, date = session_name(file, section, name), session_date(file)
    if Session.objects.filter(club=club, date=date, name=named).exists():
        raise ValidationError(
            {
                "name": _(
                    "%(club)s already has a session named %(name)s on %(date)s: give the import another name."
                )
                % {"club": club, "name": named, "date": date}
            }
        )
    movement = standard_movement(section)
    if movement is None:
        kind = Movement.MITCHELL if section.is_mitchell else Movement.HOWELL
        return session_create_with_movement(club=club, date=date, name=named, movement=kind)
    return session_create_with_movement(
        club=club,
        date=date,
        name=named,
        movement=movement.kind,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        even_tables=movement.even_tables or "relay",
    )
