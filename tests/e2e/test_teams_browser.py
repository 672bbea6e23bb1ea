"""A Swiss teams night in the browser: four teams, three rounds, both tables of every match on phones.

The director (a desktop page) draws each round, publishes it and opens its table cards;
each of the four tables opens its card's link on a 375-pixel phone and taps its two
boards; the event page shows the matches' VPs, the next round is drawn from them, and
after the third round the public ranking is checked against one worked out again from
the stored results with the rules package (see test_browser.py for the browser set-up).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.test_browser import DESKTOP, PHONE, browser  # noqa: F401 (fixtures)
from tests.e2e.test_table_entry_browser import back_to_the_round
from tests.e2e.waiting import WAIT_MS, read_when_unlocked, wait_until
from tests.teams.factories import teams_event_build
from tournaments.bridge.teams.ranking import MatchScore, rank_teams
from tournaments.bridge.teams.scoring import board_imps, victory_points
from tournaments.bridge.teams.tables import match_of_table
from tournaments.night.models import Board, Result
from tournaments.teams.models import TeamMatch, TeamsEvent

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Four teams meet each other once in three rounds: the last round's draw is the only one left.
TEAMS, ROUNDS, BOARDS = 4, 3, 2
# What each table makes in 4S by North, by (round + table) so the matches differ.
OUTCOMES = ["=", "-1", "+1", "-2", "=", "+1", "-1"]


@pytest.fixture
def event(club) -> TeamsEvent:
    return teams_event_build(
        club, teams=TEAMS, name="Phones Swiss", rounds=ROUNDS, boards_per_match=BOARDS, player="P{team}{seat}"
    )


def _fieldset(page, legend: str):
    return page.locator(f"fieldset:has(legend:text-is('{legend}'))")


def _enter(page, board: int, outcome: str, *, second_table: bool = False) -> None:
    """Tap 4S by North with ``outcome`` on a board and have the opponents accept it.

    The traveller shows the match's two tables; at a match's second table the first has
    the board in already, so the board's swing is shown (issue 28).
    """
    page.locator(f"button[data-board='{board}']").click()
    _fieldset(page, "Contract").get_by_role("button", name="4", exact=True).click()
    _fieldset(page, "Strain").get_by_role("button", name="spades", exact=True).click()
    _fieldset(page, "Declarer").get_by_role("button", name="N", exact=True).click()
    _fieldset(page, "Tricks: made or down").get_by_role("button", name=outcome, exact=True).click()
    page.locator("#score-entry").click()
    page.locator("#accept").click()
    swing = page.locator("#board-swing")
    swing.wait_for(timeout=WAIT_MS)
    if second_table:
        expect(swing).to_contain_text(re.compile(r"IMPs (on this board|either way)"), timeout=WAIT_MS)
        expect(page.locator("#traveller-match")).to_contain_text("Match so far", timeout=WAIT_MS)
    back_to_the_round(page)


def _follow_to_next_round(page, number: int) -> None:
    """The phone left on the last round's page leads its table's pairs to their tables of round ``number``."""
    page.reload()
    expect(page.locator(".moves h2")).to_contain_text(f"Round {number} is drawn", timeout=WAIT_MS)
    page.locator("a.next-table").first.click()
    expect(page.locator("#app h2").first).to_have_text(f"Round {number} of {ROUNDS}", timeout=WAIT_MS)


def _round_settled(event: TeamsEvent, number: int) -> bool:
    session = event.rounds_drawn.get(number=number).session
    entered = Result.objects.filter(board__session=session).count()
    waiting = Board.objects.filter(session=session, needs_scoring=True).exists()
    return entered == TEAMS * BOARDS and not waiting


def _expected_ranking(event: TeamsEvent) -> list[str]:
    """The ranking worked out again from the stored NS scores with the rules package alone."""
    scores = []
    for match in TeamMatch.objects.filter(round__event=event).select_related(
        "home", "away", "round__session"
    ):
        results = Result.objects.filter(board__session=match.round.session).select_related("board", "ns_pair")
        by_board: dict[int, dict[int, int]] = {}
        for result in results:
            table = (result.ns_pair.number + 1) // 2
            if match_of_table(table) == match.table:
                by_board.setdefault(result.board.number, {})[table % 2] = result.ns_score
        net = sum(board_imps(tables[1], tables[0]) for tables in by_board.values())
        home_vp, away_vp = victory_points(net, BOARDS)
        scores.append(
            MatchScore(match.home.name, match.away.name, home_vp, away_vp, max(net, 0), max(-net, 0))
        )
    names = [f"Team {number}" for number in range(1, TEAMS + 1)]
    return [row.team for row in rank_teams(names, scores, event.tie_break)]


def test_four_teams_play_a_three_round_swiss_from_phones_at_both_tables(browser, live_server, event):  # noqa: F811
    director = browser.new_context(viewport=DESKTOP).new_page()
    event_url = reverse("director:teams_event", args=[event.pk])
    director.goto(f"{live_server.url}{reverse('login')}?next={event_url}")
    director.fill("#id_username", "director")
    director.fill("#id_password", "bridge-director-pw")
    director.click("button[type=submit]")
    director.wait_for_url(f"**{event_url}")
    phones = [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page() for _ in range(TEAMS)
    ]

    for number in range(1, ROUNDS + 1):
        director.get_by_role("button", name=f"Draw round {number}").click()
        director.get_by_role("button", name=f"Publish round {number}").click()
        if number > 1:
            _follow_to_next_round(phones[0], number)
        # The round's own link, once the page after the publish has loaded (not the last round's).
        director.locator(f"#round-{number}").get_by_role(
            "link", name="Print the draw and table cards"
        ).click()
        director.wait_for_url(f"**/rounds/{number}/cards/")
        director.locator(".guide-card svg").first.wait_for(timeout=WAIT_MS)
        cards = director.content()
        links = list(dict.fromkeys(re.findall(r"https?://[^\s<\"]+/table/[\w-]+/", cards)))
        assert len(links) == 2 * TEAMS // 2 and director.locator(".guide-card svg").count() == len(links)
        for table, (page, link) in enumerate(zip(phones, links, strict=True), start=1):
            page.goto(link)
            page.locator("button[data-board]").first.wait_for(timeout=WAIT_MS)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            expect(page.locator("#match-score")).to_be_visible(timeout=WAIT_MS)
            for board in range(1, BOARDS + 1):
                outcome = OUTCOMES[(number + table + board) % len(OUTCOMES)]
                _enter(page, board, outcome, second_table=table % 2 == 0)
        if number < ROUNDS:  # the round is over, not the night: the next is still to be drawn
            expect(phones[0].locator(".moves h2")).to_have_text(
                re.compile(rf"^Round {number} of {ROUNDS} is over\. The director draws round {number + 1}"),
                timeout=WAIT_MS,
            )
        wait_until(lambda number=number: _round_settled(event, number), f"round {number} scored")
        director.goto(f"{live_server.url}{event_url}")
        grid = director.locator(f"#round-{number} .teams-grid").inner_text()
        assert grid.count(f"{BOARDS}/{BOARDS}") == TEAMS // 2

    met = [
        frozenset((m.home_id, m.away_id))
        for m in read_when_unlocked(lambda: list(TeamMatch.objects.filter(round__event=event)))
    ]
    assert len(met) == len(set(met)) == ROUNDS * TEAMS // 2  # no rematch
    director.get_by_role("link", name="Finish the event").click()
    entered = ROUNDS * TEAMS * BOARDS  # every table of every round entered every board: no need to insist
    director.get_by_text(f"{entered} of {entered} results in", exact=False).wait_for(timeout=WAIT_MS)
    director.get_by_role("button", name="Yes, finish the event").click()
    director.get_by_text("finished: the ranking and every match are published").wait_for(timeout=WAIT_MS)
    public = browser.new_context(viewport=PHONE).new_page()
    public.goto(f"{live_server.url}{reverse('teams_event_public', args=[event.pk])}")
    rows = public.locator(".teams-ranking tbody tr").all_inner_texts()
    shown = [re.match(r"\S+\s+\d+ (Team \d+)", row).group(1) for row in rows]
    assert shown == read_when_unlocked(lambda: _expected_ranking(event))
    public.get_by_role("link", name="Scorecard").first.click()
    public.wait_for_url("**/matches/*/")
    public.locator(".teams-scorecard").wait_for(timeout=WAIT_MS)
    assert public.locator(".teams-scorecard .board-row").count() == BOARDS
