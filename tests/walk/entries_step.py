"""The walk's step for entries to events (issue 51): a championship taking entries, in the walk's language.

The director creates the event from its page's form with room for one entry, enters a pair
of the night's players at the desk, and the signed-in member (the ``member signs in`` step's)
enters with a partner from his page, onto the waiting list; the director raises the limit to
two, which moves the member's entry up; the entry list page, the member's page and the list's
CSV are read, each page for English left, and the CSV must list the two entries the page shows.
"""

from __future__ import annotations

import datetime
import re

from django.urls import reverse
from django.utils import timezone

from tests.walk.nights import NIGHTS, player_names
from tests.walk.walk import Walk, WalkStopped


def _moment(days: int) -> str:
    return (timezone.localtime() + datetime.timedelta(days=days)).strftime("%Y-%m-%dT%H:%M")


def entries(walk: Walk) -> None:
    club = walk.facts["club"]
    names = player_names(NIGHTS[walk.combination.night].players)
    url = reverse("director:entry_events")
    form = walk.form("entry events", url, url)
    typed = {
        "club": str(club.pk),
        "name": "Walk Championship",
        "kind": "championship",
        "starts_on": (timezone.localdate() + datetime.timedelta(days=30)).isoformat(),
        "opens_at": _moment(-1),
        "closes_at": _moment(20),
        "cancel_until": _moment(10),
        "early_bird_until": _moment(5),
        "limit": "1",  # the member's entry waits, until the limit is raised
        "member_fee": "20.00",
        "visitor_fee": "25.00",
        "junior_fee": "10.00",
        "early_bird_reduction": "5.00",
    }
    response = walk.post("new entry event", url, form.data(**typed))
    found = re.search(r"/entries/(\d+)/", response["Location"])
    if found is None:
        raise WalkStopped(f"new entry event: sent to {response['Location']}, not the entry list")
    event_id = int(found[1])
    list_url = reverse("director:entry_list", args=[event_id])
    desk = walk.form("entry list", list_url, reverse("director:entry_add", args=[event_id]))
    walk.post("desk entry", desk.action, desk.data(player_1=names[2], player_2=names[3]))
    if walk.member is not None:
        mine = walk.get("my entries", reverse("my_entries"), who="member").content.decode()
        if reverse("my_entry_new", args=[event_id]) not in mine:
            raise WalkStopped("my entries: the championship is not offered to the member")
        enter = reverse("my_entry_new", args=[event_id])
        walk.get("enter the championship", enter, who="member")
        # names[4]: a partner who is neither the desk's pair nor the member signed in (walker0 at
        # the end of a pairs night, walker1 of the programme's step where that one is skipped)
        walk.post("member's entry", enter, {"player_2": names[4]}, who="member")
        walk.get("my entries after entering", reverse("my_entries"), who="member")
    limit = walk.form("entry list", list_url, reverse("director:entry_limit", args=[event_id]))
    walk.post("entry limit raised", limit.action, limit.data(limit="2"))
    page = walk.get("entry list", list_url).content.decode()
    if 'class="entry-waiting"' in page:
        raise WalkStopped("entry list: an entry still waits after the limit was raised to 2")
    rows = re.findall(r'<tr id="entry-(\d+)"', page)
    csv = walk.get("entry list CSV", reverse("director:entry_list_csv", args=[event_id])).content.decode(
        "utf-8-sig"
    )
    lines = [line for line in csv.splitlines()[1:] if line.strip()]
    if [line.split(",")[0] for line in lines] != rows:
        raise WalkStopped(
            f"entry list: the page shows entries {rows}, the CSV {[line[:20] for line in lines]}"
        )
