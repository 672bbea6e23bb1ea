"""The director's penalties on a teams match: IMPs taken off before the VP scale, VPs after.

Laws 90 and 91 (procedural penalties) and the regulations' slow-play fines are given as
IMPs or VPs off a team's score (``bridge.teams.match_victory_points``: IMP penalties come
off the margin before conversion, VP penalties off the converted VPs). The match keeps
the penalties in force; each change is a ``TeamMatchPenalty`` row, who set it and why,
and the match's IMPs and VPs are worked out again from its boards, so the scorecard and
the ranking count the penalty at once.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.bridge.teams.scoring import match_victory_points
from tournaments.core.services.writes import locked, write
from tournaments.teams import hooks
from tournaments.teams.models import TeamMatch, TeamMatchPenalty, TeamsScoring
from tournaments.teams.services.tables import team_matches_rescore

LIMITS = {"imp": 100.0, "vp": 20.0}


def _check(penalties: dict[str, float], reason: str, scoring: str) -> None:
    errors = {}
    for name, value in penalties.items():
        limit = LIMITS["vp" if "_vp_" in name else "imp"]
        if not 0 <= value <= limit:
            errors[name] = _("A penalty is a number to take off, from 0 to %(limit)s.") % {
                "limit": f"{limit:g}"
            }
    if scoring == TeamsScoring.BOARD_A_MATCH and (
        penalties["home_imp_penalty"] or penalties["away_imp_penalty"]
    ):
        errors["home_imp_penalty"] = _("A board-a-match event has no IMPs: give the penalty in points.")
    if not reason.strip():
        errors["reason"] = _("Say why (the Law or regulation), for the audit.")
    if errors:
        raise ValidationError(errors)


@write()
def team_match_penalties_set(
    *,
    match: TeamMatch,
    reason: str,
    user: User | None = None,
    home_imp_penalty: float = 0,
    away_imp_penalty: float = 0,
    home_vp_penalty: float = 0,
    away_vp_penalty: float = 0,
) -> TeamMatch:
    """Set a match's penalties (0 lifts one), record who and why, and score the match again."""
    rows = TeamMatch.objects.select_related("round__event", "round__session")
    match = locked(rows, of=("self",)).get(pk=match.pk)  # the match's row only, not its round's
    if match.is_bye:
        raise ValidationError({"match": _("A bye is not a match: it has no penalties.")})
    penalties = {
        "home_imp_penalty": float(home_imp_penalty),
        "away_imp_penalty": float(away_imp_penalty),
        "home_vp_penalty": float(home_vp_penalty),
        "away_vp_penalty": float(away_vp_penalty),
    }
    event = match.round.event
    _check(penalties, reason, event.scoring)
    TeamMatch.objects.filter(pk=match.pk).update(**penalties)
    TeamMatchPenalty.objects.create(match=match, user=user, reason=reason.strip()[:200], **penalties)
    if match.round.session is not None:
        team_matches_rescore(match.round.session)
    elif match.home_imps is not None and match.away_imps is not None:  # scored by hand: both or neither
        home_vp, away_vp = match_victory_points(
            match.home_imps, match.away_imps, event.boards_per_match, **penalties
        )
        TeamMatch.objects.filter(pk=match.pk).update(home_vp=home_vp, away_vp=away_vp)
    hooks.event_scores_changed(event)  # a finished event's master points follow (federation)
    return TeamMatch.objects.select_related("home", "away", "round__event").get(pk=match.pk)
