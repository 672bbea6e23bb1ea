"""Send a finished night's results: recorded first, sent outside the write gate, once per result.

The night calls ``results_mail_after_finish`` inside the finish's transaction and write
gate (``night.hooks.session_finished``); it only asks, in that transaction, for a job of
the task queue (``core.services.jobs``), so a finish that rolls back sends nothing and
one that commits is sure to send, whatever process dies; a worker sends, and the tables'
writes never wait for a mail server.

Each email is recorded as pending in one short write under the gate, with the session's
row locked (two finishes, or a finish and a resend, take turns), then sent with no lock
held, then its outcome recorded: sent, or failed with the server's error, which the
director's page shows (a failed send is never a 500). The pending record is what stops
a duplicate: finishing again (a reopen and finish with nothing changed) finds the same
result already told to the same address and sends nothing; a resend from a page that
shows fewer emails than there now are skips whoever was sent one since (a double click).

The job is idempotent: run again (a retry, a worker killed mid-way) it records nothing
new, and sends the emails still pending that a stopped run had recorded but not sent,
each letter written afresh and sent only if it still tells the result recorded. (A worker
killed between the mail server's acceptance and the record of it sends that one email
twice: at least once, never lost, is the side we chose.)
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import get_connection
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import TaskContext

from tournaments.core.services.jobs import enqueue, job
from tournaments.core.services.writes import write_one_statement
from tournaments.mail.models import MailOptOut, MailReason, MailStatus, ResultMail
from tournaments.mail.selectors.letters import Letter, session_letters
from tournaments.mail.selectors.page import email_configured, session_mails_results
from tournaments.mail.services.messages import letter_message
from tournaments.night.models import Session, SessionState
from tournaments.night.services.locks import session_write

logger = logging.getLogger(__name__)


@dataclass
class MailOutcome:
    """What a sending did: emails sent, failed (with their errors), and players skipped and why."""

    sent: int = 0
    failed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def results_mail_after_finish(session: Session) -> None:
    """The night finished (in its transaction): ask for its results' sending, a job that commits with it."""
    if email_configured() and session_mails_results(session):
        enqueue(results_mail_finished, session.pk)


@job(after_commit=True, retry_after=(60.0, 300.0, 1800.0), takes_context=True)
def results_mail_finished(context: TaskContext, session_id: int) -> dict[str, int]:
    """The queue's job: email the finished session's results to whoever has not had them.

    A server that refused some emails leaves them failed on the director's page, who can
    send them again; the job itself fails (and is retried) only if it could not run. Run
    again (its worker died), it also sends what its first run recorded but did not send;
    the first run does not, as the pending emails may be another finish's job's, at work.
    """
    if not Session.objects.filter(pk=session_id).exists():
        return {"sent": 0, "failed": 0}  # deleted since: nothing to tell
    outcome = results_mail_send(session_id, reason=MailReason.FINISH, resume=context.attempt > 1)
    return {"sent": outcome.sent, "failed": len(outcome.failed)}


def results_mail_resend(
    *, session: Session, user: User | None, shown_up_to: int, player_id: int | None = None
) -> MailOutcome:
    """The director sends a session's results again, to one player or to every reachable member."""
    if not email_configured():
        raise ValidationError(_("Email is not configured on this site (EMAIL_URL): nothing was sent."))
    if session.state != SessionState.FINISHED:
        raise ValidationError(_("Results are emailed once the session has finished; it is not finished."))
    wanted = None if player_id is None else [player_id]
    outcome = results_mail_send(
        session.pk, reason=MailReason.RESEND, player_ids=wanted, user=user, shown_up_to=shown_up_to
    )
    if player_id is not None and not (outcome.sent or outcome.failed or outcome.skipped):
        raise ValidationError(
            _("That player has no email on the club's member list here, or asked for none.")
        )
    return outcome


def results_mail_send(
    session_id: int,
    *,
    reason: str,
    player_ids: Iterable[int] | None = None,
    user: User | None = None,
    shown_up_to: int | None = None,
    resume: bool = False,
) -> MailOutcome:
    """Write to every reachable member (of ``player_ids``): record, send, record the outcome.

    ``resume``: also send the finish's emails recorded but left unsent (``_left_pending``).
    """
    session = Session.objects.select_related("club").get(pk=session_id)
    letters = session_letters(session, player_ids)  # read with no lock held
    outcome = MailOutcome()
    claimed = _claim(session_id, letters, reason, user, shown_up_to, outcome)
    if resume:
        claimed += _left_pending(session_id, letters, claimed)
    if claimed:
        _deliver(claimed, outcome)
    return outcome


def _claim(
    session_id: int,
    letters: list[Letter],
    reason: str,
    user: User | None,
    shown_up_to: int | None,
    outcome: MailOutcome,
) -> list[tuple[ResultMail, Letter]]:
    """Record each letter to send as pending, skipping what was told already (one short write)."""
    claimed = []
    with session_write(Session(pk=session_id)) as session:
        if session.state != SessionState.FINISHED:
            outcome.skipped += [
                _("%(player)s: the session was reopened") % {"player": letter.seat.player.name}
                for letter in letters
            ]
            return []
        ids = [letter.seat.player.pk for letter in letters]
        opted_out = set(
            MailOptOut.objects.filter(club_id=session.club_id, player_id__in=ids).values_list(
                "player_id", flat=True
            )
        )
        earlier = ResultMail.objects.filter(session_id=session_id)
        for letter in letters:
            seat, why = letter.seat, ""
            if seat.player.pk in opted_out:
                why = _("asked for no email")
            elif (
                reason == MailReason.FINISH
                and earlier.filter(player=seat.player, email=seat.email, digest=letter.digest).exists()
            ):
                why = _("already sent this result")
            elif shown_up_to is not None and earlier.filter(player=seat.player, pk__gt=shown_up_to).exists():
                why = _("sent again since the page was shown")
            if why:
                outcome.skipped.append(f"{seat.player.name}: {why}")
                continue
            mail = ResultMail.objects.create(
                session_id=session_id,
                player=seat.player,
                pair=seat.pair,
                email=seat.email,
                digest=letter.digest,
                reason=reason,
                requested_by_id=user.pk if user is not None else None,
            )
            claimed.append((mail, letter))
    return claimed


def _left_pending(
    session_id: int, letters: list[Letter], claimed: list[tuple[ResultMail, Letter]]
) -> list[tuple[ResultMail, Letter]]:
    """The finish's emails recorded but never sent (a run stopped between the two), with their letters.

    A pending email is sent only with a letter that tells the same result (its digest): one
    that no longer does is left pending, as the finish recorded the result since changed.
    """
    taken = {mail.pk for mail, _letter in claimed}
    by_player = {(letter.seat.player.pk, letter.seat.email, letter.digest): letter for letter in letters}
    pending = ResultMail.objects.filter(
        session_id=session_id, reason=MailReason.FINISH, status=MailStatus.PENDING
    ).exclude(pk__in=taken)
    found = []
    for mail in pending:
        letter = by_player.get((mail.player_id, mail.email, mail.digest))
        if letter is not None:
            found.append((mail, letter))
    return found


def _deliver(claimed: list[tuple[ResultMail, Letter]], outcome: MailOutcome) -> None:
    """Send each email over one connection, with no lock held; record each outcome as it comes."""
    connection = get_connection(fail_silently=False)
    try:
        connection.open()
    except Exception as error:  # the server is down or refuses us: every email failed, none a 500
        for mail, _letter in claimed:
            _record(mail, outcome, error)
        return
    try:
        for mail, letter in claimed:
            try:
                connection.send_messages([letter_message(letter)])
            except Exception as error:  # one refused address must not stop the others
                _record(mail, outcome, error)
            else:
                _record(mail, outcome, None)
    finally:
        try:
            connection.close()
        except Exception:  # the messages are out; a server that drops the line on QUIT changes nothing
            logger.warning("Closing the mail connection failed", exc_info=True)


def _record(mail: ResultMail, outcome: MailOutcome, error: Exception | None) -> None:
    if error is None:
        mail.status, mail.sent_at = MailStatus.SENT, timezone.now()
        outcome.sent += 1
    else:
        mail.status, mail.error = MailStatus.FAILED, f"{type(error).__name__}: {error}"[:1000]
        outcome.failed.append(f"{mail.email}: {mail.error}")
        logger.warning("Results email to %s failed: %s", mail.email, mail.error)
    with write_one_statement():
        ResultMail.objects.filter(pk=mail.pk).update(
            status=mail.status, sent_at=mail.sent_at, error=mail.error
        )
