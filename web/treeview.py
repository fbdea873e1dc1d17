"""The search tree view ("Search tree"): the tree the stepped search has built, drawn as an
outline that follows Step, Back, Play and the step slider.

The tree is npuzzle's (:class:`npuzzle.tree.SearchTree`, made by the bridge from the steps
the engine recorded); this view only draws it. It is an ARIA tree: each row is a
``role="treeitem"`` with ``aria-level``, ``aria-posinset``, ``aria-setsize`` and, when it has
children, ``aria-expanded``. The focus stays on the tree box and ``aria-activedescendant``
names the selected row, so the keys of the WAI-ARIA tree pattern work: Up and Down, Right
opens a row or goes to its first child, Left closes it or goes to its parent, Home, End,
Page Up, Page Down, and Enter opens or closes.

Only the rows in view are drawn: a window of the outline, placed in a box as tall as every
row would be, so a tree of 100,000 nodes scrolls and steps as fast as one of 100. When the
search has run far ahead of the tree (Run to end, a jump), the tree catches up in slices of
``pacing.SLICE_SECONDS``, yielding to the page between them. Rows are HTML strings built from
numbers and fixed words only (nothing a user typed or a URL carried).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from controls import listen
from pacing import SLICE_SECONDS, breathe
from stepper import LIST_WORDS, mini_tiles

from npuzzle import Search
from npuzzle.explain import number
from npuzzle.tree import SearchTree, TreeRow, TreeState

ROW_PX = 28  # a row's height in CSS pixels (style.css, .tree-row): rows are placed by it
VIEW_ROWS = 14  # rows the box shows (style.css sets its height to 14 rows)
MARGIN_ROWS = 8  # rows drawn above and below the box, so a short scroll finds them drawn
INDENT_LEVELS = 16  # deeper rows are indented no further: their level is written instead
SYNC_SLICE = 300  # steps put on or taken off between looks at the clock

# What each state means, for the selected node's details (rows and the legend use the
# state's own name).
STATE_MEANING = {
    TreeState.EXPANDED: "expanded: taken from the open list, its children generated",
    TreeState.OPEN: "on the open list, waiting to be expanded",
    TreeState.CURRENT: "the node this step expanded",
    TreeState.DUPLICATE: "a duplicate: its state was already known with a path as short",
    TreeState.PRUNED: "pruned: beyond the threshold or the depth limit",
    TreeState.REPLACED: "replaced: a shorter path to its state was found later",
    TreeState.SOLUTION: "on the solution path",
}

# IDA*'s own words: an open node there is a child waiting to be tried on the current path
# (the word its list of those children uses in the counters)
IDA_WORDS = {TreeState.OPEN: LIST_WORDS["idastar"][0][2]}
IDA_MEANING = {TreeState.OPEN: "waiting: a child still to be tried on the current path"}

KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 22nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


def row_label(row: TreeRow, word: str) -> str:
    move = f"after {row.move}" if row.move else "start"
    return f"{move}: g {number(row.g)}, h {number(row.h)}, f {number(row.f)}, {word}"


def row_html(row: TreeRow, index: int, selected: bool, ida: bool = False) -> str:
    """One treeitem, placed at row ``index`` of the outline (``ida``: in IDA*'s words)."""
    word = IDA_WORDS.get(row.state, row.state.value) if ida else row.state.value
    css = f"tree-row s-{row.state}"
    if row.on_path:
        css += " on-path"
    if selected:
        css += " selected"
    expanded = f' aria-expanded="{"true" if row.expanded else "false"}"' if row.has_children else ""
    twist = ("&#9662;" if row.expanded else "&#9656;") if row.has_children else ""
    depth = row.level - 1
    level = f'<span class="level">level {row.level}</span>' if depth > INDENT_LEVELS else ""
    return (
        f'<div role="treeitem" id="tree-node-{row.id}" class="{css}" data-id="{row.id}" '
        f'aria-level="{row.level}" aria-posinset="{row.position}" '
        f'aria-setsize="{row.siblings}"{expanded} '
        f'aria-selected="{"true" if selected else "false"}" aria-label="{row_label(row, word)}" '
        f'style="top:{index * ROW_PX}px;--depth:{min(depth, INDENT_LEVELS)}">'
        f'<span class="twist" aria-hidden="true">{twist}</span>{level}'
        f'<span class="move">{row.move or "start"}</span>'
        f'<span class="vals">g {number(row.g)} &middot; h {number(row.h)} &middot; '
        f"f {number(row.f)}</span>"
        f'<span class="state">{word}</span></div>'
    )


class TreeView:
    """``#tree``: its summary, buttons, the tree box and the selected node's details."""

    def __init__(self, document: Any, make_tree: Callable[[Search], SearchTree]) -> None:
        self.make_tree = make_tree
        get = document.getElementById
        self.box = get("tree-view")  # role="tree"
        self.rows = get("tree-rows")
        self.summary = get("tree-summary")
        self.detail = get("tree-detail")
        self.current_button = get("tree-current")
        self.path_button = get("tree-path")
        self.open_button = get("tree-open-all")
        self.legend_open = get("legend-open")
        self.ida = False  # the search is IDA*'s: its words
        self.tree: SearchTree | None = None
        self.collapsed: set[int] = set()
        self.selected: int | None = None
        self.top = 0  # the box's scrollTop, as last read in a scroll event or set here
        self.width = 3  # the board's width, for the selected node's mini board
        self.task: asyncio.Future[None] | None = None  # catching up with a long run
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.box, "click", self.on_click),
                (self.box, "keydown", self.on_key),
                (self.box, "scroll", self.on_scroll),
                (self.current_button, "click", lambda _event: self.show_current()),
                (self.path_button, "click", self.on_path_only),
                (self.open_button, "click", self.on_open_all),
            ],
        )
        self.clear()

    # ----- following the search ------------------------------------------------------------
    def clear(self) -> None:
        """No search: an empty tree."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task, self.tree, self.selected, self.top = None, None, None, 0
        self.collapsed.clear()
        self.rows.innerHTML = ""
        self.rows.style.setProperty("height", "0px")
        self.box.removeAttribute("aria-activedescendant")
        self.detail.innerHTML = ""
        self.summary.textContent = "Step to grow the tree: the start is its root."
        for button in (self.current_button, self.path_button, self.open_button):
            button.disabled = True

    def follow(self, search: Search, width: int) -> None:
        """Bring the tree up to ``search``'s step and select the node the step expanded; a
        long way behind, in slices (the tree is drawn when it has caught up)."""
        if self.tree is None or self.tree.search is not search:
            self.clear()
            self.tree = self.make_tree(search)
            self.ida = search.algorithm == "idastar"
            self.legend_open.textContent = IDA_WORDS[TreeState.OPEN] if self.ida else "open"
        self.width = width
        if self.task is not None and not self.task.done():
            return  # the slices under way go on to the search's step
        if self.tree.behind <= SYNC_SLICE:
            self.tree.sync()
            self.show_current()
        else:
            self.summary.textContent = f"Growing the tree: {self.tree.behind:,} steps to go..."
            self.task = asyncio.ensure_future(self.catch_up(self.tree))

    async def catch_up(self, tree: SearchTree) -> None:
        loop = asyncio.get_event_loop()
        while True:
            deadline = loop.time() + SLICE_SECONDS
            while True:  # a slice at least, then more while the time lasts
                if tree.sync(SYNC_SLICE):
                    self.show_current()
                    return
                if loop.time() >= deadline:
                    break
            self.summary.textContent = f"Growing the tree: {tree.behind:,} steps to go..."
            await breathe()

    @property
    def ready(self) -> bool:
        """The tree is drawn up to the search's step."""
        return self.tree is not None and (self.task is None or self.task.done())

    def show_current(self) -> None:
        """Select the node the step expanded (the root before the first step)."""
        tree = self.tree
        if tree is not None:
            self.select(tree.current if tree.current in tree else tree.root)

    # ----- selecting and drawing -----------------------------------------------------------
    def select(self, id: int) -> None:
        """Select node ``id``, opening its ancestors and scrolling it into view."""
        tree = self.tree
        if tree is None:
            return
        self.collapsed.difference_update(tree.path_to(id)[:-1])
        self.selected = id
        row = tree.row_of(id, self.collapsed) or 0
        top, height = self.top, self.view_height()
        scroll = row * ROW_PX < top or (row + 1) * ROW_PX > top + height
        if scroll:
            total = tree.visible_rows(self.collapsed, 0, 0).total
            self.top = max(0, min(row * ROW_PX - height // 2, total * ROW_PX - height))
        self.draw()
        if scroll:  # after draw() has made the rows as tall as they now are
            self.box.scrollTop = self.top

    def on_scroll(self, event: Any) -> None:
        self.top = int(self.box.scrollTop or 0)  # read here, where the layout is fresh
        self.draw_rows()

    def view_height(self) -> int:
        """The box's height (style.css fixes it): read from the browser during a step, it
        would force a layout of everything the step has just rewritten."""
        return VIEW_ROWS * ROW_PX

    def draw(self) -> None:
        tree = self.tree
        if tree is None:
            return
        self.collapsed = {i for i in self.collapsed if i in tree}  # Back took some off
        if self.selected not in tree:
            self.selected = tree.current if tree.current in tree else tree.root
        parts = [f"{tree.size:,} node{'' if tree.size == 1 else 's'}"]
        if tree.iteration is not None:
            parts.append(f"iteration {tree.iteration}, threshold {number(tree.threshold or 0)}")
        if tree.phase is not None:
            parts.append(f"phase {tree.phase}")
        if tree.solved:
            parts.append("the solution path is marked")
        total = self.draw_rows()
        if total < tree.size:
            parts.append(f"{tree.size - total:,} hidden in closed rows")
        self.summary.textContent = " · ".join(parts)
        self.draw_detail()
        self.current_button.disabled = False
        self.path_button.disabled = False
        self.open_button.disabled = not self.collapsed

    def draw_rows(self) -> int:
        """Draw the rows in view; the number of rows of the outline."""
        tree = self.tree
        if tree is None:
            return 0
        shown = self.view_height() // ROW_PX + 1
        offset = max(0, self.top // ROW_PX - MARGIN_ROWS)
        window = tree.visible_rows(self.collapsed, offset, shown + 2 * MARGIN_ROWS)
        self.rows.style.setProperty("height", f"{window.total * ROW_PX}px")
        self.rows.innerHTML = "".join(
            row_html(row, offset + i, row.id == self.selected, self.ida)
            for i, row in enumerate(window.rows)
        )
        if any(row.id == self.selected for row in window.rows):
            self.box.setAttribute("aria-activedescendant", f"tree-node-{self.selected}")
        else:  # an id that names no element is an error for assistive technology
            self.box.removeAttribute("aria-activedescendant")
        return window.total

    def draw_detail(self) -> None:
        """The selected node: its board, its numbers, and where it stands."""
        tree, id = self.tree, self.selected
        if tree is None or id is None:
            self.detail.innerHTML = ""
            return
        row = tree.find(id, self.collapsed)
        where = STATE_MEANING[row.state]
        if self.ida:
            where = IDA_MEANING.get(row.state, where)
        elif row.state == TreeState.OPEN:
            position = tree.open_position(id)
            if position == 0:
                where = "on the open list: the next to be expanded"
            elif position is not None:
                where = (
                    f"{ordinal(position + 1)} on the open list "
                    f"({position:,} to be expanded before it)"
                )
            else:
                where = "on the open list, further down than its first 1,000 entries"
        move = f"after {row.move}" if row.move else "the start"
        self.detail.innerHTML = (
            f'<h4>Selected node</h4>{mini_tiles(row.tiles, self.width)}<dl class="figures">'
            f"<dt>Move</dt><dd>{move}</dd>"
            f"<dt>Level</dt><dd>{row.level} (child {row.position} of {row.siblings})</dd>"
            f"<dt>g, h, f</dt><dd>{number(row.g)}, {number(row.h)}, {number(row.f)}</dd>"
            f"<dt>State</dt><dd>{where}</dd></dl>"
        )

    # ----- handlers ------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        item = event.target.closest(".tree-row")  # JavaScript's null (falsy) when none
        if not item or self.tree is None:
            return
        id = int(item.dataset.id)
        if event.target.closest(".twist"):
            self.toggle(id)
        else:
            self.select(id)

    def toggle(self, id: int) -> None:
        if self.tree is None or not self.tree.children(id):
            return
        if id in self.collapsed:
            self.collapsed.discard(id)
        else:
            self.collapsed.add(id)
        self.selected = id
        self.draw()

    def on_path_only(self, event: Any) -> None:
        """Close every row off the path to the selected node: the path and its siblings
        stay in view."""
        tree = self.tree
        if tree is None or self.selected is None:
            return
        path = tree.path_to(self.selected)
        on_path = set(path)
        self.collapsed = {
            child
            for id in path
            for child in tree.children(id)
            if child not in on_path and tree.children(child)
        }
        self.select(self.selected)

    def on_open_all(self, event: Any) -> None:
        self.collapsed.clear()
        if self.selected is not None:
            self.select(self.selected)

    def on_key(self, event: Any) -> None:
        """The WAI-ARIA tree pattern's keys (the visualizer leaves them to the tree)."""
        tree, id = self.tree, self.selected
        key = event.key
        if tree is None or id is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        if key not in KEYS and key not in ("Enter", " "):
            return
        event.preventDefault()
        event.stopPropagation()
        row = tree.find(id, self.collapsed)
        if key in ("Enter", " "):
            self.toggle(id)
        elif key == "ArrowRight" and row.has_children:
            if row.expanded:
                self.select(tree.children(id)[0])
            else:
                self.toggle(id)
        elif key == "ArrowLeft":
            if row.has_children and row.expanded:
                self.toggle(id)
            elif row.parent is not None:
                self.select(row.parent)
        elif key in ("ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"):
            self.move_by_rows(key)

    def move_by_rows(self, key: str) -> None:
        tree, id = self.tree, self.selected
        assert tree is not None and id is not None
        at = tree.row_of(id, self.collapsed) or 0
        total = tree.visible_rows(self.collapsed, 0, 0).total
        page = max(1, self.view_height() // ROW_PX - 1)
        to = {
            "ArrowUp": at - 1,
            "ArrowDown": at + 1,
            "Home": 0,
            "End": total - 1,
            "PageUp": at - page,
            "PageDown": at + page,
        }[key]
        to = max(0, min(total - 1, to))
        if to != at:
            self.select(tree.visible_rows(self.collapsed, to, 1).rows[0].id)
