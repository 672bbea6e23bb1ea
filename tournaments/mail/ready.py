"""What results by email adds to the rooms below it: the sending after a night finishes."""

from __future__ import annotations

from tournaments.mail.services.sending import results_mail_after_finish
from tournaments.night import hooks as night


def ready() -> None:
    night.session_finished.register(results_mail_after_finish)
