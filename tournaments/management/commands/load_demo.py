"""Load a demo club: a director login, a finished Mitchell session, one ready to play, a Swiss teams.

The upcoming session has its movement, pairs and dealt boards, in preparation: the
director starts play and opens the *Tables* page to enter results from phones.

Idempotent: a second run finds what the first made and only resets the director's
password. Results are entered through ``result_record``, as a director's are, so the
matchpoints, standings and audit log exist exactly as they would after a real session.
Contracts come from the auction seed's bidding simulation; tricks are the stored
double-dummy tricks with a little seeded noise (one trick either way) so the
matchpoints differ between tables. The teams event is a played Swiss of 8 teams and 3
rounds of 4 boards, drawn, published and entered at both tables of each match through
the teams services, as a director's night would be.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.bridge import Seat
from tournaments.bridge.bidding import simulate_auction
from tournaments.bridge.teams.tables import match_pairs
from tournaments.core.models import Club
from tournaments.core.selectors.access import DEMO_CLUB_SLUG
from tournaments.core.services.writes import write
from tournaments.management.arguments import ascii_int
from tournaments.night.models import Board, Movement, Pair, Session
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import session_create_with_movement, session_finish, session_start
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add, session_create
from tournaments.teams.models import TeamsEvent
from tournaments.teams.services.events import (
    swiss_round_draw,
    team_add,
    teams_event_create,
    teams_event_finish,
    teams_round_publish,
)

DEMO_PASSWORD = "clubscore-demo"
DEMO_USERNAME = "director"
LOGIN_URL = "http://127.0.0.1:{port}/accounts/login/"
SEED = 20261122
FINISHED_NAME = "Tuesday Pairs (demo)"
UPCOMING_NAME = "Friday Pairs (demo)"
FINISHED_DATE = datetime.date(2026, 11, 17)
TABLES = 5
BOARDS_PER_ROUND = 2
NS_PLAYERS = [
    ("Alice Archer", "Bruno Baker"),
    ("Clara Castle", "Dev Dalton"),
    ("Edith Evans", "Felix Fischer"),
    ("Grace Gould", "Hugo Hart"),
    ("Iris Irving", "Jonas Jensen"),
]
TEAMS_NAME = "Monday Swiss Teams (demo)"
TEAMS_DATE = datetime.date(2026, 11, 16)
TEAMS_ROUNDS = 3
TEAMS_BOARDS = 4
TEAM_NAMES = ["Aces", "Kings", "Queens", "Knaves", "Tens", "Nines", "Eights", "Sevens"]
TEAM_SURNAMES = ["Ahern", "Berg", "Cole", "Diaz", "Ekman", "Ford", "Gray", "Holm"]
TEAM_FIRST_NAMES = ["Ann", "Ben", "Cal", "Dot"]
EW_PLAYERS = [
    ("Karin Klein", "Leo Larsen"),
    ("Maya Moreau", "Nils Nygaard"),
    ("Olga Ortiz", "Peter Price"),
    ("Quinn Quarles", "Rosa Reyes"),
    ("Sven Soto", "Tara Tanaka"),
]


@dataclass(frozen=True)
class Played:
    contract: str
    declarer: str
    tricks: int | None
    auction: str = ""


def _bid(board: Board) -> Played:
    """Bid the board with the auction seed's system; the tricks are its double-dummy tricks."""
    auction = simulate_auction(board.deal, Seat(board.dealer))
    calls = " ".join(str(call) for call in auction.calls)
    if auction.contract is None:
        return Played("Pass", "", None, calls)
    contract = auction.contract
    if board.dd_tricks is None:  # boards_deal's analysis left to the background thread
        raise CommandError(
            _("Board %(number)s has no double-dummy analysis yet to play it by.") % {"number": board.number}
        )
    tricks = board.dd_tricks[str(auction.declarer)][contract.strain.letter]
    return Played(str(contract), str(auction.declarer), tricks, calls)


def _with_noise(played: Played, rng: random.Random) -> Played:
    if played.tricks is None:
        return played
    tricks = min(13, max(0, played.tricks + rng.choice((-1, 0, 0, 1))))
    return Played(played.contract, played.declarer, tricks, played.auction)


def _mitchell_rounds(ns_pairs: list[Pair], ew_pairs: list[Pair], boards: list[Board]):
    """Yield (board, NS pair, EW pair) as a Mitchell plays them: EW move up, boards move down."""
    tables = len(ns_pairs)
    for round_number in range(tables):
        for table, ns_pair in enumerate(ns_pairs):
            ew_pair = ew_pairs[(table + round_number) % tables]
            board_set = (table - round_number) % tables
            for board in boards[board_set * BOARDS_PER_ROUND : (board_set + 1) * BOARDS_PER_ROUND]:
                yield board, ns_pair, ew_pair


class Command(BaseCommand):
    help = "Load a demo club with a director login, a finished Mitchell session and one ready to play."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--password", default=DEMO_PASSWORD, help="The demo director's password.")
        parser.add_argument(
            "--port", type=ascii_int, default=8000, help="The port the site is served on, for the login link."
        )

    @write()
    def handle(self, *args, password: str, port: int = 8000, **options) -> None:
        # An ABF club, so its finished night and teams event show their master points.
        club, _created = Club.objects.get_or_create(
            slug=DEMO_CLUB_SLUG, defaults={"name": "Demo Bridge Club", "federation": "abf"}
        )
        director = self._director(password)
        club.directors.add(director)
        if not club.sessions.filter(name=FINISHED_NAME).exists():
            self._finished_session(club, director)
            self.stdout.write(_("Created the session %(name)s with its results.") % {"name": FINISHED_NAME})
        if not TeamsEvent.objects.filter(club=club, name=TEAMS_NAME).exists():
            self._teams_event(club, director)
            self.stdout.write(
                _("Created the teams event %(name)s, played and finished.") % {"name": TEAMS_NAME}
            )
        if not club.sessions.filter(name=UPCOMING_NAME).exists():
            self._upcoming_session(club)
            self.stdout.write(
                _("Created the session %(name)s, ready to start play.") % {"name": UPCOMING_NAME}
            )
        self.stdout.write(
            self.style.SUCCESS(
                _("Demo club ready. Log in at %(url)s\n  username: %(username)s\n  password: %(password)s")
                % {"url": LOGIN_URL.format(port=port), "username": DEMO_USERNAME, "password": password}
            )
        )

    def _director(self, password: str):
        user, _created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
        user.set_password(password)
        user.save()
        return user

    def _upcoming_session(self, club: Club) -> Session:
        """A 5-table Mitchell of 2 boards a round, pairs seated and boards dealt, in preparation."""
        session = session_create_with_movement(
            club=club,
            date=datetime.date.today() + datetime.timedelta(days=7),
            name=UPCOMING_NAME,
            movement=Movement.MITCHELL,
            tables=TABLES,
            boards_per_round=BOARDS_PER_ROUND,
        )
        for names in NS_PLAYERS:
            pair_add(session=session, player_names=names, direction="NS")
        for names in EW_PLAYERS:
            pair_add(session=session, player_names=names, direction="EW")
        rng = random.Random(SEED + 1)
        boards_deal(session=session, count=TABLES * BOARDS_PER_ROUND, rng=rng, background=False)
        return session

    def _finished_session(self, club: Club, director) -> Session:
        rng = random.Random(SEED)
        session = session_create(
            club=club, date=FINISHED_DATE, name=FINISHED_NAME, movement=Movement.MITCHELL
        )
        ns_pairs = [pair_add(session=session, player_names=names, direction="NS") for names in NS_PLAYERS]
        ew_pairs = [pair_add(session=session, player_names=names, direction="EW") for names in EW_PLAYERS]
        boards = boards_deal(session=session, count=TABLES * BOARDS_PER_ROUND, rng=rng, background=False)
        bid = {board.number: _bid(board) for board in boards}
        session = session_start(session=session)  # results are taken in play only
        for board, ns_pair, ew_pair in _mitchell_rounds(ns_pairs, ew_pairs, boards):
            played = _with_noise(bid[board.number], rng)
            entry = ResultEntry(
                ns_pair=ns_pair,
                ew_pair=ew_pair,
                contract=played.contract,
                declarer=played.declarer,
                result="" if played.tricks is None else str(played.tricks),
                auction=played.auction,
            )
            result_record(board=board, entry=entry, user=director)
        # The night is over: finishing it publishes its hands and travellers.
        return session_finish(session=session)

    def _teams_event(self, club: Club, director) -> TeamsEvent:
        """A Swiss of 8 teams, 3 rounds of 4 boards: each round drawn, published, dealt and played."""
        rng = random.Random(SEED + 2)
        event = teams_event_create(
            club=club, date=TEAMS_DATE, name=TEAMS_NAME, rounds=TEAMS_ROUNDS, boards_per_match=TEAMS_BOARDS
        )
        for name, surname in zip(TEAM_NAMES, TEAM_SURNAMES, strict=True):
            players = [f"{first} {surname}" for first in TEAM_FIRST_NAMES]
            team_add(event=event, name=name, player_names=players)
        for _number in range(TEAMS_ROUNDS):
            teams_round = teams_round_publish(teams_round=swiss_round_draw(event=event))
            session = teams_round.session
            if session is None:  # a published round with a match is seated in its session
                raise CommandError(
                    _("Round %(number)s of %(name)s was published unseated.")
                    % {"number": teams_round.number, "name": event.name}
                )
            # Analysed now, as the pairs' boards are: the tricks played are the analysis's.
            boards = boards_deal(session=session, count=TEAMS_BOARDS, rng=rng, background=False)
            bid = {board.number: _bid(board) for board in boards}
            pairs = {pair.number: pair for pair in session.pairs.all()}
            for match in teams_round.matches.exclude(away=None):
                numbers = match_pairs(match.table)
                for ns, ew in ((numbers.home_ns, numbers.away_ew), (numbers.away_ns, numbers.home_ew)):
                    for board in boards:
                        played = _with_noise(bid[board.number], rng)
                        entry = ResultEntry(
                            ns_pair=pairs[ns],
                            ew_pair=pairs[ew],
                            contract=played.contract,
                            declarer=played.declarer,
                            result="" if played.tricks is None else str(played.tricks),
                            auction=played.auction,
                        )
                        result_record(board=board, entry=entry, user=director)
        return teams_event_finish(event=event, user=director)
