"""What results by email adds to the rooms below it: the sending after a night finishes, and
its records following a player's merge or erasure and joining his export."""

from __future__ import annotations

from tournaments.mail.selectors.exported import mail_player_export
from tournaments.mail.services.players import mail_follow_erasure, mail_follow_merge
from tournaments.mail.services.sending import results_mail_after_finish
from tournaments.night import hooks as night
from tournaments.season import hooks as season


def ready() -> None:
    night.session_finished.register(results_mail_after_finish)
    season.player_merged.register(mail_follow_merge)
    season.player_erased.register(mail_follow_erasure)
    season.player_exported.register(mail_player_export)
