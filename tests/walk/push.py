"""The walk's step for the pages told of changes (issue 52, ``night.push``): every walked evening,
in every language, opens its streams as its readers would and checks what they are told.

After the director's correction and adjustment: the session's public stream, a table's phone's
and the director's grid's each open with the session's stamp now and nothing else (no name, no
score: only the session's number and its stamp), and the public cannot open the director's.
That every write tells its session's listeners: tests/night/test_push.py.
"""

from __future__ import annotations

import json

from django.test import override_settings
from django.urls import reverse

from tests.walk.walk import Walk, WalkStopped
from tournaments.night.live.stamps import session_digest_read
from tournaments.night.models import TableAccess


def _opening(walk: Walk, name: str, url: str, who: str) -> dict:
    response = walk.get(name, url, who=who, page=False)
    try:
        first = next(iter(response.streaming_content)).decode()
    finally:  # the reader leaves: the test client's wrapper closes the response, as a WSGI server
        response._iterator.close()
    blocks = [block for block in first.split("\n\n") if block.startswith("event: changed")]
    if not blocks:
        raise WalkStopped(f"{name}: the stream opened without the session's stamp: {first!r}")
    return json.loads(blocks[0].split("data: ", 1)[1])


def pages_told(walk: Walk) -> None:
    pk = walk.session_id
    assert pk is not None
    token = TableAccess.objects.filter(session_id=pk).values_list("token", flat=True).first()
    stamp = session_digest_read(pk)
    with override_settings(CLUBSCORE_EVENTS="threads", CLUBSCORE_EVENTS_PER_CLIENT=0):
        streams = [("public stream", reverse("session_events", args=[pk]), "public")]
        streams.append(
            ("director's grid stream", reverse("director:tables_grid_events", args=[pk]), "director")
        )
        if token:
            streams.append(("phone's stream", reverse("table_events", args=[token]), "phone"))
        for name, url, who in streams:
            told = _opening(walk, name, url, who)
            if told != {"session": pk, "stamp": stamp}:
                raise WalkStopped(f"{name}: told {told}, not the session's number and stamp alone")
        refused = walk.public.get(reverse("director:tables_grid_events", args=[pk]))
        if refused.status_code not in (302, 403):
            raise WalkStopped(f"the public opened the director's grid stream ({refused.status_code})")
