"""Charts drawn on the server as inline SVG: no scripts, no fonts, nothing fetched.

A player's percentages over time are a handful of points, so a small hand-written SVG
is lighter than any charting library and works with scripts off. Every piece of text
that reaches the markup (session names come from directors) is escaped here.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

WIDTH = 480
HEIGHT = 220
MARGIN_LEFT = 46
MARGIN_RIGHT = 16
MARGIN_TOP = 14
MARGIN_BOTTOM = 30
# The vertical scale always shows 30-70%, where nearly all club results fall, and widens
# in steps of ten to take in a result outside it.
MIN_FLOOR = 30.0
MIN_CEILING = 70.0

ChartPoint = tuple[datetime.date, str, float]  # date, label (the session), percentage


def percentage_range(percentages: Sequence[float]) -> tuple[float, float]:
    """Return the vertical scale's bottom and top: 30-70%, widened to whole tens to fit every value."""
    low = min([MIN_FLOOR, *percentages])
    high = max([MIN_CEILING, *percentages])
    return max(0.0, math.floor(low / 10) * 10), min(100.0, math.ceil(high / 10) * 10)


def _x(index: int, count: int) -> float:
    plot_width = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    if count == 1:
        return MARGIN_LEFT + plot_width / 2
    return MARGIN_LEFT + plot_width * index / (count - 1)


def _y(percentage: float, low: float, high: float) -> float:
    plot_height = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    return MARGIN_TOP + plot_height * (high - percentage) / (high - low)


def _grid(low: float, high: float) -> list[str]:
    parts = []
    for value in range(int(low), int(high) + 1, 10):
        y = _y(value, low, high)
        style = ' class="chart-even"' if value == 50 else ' class="chart-grid"'
        parts.append(
            f'<line x1="{MARGIN_LEFT}" y1="{y:.1f}" x2="{WIDTH - MARGIN_RIGHT}" y2="{y:.1f}"{style}/>'
        )
        parts.append(f'<text x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{value}%</text>')
    return parts


def _date_labels(points: Sequence[ChartPoint]) -> list[str]:
    """Label the first and last sessions' dates under the axis (more would crowd a phone)."""
    y = HEIGHT - 10
    first = f'<text x="{_x(0, len(points)):.1f}" y="{y}" text-anchor="start">{points[0][0]:%Y-%m-%d}</text>'
    if len(points) == 1:
        return [first.replace('text-anchor="start"', 'text-anchor="middle"')]
    last_x = _x(len(points) - 1, len(points))
    last = f'<text x="{last_x:.1f}" y="{y}" text-anchor="end">{points[-1][0]:%Y-%m-%d}</text>'
    return [first, last]


def _band(points: Sequence[ChartPoint], spread: Sequence[float], low: float, high: float) -> str:
    """A shaded band one sd either side of the line (a rating's uncertainty)."""
    count = len(points)
    upper = [
        (_x(i, count), _y(min(high, p[2] + s), low, high))
        for i, (p, s) in enumerate(zip(points, spread, strict=True))
    ]
    lower = [
        (_x(i, count), _y(max(low, p[2] - s), low, high))
        for i, (p, s) in enumerate(zip(points, spread, strict=True))
    ]
    outline = " ".join(f"{x:.1f},{y:.1f}" for x, y in upper + lower[::-1])
    return f'<polygon class="chart-band" points="{outline}"/>'


def percentage_chart(
    points: Sequence[ChartPoint],
    *,
    title: str | None = None,
    spread: Sequence[float] | None = None,
) -> SafeString:
    """Return an SVG line chart of percentages in session order, or '' when there is nothing to draw.

    ``spread``, one value a point, shades a band that far either side of the line.
    """
    if not points:
        return mark_safe("")
    title = title if title is not None else gettext("Percentage by session")
    values = [percentage for _, _, percentage in points]
    if spread is not None:
        paired = list(zip(values, spread, strict=True))
        values = values + [p - s for p, s in paired] + [p + s for p, s in paired]
    low, high = percentage_range(values)
    coordinates = [
        (_x(index, len(points)), _y(percentage, low, high)) for index, (_, _, percentage) in enumerate(points)
    ]
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" xmlns="http://www.w3.org/2000/svg" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        *_grid(low, high),
    ]
    if spread is not None and len(points) > 1:
        parts.append(_band(points, spread, low, high))
    if len(coordinates) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coordinates)
        parts.append(f'<polyline class="chart-line" points="{path}"/>')
    for (date, label, percentage), (x, y) in zip(points, coordinates, strict=True):
        tip = escape(f"{date:%Y-%m-%d} {label}: {percentage:.2f}%")
        parts.append(
            f'<circle class="chart-point" cx="{x:.1f}" cy="{y:.1f}" r="5"><title>{tip}</title></circle>'
        )
    parts.extend(_date_labels(points))
    parts.append("</svg>")
    return mark_safe("".join(parts))
