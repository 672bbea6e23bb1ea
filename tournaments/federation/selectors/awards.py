"""What a session or teams event earns on its club's federation's scale, worked out from its places.

The scale (``bridge.federations``) is a pure function of the places and the contest's
size; this reads them from the stored standings (one query) or the event's ranking, so
the ledger's writer, the pages' "why none" and an import's comparison all ask the same
question the same way. Cheap: one session's standings, no result read (but an individual's).

- **A session**: every pair that played a board is a competitor; its boards are the most
  any pair played; a Mitchell ranked by direction has two winners (each direction a
  field), a Howell, an arrow-switched Mitchell or an imported legacy field one.
- **A teams event**: every team is a competitor, ranked by the event's ranking (VPs and
  its tie-break); its boards are the matches' boards times the rounds.
- **An individual**: every player who played a board is a competitor of one field, placed
  by his own standing (``night.selectors.individual``: a result read, as his partnerships
  each played one round), four to a table.
- **No award** is said in a sentence: the club has no federation, the session is a teams
  round (its event is awarded), or the scale's own refusal (too few tables or boards).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.bridge.federations import Awards, Contest, Placed, Scale, scale_of
from tournaments.bridge.federations.strata import stratified_awards
from tournaments.bridge.strata import Ranked
from tournaments.core.models import Club
from tournaments.night.models import Movement, Session, Standing
from tournaments.night.selectors.individual import individual_places
from tournaments.teams.models import TeamsEvent
from tournaments.teams.selectors.events import teams_event_ranking


@dataclass(frozen=True)
class AwardPlan:
    """The awards a session (keyed by pair id; an individual by player id) or event (by team id)
    earns, or why none."""

    scale: Scale | None
    awards: Awards[int]
    fields: dict[int, str]  # each competitor's field: 'NS', 'EW' or ''
    strata: dict[int, int] = field(default_factory=dict)  # the stratum whose place gave a pair's award

    @property
    def refusal(self) -> str:
        return self.awards.refusal


def club_scale(club: Club) -> Scale | None:
    return scale_of(club.federation)


def session_scale(session: Session) -> Scale | None:
    """The scale the session awards on: its club's federation's, of the session's point type
    (the ABF's red for a special club session), the ordinary one if the federation has none
    of that type (the club has changed federation since)."""
    return scale_of(session.club.federation, session.master_point_type) or club_scale(session.club)


def no_federation_refusal(club: Club) -> str:
    return _(
        "%(club)s has no federation: ClubScore awards no master points. A director names it "
        "on the club's settings page."
    ) % {"club": club.name}


def _refused(scale: Scale | None, refusal: str) -> AwardPlan:
    return AwardPlan(scale, Awards(refusal=refusal), {})


def session_contest(session: Session) -> tuple[Contest, list[list[Ranked[int]]], dict[int, str]]:
    """The session's size and its fields' places (with each pair's stratum, A if none), from its
    standings (the pairs that played)."""
    standings = list(
        Standing.objects.filter(session=session, boards_played__gt=0)
        .order_by("pair__direction", "rank")
        .values_list("pair_id", "pair__direction", "rank", "boards_played", "pair__stratum")
    )
    winners = 1 if session.ranks_one_field else 2
    fields: dict[str, list[Ranked[int]]] = {}
    for pair_id, direction, rank, _played, stratum in standings:
        fields.setdefault(direction if winners == 2 else "", []).append(Ranked(pair_id, rank, stratum or 0))
    contest = Contest(
        competitors=len(standings),
        boards=max((row[3] for row in standings), default=0),
        winners=winners,
    )
    field_of = {pair_id: direction if winners == 2 else "" for pair_id, direction, *_ in standings}
    return contest, list(fields.values()), field_of


def individual_contest(session: Session) -> tuple[Contest, list[Ranked[int]]]:
    """An individual's size and its one field of places, keyed by player id: every player who
    played a board competes (a Howell of players: one winner), ranked by his own standing
    (``night.selectors.individual``), since his partnerships each played one round."""
    played = [place for place in individual_places(session) if place.boards > 0]
    contest = Contest(
        competitors=len(played),
        boards=max((place.boards for place in played), default=0),
        individual=True,
    )
    return contest, [Ranked(place.player.pk, place.place, 0) for place in played]


def _individual_award_plan(scale: Scale, session: Session) -> AwardPlan:
    """An individual's awards by player: each player a competitor of one field, strata left out
    (a stratum is a pair's, and an individual has no pairs of its own)."""
    contest, field = individual_contest(session)
    placed = [Placed(entry.key, entry.place) for entry in field]
    return AwardPlan(scale, scale.awards(contest, [placed]), {entry.key: "" for entry in field})


def session_award_plan(session: Session) -> AwardPlan:
    """Return what the session earns on its scale as it stands now (finished or not):
    keyed by pair id, or for an individual by player id."""
    scale = session_scale(session)
    if scale is None:
        return _refused(None, no_federation_refusal(session.club))
    if session.movement == Movement.TEAMS:
        return _refused(scale, _("A teams round: its event earns the master points, when it finishes."))
    if session.is_individual:
        return _individual_award_plan(scale, session)
    contest, fields, field_of = session_contest(session)
    if session.is_stratified:
        awards, strata = stratified_awards(scale, contest, list(fields), len(session.strata_limits) + 1)
        return AwardPlan(scale, awards, field_of, strata)
    placed = [[Placed(entry.key, entry.place) for entry in each] for each in fields]
    return AwardPlan(scale, scale.awards(contest, placed), field_of)


def event_award_plan(event: TeamsEvent) -> AwardPlan:
    """Return what a teams event earns on its club's scale, by its ranking as it stands."""
    scale = club_scale(event.club)
    if scale is None:
        return _refused(None, no_federation_refusal(event.club))
    ranking = teams_event_ranking(event)
    contest = Contest(competitors=len(ranking), boards=event.boards_per_match * event.rounds, teams=True)
    field = [Placed(row.team.pk, row.place) for row in ranking]
    return AwardPlan(scale, scale.awards(contest, [field]), {row.team.pk: "" for row in ranking})
