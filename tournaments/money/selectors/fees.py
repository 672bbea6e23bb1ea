"""Reading table money: which schedule a session follows, each player's rate, the desk's rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import QuerySet

from tournaments.core.models import Club, Player
from tournaments.money.models import (
    DeskExtra,
    FeeRate,
    FeeSchedule,
    FeeStandard,
    PayMethod,
    SessionFees,
    TableFee,
)
from tournaments.money.selectors.memberships import MemberStanding, member_standings
from tournaments.money.states import PAYS_AS_MEMBER
from tournaments.night.models import Pair, Session
from tournaments.teams.models import TeamMember, TeamsEvent, TeamsRound

ZERO = Decimal("0.00")
PLAYS_FREE = "-"  # a rate name no schedule holds: the member's type plays free


def fee_schedules(club: Club) -> QuerySet[FeeSchedule]:
    return FeeSchedule.objects.filter(club=club).prefetch_related("rates").order_by("-default", "name")


def schedule_of(session: Session) -> FeeSchedule | None:
    """The schedule the session's fees follow: its own, or the club's default (``None``: no fees)."""
    own = SessionFees.objects.filter(session=session).select_related("schedule").first()
    if own is not None:
        return own.schedule
    return FeeSchedule.objects.filter(club_id=session.club_id, default=True).first()


def teams_fee_session(event: TeamsEvent) -> Session | None:
    """The session a teams event's table money is charged at: its first round's (``None``: none seated)."""
    first = (
        TeamsRound.objects.filter(event=event, session__isnull=False)
        .select_related("session")
        .order_by("number")
        .first()
    )
    return first.session if first is not None else None


def fees_elsewhere(session: Session) -> Session | None:
    """For a teams round's session other than its event's first: the session whose desk holds the fees."""
    teams_round = TeamsRound.objects.filter(session=session).select_related("event").first()
    if teams_round is None:
        return None
    first = teams_fee_session(teams_round.event)
    return first if first is not None and first != session else None


def session_players(session: Session) -> list[Player]:
    """Everyone who played the session, once each, by name: its individual players, or its pairs'.

    A teams event's rounds are a session each, but its players pay once for the night:
    every player of every team is at the first round's session, and no one at the others'.
    """
    players: dict[int, Player] = {}
    teams_round = TeamsRound.objects.filter(session=session).select_related("event").first()
    if teams_round is not None:
        if teams_fee_session(teams_round.event) != session:
            return []
        members = TeamMember.objects.filter(team__event=teams_round.event).select_related("player")
        players = {member.player_id: member.player for member in members}
        return sorted(players.values(), key=lambda player: (player.name.casefold(), player.pk))
    individual = list(session.individual_players.select_related("player"))
    if individual:
        for seat in individual:
            players[seat.player_id] = seat.player
    else:
        for pair in Pair.objects.filter(session=session).select_related("player1", "player2"):
            for player in (pair.player1, pair.player2):
                if player is not None:
                    players[player.pk] = player
    return sorted(players.values(), key=lambda player: (player.name.casefold(), player.pk))


@dataclass(frozen=True)
class Rate:
    name: str
    amount: Decimal


def rate_for(rates: dict[str, FeeRate], standing: MemberStanding | None) -> Rate:
    """The rate a player pays by the schedule's ``rates`` (by standard) and his membership.

    A member of a plays-free type pays nothing; a junior pays the junior rate (the member's
    if the schedule has none); a member in his year or grace pays the member's rate; a
    lapsed, resigned or unknown player pays the visitor's.
    """

    def by(standard: str, fallback: str | None = None) -> Rate:
        rate = rates.get(standard) or (rates.get(fallback) if fallback else None)
        return Rate(rate.name, rate.amount) if rate is not None else Rate("", ZERO)

    if standing is None or standing.state not in PAYS_AS_MEMBER:
        return by(FeeStandard.VISITOR, FeeStandard.MEMBER)
    if standing.type is not None and standing.type.plays_free:
        return Rate(PLAYS_FREE, ZERO)
    if standing.type is not None and standing.type.junior:
        return by(FeeStandard.JUNIOR, FeeStandard.MEMBER)
    return by(FeeStandard.MEMBER)


def standard_rates(schedule: FeeSchedule) -> dict[str, FeeRate]:
    return {rate.standard: rate for rate in schedule.rates.all() if rate.standard != FeeStandard.OTHER}


@dataclass
class DeskRow:
    """One player's line at the desk: his fee (saved, or as the schedule would set it)."""

    player: Player
    fee: TableFee | None
    rate: Rate
    standing: MemberStanding | None
    extras: list[object] = field(default_factory=list)

    @property
    def amount(self) -> Decimal:
        return self.fee.amount if self.fee is not None else self.rate.amount

    @property
    def method(self) -> str:
        return self.fee.method if self.fee is not None else PayMethod.ACCOUNT

    @property
    def received(self) -> bool:
        return self.fee is not None and self.fee.payment_id is not None

    @property
    def standing_payer(self) -> Player | None:
        """Whose account pays his fees by his membership (a couple's one account), if not his own."""
        membership = self.standing.membership if self.standing is not None else None
        return membership.payer if membership is not None else None

    @property
    def payer(self) -> Player | None:
        """Who pays tonight: the fee's payer once it is set, else his membership's."""
        return self.fee.payer if self.fee is not None else self.standing_payer


def desk_rows(session: Session) -> list[DeskRow]:
    """Every player of the session with his fee: the stored one, else the schedule's for him."""
    schedule = schedule_of(session)
    rates = standard_rates(schedule) if schedule is not None else {}
    standings = member_standings(session.club, today=session.date)
    fees = {fee.player_id: fee for fee in TableFee.objects.filter(session=session).select_related("payer")}
    players = session_players(session)
    known = {player.pk for player in players}
    players += [fee.player for fee in TableFee.objects.filter(session=session).exclude(player_id__in=known)]
    rows = []
    for player in players:
        standing = standings.get(player.pk)
        rows.append(DeskRow(player, fees.get(player.pk), rate_for(rates, standing), standing))
    return rows


def standing_extras(session: Session) -> QuerySet[DeskExtra]:
    """The session's extras not undone (an extra undone has its charge reversed)."""
    return session.desk_extras.filter(charge__reversal__isnull=True)


@dataclass(frozen=True)
class Takings:
    """The night's money: its table money in all, each way of paying's share, and what was taken.

    ``by_method`` is what the fees and extras say (the money expected each way); ``taken``
    is what the desk has marked as come in (cash, card, bank transfer), so the cash to count
    at the end is the cash taken, and ``cash_to_take`` the cash fees not yet marked.
    """

    table_money: Decimal
    by_method: dict[str, Decimal]
    taken: dict[str, Decimal] = field(default_factory=dict)

    @property
    def cash(self) -> Decimal:
        return self.taken.get(PayMethod.CASH, ZERO)

    @property
    def cash_to_take(self) -> Decimal:
        return self.by_method.get(PayMethod.CASH, ZERO) - self.cash


def session_takings(session: Session) -> Takings:
    fees = TableFee.objects.filter(session=session)
    by_method: dict[str, Decimal] = {}
    taken: dict[str, Decimal] = {}
    total = ZERO
    rows: list[TableFee | DeskExtra] = [*fees, *standing_extras(session)]
    for row in rows:
        if isinstance(row, TableFee):
            total += row.amount
        by_method[row.method] = by_method.get(row.method, ZERO) + row.amount
        if row.payment_id is not None:
            taken[row.method] = taken.get(row.method, ZERO) + row.amount
    return Takings(total, by_method, taken)
