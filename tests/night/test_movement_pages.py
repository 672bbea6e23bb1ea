"""The director's movement pages through the test client: set up, chart, state, entry by table, cards."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tests.conftest import seated_mitchell
from tournaments.night.forms.sessions import SessionForm
from tournaments.night.models import ResultChange, Session, SessionState
from tournaments.night.selectors import movements as selectors
from tournaments.night.services.movement import session_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def movement_session(club) -> Session:
    return seated_mitchell(club)


def _first_seating(session: Session) -> selectors.TableRound:
    movement = selectors.session_movement(session)
    return selectors.movement_rounds(session, movement, list(session.pairs.all()))[0][0]


def test_creating_a_session_with_a_seven_table_mitchell_takes_one_form(director_client, club):
    response = director_client.post(
        reverse("director:session_new"),
        {
            "club": club.pk,
            "date": "2026-11-23",
            "name": "Seven tables",
            "movement": "mitchell",
            "tables": "7",
            "boards_per_round": "3",
            "rounds": "",
            "even_tables": "skip",
            "arrow_switch_rounds": "",
        },
    )
    session = Session.objects.get(name="Seven tables")
    assert response.status_code == 302
    assert (session.movement_tables, session.boards_per_round, session.movement_rounds) == (7, 3, 7)
    page = director_client.get(response.url).content.decode()
    assert page.count('class="movement-chart"') == 1
    assert "Create boards 1-21" in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"tables": "2"}, "This movement cannot be played"),
        ({"tables": "40"}, "less than or equal to 30"),
        ({"arrow_switch_rounds": "two"}, "&#x27;two&#x27; is not a round number"),
    ],
)
def test_a_movement_the_site_cannot_run_is_refused_with_a_message(
    director_client, movement_session, data, message
):
    form = {"movement": "mitchell", "tables": "5", "boards_per_round": "3", "even_tables": "skip"} | data
    response = director_client.post(reverse("director:movement", args=[movement_session.pk]), form)
    assert response.status_code == 400
    assert message in response.content.decode()
    movement_session.refresh_from_db()
    assert movement_session.movement_tables == 3


def test_the_state_buttons_start_and_finish_the_session(director_client, movement_session):
    url = reverse("director:state", args=[movement_session.pk])
    director_client.post(url, {"action": "start", "confirm": "yes"})
    movement_session.refresh_from_db()
    assert movement_session.state == SessionState.PLAY
    director_client.post(url, {"action": "finish", "confirm": "yes"})
    movement_session.refresh_from_db()
    assert movement_session.state == SessionState.FINISHED
    response = director_client.post(url, {"action": "start", "confirm": "yes"}, follow=True)
    assert "Play can only start in preparation" in response.content.decode()


@pytest.mark.parametrize(
    ("action", "button"), [("start", "Yes, start play"), ("finish", "Yes, finish the session")]
)
def test_start_and_finish_ask_first_on_a_page_of_their_own(director_client, movement_session, action, button):
    """Issue 24, point 12: the session page's buttons lead to a confirm step; a bare post does nothing."""
    if action == "finish":
        session_start(session=movement_session)
    session_page = director_client.get(
        reverse("director:session", args=[movement_session.pk])
    ).content.decode()
    confirm_url = reverse("director:state_confirm", args=[movement_session.pk, action])
    assert f'href="{confirm_url}"' in session_page
    state_before = SessionState.PREPARATION if action == "start" else SessionState.PLAY

    unconfirmed = director_client.post(
        reverse("director:state", args=[movement_session.pk]), {"action": action}
    )

    assert unconfirmed.status_code == 302 and unconfirmed["Location"] == confirm_url
    movement_session.refresh_from_db()
    assert movement_session.state == state_before
    page = director_client.get(confirm_url).content.decode()
    assert button in page and 'name="confirm" value="yes"' in page


def test_a_result_entered_at_a_round_and_table_takes_its_pairs_from_the_movement(
    director_client, movement_session
):
    session_start(session=movement_session)  # results are taken in play
    seating = _first_seating(movement_session)
    url = reverse("director:table_round", args=[movement_session.pk, seating.round, seating.table])
    number = seating.boards[0]
    response = director_client.post(url, {"board": number, "contract": "4S", "declarer": "S", "result": "10"})
    assert response.status_code == 302
    result = movement_session.boards.get(number=number).results.get()
    assert (result.ns_pair, result.ew_pair, result.ns_score) == (seating.ns.pair, seating.ew.pair, 420)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"contract": "9NT", "declarer": "N", "result": "9"}, "is not a contract"),
        ({"contract": "3NT", "declarer": "", "result": "9"}, "Choose the declarer"),
    ],
)
def test_a_bad_entry_at_a_table_is_shown_beside_its_board(director_client, movement_session, data, message):
    session_start(session=movement_session)  # results are taken in play
    seating = _first_seating(movement_session)
    url = reverse("director:table_round", args=[movement_session.pk, seating.round, seating.table])
    response = director_client.post(url, {"board": seating.boards[0]} | data)
    assert response.status_code == 400 and message in response.content.decode()


def test_a_board_not_at_this_table_is_refused(director_client, movement_session):
    seating = _first_seating(movement_session)
    other = next(n for n in range(1, 7) if n not in seating.boards)
    url = reverse("director:table_round", args=[movement_session.pk, seating.round, seating.table])
    response = director_client.post(url, {"board": other, "contract": "Pass"})
    assert response.status_code == 400
    assert not movement_session.boards.get(number=other).results.exists()


@pytest.mark.parametrize(("round_", "table"), [(9, 1), (1, 9)])
def test_a_round_or_table_outside_the_movement_is_404(director_client, movement_session, round_, table):
    assert (
        director_client.get(
            reverse("director:table_round", args=[movement_session.pk, round_, table])
        ).status_code
        == 404
    )


def test_the_board_page_accepts_a_board_played_out_of_order_when_ticked(director_client, movement_session):
    session_start(session=movement_session)  # results are taken in play
    seating = _first_seating(movement_session)
    number = seating.boards[0]
    wrong = movement_session.pairs.exclude(pk=seating.ew.pair.pk).filter(direction="EW").first()
    form = {
        "ns_pair": seating.ns.pair.pk,
        "ew_pair": wrong.pk,
        "contract": "Pass",
        "declarer": "",
        "result": "",
    }
    url = reverse("director:board", args=[movement_session.pk, number])
    refused = director_client.post(url, form)
    assert refused.status_code == 400
    assert (
        f"Board {number} is played in round {seating.round} at table {seating.table}"
        in refused.content.decode()
    )
    assert director_client.post(url, form | {"out_of_order": "on"}).status_code == 302
    assert ResultChange.objects.get(session=movement_session).after["out_of_order"] is True


# Table cards also read (and the first time, make) each table's entry link: 3 more queries.
@pytest.mark.parametrize(
    ("name", "cards", "queries"), [("director:table_cards", 3, 9), ("director:pair_cards", 6, 6)]
)
def test_guide_cards_print_one_card_each_in_few_queries(
    director_client, movement_session, django_assert_max_num_queries, name, cards, queries
):
    with django_assert_max_num_queries(queries):
        response = director_client.get(reverse(name, args=[movement_session.pk]))
    assert response.content.decode().count('class="guide-card"') == cards


def test_the_table_round_page_reads_in_a_fixed_number_of_queries(
    director_client, movement_session, django_assert_max_num_queries
):
    seating = _first_seating(movement_session)
    with django_assert_max_num_queries(7):
        response = director_client.get(
            reverse("director:table_round", args=[movement_session.pk, seating.round, seating.table]),
            HTTP_ACCEPT_LANGUAGE="en",  # a browser's; naming none, the club's language is read too
        )
    assert response.status_code == 200


def test_movement_pages_of_another_club_are_forbidden(client, django_user_model, movement_session):
    client.force_login(
        django_user_model.objects.create_user(username="stranger", password="x-pw-long-enough")
    )
    for url in (
        reverse("director:table_cards", args=[movement_session.pk]),
        reverse("director:table_round", args=[movement_session.pk, 1, 1]),
    ):
        assert client.get(url).status_code == 403


@pytest.mark.parametrize(
    ("data", "cleaned"),
    [
        ({}, {"tables": None, "arrow_switch_rounds": ()}),
        (
            {"tables": "7", "boards_per_round": "3", "arrow_switch_rounds": "6, 3"},
            {"tables": 7, "arrow_switch_rounds": (3, 6)},
        ),
        ({"even_tables": ""}, {"even_tables": "relay"}),
    ],
)
def test_the_session_form_reads_the_movement_or_none(club, data, cleaned):
    base = {"club": club.pk, "date": "2026-11-23", "name": "Monday", "movement": "mitchell"}
    form = SessionForm(base | data, clubs=[club])
    assert form.is_valid(), form.errors
    assert {key: form.cleaned_data[key] for key in cleaned} == cleaned


@pytest.mark.parametrize(
    ("name", "args", "queries"),
    [
        # and the poll's stamp; the field: its pairs, their ratings, with no standings yet the pairs shown;
        # the event the session is in; the stamp again (the page kept only if unchanged since:
        # night/live/pages.py)
        ("session", lambda s: [s.pk], 11),
        ("board", lambda s: [s.pk, 1], 3),
        ("pair", lambda s: [s.pk, s.pairs.get(direction="EW", number=2).pk], 5),
    ],
)
def test_public_pages_in_play_read_in_a_fixed_number_of_queries(
    client, movement_session, django_assert_num_queries, name, args, queries
):
    session_start(session=movement_session)
    url = reverse(name, args=args(movement_session))
    with django_assert_num_queries(queries):
        client.get(url)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "tables : au moins 3, pas 2"),
        ("de", "Tische: mindestens 3, nicht 2"),
        ("pl", "stoły: co najmniej 3, nie 2"),
    ],
)
def test_a_movement_refused_by_the_rules_is_said_in_the_directors_language(
    director_client, movement_session, language, said
):
    """The rules' own refusal (a Mitchell needs 3 tables) was English inside a French sentence."""
    form = {"movement": "mitchell", "tables": "2", "boards_per_round": "3", "even_tables": "skip"}
    url = reverse("director:movement", args=[movement_session.pk])
    page = director_client.post(url, form, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert said in html.unescape(page)
    assert "must be" not in page
