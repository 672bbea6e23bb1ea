"""Everything the site holds about one player, for the director to hand over on request.

What is held (README, "What ClubScore stores about players"): the player's row (name,
federation number, the initials flag), each club membership and its email, the pairs he
sat in with their partners, standings and board results, his rating and its snapshots,
his teams, and the merges that folded another entry into him; and what the capabilities
above the season hold of him (``hooks.player_exported``: the results emails sent him and
his opt-outs).

A club's export holds what that club holds (issue 28): given ``clubs``, only their
memberships (never another club's email), their sessions and results, the rating
history of their sessions and their teams. A director exports only a player of his
clubs alone, so for him the two are the same; the filter keeps it so by construction.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournaments.core.models import Club, Player
from tournaments.night.models import Pair, Result, Standing
from tournaments.season import hooks
from tournaments.season.models import ClubMember, PlayerMerge, PlayerRating, RatingSnapshot
from tournaments.teams.models import TeamMember


def player_export(player: Player, clubs: QuerySet[Club] | None = None) -> dict:
    """Return the player's data as plain JSON-ready values (a fixed number of queries): all of
    it, or what ``clubs`` hold of it."""
    memberships = ClubMember.objects.filter(player=player).select_related("club")
    pairs_rows = Pair.objects.filter(Q(player1=player) | Q(player2=player))
    snapshots = RatingSnapshot.objects.filter(player=player).select_related("session")
    teams = TeamMember.objects.filter(player=player).select_related("team__event")
    if clubs is not None:
        memberships = memberships.filter(club__in=clubs)
        pairs_rows = pairs_rows.filter(session__club__in=clubs)
        snapshots = snapshots.filter(session__club__in=clubs)
        teams = teams.filter(team__event__club__in=clubs)
    pairs = list(
        pairs_rows.select_related("session__club", "player1", "player2").order_by(
            "session__date", "session_id"
        )
    )
    standings = {s.pair_id: s for s in Standing.objects.filter(pair__in=pairs)}
    rating = PlayerRating.objects.filter(player=player).first()
    export: dict = {
        "player": {
            "id": player.pk,
            "name": player.name,
            "federation_number": player.federation_number,
            "shown_by_initials": player.shown_by_initials,
        },
        "memberships": [
            {"club": m.club.name, "email": m.email, "added_at": m.added_at.isoformat()} for m in memberships
        ],
        "sessions": [_session(pair, player, standings.get(pair.pk)) for pair in pairs],
        "results": _results(pairs),
        "rating": None
        if rating is None
        else {"rating": rating.rating, "uncertainty": rating.uncertainty, "sessions": rating.sessions},
        "rating_history": [
            {
                "session_id": s.session_id,
                "date": s.session.date.isoformat(),
                "rating": s.rating,
                "uncertainty": s.uncertainty,
            }
            for s in snapshots
        ],
        "teams": [{"event": m.team.event.name, "team": m.team.name} for m in teams],
        "merges": [
            {
                "merged_name": m.duplicate_name,
                "merged_federation_number": m.duplicate_federation_number,
                "at": m.at.isoformat(),
            }
            for m in PlayerMerge.objects.filter(kept=player)
        ],
    }
    for parts in hooks.player_exported(player, clubs):
        export.update(parts)
    return export


def _session(pair: Pair, player: Player, standing: Standing | None) -> dict:
    partner = pair.player2 if pair.player1_id == player.pk else pair.player1
    return {
        "session_id": pair.session_id,
        "club": pair.session.club.name,
        "date": pair.session.date.isoformat(),
        "name": pair.session.name,
        "pair": pair.label,
        "partner": partner.name if partner is not None else None,
        "rank": None if standing is None else standing.rank_text,
        "percentage": None if standing is None else standing.percentage,
        "matchpoints": None if standing is None else standing.matchpoints,
    }


def _results(pairs: list[Pair]) -> list[dict]:
    results = (
        Result.objects.filter(Q(ns_pair__in=pairs) | Q(ew_pair__in=pairs))
        .select_related("board")
        .order_by("board__session_id", "board__number", "id")
    )
    mine = {pair.pk for pair in pairs}
    return [
        {
            "session_id": r.board.session_id,
            "board": r.board.number,
            "sat": "NS" if r.ns_pair_id in mine else "EW",
            "result": r.display,
            "ns_score": r.ns_score,
            "percentage": r.ns_percentage if r.ns_pair_id in mine else r.ew_percentage,
        }
        for r in results
    ]
