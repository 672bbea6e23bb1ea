"""The season's chart, drawn on the server as a plain inline SVG: no script, no font, nothing fetched.

Months along, up either tricks against double-dummy (0: he took what double-dummy gives)
or a share of boards from 0% to 100% (his leads that cost a trick, his contracts worse
than the field's); his line and the field's, a point a month. Every text that reaches the
markup is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

from django.utils.safestring import SafeString, mark_safe

WIDTH = 480
HEIGHT = 200
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 28

Series = tuple[str, str, Sequence[float | None]]  # name, css class, a value a month (None: none that month)


PERCENT_TICKS = (0, 25, 50, 75, 100)


def _range(values: Sequence[float], *, percent: bool = False) -> tuple[float, float]:
    """At least -1..+1 tricks, widened to whole tricks to fit every value; 0..100 for a share."""
    if percent:
        return 0.0, 100.0
    low = math.floor(min([-1.0, *values]))
    high = math.ceil(max([1.0, *values]))
    return float(low), float(high)


def line_chart(
    labels: Sequence[str], series: Sequence[Series], title: str, *, percent: bool = False
) -> SafeString:
    """Draw each series over the months ``labels`` (tricks, or with ``percent`` a share from 0
    to 100); an empty string when there is no value at all."""
    values = [v for _, _, each in series for v in each if v is not None]
    if not values or not labels:
        return mark_safe("")  # noqa: S308 - nothing of the caller's
    low, high = _range(values, percent=percent)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w / 2 if len(labels) == 1 else plot_w * index / (len(labels) - 1))

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart analysis-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>'
    ]
    for tick in PERCENT_TICKS if percent else range(int(low), int(high) + 1):
        css = "chart-even" if tick == 0 and not percent else "chart-grid"
        parts.append(
            f'<line x1="{LEFT}" y1="{y(tick):.1f}" x2="{WIDTH - RIGHT}" y2="{y(tick):.1f}" class="{css}"/>'
        )
        text = f"{tick}%" if percent else f"{tick:+d}"
        parts.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{text}</text>')
    for index, label in enumerate(labels):
        parts.append(f'<text x="{x(index):.1f}" y="{HEIGHT - 8}" text-anchor="middle">{escape(label)}</text>')
    for name, css, each in series:
        points = [(x(i), y(v)) for i, v in enumerate(each) if v is not None]
        if len(points) > 1:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            parts.append(
                f'<polyline points="{path}" class="{escape(css)}" fill="none">'
                f"<title>{escape(name)}</title></polyline>"
            )
        parts.extend(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" class="{escape(css)}"/>' for px, py in points
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped
