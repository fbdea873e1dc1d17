"""A step as pictures: a board with its counters, the lists of a search, and its tree, as
SVG text in the page's colours (light or dark), for a learner or a teacher to keep.

The page's exports (``web/page/exportview.py``) save these as SVG files, draw them on a
canvas for PNG files, and draw one per frame for animated GIFs (:mod:`npuzzle.teach.gif`).
Everything is drawn from plain figures (tiles, g, h, f, lines of text), so the same code
draws the page's step, Solve's playback and the worker's tree. Text is laid out in a
monospace face at a known width a character (``CHAR``), so that every frame of an animation
has the same size without measuring text.

>>> svg = board_svg((1, 2, 3, 4, 5, 6, 7, 8, 0), 3, lines=("Step 0",))
>>> svg.startswith("<svg") and 'aria-label="1 2 3 / 4 5 6 / 7 8 gap"' in svg
True
>>> file_name(Board.parse("867 254 301"), "step-12", "svg")
'npuzzle-8,6,7-2,5,4-3,0,1-step-12.svg'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from html import escape

from npuzzle.core.board import Board

__all__ = [
    "COLOURS",
    "Colours",
    "Entry",
    "Section",
    "Theme",
    "TreeLine",
    "board_svg",
    "file_name",
    "lists_svg",
    "tree_svg",
    "wrap",
]

PAD = 16  # the margin around a picture
FONT = 14  # the text's size, in pixels
CHAR = 0.6 * FONT  # a monospace character's width (0.6 em in the usual monospace faces)
LINE = 20  # a line of text
MONO = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"
SANS = "system-ui, 'DejaVu Sans', Arial, sans-serif"


class Theme(StrEnum):
    """The page's two colour schemes (style.css): a picture is drawn in one of them."""

    LIGHT = "light"
    DARK = "dark"


@dataclass(frozen=True)
class Colours:
    """The page's colours a picture uses, named as style.css names them (``--tile-fg``)."""

    bg: str
    fg: str
    muted: str
    board: str
    tile: str
    tile_fg: str
    solved: str
    path: str
    added: str
    dropped: str
    t_current: str
    t_expanded: str
    t_open: str
    t_duplicate: str
    t_pruned: str
    t_replaced: str
    t_solution: str
    t_path: str

    def all(self) -> tuple[tuple[int, int, int], ...]:
        """Every colour as (r, g, b): those a GIF's palette keeps exact."""
        values = [str(getattr(self, f.name)) for f in fields(self)]
        return tuple((int(v[1:3], 16), int(v[3:5], 16), int(v[5:7], 16)) for v in values)


COLOURS = {
    Theme.LIGHT: Colours(
        bg="#f6f6f3",
        fg="#1b1b1b",
        muted="#4a4a4a",
        board="#d5d9de",
        tile="#1f4e79",
        tile_fg="#ffffff",
        solved="#1b6b3a",
        path="#b34700",
        added="#1b6b3a",
        dropped="#6b4c00",
        t_current="#b34700",
        t_expanded="#1f4e79",
        t_open="#1b6b3a",
        t_duplicate="#6b4c00",
        t_pruned="#5c6670",
        t_replaced="#a3123a",
        t_solution="#7a3ea1",
        t_path="#008796",
    ),
    Theme.DARK: Colours(
        bg="#121417",
        fg="#eceff1",
        muted="#b8bec4",
        board="#262b31",
        tile="#2b63a0",
        tile_fg="#ffffff",
        solved="#23794a",
        path="#ffb347",
        added="#6ee7a0",
        dropped="#f0c674",
        t_current="#ffb347",
        t_expanded="#7fb2f0",
        t_open="#6ee7a0",
        t_duplicate="#e8e07a",
        t_pruned="#a0a0a0",
        t_replaced="#ff7a9a",
        t_solution="#d6a8ff",
        t_path="#3fd0d8",
    ),
}

Tiles = Sequence[int]  # a board's tiles, row by row: 0 the gap, below 0 a tile of any number


@dataclass(frozen=True)
class Entry:
    """A node in a list: its board, its figures, and a word on it (an outcome, a note)."""

    tiles: Tiles
    g: object
    h: object
    f: object
    note: str = ""
    added: bool | None = None  # the note in the added (True) or dropped (False) colour


@dataclass(frozen=True)
class Section:
    """One list of a step: its title, its first entries and how many it holds."""

    title: str
    entries: Sequence[Entry]
    size: int


@dataclass(frozen=True)
class TreeLine:
    """One row of the search tree's outline: ``level`` 1 is the root; ``state`` one of
    npuzzle.teach.tree.TreeState's values, ``word`` how the page names it."""

    level: int
    tiles: Tiles
    text: str  # the move and the figures, as the tree view writes them
    state: str
    word: str
    on_path: bool


def file_name(board: Board, what: str, extension: str) -> str:
    """A file's name after the board and what it shows: letters, digits, commas and dashes
    only (the board's rows parted by dashes)."""
    rows = board.format("rows").replace("/", "-")
    safe = re.sub(r"[^A-Za-z0-9,-]+", "-", f"npuzzle-{rows}-{what}").strip("-")
    return f"{safe}.{extension}"


def wrap(parts: Sequence[str], columns: int) -> list[str]:
    """Parts of a line (a counter each) joined by " · " into lines of at most ``columns``
    characters (a part longer than that has a line of its own)."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 3 + len(part) <= columns:
            lines[-1] += f" · {part}"
        else:
            lines.append(part)
    return lines


def board_name(tiles: Tiles, width: int) -> str:
    """A board in words, rows parted by slashes (as the page's mini boards say it)."""
    words = ["gap" if t == 0 else "any" if t < 0 else str(t) for t in tiles]
    return " / ".join(" ".join(words[i : i + width]) for i in range(0, len(words), width))


def _svg(width: float, height: float, label: str, body: list[str], colours: Colours) -> str:
    w, h = round(width), round(height)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" role="img" aria-label="{escape(label)}">'
        f'<rect width="{w}" height="{h}" fill="{colours.bg}"/>{"".join(body)}</svg>'
    )


def _text(x: float, y: float, text: str, fill: str, size: int = FONT, **extra: str) -> str:
    more = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in extra.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-family="{escape(MONO)}" font-size="{size}" '
        f'fill="{fill}"{more}>{escape(text)}</text>'
    )


def _board(
    tiles: Tiles,
    width: int,
    x: float,
    y: float,
    cell: float,
    colours: Colours,
    moved: int | None = None,
    solved: bool = False,
) -> list[str]:
    """A board's tiles at (x, y), ``cell`` pixels a cell; the tile ``moved`` ringed."""
    height = len(tiles) // width
    gap = max(1.0, cell / 16)
    out = [
        f'<g role="img" aria-label="{escape(board_name(tiles, width))}">'
        f'<rect x="{x:g}" y="{y:g}" width="{width * cell + gap:g}" '
        f'height="{height * cell + gap:g}" rx="{gap * 2:g}" fill="{colours.board}"/>'
    ]
    fill = colours.solved if solved else colours.tile
    size = round(cell * (0.45 if cell >= 20 else 0.55))
    for i, tile in enumerate(tiles):
        if tile == 0:
            continue
        left, top = x + gap + (i % width) * cell, y + gap + (i // width) * cell
        side = cell - gap
        ring = ""
        if tile == moved:
            w = max(1.5, cell / 14)
            ring = f' stroke="{colours.path}" stroke-width="{w:g}"'
        out.append(
            f'<rect x="{left:g}" y="{top:g}" width="{side:g}" height="{side:g}" '
            f'rx="{gap * 2:g}" fill="{fill}"{ring}/>'
        )
        label = "·" if tile < 0 else str(tile)
        out.append(
            f'<text x="{left + side / 2:g}" y="{top + side / 2:g}" font-family="{escape(SANS)}" '
            f'font-size="{size}" font-weight="700" fill="{colours.tile_fg}" '
            f'text-anchor="middle" dominant-baseline="central">{label}</text>'
        )
    out.append("</g>")
    return out


def board_cell(width: int, height: int) -> int:
    """A big board's cell, in pixels: 3x3 boards as 64, 5x5 as 44, 8x8 as 32."""
    return max(32, min(64, 220 // max(width, height)))


def board_svg(
    tiles: Tiles,
    width: int,
    *,
    title: str = "",
    lines: Sequence[str] = (),
    theme: Theme = Theme.LIGHT,
    moved: int | None = None,
    solved: bool = False,
    columns: int = 0,
    rows: int = 0,
) -> str:
    """A board under ``title`` with ``lines`` of text (the counters) beneath. ``columns``
    and ``rows`` reserve room for that many characters and lines, so that every frame of an
    animation has one size."""
    colours = COLOURS[theme]
    height = len(tiles) // width
    cell = board_cell(width, height)
    board_w, board_h = width * cell + max(1.0, cell / 16), height * cell + max(1.0, cell / 16)
    text_w = CHAR * max([columns, len(title), *(len(line) for line in lines)])
    w = max(board_w, text_w) + 2 * PAD
    y: float = PAD
    body = []
    if title:
        body.append(_text(PAD, y + FONT, title, colours.muted))
        y += LINE + 4
    body += _board(tiles, width, (w - board_w) / 2, y, cell, colours, moved, solved)
    y += board_h + 8
    for line in lines:
        body.append(_text(PAD, y + FONT, line, colours.fg))
        y += LINE
    y += LINE * max(0, rows - len(lines))
    label = f"{title}: " if title else ""
    label += f"the board {board_name(tiles, width)}. {' '.join(lines)}"
    return _svg(w, y + PAD - 4, label.strip(), body, colours)


def lists_svg(
    sections: Sequence[Section], width: int, *, title: str = "", theme: Theme = Theme.LIGHT
) -> str:
    """A step's lists, one band each: its title and size, then its entries as small boards
    with g, h and f and their note beneath (in rows of ``PER_ROW``)."""
    colours = COLOURS[theme]
    if not sections:
        raise ValueError("no list to draw")
    height = len(sections[0].entries[0].tiles) // width if sections[0].entries else width
    cell = max(9, min(16, 64 // max(width, height)))
    box_w = max(width * cell + 2, 13 * CHAR)  # "g=12 h=14 f=26" fits beneath
    box_h = height * cell + 2 + 2 * 16 + 6
    per_row = PER_ROW
    w = 2 * PAD + per_row * box_w + (per_row - 1) * 12
    y: float = PAD
    body: list[str] = []
    if title:
        body.append(_text(PAD, y + FONT, title, colours.muted))
        y += LINE + 4
    for section in sections:
        more = section.size - len(section.entries)
        heading = f"{section.title} ({section.size:,})"
        body.append(_text(PAD, y + FONT, heading, colours.fg, font_weight="700"))
        y += LINE + 2
        if not section.entries:
            body.append(_text(PAD, y + FONT, "empty", colours.muted))
            y += LINE
        for i, entry in enumerate(section.entries):
            x = PAD + (i % per_row) * (box_w + 12)
            top = y + (i // per_row) * (box_h + 8)
            body += _board(entry.tiles, width, x, top, cell, colours)
            under = top + height * cell + 2 + 13
            figures = f"g={entry.g} h={entry.h} f={entry.f}"
            body.append(_text(x, under, figures, colours.fg, size=12))
            if entry.note:
                tint = colours.muted
                if entry.added is not None:
                    tint = colours.added if entry.added else colours.dropped
                body.append(_text(x, under + 16, entry.note, tint, size=12))
        if section.entries:
            y += ((len(section.entries) - 1) // per_row + 1) * (box_h + 8)
        if more > 0:
            body.append(_text(PAD, y + FONT, f"and {more:,} more", colours.muted))
            y += LINE
        y += 10
    label = ". ".join(f"{s.title}: {s.size:,}" for s in sections)
    return _svg(w, y + PAD - 10, f"{title}. {label}".strip(". "), body, colours)


PER_ROW = 6  # entries a row in the lists' picture


def tree_svg(
    lines: Sequence[TreeLine],
    width: int,
    *,
    title: str = "",
    more: int = 0,
    theme: Theme = Theme.LIGHT,
) -> str:
    """The search tree as an outline: each node a row (its board, move and figures, its
    state in the state's colour), joined to its parent by a line; the path to the current
    node drawn in the path's colour. ``more``: the rows left out, said at the end."""
    colours = COLOURS[theme]
    if not lines:
        raise ValueError("no tree to draw")
    height = len(lines[0].tiles) // width
    cell = max(6, min(11, 36 // max(width, height)))
    board_h = height * cell + 2
    row_h = board_h + 8
    indent = 22
    text_cols = max(len(f"{line.text}  {line.word}") for line in lines)
    deepest = max(line.level for line in lines)
    w = 2 * PAD + (deepest - 1) * indent + width * cell + 12 + text_cols * CHAR
    y: float = PAD
    body: list[str] = []
    if title:
        body.append(_text(PAD, y + FONT, title, colours.muted))
        y += LINE + 4
    state_colour = {
        "current": colours.t_current,
        "expanded": colours.t_expanded,
        "open": colours.t_open,
        "duplicate": colours.t_duplicate,
        "pruned": colours.t_pruned,
        "replaced": colours.t_replaced,
        "solution": colours.t_solution,
    }
    parents: list[tuple[float, float]] = []  # (x, bottom) of the last row at each level
    for line in lines:
        x = PAD + (line.level - 1) * indent
        del parents[line.level - 1 :]
        if parents:  # an elbow from the parent's board down and across to this one
            px, bottom = parents[-1]
            stroke = colours.t_path if line.on_path else colours.muted
            thick = 2.5 if line.on_path else 1
            mid = y + board_h / 2
            body.append(
                f'<path d="M{px + 6:g} {bottom:g}V{mid:g}H{x:g}" fill="none" '
                f'stroke="{stroke}" stroke-width="{thick}"/>'
            )
        body += _board(line.tiles, width, x, y, cell, colours)
        tint = state_colour.get(line.state, colours.fg)
        body.append(
            f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{width * cell + 6:g}" '
            f'height="{board_h + 4:g}" rx="3" fill="none" stroke="{tint}" stroke-width="2"/>'
        )
        tx = x + width * cell + 12
        body.append(_text(tx, y + board_h / 2 + 5, line.text, colours.fg))
        body.append(_text(tx + (len(line.text) + 2) * CHAR, y + board_h / 2 + 5, line.word, tint))
        parents.append((x, y + board_h + 2))
        y += row_h
    if more > 0:
        body.append(_text(PAD, y + FONT, f"and {more:,} more rows", colours.muted))
        y += LINE
    label = f"{title}. The search tree, {len(lines):,} rows".strip(". ")
    return _svg(w, y + PAD, label, body, colours)
