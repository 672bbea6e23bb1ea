"""Write the master points ledger: a finished session's or teams event's awards, player by player.

Called by the hooks of the rooms below (``ready``), inside their transactions: when a
night or an event finishes, when a finished one's scores change (a correction settles,
a penalty, a match scored by hand), and when it is reopened (its awards go: it is not
over). Each call works the awards out again from the stored places (``selectors.awards``,
one session's standings) and writes only what moved: a correction that moves no place
writes nothing.

A pair's award goes to each of its players, an individual's to the player placed; a
team's to each member, of a team of five or six the part its federation gives (the ABF:
4/5, 2/3), rounded to the scale's unit.
A club that names no federation, or a session too small for its scale, has no rows;
``awards_rebuild`` (``manage.py award_master_points``) works a club's history out again.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from tournaments.bridge.federations import Award, Scale, point_type_choices
from tournaments.bridge.strata import stratum_name
from tournaments.core.models import Club, Player
from tournaments.core.services.writes import locked, write
from tournaments.federation.models import MasterPointAward
from tournaments.federation.selectors.awards import event_award_plan, session_award_plan
from tournaments.night import live
from tournaments.night.models import Movement, Pair, Session, SessionState
from tournaments.teams.models import TeamMember, TeamsEvent

# The fields that say what an award is: a row whose fields all match is left alone.
_COMPARED = (
    "player_id",
    "pair_id",
    "team_id",
    "place",
    "tied",
    "field",
    "stratum",
    "points",
    "scale",
    "date",
)


def _member_points(scale: Scale, award: Award[int], share: Fraction) -> MasterPointAward | None:
    points = (award.points * share.numerator / share.denominator).quantize(scale.unit, ROUND_HALF_UP)
    return MasterPointAward(points=points) if points > 0 else None


def _rows_write(existing: list[MasterPointAward], wanted: list[MasterPointAward]) -> None:
    """Bring the stored rows to the wanted ones, touching only those that differ."""
    stored = {row.player_id: row for row in existing}
    keep = set()
    for row in wanted:
        old = stored.get(row.player_id)
        if old is not None and all(getattr(old, name) == getattr(row, name) for name in _COMPARED):
            keep.add(old.pk)
    gone = [row.pk for row in existing if row.pk not in keep]
    if gone:
        MasterPointAward.objects.filter(pk__in=gone).delete()
    kept_players = {row.player_id for row in existing if row.pk in keep}
    MasterPointAward.objects.bulk_create([row for row in wanted if row.player_id not in kept_players])


def session_awards_write(session: Session) -> None:
    """Bring the ledger to the session's awards: those of its places if it is finished, else none."""
    existing = list(MasterPointAward.objects.filter(session=session))
    if not session.is_finished or session.movement == Movement.TEAMS:
        wanted: list[MasterPointAward] = []
    else:
        wanted = _session_rows(session)
    _rows_write(existing, wanted)


def _session_rows(session: Session) -> list[MasterPointAward]:
    plan = session_award_plan(session)
    if plan.scale is None or not plan.awards.awards:
        return []
    if session.is_individual:
        return _individual_rows(session, plan.scale, plan.awards.awards)
    pairs = Pair.objects.in_bulk([award.key for award in plan.awards.awards])
    rows = []
    for award in plan.awards.awards:
        pair = pairs[award.key]
        for player_id in (pair.player1_id, pair.player2_id):
            if player_id is None:
                continue
            rows.append(
                MasterPointAward(
                    club_id=session.club_id,
                    player_id=player_id,
                    session=session,
                    pair_id=pair.pk,
                    date=session.date,
                    federation=plan.scale.federation,
                    scale=plan.scale.code,
                    place=award.place,
                    tied=award.tied,
                    field=plan.fields.get(award.key, ""),
                    stratum=stratum_name(plan.strata[award.key]) if plan.strata.get(award.key) else "",
                    points=award.points,
                )
            )
    return rows


def _individual_rows(
    session: Session, scale: Scale, awards: tuple[Award[int], ...]
) -> list[MasterPointAward]:
    """An individual's rows: one a player, keyed by him (his partnerships each played a round,
    so no pair is his)."""
    return [
        MasterPointAward(
            club_id=session.club_id,
            player_id=award.key,
            session=session,
            pair=None,
            date=session.date,
            federation=scale.federation,
            scale=scale.code,
            place=award.place,
            tied=award.tied,
            field="",
            points=award.points,
        )
        for award in awards
    ]


def event_awards_write(event: TeamsEvent) -> None:
    """Bring the ledger to a teams event's awards: those of its ranking if it is finished, else none."""
    existing = list(MasterPointAward.objects.filter(teams_event=event))
    _rows_write(existing, _event_rows(event) if event.state == SessionState.FINISHED else [])


def _event_rows(event: TeamsEvent) -> list[MasterPointAward]:
    plan = event_award_plan(event)
    if plan.scale is None or not plan.awards.awards:
        return []
    members: dict[int, list[int]] = {}
    for team_id, player_id in TeamMember.objects.filter(team__event=event).values_list(
        "team_id", "player_id"
    ):
        members.setdefault(team_id, []).append(player_id)
    rows = []
    for award in plan.awards.awards:
        players = members.get(award.key, [])
        share = plan.scale.member_share(len(players))
        for player_id in players:
            row = _member_points(plan.scale, award, share)
            if row is None:
                continue
            row.club_id, row.player_id, row.teams_event, row.team_id = (
                event.club_id,
                player_id,
                event,
                award.key,
            )
            row.date, row.federation, row.scale = event.date, plan.scale.federation, plan.scale.code
            row.place, row.tied, row.field = award.place, award.tied, ""
            rows.append(row)
    return rows


def awards_follow_merge(kept: Player, duplicate: Player) -> None:
    """Give the kept player the duplicate's awards (a merge refuses two who played in one session
    or teams event, so no session's award is his twice)."""
    MasterPointAward.objects.filter(player=duplicate).update(player=kept)


def awards_rebuild(clubs: QuerySet[Club]) -> tuple[int, int]:
    """Work out again the awards of every finished session and teams event of ``clubs``, each in
    its own write: for a club that names its federation after its nights were played, or a
    history imported from files. Returns (sessions, events) rebuilt."""
    sessions = Session.objects.filter(club__in=clubs, state=SessionState.FINISHED).exclude(
        movement=Movement.TEAMS
    )
    events = TeamsEvent.objects.filter(club__in=clubs, state=SessionState.FINISHED)
    for session in sessions.select_related("club").order_by("date", "pk"):
        with write():
            session_awards_write(session)
    for event in events.select_related("club").order_by("date", "pk"):
        with write():
            event_awards_write(event)
    return sessions.count(), events.count()


def session_point_type_set(*, session: Session, point_type: str) -> Session:
    """Name the scale the session awards on (the ABF's red for a special club session, '' the
    ordinary one); a finished session's ledger follows at once."""
    choices = dict(point_type_choices(session.club.federation))
    if point_type not in choices:
        raise ValidationError(
            {
                "master_point_type": _("%(club)s's federation has no scale of %(type)s points.")
                % {"club": session.club.name, "type": point_type or "?"}
            }
        )
    with write():
        fresh = locked(Session.objects.filter(pk=session.pk).select_related("club")).get()
        fresh.master_point_type = point_type
        fresh.save(update_fields=["master_point_type", "updated_at"])
        session_awards_write(fresh)
        live.session_changed([fresh.pk])  # the pages' stamps (night.live): the awards shown change
    return fresh
