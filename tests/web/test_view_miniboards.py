"""The mini boards (the visualizer's lists, the tree's selected node, Compare's open lists)
as a screen reader meets them: an image named row by row, with its gap."""

from __future__ import annotations

import asyncio
import re
from html.parser import HTMLParser
from typing import Any

from npuzzle import Board


class Reading(HTMLParser):
    """What a screen reader reads of an HTML fragment, item by item: an element's
    aria-label instead of its content for images, the text otherwise; and the list items'
    own names, if any."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[str] = []
        self.item_names: list[str | None] = []
        self.hiding = 0  # depth inside an image, whose content is not read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "li":
            self.items.append("")
            self.item_names.append(found.get("aria-label"))
        if self.hiding:
            self.hiding += 1
        elif found.get("role") == "img":
            self.items[-1] += f" [{found.get('aria-label')}]"
            self.hiding = 1

    def handle_endtag(self, tag: str) -> None:
        if self.hiding:
            self.hiding -= 1

    def handle_data(self, data: str) -> None:
        if self.items and not self.hiding:
            self.items[-1] += " " + data.strip()


def read(html: str) -> Reading:
    reading = Reading()
    reading.feed(html)
    reading.items = [re.sub(r"\s+", " ", item).strip() for item in reading.items]
    return reading


def test_a_mini_board_is_an_image_named_row_by_row_with_its_gap(web: Any) -> None:
    stepper = web.stepper
    board = Board.parse("7,2,6/3,5,1/4,8,0")
    assert stepper.mini_name(board.tiles, 3) == "7 2 6 / 3 5 1 / 4 8 gap"
    assert read(f"<li>{stepper.mini_tiles(board.tiles, 3)}</li>").items == [
        "[7 2 6 / 3 5 1 / 4 8 gap]"
    ]
    assert stepper.mini_name(Board.parse("1,2,3,4/5,0,6,7").tiles, 4) == "1 2 3 4 / 5 gap 6 7"
    # A goal that ignores tiles (pattern databases) draws them as dots: "any" tile.
    assert stepper.mini_name((1, -1, -1, 0), 2) == "1 any / any gap"


def test_the_lists_read_each_board_once_then_its_values_and_move(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        web.document.getElementById("step").click()
        await web.settle(view)

    asyncio.run(scenario())
    document = web.document
    current = read(document.getElementById("current").innerHTML)
    assert current.item_names == [None]  # no name of its own to read instead of the board
    (item,) = current.items
    assert item.startswith("[2 3 1 / 8 gap 4 / 7 6 5] g=0 ")
    assert item.count("[") == 1 and item.count("g=0") == 1 and item.endswith("the start")
    children = read(document.getElementById("children").innerHTML)
    assert children.item_names == [None] * 4
    assert children.items[0].startswith("[2 gap 1 / 8 3 4 / 7 6 5] g=1 h=")
    assert "after tile 3 slides down" in children.items[0]  # the tile the blank's U slid
    opened = read(document.getElementById("open-list").innerHTML)
    assert len(opened.items) == 4 and all(i.count("[") == 1 for i in opened.items)


def test_the_tree_names_its_selected_board(web: Any, parts: Any) -> None:
    _grid, _controls, view = parts

    async def scenario() -> None:
        for _ in range(2):
            web.document.getElementById("step").click()
        await web.settle(view)
        view.tree.send("select", id=web.stepped.outline.tree.root)
        await web.settle(view)

    asyncio.run(scenario())
    detail = web.document.getElementById("tree-detail").innerHTML
    assert 'role="img" aria-label="2 3 1 / 8 gap 4 / 7 6 5"' in detail
