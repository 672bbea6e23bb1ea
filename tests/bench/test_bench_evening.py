"""The evening benchmark's schedule: every phone and page asks at an evening's own rates, step after step.

Its figures are only an evening's if the open loop asks what an evening asks: a refresh
every 15 s a table, a result every 450 s a table, a poll every 15 s for each of a club's
ten pages, each at its own phase, the clocks going on from one step to the next.
"""

from __future__ import annotations

from bench.evening_load import Evening
from bench.national_clubs import Phone


def _evening(clubs: int = 10, tables: int = 12) -> Evening:
    evening = Evening()
    phones = [
        Phone(club, club, table, f"token-{club}-{table}", bodies=[{}] * 6)
        for club in range(1, clubs + 1)
        for table in range(1, tables + 1)
    ]
    evening.join(phones, range(1, clubs + 1))
    return evening


def test_a_step_asks_each_kind_at_its_rate_in_time_order():
    due = _evening().schedule(900.0)  # 60 refresh and poll periods, 2 send periods
    kinds = [kind for _, kind, _ in due]
    assert kinds.count("refresh") == 120 * 60
    assert kinds.count("poll") == 100 * 60
    assert kinds.count("send") == 120 * 2
    times = [at for at, _, _ in due]
    assert times == sorted(times) and times[0] >= 0 and times[-1] < 900.0


def test_the_clocks_go_on_from_one_step_to_the_next():
    evening = _evening(clubs=2)
    first, second = evening.schedule(300.0), evening.schedule(600.0)
    sends = sum(kind == "send" for _, kind, _ in first + second)
    assert sends == 24 * 2  # every table's two sends of 900 s, whatever the steps' lengths
    for table in evening.tables:  # each table's refreshes 15 s apart across the steps' seam
        ats = [at for at, kind, who in first if who is table and kind == "refresh"]
        ats += [300.0 + at for at, kind, who in second if who is table and kind == "refresh"]
        assert all(abs(b - a - 15.0) < 1e-9 for a, b in zip(ats, ats[1:], strict=False))


def test_new_clubs_join_at_random_phases():
    evening = _evening(clubs=5)
    phases = {round(table.next_refresh, 6) for table in evening.tables}
    assert len(phases) == len(evening.tables) and all(0 <= phase < 15 for phase in phases)
