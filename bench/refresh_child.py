"""One checkout's side of ``bench_refresh.py``: a 12-table night in play, and its requests timed.

Run by ``bench_refresh.py`` once for each checkout it compares (the branch, and the
baseline exported by ``git archive``), each against its own throwaway database, with the
checkout first on ``sys.path``. So it imports only what both checkouts have, from the
checkout measured: the national benchmark's clubs (``bench.national_clubs``), the settle
service and the URLs.

It builds the night, then reads commands on stdin: ``run N`` plays N more results and
prints, as one JSON line, every request's milliseconds (the wall clock's, and the CPU
this process spent on it), its queries and its status, by kind; ``quit``
ends it. A result is sent as a phone sends it (its settle left for after the timing, as
the settle timer does it after the answer), then settled, then the standings are polled
by a reader whose stamp the result moved (twice: the first reader after a change, then
another), and by one whose stamp is fresh; the phone of the table that sent refreshes its
state with its old stamp and with its fresh one, and the next table's phone with the stamp
it holds (in a round, or between rounds when its page shows the standings); and a 404
through the same stack gives the floor (and through Django's ASGI handler, what a push
channel's server would cost).
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

TABLES, ROUNDS, BOARDS_PER_ROUND = 12, 12, 2


def _setup(tables: int, rounds: int):
    """The night, its tables' tokens, and every table's sends in the order a night plays them."""
    from bench.national_clubs import clubs_in_play  # the checkout's own (main has it too)

    evening = clubs_in_play(clubs=1, tables=tables, rounds=rounds, boards_per_round=BOARDS_PER_ROUND)
    tokens = {phone.table: phone.token for phone in evening.phones}
    # Round after round, table after table, as a night plays.
    turns = zip(*(phone.bodies for phone in evening.phones), strict=False)
    order = [(phone.table, body) for turn in turns for phone, body in zip(evening.phones, turn, strict=True)]
    return evening.sessions[0], tokens, order


class Night:
    def __init__(self, tables: int = TABLES, rounds: int = ROUNDS) -> None:
        from django.db import connection
        from django.test import Client

        self.connection = connection
        self.session, self.tokens, self.order = _setup(tables, rounds)
        # A phone's browser names its language: the club's is then not read (``ClubLocaleMiddleware``).
        self.client = Client(SERVER_NAME="127.0.0.1", HTTP_ACCEPT_LANGUAGE="en")
        self.base = f"/session/{self.session.pk}/"
        self.next = 0
        self.asgi = _AsgiClient()
        self.standings_stamp = self._standings_stamp(self.client.get(self.base + "standings/"))
        self.table_stamps = {table: self._table_stamp(table, None)[1] for table in self.tokens}
        self.sent: dict[int, int] = {}

    def _settle(self) -> None:
        """Settle as the timer would after the sends pause (``TABLE_SETTLE_DELAY`` is an hour here,
        so the send's own timer never fires during the run)."""
        from tournaments.night.models import Session
        from tournaments.night.services.scoring.settle import scores_settle

        scores_settle(Session(pk=self.session.pk))

    @staticmethod
    def _standings_stamp(response) -> str:
        found = re.search(rb'data-stamp="([^"]*)"', response.content)
        return found.group(1).decode() if found else ""

    def _table_stamp(self, table: int, since: str | None) -> tuple[object, str | None]:
        url = f"/table/{self.tokens[table]}/state/" + (f"?since={since}" if since else "")
        response = self.client.get(url)
        stamp = response.json().get("stamp") if response.status_code == 200 else since
        return response, stamp

    def timed(self, samples: dict, kind: str, request, *args, **kwargs):
        counted = [0]

        def count(execute, sql, params, many, context):
            counted[0] += 1
            return execute(sql, params, many, context)

        with self.connection.execute_wrapper(count):
            started, used = time.perf_counter(), time.process_time()
            response = request(*args, **kwargs)
            elapsed, cpu = (time.perf_counter() - started) * 1000, (time.process_time() - used) * 1000
        samples.setdefault(kind, []).append((elapsed, counted[0], response.status_code, cpu))
        return response

    def play_one(self, samples: dict) -> None:
        table, body = self.order[self.next % len(self.order)]
        self.next += 1
        token = self.tokens[table]
        get, post = self.client.get, self.client.post
        self.timed(samples, "floor: a 404", get, "/no-such-page/")
        self.timed(samples, "a table's send", post, f"/table/{token}/results/", body, "application/json")
        self._settle()
        # The public session page, the one players open most (issue 52): the first reader after
        # the change, then another reader of the same page.
        self.timed(samples, "public session page, changed (first reader)", get, self.base)
        self.timed(samples, "public session page, unchanged", get, self.base)
        old, poll = self.standings_stamp, self.base + "standings/?since="
        fresh = self.timed(samples, "standings poll, changed (first reader)", get, poll + old)
        self.timed(samples, "standings poll, changed (other readers)", get, poll + old)
        self.standings_stamp = self._standings_stamp(fresh)
        self.timed(samples, "standings poll, unchanged", get, poll + self.standings_stamp)
        state = f"/table/{token}/state/"
        old_stamp = self.table_stamps[table]
        changed = self.timed(
            samples, "table refresh, changed", get, state + (f"?since={old_stamp}" if old_stamp else "")
        )
        new_stamp = changed.json().get("stamp") if changed.status_code == 200 else old_stamp
        self.table_stamps[table] = new_stamp
        self.timed(
            samples, "table refresh, unchanged", get, state + (f"?since={new_stamp}" if new_stamp else "")
        )
        self.sent[table] = self.sent.get(table, 0) + 1
        self._another_table_refreshes(samples, table % len(self.tokens) + 1)
        self.timed(samples, "floor: a 404", get, "/no-such-page/")
        self.timed(samples, "a 404 through ASGI (a push channel's server)", self.asgi.get, "/no-such-page/")

    def _another_table_refreshes(self, samples: dict, table: int) -> None:
        """The phone of the table after the one that sent refreshes with the stamp it holds: in a
        round, or between rounds (its last round's boards all in, its page showing the standings).
        A 204 may name the stamp to hold next (``X-Table-Stamp``, the branch's own table stamps)."""
        sent = self.sent.get(table, 0)
        between = sent > 0 and sent % BOARDS_PER_ROUND == 0
        kind = "table refresh, another table's result " + ("(between rounds)" if between else "(in a round)")
        held = self.table_stamps[table]
        url = f"/table/{self.tokens[table]}/state/" + (f"?since={held}" if held else "")
        response = self.timed(samples, kind, self.client.get, url)
        if response.status_code == 200:
            self.table_stamps[table] = response.json().get("stamp")
        elif response.has_header("X-Table-Stamp"):
            self.table_stamps[table] = response["X-Table-Stamp"]


class _AsgiClient:
    """Django's handler as an ASGI server (uvicorn, daphne) runs it, for what a push channel
    (server-sent events, websockets) would cost every other request: the site's middleware
    and views are synchronous, so each request hops to a thread and back."""

    def __init__(self) -> None:
        import asyncio

        from django.test import AsyncClient

        self.loop = asyncio.new_event_loop()
        self.client = AsyncClient()

    def get(self, path: str):
        return self.loop.run_until_complete(self.client.get(path))


def main() -> int:
    sys.path.insert(0, str(Path(sys.argv[1]).resolve()))  # the checkout measured
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    night = Night()
    for _ in range(3):  # warm the templates, the connection and the caches
        night.play_one({})
    print(json.dumps({"ready": True, "pid": os.getpid()}), flush=True)
    for line in sys.stdin:
        command = line.split()
        if not command or command[0] == "quit":
            break
        samples: dict = {}
        for _ in range(int(command[1])):
            night.play_one(samples)
        print(json.dumps(samples), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
