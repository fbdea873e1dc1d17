"""The step's pictures: SVG that parses, in the page's own colours, laid out alike from frame
to frame, and files named after the board."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from npuzzle import Board
from npuzzle.teach.pictures import (
    COLOURS,
    Entry,
    Section,
    Theme,
    TreeLine,
    board_svg,
    file_name,
    lists_svg,
    tree_svg,
    wrap,
)

STYLE = Path(__file__).resolve().parents[2] / "web" / "style.css"
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def size(svg: str) -> tuple[int, int]:
    root = parse(svg)
    return int(root.get("width", "0")), int(root.get("height", "0"))


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in parse(svg).iter(f"{SVG}text")]


def css_colours(dark: bool) -> dict[str, str]:
    """The custom properties of style.css's first :root block, or of its dark scheme's."""
    css = STYLE.read_text()
    block = css.split("@media (prefers-color-scheme: dark)")[1] if dark else css
    block = block[: block.index("}")]
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", block))


@pytest.mark.parametrize("theme", list(Theme))
def test_the_colours_are_the_pages(theme: Theme) -> None:
    page = css_colours(theme == Theme.DARK)
    colours = COLOURS[theme]
    for name in colours.__dataclass_fields__:
        assert getattr(colours, name) == page[name.replace("_", "-")], name
    assert len(colours.all()) == len(colours.__dataclass_fields__)


def test_file_names_name_the_board_and_the_step_in_safe_characters() -> None:
    board = Board.parse("867 254 301")
    assert file_name(board, "step-12", "svg") == "npuzzle-8,6,7-2,5,4-3,0,1-step-12.svg"
    assert file_name(board, "steps 3 to 9/tree", "gif") == (
        "npuzzle-8,6,7-2,5,4-3,0,1-steps-3-to-9-tree.gif"
    )
    big = Board.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0")
    assert re.fullmatch(r"[A-Za-z0-9,.-]+", file_name(big, "solution", "gif"))


def test_wrap_keeps_counters_whole() -> None:
    parts = ["Step 12", "expanded 12", "generated 30", "open 18", "closed 12"]
    lines = wrap(parts, 30)
    assert all(len(line) <= 30 for line in lines)
    assert " · ".join(lines) == " · ".join(parts)
    assert wrap(["a much longer part than the width"], 5) == ["a much longer part than the width"]


def test_the_board_is_drawn_with_its_tiles_and_lines() -> None:
    tiles = (8, 6, 7, 2, 5, 4, 3, 0, 1)
    svg = board_svg(tiles, 3, title="A* <Manhattan>", lines=["Step 12", "open 18"], moved=5)
    words = texts(svg)
    assert words[0] == "A* <Manhattan>"  # escaped in the SVG, read back whole
    assert [w for w in words if w.isdigit()] == ["8", "6", "7", "2", "5", "4", "3", "1"]
    assert words[-2:] == ["Step 12", "open 18"]
    ringed = [r for r in parse(svg).iter(f"{SVG}rect") if r.get("stroke")]
    assert len(ringed) == 1 and ringed[0].get("stroke") == COLOURS[Theme.LIGHT].path


def test_frames_with_room_reserved_have_one_size() -> None:
    tiles = (*range(1, 16), 0)
    short = board_svg(tiles, 4, lines=["Move 1 of 9"], columns=40, rows=3)
    long = board_svg(tiles, 4, lines=["Move 9 of 9", "solved", "at last"], columns=40, rows=3)
    assert size(short) == size(long)
    assert size(board_svg(tiles, 4, lines=["x" * 60], columns=40))[0] > size(short)[0]


def test_the_dark_theme_draws_in_its_colours() -> None:
    svg = board_svg((1, 0, 2, 3), 2, theme=Theme.DARK)
    background = next(parse(svg).iter(f"{SVG}rect"))
    assert background.get("fill") == COLOURS[Theme.DARK].bg


def test_lists_show_their_entries_and_how_many_more() -> None:
    board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    entries = [Entry(board, g, 3, g + 3, "added", True) for g in range(8)]
    svg = lists_svg(
        [Section("Open list", entries, 20), Section("Closed list", [], 0)], 3, title="Step 3"
    )
    words = texts(svg)
    assert "Open list (20)" in words and "Closed list (0)" in words
    assert "and 12 more" in words and "empty" in words
    assert [w for w in words if w.startswith("g=")] == [f"g={g} h=3 f={g + 3}" for g in range(8)]


def test_the_tree_joins_each_row_to_its_parent() -> None:
    board = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    levels = [1, 2, 3, 3, 2, 3]
    rows = [
        TreeLine(level, board, f"row {i}", "open", "open", on_path=i in (0, 1, 3))
        for i, level in enumerate(levels)
    ]
    svg = tree_svg(rows, 3, more=4)
    paths = list(parse(svg).iter(f"{SVG}path"))
    assert len(paths) == len(rows) - 1  # every row but the root
    thick = [p for p in paths if p.get("stroke") == COLOURS[Theme.LIGHT].t_path]
    assert len(thick) == 2  # to rows 1 and 3, on the path
    assert "and 4 more rows" in texts(svg)
    with pytest.raises(ValueError, match="no tree"):
        tree_svg([], 3)
