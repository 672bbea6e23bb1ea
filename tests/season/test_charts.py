"""The server-drawn percentage chart: well-formed SVG, escaped text, points where the values say."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

import pytest

from tournaments.season.charts import HEIGHT, MARGIN_BOTTOM, MARGIN_TOP, percentage_chart, percentage_range

SVG = "{http://www.w3.org/2000/svg}"


def _points(*percentages: float) -> list[tuple[datetime.date, str, float]]:
    return [
        (datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * index), f"Session {index}", value)
        for index, value in enumerate(percentages)
    ]


def _circles(svg: str) -> list[ET.Element]:
    return ET.fromstring(svg).findall(f"{SVG}circle")


def test_no_points_draw_nothing():
    assert percentage_chart([]) == ""


@pytest.mark.parametrize(
    ("percentages", "expected"),
    [
        ([50.0], (30.0, 70.0)),
        ([31.0, 69.9], (30.0, 70.0)),
        ([25.5, 50.0], (20.0, 70.0)),
        ([50.0, 71.2], (30.0, 80.0)),
        ([0.0, 100.0], (0.0, 100.0)),
    ],
)
def test_scale_shows_30_to_70_widened_to_whole_tens(percentages, expected):
    assert percentage_range(percentages) == expected


def test_chart_is_well_formed_svg_with_one_point_per_session_and_a_line():
    svg = percentage_chart(_points(45.0, 55.0, 62.5))
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert len(_circles(svg)) == 3
    assert root.find(f"{SVG}polyline") is not None
    assert "<script" not in svg and "@font-face" not in svg and "href" not in svg


def test_a_higher_percentage_is_drawn_higher_and_later_sessions_further_right():
    circles = _circles(percentage_chart(_points(40.0, 60.0, 50.0)))
    xs = [float(circle.get("cx")) for circle in circles]
    ys = [float(circle.get("cy")) for circle in circles]
    assert xs == sorted(xs) and len(set(xs)) == 3
    assert ys[1] < ys[2] < ys[0]


@pytest.mark.parametrize(("percentage", "where"), [(30.0, "bottom"), (70.0, "top")])
def test_the_scale_ends_sit_on_the_plot_edges(percentage, where):
    (circle,) = _circles(percentage_chart(_points(percentage)))
    expected = HEIGHT - MARGIN_BOTTOM if where == "bottom" else MARGIN_TOP
    assert float(circle.get("cy")) == pytest.approx(expected, abs=0.1)


def test_a_single_session_has_a_point_and_no_line():
    root = ET.fromstring(percentage_chart(_points(52.0)))
    assert len(root.findall(f"{SVG}circle")) == 1
    assert root.find(f"{SVG}polyline") is None


def test_labels_and_title_are_escaped():
    points = [(datetime.date(2026, 3, 4), "<script>alert(1)</script> & co", 51.0)]
    svg = percentage_chart(points, title='Ann "<b>"')
    assert "<script>" not in svg and "<b>" not in svg
    root = ET.fromstring(svg)  # still well-formed
    tip = root.find(f"{SVG}circle/{SVG}title").text
    assert tip == "2026-03-04 <script>alert(1)</script> & co: 51.00%"
    assert root.get("aria-label") == 'Ann "<b>"'


def test_a_spread_shades_a_band_around_the_line_and_widens_the_scale_to_hold_it():
    points = [
        (datetime.date(2026, 1, 6), "Tue", 60.0),
        (datetime.date(2026, 1, 13), "Tue", 66.0),
    ]
    plain = str(percentage_chart(points))
    banded = str(percentage_chart(points, spread=[6.0, 5.0]))
    assert "chart-band" not in plain and banded.count('class="chart-band"') == 1
    assert ">70%<" in plain and ">80%<" not in plain
    assert ">80%<" in banded  # 66 + 5 = 71 needs the next ten
