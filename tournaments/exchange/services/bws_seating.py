"""Seat a Bridgemate section's pairs and make its boards, inside the import's write.

**Players** are the numbers the tables entered (``PlayerNumbers``) with the names BCS found
for them. A number is a member number: it finds a player only among the club's own
(``own_players``: its list, its sessions, its teams), never another club's, as a name
does (docs/decisions.md, "Clubs apart"); a number another club's player holds is not
taken, and the player is found or created by name without it, with a note. A number
that finds nobody makes a new player who keeps it, so the next night finds him; a name
finds the club's own player of that name, whose details stay as they are. A number BCS
found no name for is seated under his seat ("NS 7, North", in the club's language), never
under the number: a federation number is not public (issue 46), and a name is on every
public page, the CSV and the API's search. He keeps the number, privately, so the next
night finds him, and the director is told to name him (the member's page).

**Pairs** are those the results and the players name, seated under the file's numbers;
a pair nobody named is "Pair 3 NS", as for a PBN file's travellers. A pair already
seated (an earlier import, or the director) keeps its players.

**Boards** are those the movement, the results and the hand records name; a board the
hand records deal is dealt when it is not dealt yet (without double-dummy analysis, as a
USEBIO import), and one dealt otherwise is left as it is, with a note.
"""

from __future__ import annotations

from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _

from tournaments.bridge.formats.bws import BwsPlayer, BwsSection, Outcome, PairKey
from tournaments.bridge.names import clean_name
from tournaments.bridge.words import words_for
from tournaments.core.models import Club, Player
from tournaments.core.selectors.club_players import own_players
from tournaments.night.models import Board, Pair, Session

_SEAT_ORDER = "NESW"
NUMBER_LENGTH = 20  # Player.federation_number's
SEAT_NAMES = (
    gettext_noop("North"),
    gettext_noop("East"),
    gettext_noop("South"),
    gettext_noop("West"),
)


def pairs_seat(session: Session, section: BwsSection, notes: list[str]) -> dict[PairKey, Pair]:
    """The session's pairs by the file's keys, seating those the file names and the session lacks."""
    seated = {(pair.direction, pair.number): pair for pair in session.pairs.all()}
    players: dict[PairKey, list[BwsPlayer]] = {}
    for player in sorted(section.players, key=lambda player: _SEAT_ORDER.index(player.seat)):
        players.setdefault(player.pair, []).append(player)
    for key in _pairs_named(section, players):
        if key not in seated:
            seated[key] = _pair_add(session, key, players.get(key, []), notes)
    return seated


def _pairs_named(section: BwsSection, players: dict[PairKey, list[BwsPlayer]]) -> list[PairKey]:
    keys = set(players)
    for result in section.results:
        if result.outcome in (Outcome.PLAYED, Outcome.ADJUSTED):
            keys.add(section.pair_key(result.ns_pair, "NS"))
            keys.add(section.pair_key(result.ew_pair, "EW"))
    return sorted(keys)


def _pair_add(session: Session, key: PairKey, players: list[BwsPlayer], notes: list[str]) -> Pair:
    direction, number = key
    found = [_player(session.club, player, notes) for player in players[:2]]
    if not found:
        label = f"{number} {direction}".strip()
        found = [_named(session.club, _("Pair %(label)s") % {"label": label})]
    pair = Pair(
        session=session,
        number=number,
        direction=direction,
        player1=found[0],
        player2=found[1] if len(found) > 1 and found[1] != found[0] else None,
    )
    pair.full_clean()
    pair.save()
    return pair


def _player(club: Club, player: BwsPlayer, notes: list[str]) -> Player:
    """The club's own player this table entered (module docstring)."""
    number = player.number[:NUMBER_LENGTH]
    name = clean_name(player.name)[:120]
    if number:
        own = own_players(club, Player.objects.filter(federation_number=number))
        if own:
            return own[0]
        if Player.objects.filter(federation_number=number).exists():
            notes.append(
                _(
                    "%(where)s: number %(number)s is another club's player's; %(name)s is seated "
                    "as %(club)s's own, without the number."
                )
                % {"where": player.where, "number": number, "name": name or seat_name(player), "club": club}
            )
            return _named(club, name) if name else Player.objects.create(name=seat_name(player))
        if not name:
            seated = Player.objects.create(name=seat_name(player), federation_number=number)
            notes.append(
                _(
                    "%(where)s: BCS has no name for number %(number)s, and %(club)s has no player "
                    "of that number: seated as %(name)s; name the player on the club's pages."
                )
                % {"where": player.where, "number": number, "club": club, "name": seated.name}
            )
            return seated
    own_named = own_players(club, Player.objects.filter(name__iexact=" ".join(name.split())).order_by("id"))
    if own_named:
        return own_named[0]
    return Player.objects.create(name=" ".join(name.split()), federation_number=number)


def seat_name(player: BwsPlayer) -> str:
    """A player BCS has no name for, by his pair and seat ("NS 7, North"), in the active language.

    Always a new player: another night's "NS 7, North" is somebody else.
    """
    direction, number = player.pair
    seat = _(SEAT_NAMES["NESW".index(player.seat)])
    if direction:
        side = words_for(get_language()).side(direction)
        return _("%(side)s %(number)s, %(seat)s") % {"side": side, "number": number, "seat": seat}
    return _("Pair %(number)s, %(seat)s") % {"number": number, "seat": seat}


def _named(club: Club, name: str) -> Player:
    """The club's own player of this name (the oldest), else a new one without a number."""
    own = own_players(club, Player.objects.filter(name__iexact=name).order_by("id"))
    return own[0] if own else Player.objects.create(name=name)


def boards_ensure(session: Session, section: BwsSection, notes: list[str]) -> dict[int, Board]:
    """The session's boards by number, making those the section names and dealing those not dealt yet."""
    existing = {board.number: board for board in session.boards.all()}
    missing = [
        Board(session=session, number=number) for number in section.board_numbers if number not in existing
    ]
    for board in missing:
        board.full_clean(exclude=["session"])
    Board.objects.bulk_create(missing)
    boards = {board.number: board for board in session.boards.select_related("session")}
    dealt = []
    for deal in section.deals:
        board = boards[deal.board]
        hands = (deal.north, deal.east, deal.south, deal.west)
        if not board.is_dealt:
            board.north, board.east, board.south, board.west = hands
            dealt.append(board)
        elif (board.north, board.east, board.south, board.west) != hands:
            notes.append(
                _(
                    "Board %(board)s: the file's hand record differs from the deal ClubScore has; "
                    "the board keeps its deal."
                )
                % {"board": deal.board}
            )
    Board.objects.bulk_update(dealt, ["north", "east", "south", "west"])
    return boards
