"""Delete a session made by mistake: only one without results, recorded at the club.

A director who created a session for the wrong night, or twice, deletes it with its
pairs, boards and table links (issue 28, point 5). A session holding a result is refused,
saying how many: results are the club's record (standings, ratings, competitions), so
they are deleted one by one on their boards, each in the audit log, before the session
may go. A teams round's session belongs to its event and is refused too.

The session's own audit log goes with it, so the deletion is recorded at the club as a
``SessionDeletion`` (read-only in the admin), as replacing an imported file is
(``services.imports``): who, when, which session, and what it held.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import ngettext

from tournaments.core.services.writes import locked, write
from tournaments.night import hooks, live
from tournaments.night.models import Result, ResultChange, Session, SessionChange, SessionDeletion


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def check_session_deletable(session: Session) -> None:
    """Refuse a session that holds results, or a teams round's, saying why and what to do."""
    results = Result.objects.filter(board__session=session).count()
    if results:
        raise ValidationError(
            {
                "session": ngettext(
                    "The session has %(count)s result: it cannot be deleted. Delete its results "
                    "first, each on its board (the audit log keeps them), if the session really "
                    "was made by mistake.",
                    "The session has %(count)s results: it cannot be deleted. Delete its results "
                    "first, each on its board (the audit log keeps them), if the session really "
                    "was made by mistake.",
                    results,
                )
                % {"count": results}
            }
        )
    for holder in hooks.session_held(session):  # a teams round belongs to its event
        if holder:
            raise ValidationError({"session": holder})


@write()
def session_delete(*, session: Session, user: User | None = None) -> SessionDeletion | None:
    """Delete a session without results, with its pairs and boards; return the club's record of it.

    The session's row is locked first, as every result write locks it, so no result can
    arrive between the check and the delete. None when the session is already gone (a
    double-clicked Delete).
    """
    found = locked(Session.objects.filter(pk=session.pk)).first()
    if found is None:
        return None
    session = found
    check_session_deletable(session)
    live.session_changed([session.pk])  # its pages' stamps (night.live): a poll then finds it gone
    held = f"{_plural(session.pairs.count(), 'pair')}, {_plural(session.boards.count(), 'board')}"
    record = SessionDeletion.objects.create(
        club_id=session.club_id,
        session_pk=session.pk,
        session_name=session.name,
        session_date=session.date,
        source_sha256=session.source_sha256,
        result_count=0,
        audit_entry_count=(
            ResultChange.objects.filter(session=session).count()
            + SessionChange.objects.filter(session=session).count()
        ),
        reason=f"Deleted by its director, with no results: {held}.",
        user=user if user is not None and user.is_authenticated else None,
    )
    session.delete()
    return record
