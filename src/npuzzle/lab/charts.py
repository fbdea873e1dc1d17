"""Charts as SVG text: line charts (optionally on a log scale) and grouped bar charts.

A chart is plain data, the form :mod:`npuzzle.lab` produces::

    {"kind": "line" | "bar", "title": str, "x": "depth", "y": "nodes generated",
     "log_y": bool, "marks": [{"x": x, "label": str}, ...],
     "series": [{"name": str, "points": [[x, y], ...], "published": bool,
                "dashed": bool, "group": str}, ...]}

For bars, each point's x is a category (a string). A line chart's ``marks`` are drawn as
dashed vertical lines, labelled (where something changed: "records end"). :func:`render`
returns a standalone ``<svg>`` element. It draws with ``currentColor`` and the classes
``series-0`` … so a page's stylesheet picks the colours for its light and dark themes, else
the default palette in the element's own ``<style>`` applies. Series of one ``group`` (ours
and the paper's figures for one heuristic) share a colour; by default each series is its own
group. Published series (and those marked ``dashed``) are drawn dashed with hollow markers,
beside ours. The element is meant to be placed in an HTML page, whose parser gives it the SVG
namespace, so it names none (the site holds no outside address, not even a namespace's). All
text is escaped: labels may come from anywhere.

>>> chart = {"kind": "bar", "title": "Moves <found>", "x": "search", "y": "moves",
...          "series": [{"name": "ours", "points": [["A*", 24], ["greedy", 68]]}]}
>>> svg = render(chart, width=320)
>>> svg.startswith('<svg class="chart" viewBox="0 0 320 '), svg.count("<rect")
(True, 2)
>>> "<title>Moves &lt;found&gt;</title>" in svg  # the title escaped
True
>>> nice_ticks(0, 17), nice_ticks(0.3, 0.9)
([0, 5, 10, 15, 20], [0.2, 0.4, 0.6, 0.8, 1.0])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

__all__ = ["legend", "nice_ticks", "render"]

CHAR_WIDTH = 6.6  # about, for 12 px sans-serif
# A tick label's width, over-estimated for the widest common sans-serif (DejaVu Sans: digits
# 7.6 px at 12 px, separators 3.8 px), so that the y-axis title always clears it.
DIGIT_WIDTH, SEPARATOR_WIDTH = 7.7, 3.9
Y_TITLE = 14  # the rotated y-axis title's baseline; its glyphs reach about 4 px right of it
TICK_GAP = 6  # between a tick label and the axis
SLANT = 40  # degrees: category names too long for their bars are slanted
MAX_LABEL = 32  # characters of a slanted name that the space below the axis is made for
PALETTE = ("#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#db2777")


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round numbers (1, 2 or 5 times a power of ten apart) covering
    ``low`` .. ``high``."""
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError("ticks need finite bounds")
    if high < low:
        low, high = high, low
    if high - low <= 1e-9 * max(1.0, abs(low), abs(high)):  # one value: a unit around it
        high = low + 1
    raw = (high - low) / max(1, count)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    k = 0
    while True:
        t = first + k * step
        ticks.append(round(t, max(0, 2 - math.floor(math.log10(step)))))
        if t >= high - 1e-12:
            break
        k += 1
    return ticks


def _log_ticks(low: float, high: float) -> list[float]:
    """Powers of ten covering ``low`` .. ``high`` (both positive)."""
    a = math.floor(math.log10(low))
    b = math.ceil(math.log10(high))
    if a == b:
        b += 1
    return [10.0**e for e in range(a, b + 1)]


def _fmt(v: float) -> str:
    if float(v).is_integer():
        return f"{int(v):,}"
    return f"{v:g}"


def legend(chart: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The legend's entries, one per series drawn: its name, colour class and whether it is
    dashed; for a page that writes the legend itself (``render(..., legend=False)``), in
    HTML that wraps on a narrow screen.

    >>> legend({"series": [{"name": "a", "points": [[0, 1]]}, {"name": "b", "points": []}]})
    [{'name': 'a', 'class': 'series-0', 'dashed': False}]
    """
    return [
        {"name": str(s.get("name", "")), "class": s["class"], "dashed": _dashed(s)}
        for s in _classed(chart)
    ]


def _classed(chart: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The series that have points, each with its colour class: one per group."""
    series = [dict(s) for s in chart.get("series", ()) if s.get("points")]
    groups = list(dict.fromkeys(str(s.get("group", s.get("name", ""))) for s in series))
    for s in series:
        group = str(s.get("group", s.get("name", "")))
        s["class"] = f"series-{groups.index(group) % len(PALETTE)}"
    return series


def render(
    chart: Mapping[str, Any],
    width: int = 640,
    height: int = 360,
    *,
    heading: bool = True,
    legend: bool = True,
) -> str:
    """The chart as an ``<svg>`` element (text), ``width`` pixels wide: text keeps its size,
    so a narrow chart has room for fewer ticks and slants long category names. Without
    ``heading`` the title is left to the page (a caption that can wrap); it stays the
    element's accessible name. Without ``legend`` the page writes the legend (see
    :func:`legend`)."""
    kind = chart.get("kind", "line")
    if kind not in ("line", "bar"):
        raise ValueError(f"unknown chart kind {kind!r}")
    series = _classed(chart)
    bottom: float  # grows by the slant of the bar names
    floor = None if kind == "line" else 0.0
    y_ticks = _y_ticks(series, bool(chart.get("log_y")), floor)
    right, top, bottom = 16, 36 if heading else 12, 48
    if kind == "line":  # the last x tick's label is centred on the plot's right edge
        xs = [float(p[0]) for s in series for p in s["points"]]
        last = nice_ticks(min(xs), max(xs))[-1] if xs else 0
        right = max(right, math.ceil(_tick_width(_fmt(last)) / 2) + 2)
    left = _left_margin(y_ticks)
    plot_w = width - left - right
    slant = 0.0  # bars whose names do not fit under them: names slanted, this much lower
    if kind == "bar":
        cats = {str(p[0]) for s in series for p in s["points"]}
        longest = max((len(c) for c in cats), default=0)
        if cats and longest * CHAR_WIDTH > plot_w / len(cats) - 4:
            slant = min(longest, MAX_LABEL) * CHAR_WIDTH * math.sin(math.radians(SLANT))
    bottom += (18 * len(series) if legend else 0) + slant
    height = max(height, int(top + bottom + 120))
    plot_h = height - top - bottom
    out: list[str] = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(_title(chart))}">',
        "<style>"
        + "".join(f".series-{i}{{color:{c}}}" for i, c in enumerate(PALETTE))
        + ".chart text{font:12px sans-serif;fill:currentColor}"
        + ".chart .grid{stroke:currentColor;stroke-opacity:.15}"
        + "</style>",
        f"<title>{escape(_title(chart))}</title>",
    ]
    if heading:
        out.append(
            f'<text x="{width / 2}" y="20" text-anchor="middle" font-weight="bold">'
            f"{escape(str(chart.get('title', '')))}</text>"
        )
    if not series:
        out.append(f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">no data</text>')
        out.append("</svg>")
        return "".join(out)
    if kind == "line":
        out += _line(chart, series, y_ticks, left, top, plot_w, plot_h)
    else:
        out += _bars(chart, series, y_ticks, left, top, plot_w, plot_h, slanted=slant > 0)
    # axis titles
    out.append(
        f'<text x="{left + plot_w / 2}" y="{top + plot_h + 36 + slant:.0f}" text-anchor="middle">'
        f"{escape(str(chart.get('x', '')))}</text>"
    )
    out.append(
        f'<text class="y-title" transform="translate({Y_TITLE} {top + plot_h / 2}) rotate(-90)" '
        'text-anchor="middle">'
        f"{escape(str(chart.get('y', '')))}{' (log scale)' if chart.get('log_y') else ''}</text>"
    )
    # legend
    y0 = round(top + plot_h + 52 + slant)
    for i, s in enumerate(series if legend else ()):
        cls = s["class"]
        y = y0 + 18 * i
        dash = ' stroke-dasharray="6 4"' if _dashed(s) else ""
        out.append(
            f'<g class="{cls}"><line x1="{left}" y1="{y}" x2="{left + 28}" y2="{y}" '
            f'stroke="currentColor" stroke-width="2"{dash}/>'
            f'<text x="{left + 36}" y="{y + 4}">{escape(str(s.get("name", "")))}</text></g>'
        )
    out.append("</svg>")
    return "".join(out)


def _dashed(series: Mapping[str, Any]) -> bool:
    """A published series is drawn dashed and hollow, and so is one marked ``dashed``."""
    return bool(series.get("published") or series.get("dashed"))


def _title(chart: Mapping[str, Any]) -> str:
    return str(chart.get("title") or f"{chart.get('y', '')} by {chart.get('x', '')}")


def _tick_width(label: str) -> float:
    """About how wide ``label`` is drawn (over-estimated, see ``DIGIT_WIDTH``)."""
    return sum(SEPARATOR_WIDTH if c in ",." else DIGIT_WIDTH for c in label)


def _left_margin(y_ticks: Sequence[float]) -> float:
    """Room left of the plot for the y-axis title and the widest tick label beside it, so
    that they never overlap (a log scale to 1,000,000 once ran its labels into the title)."""
    widest = max((_tick_width(_fmt(t)) for t in y_ticks), default=0.0)
    return max(64.0, math.ceil(Y_TITLE + 8 + widest + TICK_GAP))


def _line(
    chart: Mapping[str, Any],
    series: Sequence[Mapping[str, Any]],
    y_ticks: Sequence[float],
    left: float,
    top: float,
    w: float,
    h: float,
) -> list[str]:
    log = bool(chart.get("log_y"))
    xs = [float(p[0]) for s in series for p in s["points"]]
    xt = nice_ticks(min(xs), max(xs))
    x0, x1 = xt[0], xt[-1]

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0 or 1) * w

    sy, out = _y_axis(y_ticks, log, left, top, w, h)
    for t in xt:
        out.append(
            f'<text x="{sx(t):.1f}" y="{top + h + 16}" text-anchor="middle">{_fmt(t)}</text>'
        )
    for mark in chart.get("marks", ()):
        x = sx(float(mark["x"]))
        label = escape(str(mark.get("label", "")))
        # the label inside the plot, on the side of the line with room for it
        anchor, dx = ("end", -4) if x - left > w / 2 else ("start", 4)
        out.append(
            f'<g class="mark"><line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + h}" '
            f'stroke="currentColor" stroke-dasharray="2 3"/><text x="{x + dx:.1f}" '
            f'y="{top + 12}" text-anchor="{anchor}">{label}</text></g>'
        )
    for s in series:
        pts = [(float(p[0]), float(p[1])) for p in s["points"] if not log or float(p[1]) > 0]
        pts.sort()
        cls = s["class"]
        dash = ' stroke-dasharray="6 4"' if _dashed(s) else ""
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        fill = "none" if _dashed(s) else "currentColor"
        out.append(
            f'<g class="{cls}"><polyline points="{path}" fill="none" stroke="currentColor" '
            f'stroke-width="2"{dash}/>'
            + "".join(
                f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{fill}" '
                f'stroke="currentColor"><title>{escape(str(s.get("name", "")))}: '
                f"{_fmt(x)}, {y:,.3g}</title></circle>"
                for x, y in pts
            )
            + "</g>"
        )
    return out


def _bars(
    chart: Mapping[str, Any],
    series: Sequence[Mapping[str, Any]],
    y_ticks: Sequence[float],
    left: float,
    top: float,
    w: float,
    h: float,
    *,
    slanted: bool = False,
) -> list[str]:
    log = bool(chart.get("log_y"))
    cats: list[str] = []
    for s in series:
        for p in s["points"]:
            if str(p[0]) not in cats:
                cats.append(str(p[0]))
    sy, out = _y_axis(y_ticks, log, left, top, w, h)
    band = w / max(1, len(cats))
    bar = band * 0.8 / max(1, len(series))
    for c, cat in enumerate(cats):
        x = left + band * (c + 0.5)
        if slanted:
            name = cat if len(cat) <= MAX_LABEL else cat[: MAX_LABEL - 1] + "\u2026"
            out.append(
                f'<text x="{x:.1f}" y="{top + h + 14}" text-anchor="end" '
                f'transform="rotate(-{SLANT} {x:.1f} {top + h + 14})">{escape(name)}</text>'
            )
        else:
            out.append(
                f'<text x="{x:.1f}" y="{top + h + 16}" text-anchor="middle">{escape(cat)}</text>'
            )
    for i, s in enumerate(series):
        cls = s["class"]
        values = {str(p[0]): float(p[1]) for p in s["points"]}
        out.append(f'<g class="{cls}">')
        for c, cat in enumerate(cats):
            if cat not in values or (log and values[cat] <= 0):
                continue
            x = left + band * c + band * 0.1 + bar * i
            y = sy(values[cat])
            style = (
                'fill="none" stroke="currentColor" stroke-dasharray="4 3"'
                if _dashed(s)
                else 'fill="currentColor"'
            )
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar * 0.9:.1f}" '
                f'height="{max(0.0, top + h - y):.1f}" {style}><title>'
                f"{escape(str(s.get('name', '')))}: {escape(cat)} {values[cat]:,.4g}</title></rect>"
            )
        out.append("</g>")
    return out


def _y_ticks(series: Sequence[Mapping[str, Any]], log: bool, floor: float | None) -> list[float]:
    """The y axis's ticks: powers of ten on a log scale; else round numbers from ``floor``
    (or from the data's low end if lower, or from it when None) to the data's high end."""
    ys = [float(p[1]) for s in series for p in s["points"] if not log or float(p[1]) > 0]
    ys = ys or [1.0]
    if log:
        return _log_ticks(min(ys), max(ys))
    return nice_ticks(min(ys) if floor is None else min(floor, min(ys)), max(ys))


def _y_axis(
    yt: Sequence[float], log: bool, left: float, top: float, w: float, h: float
) -> tuple[Callable[[float], float], list[str]]:
    """The y scale (value -> pixel) and the axes with the y ticks and grid lines."""
    y0, y1 = yt[0], yt[-1]

    def sy(y: float) -> float:
        if log:
            a, b, v = math.log10(y0), math.log10(y1), math.log10(max(y, y0))
            return top + h - (v - a) / (b - a or 1) * h
        return top + h - (y - y0) / (y1 - y0 or 1) * h

    out = _axes(left, top, w, h)
    for t in yt:
        out.append(
            f'<line class="grid" x1="{left}" x2="{left + w}" y1="{sy(t):.1f}" y2="{sy(t):.1f}"/>'
        )
        out.append(
            f'<text class="y-tick" x="{left - TICK_GAP}" y="{sy(t) + 4:.1f}" text-anchor="end">'
            f"{_fmt(t)}</text>"
        )
    return sy, out


def _axes(left: float, top: float, w: float, h: float) -> list[str]:
    return [
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + h}" stroke="currentColor"/>',
        f'<line x1="{left}" y1="{top + h}" x2="{left + w}" y2="{top + h}" stroke="currentColor"/>',
    ]
