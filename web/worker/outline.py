"""The search tree as an outline, held in the solver worker beside the stepped search.

The tree is npuzzle's (:class:`npuzzle.teach.tree.SearchTree`, built from the steps the engine
recorded). :class:`Outline` adds what the page's tree view (``treeview.py``) shows of it:
which rows are closed, the selected node, where the box is scrolled. The page sends what the
user did (a click, a key of the WAI-ARIA tree pattern, a scroll) and draws the answer, the
rows in view and the selected node's details (:meth:`Outline.model`): one message each way,
however large the tree.

When the search has run far ahead of the tree (Run to end, a jump), :meth:`Outline.catch_up`
works for at most the seconds it is given and says how many steps are left, so the page can
say "Growing the tree" and ask again.
"""

from __future__ import annotations

import time
from typing import Any

from npuzzle import ALGORITHMS, Search
from npuzzle.core.board import moved_tile
from npuzzle.teach.explain import number
from npuzzle.teach.moves import MoveStyle, move_short
from npuzzle.teach.pictures import Theme, TreeLine, tree_svg
from npuzzle.teach.tree import SearchTree, TreeRow, TreeState

ROW_PX = 28  # a row's height in CSS pixels (style.css, .tree-row): rows are placed by it
VIEW_ROWS = 14  # rows the box shows (style.css sets its height to 14 rows)
MARGIN_ROWS = 8  # rows drawn above and below the box, so a short scroll finds them drawn
SYNC_SLICE = 300  # steps put on or taken off between looks at the clock
PAGE_ROWS = VIEW_ROWS - 1  # Page Up and Page Down move by this many rows
PICTURE_ROWS = 200  # rows an exported picture of the tree draws at most (the rest counted)

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
IDA_WORDS = {TreeState.OPEN: "waiting"}
IDA_MEANING = {TreeState.OPEN: "waiting: a child still to be tried on the current path"}

# what the tree's count of nodes counts, beside the counters' generated
TREE_NODES = "the start and every child made, duplicates and pruned ones included"

KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")
TREE_KEYS = (*KEYS, "Enter", " ")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 11th, 22nd."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


class Outline:
    """The tree of ``search`` and how the page shows it."""

    def __init__(self, search: Search) -> None:
        self.tree = SearchTree(search, catch_up=False)
        self.ida = ALGORITHMS[search.algorithm].walks_paths
        self.width = search.board.width
        self.collapsed: set[int] = set()
        self.selected: int | None = None
        self.top = 0  # the box's scrollTop, as the page last said or was told
        self.scroll: int | None = None  # where the page must scroll the box to, once

    @property
    def behind(self) -> int:
        return self.tree.behind

    def catch_up(self, seconds: float) -> int:
        """Bring the tree up to the search's step, for at most ``seconds``; the steps left
        (0: up to date)."""
        tree = self.tree
        deadline = time.monotonic() + seconds
        while not tree.sync(SYNC_SLICE):
            if time.monotonic() >= deadline:
                return tree.behind
        return 0

    # ----- what the user did ---------------------------------------------------------------
    def act(self, action: str, id: int | None = None, key: str = "", top: int = 0) -> None:
        """Apply one of the page's messages: ``select`` (``id``), ``toggle`` (``id``),
        ``key`` (``key``), ``scroll`` (``top``), ``current`` (also once a step was drawn: the
        node it expanded is selected), ``path-only``, ``open-all``."""
        tree = self.tree
        if action == "scroll":
            self.top = max(0, int(top))
        elif action == "current":
            self.show_current()
        elif action == "select" and id is not None and id in tree:
            self.select(id)
        elif action == "toggle" and id is not None and id in tree:
            self.toggle(id)
        elif action == "key":
            self.on_key(key)
        elif action == "path-only":
            self.path_only()
        elif action == "open-all":
            self.collapsed.clear()
            if self.selected is not None:
                self.select(self.selected)

    def show_current(self) -> None:
        """Select the node the step expanded (the root before the first step)."""
        tree = self.tree
        current = tree.current
        self.select(current if current is not None and current in tree else tree.root)

    def select(self, id: int) -> None:
        """Select node ``id``, opening its ancestors and scrolling it into view."""
        tree = self.tree
        self.collapsed.difference_update(tree.path_to(id)[:-1])
        self.selected = id
        row = tree.row_of(id, self.collapsed) or 0
        height = VIEW_ROWS * ROW_PX
        if row * ROW_PX < self.top or (row + 1) * ROW_PX > self.top + height:
            total = tree.visible_rows(self.collapsed, 0, 0).total
            self.top = max(0, min(row * ROW_PX - height // 2, total * ROW_PX - height))
            self.scroll = self.top

    def toggle(self, id: int) -> None:
        if not self.tree.children(id):
            return
        if id in self.collapsed:
            self.collapsed.discard(id)
        else:
            self.collapsed.add(id)
        self.selected = id

    def path_only(self) -> None:
        """Close every row off the path to the selected node: the path and its siblings
        stay in view."""
        tree = self.tree
        if self.selected is None:
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

    def on_key(self, key: str) -> None:
        """The WAI-ARIA tree pattern's keys."""
        tree, id = self.tree, self.selected
        if id is None or key not in TREE_KEYS:
            return
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
            self.move_by_rows(key, id)

    def move_by_rows(self, key: str, id: int) -> None:
        tree = self.tree
        at = tree.row_of(id, self.collapsed) or 0
        total = tree.visible_rows(self.collapsed, 0, 0).total
        to = {
            "ArrowUp": at - 1,
            "ArrowDown": at + 1,
            "Home": 0,
            "End": total - 1,
            "PageUp": at - PAGE_ROWS,
            "PageDown": at + PAGE_ROWS,
        }[key]
        to = max(0, min(total - 1, to))
        if to != at:
            self.select(tree.visible_rows(self.collapsed, to, 1).rows[0].id)

    # ----- what the page draws -------------------------------------------------------------
    def word(self, state: TreeState) -> str:
        return IDA_WORDS.get(state, state.value) if self.ida else state.value

    def row_model(self, row: TreeRow) -> dict[str, Any]:
        return {
            "id": row.id,
            "level": row.level,
            "position": row.position,
            "siblings": row.siblings,
            "has_children": row.has_children,
            "expanded": row.expanded,
            "move": row.move or "",
            "tile": moved_tile(row.tiles, self.width, row.move) if row.move else 0,
            "g": number(row.g),
            "h": number(row.h),
            "f": number(row.f),
            "state": row.state.value,
            "word": self.word(row.state),
            "on_path": row.on_path,
        }

    def model(self) -> dict[str, Any]:
        """The tree's summary, the rows around the box's scroll position, the selected
        node's details, and where to scroll the box (once, after a selection moved it)."""
        tree = self.tree
        self.collapsed = {i for i in self.collapsed if i in tree}  # Back took some off
        if self.selected not in tree:
            self.selected = tree.current if tree.current in tree else tree.root
        offset = max(0, self.top // ROW_PX - MARGIN_ROWS)
        window = tree.visible_rows(self.collapsed, offset, VIEW_ROWS + 1 + 2 * MARGIN_ROWS)
        # every child the steps made is a node of the tree, duplicates and pruned ones too: the
        # counters' generated count leaves those out (or, IDA*, counts every iteration's)
        parts = [f"{tree.size:,} node{'' if tree.size == 1 else 's'} ({TREE_NODES})"]
        if tree.iteration is not None:
            parts.append(f"iteration {tree.iteration}, threshold {number(tree.threshold or 0)}")
        if tree.phase is not None:
            parts.append(f"phase {tree.phase}")
        if tree.solved:
            parts.append("the solution path is marked")
        if window.total < tree.size:
            parts.append(f"{tree.size - window.total:,} hidden in closed rows")
        scroll, self.scroll = self.scroll, None
        return {
            "summary": " · ".join(parts),
            "open_word": self.word(TreeState.OPEN),
            "rows": [self.row_model(row) for row in window.rows],
            "offset": offset,
            "total": window.total,
            "row_px": ROW_PX,
            "selected": self.selected,
            "detail": self.detail(),
            "scroll": scroll,
            "closed_rows": bool(self.collapsed),
        }

    def detail(self) -> dict[str, Any] | None:
        """The selected node: its board, its numbers, and where it stands."""
        tree, id = self.tree, self.selected
        if id is None:
            return None
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
        return {
            **self.row_model(row),
            "tiles": list(row.tiles),
            "width": self.width,
            "where": where,
        }

    def picture(self, theme: Theme, words: MoveStyle, title: str) -> str:
        """The rows the tree view shows open (closed rows stay closed), from the root, as an
        SVG picture (npuzzle.teach.pictures): at most ``PICTURE_ROWS``, the rest counted."""
        tree = self.tree
        window = tree.visible_rows(self.collapsed, 0, PICTURE_ROWS)
        lines = []
        for row in window.rows:
            model = self.row_model(row)
            move = move_short(row.move, model["tile"], words) if row.move else "start"
            figures = f"{move}  g {model['g']} · h {model['h']} · f {model['f']}"
            lines.append(
                TreeLine(row.level, row.tiles, figures, row.state.value, model["word"], row.on_path)
            )
        more = window.total - len(window.rows)
        return tree_svg(lines, self.width, title=title, more=more, theme=theme)
