"""A session's movement in the database: setting it up, its states, result checks, and publication.

Expectations are read from the movement the rules package builds (who sits where in
which round), never copied from it by hand, so these tests hold whatever the rules'
table layout; the rules themselves are tested in tests/bridge/test_movements.py.
"""

from __future__ import annotations

import datetime
import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournaments.night.models import Movement, Pair, ResultChange, Session, SessionState
from tournaments.night.selectors import movements as selectors
from tournaments.night.selectors import publication
from tournaments.night.services.boards import boards_deal
from tournaments.night.services.movement import (
    movement_boards_ensure,
    parse_rounds,
    session_create_with_movement,
    session_finish,
    session_movement_set,
    session_start,
)
from tournaments.night.services.results import ResultEntry, result_correct, result_record
from tournaments.night.services.sessions import pair_add

pytestmark = pytest.mark.django_db
TABLES, ROUNDS, BOARDS_PER_ROUND = 3, 3, 2


def _mitchell(club, *, tables: int = TABLES, seat: int | None = None, deal: bool = True) -> Session:
    """A Mitchell of ``tables`` tables with NS and EW pairs 1..seat seated (all by default)."""
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 23),
        name=f"Monday {tables}",
        movement=Movement.MITCHELL,
        tables=tables,
        boards_per_round=BOARDS_PER_ROUND,
        rounds=ROUNDS,
    )
    for number in range(1, (seat or tables) + 1):
        pair_add(session=session, player_names=(f"North {number}", f"South {number}"), direction="NS")
        pair_add(session=session, player_names=(f"East {number}", f"West {number}"), direction="EW")
    if deal:
        # Fixed deals: a random one whose par is 7NT would read as a leaked 7NT contract.
        boards_deal(
            session=session, count=selectors.session_movement(session).boards_total(), rng=random.Random(5)
        )
    return session


def _pairs(session: Session) -> dict[tuple[str, int], Pair]:
    return {(pair.direction, pair.number): pair for pair in session.pairs.all()}


def _seatings(session: Session) -> list[selectors.TableRound]:
    movement = selectors.session_movement(session)
    rounds = selectors.movement_rounds(session, movement, list(session.pairs.all()))
    return [seating for tables in rounds for seating in tables]


def _play(session: Session, seating: selectors.TableRound, number: int, **entry):
    return result_record(
        board=session.boards.get(number=number),
        entry=ResultEntry(
            ns_pair=seating.ns.pair,
            ew_pair=seating.ew.pair,
            contract="3NT",
            declarer="N",
            result="9",
            **entry,
        ),
    )


# --- Setting up ---------------------------------------------------------------------------------


def test_a_session_created_with_a_movement_stores_its_configuration_and_starts_in_preparation(club):
    session = _mitchell(club, deal=False)
    session.refresh_from_db()
    assert (session.movement_tables, session.movement_rounds, session.boards_per_round) == (3, 3, 2)
    assert session.state == SessionState.PREPARATION
    movement = selectors.session_movement(session)
    assert (movement.tables, movement.rounds, movement.boards_per_round) == (3, 3, 2)


def test_a_session_without_tables_has_no_movement(club):
    session = session_create_with_movement(club=club, date=datetime.date(2026, 11, 23), name="Plain")
    assert not session.has_movement and selectors.session_movement(session) is None


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"tables": 0}, "tables"),
        ({"tables": 31}, "tables"),
        ({"boards_per_round": 0}, "boards_per_round"),
        ({"boards_per_round": 9}, "boards_per_round"),
        ({"kind": "scrambled"}, "movement"),  # "swiss" is a movement now (issue 31)
        ({"tables": 2}, "movement"),  # the rules package refuses a 2-table Mitchell
    ],
)
def test_a_movement_the_rules_refuse_is_not_stored(club, changes, field):
    session = _mitchell(club, deal=False)
    arguments = {"kind": Movement.MITCHELL, "tables": 5, "boards_per_round": 3} | changes
    with pytest.raises(ValidationError) as caught:
        session_movement_set(session=session, **arguments)
    assert field in caught.value.message_dict
    session.refresh_from_db()
    assert session.movement_tables == TABLES


def test_the_movement_cannot_change_once_play_has_started(club):
    session = session_start(session=_mitchell(club, deal=False))
    with pytest.raises(ValidationError, match="only be changed while the session is in preparation"):
        session_movement_set(session=session, kind=Movement.MITCHELL, tables=5, boards_per_round=3)


def test_movement_boards_ensure_creates_every_board_the_movement_plays(club):
    session = _mitchell(club, deal=False)
    boards = movement_boards_ensure(session=session)
    assert [board.number for board in boards] == list(
        range(1, selectors.session_movement(session).boards_total() + 1)
    )


@pytest.mark.parametrize(("text", "rounds"), [("", ()), ("3, 6", (3, 6)), ("6 3 3", (3, 6))])
def test_parse_rounds_reads_arrow_switch_rounds(text, rounds):
    assert parse_rounds(text) == rounds


@pytest.mark.parametrize("text", ["x", "0", "2.5"])
def test_parse_rounds_names_the_bad_word(text):
    with pytest.raises(ValidationError, match=re.escape(repr(text))):
        parse_rounds(text)


# --- States -------------------------------------------------------------------------------------


def test_states_go_forward_only(club):
    session = _mitchell(club, deal=False)
    with pytest.raises(ValidationError, match="Only a session in play can finish"):
        session_finish(session=session)
    session = session_start(session=session)
    with pytest.raises(ValidationError, match="Play can only start in preparation"):
        session_start(session=session)
    assert session_finish(session=session).state == SessionState.FINISHED


# --- Results against the movement ---------------------------------------------------------------


def test_a_result_the_movement_gives_is_recorded(club):
    session = session_start(session=_mitchell(club))  # results are taken in play
    seating = _seatings(session)[0]
    result = _play(session, seating, seating.boards[0])
    assert (result.ns_pair, result.ew_pair) == (seating.ns.pair, seating.ew.pair)


def test_a_result_for_pairs_the_movement_does_not_give_the_board_is_refused_naming_who_plays_it(club):
    session = session_start(session=_mitchell(club))  # results are taken in play
    seating = _seatings(session)[0]
    number = seating.boards[0]
    wrong_ew = next(p for key, p in _pairs(session).items() if key[0] == "EW" and p != seating.ew.pair)
    entry = ResultEntry(ns_pair=seating.ns.pair, ew_pair=wrong_ew, contract="3NT", declarer="N", result="9")
    with pytest.raises(ValidationError) as caught:
        result_record(board=session.boards.get(number=number), entry=entry)
    message = " ".join(caught.value.messages)
    expected = (
        f"Board {number} is played in round {seating.round} at table {seating.table} "
        f"by {seating.ns.label} and {seating.ew.label}"
    )
    assert expected in message
    assert caught.value.message_dict["ns_pair"][0].endswith(  # the director's form: the API says it its way
        "Tick 'played out of order' if it really was played so."
    )
    assert not session.boards.get(number=number).results.exists()


def test_a_board_played_out_of_order_is_accepted_when_the_director_says_so_and_audited(club):
    session = session_start(session=_mitchell(club))  # results are taken in play
    seating = _seatings(session)[0]
    wrong_ew = next(p for key, p in _pairs(session).items() if key[0] == "EW" and p != seating.ew.pair)
    board = session.boards.get(number=seating.boards[0])
    entry = ResultEntry(
        ns_pair=seating.ns.pair, ew_pair=wrong_ew, contract="3NT", declarer="N", result="9", out_of_order=True
    )
    result = result_record(board=board, entry=entry)
    assert result.ew_pair == wrong_ew
    assert ResultChange.objects.get(result=result).after["out_of_order"] is True


def test_a_correction_is_checked_against_the_movement_too(club):
    session = session_start(session=_mitchell(club))  # results are taken in play
    seating = _seatings(session)[0]
    result = _play(session, seating, seating.boards[0])
    wrong_ew = next(p for key, p in _pairs(session).items() if key[0] == "EW" and p != seating.ew.pair)
    entry = ResultEntry(ns_pair=seating.ns.pair, ew_pair=wrong_ew, contract="3NT", declarer="N", result="9")
    with pytest.raises(ValidationError, match="is not in the movement"):
        result_correct(result=result, entry=entry)


def test_a_board_outside_the_movement_is_refused(club):
    session = session_start(session=_mitchell(club))  # results are taken in play
    extra = boards_deal(session=session, count=1, first_number=99)[0]
    seating = _seatings(session)[0]
    with pytest.raises(ValidationError, match="Board 99 is not in this session's movement"):
        result_record(
            board=extra,
            entry=ResultEntry(ns_pair=seating.ns.pair, ew_pair=seating.ew.pair, contract="Pass"),
        )


def test_a_session_without_a_movement_accepts_any_pairs_as_before(mitchell_session):
    pairs = _pairs(mitchell_session)
    result = result_record(
        board=mitchell_session.boards.get(number=1),
        entry=ResultEntry(ns_pair=pairs[("NS", 1)], ew_pair=pairs[("EW", 3)], contract="Pass"),
    )
    assert result.ns_score == 0


# --- Phantoms and guide cards -------------------------------------------------------------------


def test_a_movement_number_without_a_pair_is_a_phantom_whose_opponents_sit_out(club):
    session = _mitchell(club, seat=TABLES - 1, deal=False)
    seatings = _seatings(session)
    out = [s for s in seatings if s.sits_out]
    assert out and all(s.ns.number == TABLES or s.ew.number == TABLES for s in out)
    assert all(not s.sits_out for s in seatings if s.ns.number != TABLES and s.ew.number != TABLES)


def test_guide_cards_cover_every_table_and_pair_every_round(club):
    session = _mitchell(club, deal=False)
    movement = selectors.session_movement(session)
    pairs = list(session.pairs.all())
    tables = selectors.table_cards(session, movement, pairs)
    assert [card.title for card in tables] == [f"Table {n}" for n in range(1, TABLES + 1)]
    assert all(len(card.rounds) == movement.rounds for card in tables)
    cards = selectors.pair_cards(session, movement, pairs)
    assert len(cards) == 2 * TABLES
    for card in cards:
        assert [row.round for row in card.rounds] == list(range(1, movement.rounds + 1))
        seatings = {(s.round, s.table): s for s in _seatings(session)}
        for row in card.rounds:
            seating = seatings[(row.round, row.table)]
            assert row.opponents in (seating.ns, seating.ew) and row.boards == seating.boards


@pytest.mark.parametrize(("boards", "text"), [((1, 2, 3), "1-3"), ((7,), "7"), ((1, 5, 9), "1, 5, 9")])
def test_boards_text_reads_as_on_a_card(boards, text):
    assert selectors.boards_text(boards) == text


# --- What the public may see --------------------------------------------------------------------


def test_nothing_of_a_board_is_public_in_preparation_and_everything_once_finished(club):
    session = _mitchell(club)
    assert publication.public_board_numbers(session) == frozenset()
    session = session_finish(session=session_start(session=session))
    assert publication.public_board_numbers(session) is None


def test_in_play_a_board_is_public_only_once_every_seated_pair_has_played_it(club, django_assert_num_queries):
    session = session_start(session=_mitchell(club))
    by_board: dict[int, list[selectors.TableRound]] = {}
    for seating in _seatings(session):
        for number in seating.boards:
            by_board.setdefault(number, []).append(seating)
    number, plays = next(iter(sorted(by_board.items())))
    for seating in plays[:-1]:
        _play(session, seating, number)
        assert number not in publication.public_board_numbers(session)
    _play(session, plays[-1], number)
    with django_assert_num_queries(2):
        assert publication.public_board_numbers(session) == frozenset({number})


# --- Public pages leak nothing of a board still in play -------------------------------------------

LEAK_CONTRACT = "7NT"


@pytest.fixture
def half_played(club) -> tuple[Session, int, int]:
    """A Mitchell in play: one board played by all its tables, another by all but one."""
    session = session_start(session=_mitchell(club))
    by_board: dict[int, list[selectors.TableRound]] = {}
    for seating in _seatings(session):
        for number in seating.boards:
            by_board.setdefault(number, []).append(seating)
    (done, done_plays), (open_, open_plays) = sorted(by_board.items())[:2]
    for seating in done_plays:
        _play(session, seating, done)
    for seating in open_plays[:-1]:
        result_record(
            board=session.boards.get(number=open_),
            entry=ResultEntry(
                ns_pair=seating.ns.pair,
                ew_pair=seating.ew.pair,
                contract=LEAK_CONTRACT,
                declarer="S",
                result="7",
            ),
        )
    return session, done, open_


def _public_urls(session: Session) -> list[str]:
    urls = [
        reverse("session", args=[session.pk]),
        reverse("session_standings", args=[session.pk]),
        reverse("club", args=[session.club.slug]),
        reverse("home"),
        reverse("hand_records", args=[session.pk]),
    ]
    for pair in session.pairs.all():
        urls += [reverse("pair", args=[session.pk, pair.pk]), reverse("player", args=[pair.player1_id])]
    return urls


# A form's CSRF token: 64 random letters and digits, which now and then hold "7NT" (one did in
# a run of the suite) and would read as a leak.
_CSRF_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*"')


def _page_text(client, url: str) -> str:
    """The page at ``url`` with its CSRF tokens' random values left out."""
    return _CSRF_TOKEN.sub(r'\1"', client.get(url).content.decode())


def test_public_pages_of_a_session_in_play_leak_no_board_still_to_be_played(client, half_played):
    session, done, open_ = half_played
    board = session.boards.get(number=open_)
    response = client.get(reverse("board", args=[session.pk, open_]))
    assert response.status_code == 404 and "Not yet" in response.content.decode()
    secrets = [LEAK_CONTRACT, board.north, reverse("board", args=[session.pk, open_])]
    for url in _public_urls(session):
        page = _page_text(client, url)
        assert not re.search(r'csrfmiddlewaretoken" value="[^"]', page)  # every token's value left out
        for secret in secrets:
            assert secret not in page, f"{url} shows {secret!r} of board {open_}, still in play"
    assert client.get(reverse("board", args=[session.pk, done])).status_code == 200
    assert (
        reverse("board", args=[session.pk, done])
        in client.get(reverse("session", args=[session.pk])).content.decode()
    )


def test_the_public_hand_records_of_a_session_in_play_hold_only_boards_every_table_has_played(
    client, half_played
):
    session, done, open_ = half_played
    page = client.get(reverse("hand_records", args=[session.pk])).content.decode()
    assert f"Board {done}<" in page and f"Board {open_}<" not in page
    session_finish(session=session)
    page = client.get(reverse("hand_records", args=[session.pk])).content.decode()
    assert f"Board {open_}<" in page


def test_a_finished_session_publishes_every_board(client, half_played):
    session, _, open_ = half_played
    session_finish(session=session)
    page = client.get(reverse("board", args=[session.pk, open_])).content.decode()
    assert LEAK_CONTRACT in page and "Not yet" not in page
