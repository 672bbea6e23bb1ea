"""The season's charts as plain SVG: tricks against double-dummy, or a share of boards 0%-100%."""

from __future__ import annotations

import re

from tournaments.analysis.charts import BOTTOM, HEIGHT, TOP, line_chart


def _points(svg: str) -> list[float]:
    return [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]


def test_a_share_is_drawn_from_0_at_the_foot_to_100_at_the_top() -> None:
    svg = line_chart(
        ["Jan", "Feb", "Mar"], [("Ann", "chart-player", [0.0, 50.0, 100.0])], "Leads", percent=True
    )
    foot, top = HEIGHT - BOTTOM, TOP
    assert _points(svg) == [foot, (foot + top) / 2, top]
    assert "<polyline" in svg and all(f">{tick}%<" in svg for tick in (0, 25, 50, 75, 100))


def test_a_month_without_a_figure_leaves_a_gap_and_no_figure_no_chart() -> None:
    svg = line_chart(["Jan", "Feb"], [("Ann", "chart-player", [None, 25.0])], "Leads", percent=True)
    assert len(_points(svg)) == 1 and "<polyline" not in svg
    assert line_chart(["Jan"], [("Ann", "chart-player", [None])], "Leads", percent=True) == ""


def test_tricks_keep_their_signed_whole_trick_scale() -> None:
    svg = line_chart(["Jan", "Feb"], [("Ann", "chart-player", [-0.5, 1.5])], "Declarer")
    assert all(f">{tick}<" in svg for tick in ("-1", "+0", "+1", "+2")) and "%" not in svg
