"""The walk's step of the player's analysis (issue 50): the member signed in opens his analysis
of the walked evening in the walk's language, and its figures agree with his standing."""

from __future__ import annotations

import re

from django.urls import reverse

from tests.walk.nights import NIGHTS
from tests.walk.walk import Walk, WalkStopped

OVERALL = re.compile(
    r'<tr class="role-overall">.*?<td class="num">[^<]*</td>\s*<td class="num">([^<]*)</td>', re.S
)


def member_reads_his_analysis(walk: Walk) -> None:
    """From his /me/ page to his evening's analysis: a page, no English, his overall average
    (the mean of his boards' percentages) his standing's percentage (a matchpoint night of
    pairs without handicaps: a handicap moves the standing, IMPs are no percentage)."""
    pk = walk.session_id
    home = walk.get("my club (analysis)", reverse("my_club"), who="member").content.decode()
    players = sorted(set(re.findall(r'href="/me/players/(\d+)/"', home)))
    if len(players) != 1:
        raise WalkStopped(f"analysis: {len(players)} players of the member listed, not his one")
    player = int(players[0])
    mine = walk.get(
        "my results (analysis)", reverse("my_player", args=[player]), who="member"
    ).content.decode()
    link = reverse("player_evening", args=[pk, player])
    if link not in mine:
        raise WalkStopped(f"my results: no link to his analysis of the evening ({link})")
    page = walk.get("my analysis", link, who="member").content.decode()
    night = NIGHTS[walk.combination.night]
    if night.scoring != "mp" or walk.combination.handicaps != "off" or walk.combination.night == "individual":
        return  # an individual's own standing is scored its own way (decision 0066): not compared yet
    row = re.search(rf'<a href="/session/{pk}/">[^<]*</a>.*?</tr>', mine, re.S)
    overall = OVERALL.search(page)
    if row is None or overall is None:
        raise WalkStopped("my analysis: no overall average, or no standing to compare it with")
    standing = re.findall(r'<td class="num[^"]*">([^<]*)</td>', row[0])[0]
    walk.figure(
        "my analysis: overall average against the standing", overall[1], float(standing.replace(",", ".")), 1
    )
