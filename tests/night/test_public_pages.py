"""The public pages through the test client: what a player reads, escaped, in few queries.

The figures expected here are worked by hand from the scoring rules (board 1 none
vulnerable, board 2 NS, board 3 EW) and the matchpoint rule, not taken from the code.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tournaments.night.models import Pair, Session
from tournaments.night.services.movement import session_finish, session_reopen
from tournaments.night.services.results import ResultEntry, result_record
from tournaments.night.services.sessions import pair_add

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"

# (board, NS pair number, EW pair number, contract, declarer, tricks) -> NS score by hand.
PLAYED = [
    (1, 1, 1, "3NT", "N", "9"),  # +400
    (1, 2, 2, "4S", "N", "9"),  # -50
    (1, 3, 3, "2H", "E", "9"),  # -140
    (2, 1, 2, "Pass", "", ""),  # 0
    (2, 2, 3, "1NT", "S", "8"),  # +120
    (2, 3, 1, "3NT", "W", "8"),  # +50
    (3, 1, 3, "4H", "S", "11"),  # +450
    (3, 2, 1, "4H", "S", "10"),  # +420
    (3, 3, 2, "2H", "S", "10"),  # +170
]


def _pair(session: Session, direction: str, number: int) -> Pair:
    return session.pairs.get(direction=direction, number=number)


def _finish(session: Session) -> Session:
    """Finish the session (the fixtures are in play), so its boards are published (these pages' subject)."""
    finished = session_finish(session=session)
    session.state = finished.state
    return session


@pytest.fixture
def played_session(mitchell_session: Session) -> Session:
    """The Mitchell fixture with all nine results of its three rounds entered."""
    for board_number, ns, ew, contract, declarer, tricks in PLAYED:
        result_record(
            board=mitchell_session.boards.get(number=board_number),
            entry=ResultEntry(
                ns_pair=_pair(mitchell_session, "NS", ns),
                ew_pair=_pair(mitchell_session, "EW", ew),
                contract=contract,
                declarer=declarer,
                result=tricks,
                lead="HK" if contract != "Pass" else "",
            ),
        )
    return _finish(mitchell_session)


def _text(response) -> str:
    """Return the page as text, tags dropped and whitespace collapsed, for reading rows."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _rows(response, table_class: str) -> list[str]:
    """Return the text of each body row of the first table with this class."""
    page = response.content.decode()
    table = page[page.index(f'class="{table_class}"') :]
    table = table[: table.index("</table>")]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", row)).split()) for row in body.split("</tr>")[:-1]]


# --- Standings ---------------------------------------------------------------------------------


def test_session_shows_one_standings_table_per_direction_best_first_with_tied_ranks(client, played_session):
    response = client.get(reverse("session", args=[played_session.pk]))
    assert response.status_code == 200
    ns_rows = _rows(response, "standings")
    assert ns_rows == [
        "1= 1 NS Ann North - Bob North 4.0 66.67 3",
        "1= 2 NS Cat North - Dan North 4.0 66.67 3",
        "3 3 NS Eve North - Fay North 1.0 16.67 3",
    ]
    text = _text(response)
    assert text.index("North-South") < text.index("East-West")
    ew_part = text[text.index("East-West") :]
    assert "1 2 EW Ida East - Jon East 5.0 83.33 3" in ew_part
    assert "2= 1 EW Gus East - Hal East 2.0 33.33 3" in ew_part
    assert "2= 3 EW Kim East - Lou East 2.0 33.33 3" in ew_part


def test_session_links_every_board_and_every_pair(client, played_session):
    page = client.get(reverse("session", args=[played_session.pk])).content.decode()
    for board in played_session.boards.all():
        assert f'href="{board.get_absolute_url()}"' in page
    for pair in played_session.pairs.all():
        assert f'href="{pair.get_absolute_url()}"' in page


def test_howell_session_has_one_table(client, howell_session):
    response = client.get(reverse("session", args=[howell_session.pk]))
    assert response.content.decode().count('class="standings"') <= 1
    assert "North-South" not in _text(response)


def test_standings_fragment_answers_204_while_unchanged_and_the_new_tables_after_a_result(
    client, played_session
):
    url = reverse("session_standings", args=[played_session.pk])
    first = client.get(url)
    stamp = re.search(r'data-stamp="([0-9a-f]+)"', first.content.decode()).group(1)
    assert "<html" not in first.content.decode()
    assert client.get(url, {"since": stamp}).status_code == 204

    played_session = session_reopen(session=played_session)  # a finished session takes no new pair
    extra_ns = pair_add(session=played_session, player_names=("New North", "Pal North"), direction="NS")
    extra_ew = pair_add(session=played_session, player_names=("New East", "Pal East"), direction="EW")
    result_record(
        board=played_session.boards.get(number=1),
        entry=ResultEntry(ns_pair=extra_ns, ew_pair=extra_ew, contract="7NT", declarer="N", result="13"),
    )
    changed = client.get(url, {"since": stamp})
    assert changed.status_code == 200
    assert "New North - Pal North" in _text(changed)
    assert f'data-stamp="{stamp}"' not in changed.content.decode()


def test_session_page_polls_the_standings_fragment(client, played_session):
    page = client.get(reverse("session", args=[played_session.pk])).content.decode()
    assert reverse("session_standings", args=[played_session.pk]) in page
    # The site's own static files only (the Content-Security-Policy allows no inline code): the
    # poll, and the stream that tells it of a change (live.js, decision 0082).
    fragment = reverse("session_standings", args=[played_session.pk])
    scripts = re.findall(r"<script[^>]*>", page)
    assert all(script.startswith('<script src="/static/') for script in scripts)
    assert '<script src="/static/live.js" defer>' in scripts
    (poll,) = [script for script in scripts if "standings-poll.js" in script]
    assert poll.startswith(f'<script src="/static/standings-poll.js" data-url="{fragment}" data-every="')


# --- Board -------------------------------------------------------------------------------------


def test_board_traveller_lists_every_result_with_scores_matchpoints_and_percentages(client, played_session):
    response = client.get(reverse("board", args=[played_session.pk, 1]))
    assert _rows(response, "traveller") == [
        "1 NS 1 EW 3NT N HK 9 (=) 400 2.0 0.0 100.0 0.0",
        "2 NS 2 EW 4 \u2660 spades N HK 9 (-1) -50 1.0 1.0 50.0 50.0",  # the suit's symbol, its name said
        "3 NS 3 EW 2 \u2665 hearts E HK 9 (+1) -140 0.0 2.0 0.0 100.0",
    ]


def test_board_traveller_shows_a_passed_out_board(client, played_session):
    rows = _rows(client.get(reverse("board", args=[played_session.pk, 2])), "traveller")
    assert "1 NS 2 EW Pass 0 0.0 2.0 0.0 100.0" in rows


def _pbn_suit_text(holding: str) -> str:
    return " ".join(holding.replace("T", "~")).replace("~", "10") or "\u2014"


def test_board_shows_the_four_hands_with_suit_symbols_red_suits_and_hcp(client, played_session):
    board = played_session.boards.get(number=1)
    page = client.get(reverse("board", args=[played_session.pk, 1])).content.decode()
    diagram = page[page.index('class="diagram"') : page.index('class="compass"')]
    hands = dict(re.findall(r'class="hand hand-([NESW])">(.*?)</div>\s*</div>\s*(?=<div)', diagram, re.S))
    assert sorted(hands) == ["E", "N", "S", "W"]
    symbols = [
        ("\u2660", "", "spades"),
        ("\u2665", " red", "hearts"),
        ("\u2666", " red", "diamonds"),
        ("\u2663", "", "clubs"),
    ]
    for seat, field in (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")):
        pbn = getattr(board, field)
        hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(card, 0) for card in pbn)
        assert f'<span class="hcp">{hcp} HCP</span>' in hands[seat]
        for (symbol, red, name), holding in zip(symbols, pbn.split("."), strict=True):
            # The symbol for the eye, its name for a screen reader.
            shown = f'<span aria-hidden="true" class="sym{red}">{symbol}</span>'
            shown += f'<span class="visually-hidden">{name}</span>'
            line = f"{shown} {_pbn_suit_text(holding)}"
            assert line in hands[seat], (seat, line)


@pytest.mark.parametrize(
    ("number", "dealer", "vulnerable"),
    [(1, "North", "None"), (2, "East", "NS"), (3, "South", "EW")],
)
def test_board_names_its_dealer_and_vulnerability(client, played_session, number, dealer, vulnerable):
    text = _text(client.get(reverse("board", args=[played_session.pk, number])))
    assert f"Dealer {dealer}" in text
    assert f"Vul: {vulnerable}" in text


def test_board_shows_the_stored_double_dummy_table_and_par(client, played_session):
    board = played_session.boards.get(number=1)
    board.dd_tricks = {
        seat: {"C": base, "D": base + 1, "H": base + 2, "S": base + 3, "NT": base + 4}
        for seat, base in (("N", 1), ("E", 5), ("S", 2), ("W", 6))
    }
    board.par_score = 620
    board.par_contracts = "4S N ="
    board.save()
    response = client.get(reverse("board", args=[played_session.pk, 1]))
    # Rows by declarer N, S, E, W; columns NT, S, H, D, C.
    assert _rows(response, "dd-table") == [
        "North 5 4 3 2 1",
        "South 6 5 4 3 2",
        "East 9 8 7 6 5",
        "West 10 9 8 7 6",
    ]
    assert "Par: 4\u2660 by N, NS +620" in _text(response)


def test_undealt_board_shows_the_traveller_only(client, howell_session):
    pairs = list(howell_session.pairs.order_by("number"))
    result_record(
        board=howell_session.boards.get(number=1),
        entry=ResultEntry(ns_pair=pairs[0], ew_pair=pairs[1], contract="1NT", declarer="S", result="7"),
    )
    _finish(howell_session)
    response = client.get(reverse("board", args=[howell_session.pk, 1]))
    page = response.content.decode()
    assert 'class="diagram"' not in page
    assert 'class="dd-table"' not in page
    assert _rows(response, "traveller") == ["1 2 1NT S 7 (=) 90 0.0 0.0 50.0 50.0"]


# --- Pair scorecard ----------------------------------------------------------------------------


def test_pair_scorecard_shows_every_board_from_the_pairs_own_side_with_totals(client, played_session):
    pair = _pair(played_session, "EW", 2)
    response = client.get(reverse("pair", args=[played_session.pk, pair.pk]))
    assert _rows(response, "scorecard") == [
        "1 EW 2 NS Cat North - Dan North 4\u2660 N -1 50 1.0 50.0",
        "2 EW 1 NS Ann North - Bob North Pass 0 2.0 100.0",
        "3 EW 3 NS Eve North - Fay North 2\u2665 S +2 -170 2.0 100.0",
    ]
    assert "Total: 3 boards 5.0 83.33" in _text(response)  # no sum of raw scores (issue 24, point 16)


def test_pair_scorecard_marks_boards_not_played(client, mitchell_session):
    _finish(mitchell_session)
    pair = _pair(mitchell_session, "NS", 1)
    rows = _rows(client.get(reverse("pair", args=[mitchell_session.pk, pair.pk])), "scorecard")
    assert rows == ["1 not played", "2 not played", "3 not played"]


# --- Player and search -------------------------------------------------------------------------


def test_player_page_lists_every_session_with_percentage_rank_and_a_chart(
    client, played_session, howell_session
):
    ann = _pair(played_session, "NS", 1).player1
    response = client.get(reverse("player", args=[ann.pk]))
    rows = _rows(response, "history")
    # Newest first: the Howell (no result yet) then the Mitchell.
    assert rows == [
        "2026-11-21 Saturday Riverside Bridge Club – – 1 Ann North - Bob North",
        "2026-11-20 Friday evening Riverside Bridge Club 66.67 1= 1 NS Ann North - Bob North",
    ]
    page = response.content.decode()
    assert page.count("<svg") == 2  # the percentages, and the rating after the finished session
    assert page.count('aria-label="Percentage by session"') == 1
    assert page.count('aria-label="Rating by session"') == 1
    assert page.count('class="chart-point"') == 2
    assert "<script" not in page


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("north", ["Ann North", "Bob North", "Cat North", "Dan North", "Eve North", "Fay North"]),
        ("EAST", ["Gus East", "Hal East", "Ida East", "Jon East", "Kim East", "Lou East"]),
        ("an", ["Ann North", "Dan North"]),
        ("nobody", []),
        ("", []),
    ],
)
def test_player_search_finds_names_containing_the_query_ignoring_case(
    client, mitchell_session, query, expected
):
    response = client.get(reverse("player_search"), {"q": query})
    page = response.content.decode()
    found = re.findall(r'<li><a href="/player/\d+/">([^<]+)</a></li>', page)
    assert found == expected


# --- Escaping, 404s, query counts --------------------------------------------------------------


@pytest.fixture
def script_pair(mitchell_session: Session) -> Pair:
    """A pair whose first player's name is a script tag, with a result so it stands."""
    ns = pair_add(session=mitchell_session, player_names=(SCRIPT, "Plain Partner"), direction="NS")
    result_record(
        board=mitchell_session.boards.get(number=1),
        entry=ResultEntry(
            ns_pair=ns, ew_pair=_pair(mitchell_session, "EW", 1), contract="3NT", declarer="N", result="9"
        ),
    )
    _finish(mitchell_session)
    return ns


def _pages_naming(pair: Pair) -> list[str]:
    session = pair.session
    return [
        reverse("session", args=[session.pk]),
        reverse("session_standings", args=[session.pk]),
        reverse("board", args=[session.pk, 1]),
        reverse("pair", args=[session.pk, pair.pk]),
        reverse("pair", args=[session.pk, _pair(session, "EW", 1).pk]),
        reverse("player", args=[pair.player1_id]),
        reverse("player_search") + "?q=script",
    ]


def test_names_are_escaped_on_every_page(client, script_pair):
    for url in _pages_naming(script_pair):
        page = client.get(url).content.decode()
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, url
        assert SCRIPT not in page, url


@pytest.mark.parametrize(
    "url",
    [
        "/club/no-such-club/",
        "/session/999999/",
        "/session/999999/standings/",
        "/session/999999/board/1/",
        "/session/999999/pair/1/",
        "/player/999999/",
    ],
)
def test_unknown_ids_are_404(client, played_session, url):
    assert client.get(url).status_code == 404


def test_board_and_pair_of_another_session_are_404(client, played_session, howell_session):
    pair = _pair(played_session, "NS", 1)
    assert client.get(reverse("board", args=[played_session.pk, 99])).status_code == 404
    assert client.get(reverse("pair", args=[howell_session.pk, pair.pk])).status_code == 404


def _many_sessions(played_session: Session) -> None:
    """Ann plays a Howell too, so the player page and the home page have several rows."""
    from tournaments.night.services.sessions import session_create

    for day in range(3):
        session = session_create(
            club=played_session.club,
            date=played_session.date.replace(day=day + 1),
            name=f"Afternoon {day}",
            movement="howell",
        )
        pair_add(session=session, player_names=("Ann North", f"Partner {day}"))


@pytest.mark.parametrize(
    ("name", "args", "queries"),
    [
        # clubs, sessions
        ("home", lambda s: [], 2),
        # club, sessions, competitions, events over several sessions, teams events, the programme
        ("club", lambda s: [s.club.slug], 6),
        # the stamp; session, standings, boards; the field: its pairs' players, their ratings;
        # the event the session is in; the players' analyses they share; the stamp again (the
        # page kept only if unchanged: night/live/pages.py; the next reader's costs the stamp
        # alone, tests/night/live)
        ("session", lambda s: [s.pk], 9),
        # stamp, session, standings, the stamp again (kept only if unchanged: night/live/pages.py)
        ("session_standings", lambda s: [s.pk], 4),
        # board, results, the session's board numbers; every table against double-dummy (finished)
        # and the board's lead solves (asked only where a table's lead is recorded)
        ("board", lambda s: [s.pk, 1], 5),
        # pair, its results, the session's boards
        ("pair", lambda s: [s.pk, s.pairs.get(direction="EW", number=2).pk], 3),
        # player, the pairs they sat in, the rating, its snapshots, his master points by season,
        # whether he shares his analysis
        ("player", lambda s: [s.pairs.get(direction="NS", number=1).player1_id], 6),
    ],
)
def test_pages_read_in_a_fixed_number_of_queries(
    client, django_assert_num_queries, played_session, name, args, queries
):
    _many_sessions(played_session)
    url = reverse(name, args=args(played_session))
    # A browser names its language: a request naming none asks its club's too (core/language.py).
    with django_assert_num_queries(queries):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert response.status_code == 200


def test_an_unchanged_standings_poll_reads_no_standings(client, django_assert_num_queries, played_session):
    url = reverse("session_standings", args=[played_session.pk])
    stamp = re.search(r'data-stamp="([0-9a-f]+)"', client.get(url).content.decode()).group(1)
    with django_assert_num_queries(1) as captured:  # its stamp (none with a shared cache: tests/night/live)
        assert client.get(url, {"since": stamp}).status_code == 204
    assert not any('_standing"' in query["sql"] for query in captured.captured_queries)
    with django_assert_num_queries(1):  # a changed one: its stamp, and the tables the first poll rendered
        assert client.get(url, {"since": "an older stamp"}).status_code == 200


def test_player_search_reads_in_one_query(client, django_assert_num_queries, played_session):
    with django_assert_num_queries(1):
        response = client.get(reverse("player_search"), {"q": "north"})
    assert response.content.decode().count("<li>") == 6


def test_a_session_with_no_pairs_is_not_listed_on_the_club_page_or_the_home_page(
    client, club, mitchell_session
):
    """Issue 28, point 5: a session just created (or made by mistake) is nothing a player can read."""
    from tournaments.night.services.sessions import session_create

    empty = session_create(club=club, date=mitchell_session.date, name="Made by mistake")

    for url in (reverse("club", args=[club.slug]), reverse("home")):
        page = client.get(url).content.decode()
        assert empty.get_absolute_url() not in page, url
        assert mitchell_session.get_absolute_url() in page, url
