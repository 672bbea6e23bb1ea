"""A member's own choice: whether the public may read his analysis (decision 0080)."""

from __future__ import annotations

from tournaments.analysis.models import AnalysisSharing
from tournaments.core.models import Player
from tournaments.core.services.writes import write
from tournaments.members.models import MemberAccount
from tournaments.members.services.choices import check_member_is


def analysis_sharing_set(*, account: MemberAccount, player: Player, public: bool) -> AnalysisSharing:
    """Let the public read ``player``'s analysis, or stop it; his own player only (else a 404)."""
    check_member_is(account, player)
    with write():
        sharing, _ = AnalysisSharing.objects.update_or_create(player=player, defaults={"public": public})
    return sharing
