"""Follow a Bridgemate file during the night: read it every few seconds, publish what the tables send.

``manage.py import_bws FILE --club SLUG --follow`` runs this beside Bridgemate Control
Software, which keeps writing the file while the tables play. Each read imports the file
as an upload would (``services.bws.bws_store``: only what is new is written, in one
transaction), so the session's public standings follow the tables ("live from the
Bridgemates").

- **A file caught being written** is never half-imported. The file is read once into
  memory and parsed from that copy; it is then read again, and a copy that is no longer
  the file (it changed while it was parsed) is dropped and read afresh at once. A copy
  that cannot be read (torn pages, a table read short: ``access_files``) is reported and
  read again at the next turn. Either way nothing of it is stored.
- **A file that says something ClubScore refuses** (a bad contract on a row that counts,
  a result it cannot take) is reported once and read again when it changes (a table's
  correction); the other results wait with it, as the import is all or nothing.
- **An unchanged file** (the same bytes as the last one imported) is not parsed again.
- **Stopping**: ``pause`` waits between reads and says whether to stop; Ctrl-C in the
  command ends the wait (or rolls back an import under way: nothing half-written).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.formats.bws import BwsFile
from tournaments.core.files import UnreadableFile, read_file_bytes
from tournaments.core.models import Club
from tournaments.exchange.services.bws import (
    MAX_BWS_BYTES,
    UNREADABLE,
    BwsImport,
    bws_store,
    check_bws_file,
)

# Reads of a file that keeps changing under the reader before the turn is given up.
SETTLE_TRIES = 3


def bws_follow(
    *,
    path: str,
    club: Club,
    section: str | None = None,
    name: str = "",
    every: float = 5.0,
    pause: Callable[[float], bool],
    report: Callable[[str], None],
) -> None:
    """Import the file at ``path`` whenever it changes, until ``pause(every)`` says to stop."""
    imported_digest = ""
    while True:
        imported_digest = _turn(path, club, section, name, imported_digest, report)
        if pause(every):
            return


def _turn(
    path: str, club: Club, section: str | None, name: str, last: str, report: Callable[[str], None]
) -> str:
    """One read of the file, imported if it changed; return the digest of the bytes last dealt with."""
    for _try in range(SETTLE_TRIES):
        try:
            data = read_file_bytes(path, MAX_BWS_BYTES, kind="Bridgemate file")
        except UnreadableFile as error:
            report(_("%(error)s; reading it again shortly.") % {"error": error})
            return last
        digest = hashlib.sha256(data).hexdigest()
        if digest == last:
            return last
        try:
            file = check_bws_file(data)
        except ValidationError as error:
            if not _unreadable(error) and _still(path, data):  # what the file says: wait for it to change
                report(_refused(path, error))
                return digest
            report(
                _("%(path)s cannot be read yet (%(error)s); reading it again shortly.")
                % {"path": path, "error": " ".join(error.messages)}
            )
            return last
        if _still(path, data):
            return _import(path, club, file, section, name, digest, report)
    report(_("%(path)s keeps changing while it is read; reading it again shortly.") % {"path": path})
    return last


def _unreadable(error: ValidationError) -> bool:
    return any(problem.code == UNREADABLE for problem in error.error_dict.get("file", []))


def _refused(path: str, error: ValidationError) -> str:
    return _("%(path)s: %(error)s Nothing of it was stored; waiting for the file to change.") % {
        "path": path,
        "error": " ".join(error.messages),
    }


def _still(path: str, data: bytes) -> bool:
    """Whether the file still holds the bytes that were parsed (it was not being written meanwhile)."""
    try:
        return read_file_bytes(path, MAX_BWS_BYTES, kind="Bridgemate file") == data
    except UnreadableFile:
        return False


def _import(
    path: str,
    club: Club,
    file: BwsFile,
    section: str | None,
    name: str,
    digest: str,
    report: Callable[[str], None],
) -> str:
    try:
        imported = bws_store(club=club, file=file, section=section, name=name)
    except ValidationError as error:
        report(_refused(path, error))
        return digest
    if imported.changed:
        report(import_summary(imported))
        for note in imported.notes:
            report(note)
    return digest


def import_summary(imported: BwsImport) -> str:
    """One line saying what an import did, for the command and the page."""
    counts = imported.counts
    session = imported.session
    return _(
        "%(session)s (session %(id)s): %(added)s new, %(corrected)s corrected, %(removed)s removed, "
        "%(unchanged)s unchanged, %(left)s for the director."
    ) % {
        "session": session,
        "id": session.pk,
        "added": counts.added,
        "corrected": counts.corrected,
        "removed": counts.removed,
        "unchanged": counts.unchanged,
        "left": counts.left,
    }
