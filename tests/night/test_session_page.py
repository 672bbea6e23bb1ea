"""The director's session page as a new director meets it: the evening's steps in order, and
only what can be done next offered at each."""

from __future__ import annotations

import ast
import datetime
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.models import Movement, Session
from tournaments.night.services.movement import movement_boards_ensure, session_create_with_movement
from tournaments.night.services.sessions import pair_add

pytestmark = pytest.mark.django_db

VIEWS = Path(__file__).resolve().parents[2] / "tournaments" / "views"
STEPS = ["movement", "pairs", "boards", "play", "standings"]


def _page(client, session: Session) -> str:
    return client.get(reverse("director:session", args=[session.pk])).content.decode()


def _section(page: str, step: str) -> str:
    """The HTML of one step's block of the page."""
    match = re.search(rf'<section class="session-step" id="{step}">(.*?)</section>', page, re.S)
    assert match, f"no {step} step on the page"
    return match[1]


def _five_table_mitchell(club, *, seat: bool = False) -> Session:
    """A 5-table Mitchell of 3 boards a round: 15 boards; its pairs seated when ``seat``."""
    session = session_create_with_movement(
        club=club,
        date=datetime.date(2026, 11, 24),
        name="Tuesday",
        movement=Movement.MITCHELL,
        tables=5,
        boards_per_round=3,
    )
    if seat:
        for number in range(1, 6):
            pair_add(session=session, player_names=(f"N{number}", f"S{number}"), direction="NS")
            pair_add(session=session, player_names=(f"E{number}", f"W{number}"), direction="EW")
    return session


# --- The views: no circle, no other module's privates ------------------------------------------


def _view_imports() -> dict[str, set[tuple[str, str]]]:
    """Each views module's imports of other views modules: (module, name) pairs."""
    found = {}
    for path in VIEWS.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tournaments.views."):
                names.update((node.module.rsplit(".", 1)[1], alias.name) for alias in node.names)
        found[path.stem] = names
    return found


def test_no_view_module_imports_another_views_private_names():
    private = {
        module: sorted(name for _, name in names if name.startswith("_"))
        for module, names in _view_imports().items()
    }
    assert {module: names for module, names in private.items() if names} == {}


def test_the_view_modules_import_each_other_in_no_circle():
    imports = {module: {target for target, _ in names} for module, names in _view_imports().items()}

    def reaches(start: str, goal: str, seen: frozenset = frozenset()) -> bool:
        return any(
            target == goal or (target not in seen and reaches(target, goal, seen | {target}))
            for target in imports.get(start, ())
        )

    assert [module for module in imports if reaches(module, module)] == []


# --- Creating a session -------------------------------------------------------------------------


def test_a_new_session_is_dated_today_in_the_sites_time_zone(director_client, club, settings):
    settings.TIME_ZONE = "Pacific/Kiritimati"  # UTC+14: its today is most often not UTC's
    today = datetime.datetime.now(ZoneInfo("Pacific/Kiritimati")).date()
    page = director_client.get(reverse("director:session_new")).content.decode()
    date_input = re.search(r'<input[^>]*name="date"[^>]*>', page)[0]
    assert f'value="{today.isoformat()}"' in date_input


def test_after_creating_a_session_the_page_asks_to_seat_the_pairs_where_the_form_is(director_client, club):
    session = _five_table_mitchell(club)
    page = _page(director_client, session)
    pairs = _section(page, "pairs")
    seat_url = reverse("director:pair_add", args=[session.pk])
    assert "Seat the pairs" in pairs and f'action="{seat_url}"' in pairs
    assert re.search(r'<details class="card" id="seat-pairs" open>', pairs)


# --- The order of the page ----------------------------------------------------------------------


def test_the_page_follows_the_evening_movement_pairs_boards_play_results(director_client, club):
    page = _page(director_client, _five_table_mitchell(club))
    positions = [page.index(f'id="{step}"') for step in STEPS]
    assert positions == sorted(positions)
    # Each step's forms sit in its own block: the seating form is not below the standings or the deal.
    assert "Add pair" in _section(page, "pairs")
    assert "Deal the boards" in _section(page, "boards") and "Add pair" not in _section(page, "boards")


# --- Boards -------------------------------------------------------------------------------------


def test_the_number_of_boards_offered_is_the_movements(director_client, club):
    page = _page(director_client, _five_table_mitchell(club, seat=True))
    count_input = re.search(r'<input[^>]*id="id_count_boards"[^>]*>', page)[0]
    assert 'value="15"' in count_input
    assert "Create boards 1-15" in _section(page, "boards")


def test_once_the_movements_boards_exist_creating_them_is_no_longer_offered(director_client, club):
    session = _five_table_mitchell(club, seat=True)
    movement_boards_ensure(session=session)
    boards = _section(_page(director_client, session), "boards")
    assert "Create boards 1-15" not in boards
    assert '<details class="card" id="make-boards">' in boards  # folded, still there to deal


# --- The movement chart -------------------------------------------------------------------------


def test_an_unseated_movements_tables_are_shown_empty_not_as_sit_outs(director_client, club):
    chart = _section(_page(director_client, _five_table_mitchell(club)), "movement")
    assert "sit-out" not in chart
    assert chart.count("not seated yet") == 25  # 5 tables x 5 rounds


def test_a_table_with_one_pair_seated_is_a_sit_out(director_client, club):
    session = _five_table_mitchell(club, seat=True)
    session.pairs.get(direction="EW", number=5).delete()
    chart = _section(_page(director_client, session), "movement")
    assert chart.count("sit-out") == 5 and "not seated yet" not in chart


# --- Play: offered only once it can start ------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "boards", "offered", "waiting"),
    [
        (False, False, False, "seat the pairs and create or deal the boards"),
        (True, False, False, "create or deal the boards"),
        (False, True, False, "seat the pairs"),
        (True, True, True, None),
    ],
)
def test_start_play_is_offered_only_once_pairs_are_seated_and_boards_exist(
    director_client, club, seat, boards, offered, waiting
):
    session = _five_table_mitchell(club, seat=seat)
    if boards:
        movement_boards_ensure(session=session)
    play = _section(_page(director_client, session), "play")
    assert ("Start play" in play) is offered
    assert "Finish session" not in play
    if waiting:
        assert f"Play can start once you {waiting}." in play


def test_in_play_the_page_offers_to_finish_and_a_late_pair_not_to_start_or_set_the_movement(
    director_client, club
):
    session = seated_mitchell(club, start=True)
    page = _page(director_client, session)
    assert "Finish session" in _section(page, "play") and "Start play" not in page
    assert "Save the movement" not in page
    pairs = _section(page, "pairs")
    assert "Seat a late pair" in pairs and 'id="seat-pairs" open' not in pairs


def test_a_finished_session_offers_nothing_more_to_do(director_client, club):
    session = seated_mitchell(club, start=True)
    director_client.post(reverse("director:state", args=[session.pk]), {"action": "finish", "confirm": "yes"})
    page = _page(director_client, session)
    for offer in ("Start play", "Finish session", "Add pair", "Deal the boards", "Save the movement"):
        assert offer not in page


def test_once_every_pair_of_the_movement_is_seated_the_seating_form_folds(director_client, club):
    pairs = _section(_page(director_client, _five_table_mitchell(club, seat=True)), "pairs")
    assert '<details class="card" id="seat-pairs">' in pairs and "Seat another pair" in pairs


def test_the_board_links_are_readable_links_not_white_buttons(director_client, club):
    session = _five_table_mitchell(club, seat=True)
    movement_boards_ensure(session=session)
    boards = _section(_page(director_client, session), "boards")
    assert boards.count('class="board-link"') == 15 and 'class="button board-link"' not in boards
