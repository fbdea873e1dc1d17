"""The search tree view ("Search tree"): the tree the stepped search has built, drawn as an
outline that follows Step, Back, Play and the step slider.

The tree is npuzzle's, held in the solver worker beside the stepped search with what is shown
of it (``outline.py``): this view sends what the user did (a click, a key, a scroll) through
the bridge and draws the answer. It is an ARIA tree: each row is a ``role="treeitem"`` with
``aria-level``, ``aria-posinset``, ``aria-setsize`` and, when it has children,
``aria-expanded``. The focus stays on the tree box and ``aria-activedescendant`` names the
selected row, so the keys of the WAI-ARIA tree pattern work: Up and Down, Right opens a row or
goes to its first child, Left closes it or goes to its parent, Home, End, Page Up, Page Down,
and Enter opens or closes.

Only the rows in view are drawn: a window of the outline, placed in a box as tall as every
row would be, so a tree of 100,000 nodes scrolls and steps as fast as one of 100. When the
search has run far ahead of the tree (Run to end, a jump), the worker grows it in slices and
the summary says how many steps are left. Moves are named as the View menu's Blank's letters
says (``vocabulary.py``), and the tree is drawn again when it changes. Rows are HTML strings
built from numbers and fixed words only (nothing a user typed or a URL carried).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, cast

from controls import listen
from protocol import Reply, TreeRequest
from stepper import mini_tiles
from vocabulary import BOX, style

from npuzzle.teach.moves import MoveStyle, after, move_short

INDENT_LEVELS = 16  # deeper rows are indented no further: their level is written instead
SLICE_SECONDS = 0.05  # of growing the tree in the worker between two looks from the page
KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")
Model = dict[str, Any]  # the tree as the worker describes it (outline.Outline.model)
Ask = Callable[[TreeRequest], Awaitable[Model]]  # the bridge's door to the tree


def row_label(row: Model, words: MoveStyle = MoveStyle.TILES) -> str:
    move = after(row["move"], row["tile"], words)
    return f"{move}: g {row['g']}, h {row['h']}, f {row['f']}, {row['word']}"


def row_html(
    row: Model, index: int, selected: bool, row_px: int, words: MoveStyle = MoveStyle.TILES
) -> str:
    """One treeitem, placed at row ``index`` of the outline, its move named in ``words``."""
    move = move_short(row["move"], row["tile"], words) if row["move"] else "start"
    css = f"tree-row s-{row['state']}"
    if row["on_path"]:
        css += " on-path"
    if selected:
        css += " selected"
    has_children, opened = row["has_children"], row["expanded"]
    expanded = f' aria-expanded="{"true" if opened else "false"}"' if has_children else ""
    twist = ("&#9662;" if opened else "&#9656;") if has_children else ""
    depth = row["level"] - 1
    level = f'<span class="level">level {row["level"]}</span>' if depth > INDENT_LEVELS else ""
    return (
        f'<div role="treeitem" id="tree-node-{row["id"]}" class="{css}" data-id="{row["id"]}" '
        f'aria-level="{row["level"]}" aria-posinset="{row["position"]}" '
        f'aria-setsize="{row["siblings"]}"{expanded} '
        f'aria-selected="{"true" if selected else "false"}" aria-label="{row_label(row, words)}" '
        f'style="top:{index * row_px}px;--depth:{min(depth, INDENT_LEVELS)}">'
        f'<span class="twist" aria-hidden="true">{twist}</span>{level}'
        f'<span class="move">{move}</span>'
        f'<span class="vals">g {row["g"]} &middot; h {row["h"]} &middot; '
        f"f {row['f']}</span>"
        f'<span class="state">{row["word"]}</span></div>'
    )


class TreeView:
    """``#tree``: its summary, buttons, the tree box and the selected node's details.
    ``ask`` sends one message to the worker's outline and returns its answer."""

    def __init__(self, document: Any, ask: Ask) -> None:
        self.ask, self.document = ask, document
        get = document.getElementById
        self.box = get("tree-view")  # role="tree"
        self.rows = get("tree-rows")
        self.summary = get("tree-summary")
        self.detail = get("tree-detail")
        self.current_button = get("tree-current")
        self.path_button = get("tree-path")
        self.open_button = get("tree-open-all")
        self.legend_open = get("legend-open")
        self.model: Model | None = None  # as last drawn
        self.lock = asyncio.Lock()  # messages go, and are drawn, in the order they were made
        self.task: asyncio.Future[None] | None = None  # following the search
        self.pending: set[asyncio.Future[None]] = set()  # what the user did, on its way
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.box, "click", self.on_click),
                (self.box, "keydown", self.on_key),
                (self.box, "scroll", self.on_scroll),
                (self.current_button, "click", lambda _event: self.send("current")),
                (self.path_button, "click", lambda _event: self.send("path-only")),
                (self.open_button, "click", lambda _event: self.send("open-all")),
                (get(BOX), "change", self.on_words),
            ],
        )
        self.clear()

    # ----- following the search ------------------------------------------------------------
    def clear(self) -> None:
        """No search: an empty tree."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task, self.model = None, None
        self.rows.innerHTML = ""
        self.rows.style.setProperty("height", "0px")
        self.box.removeAttribute("aria-activedescendant")
        self.detail.innerHTML = ""
        self.summary.textContent = "Step to grow the tree: the start is its root."
        for button in (self.current_button, self.path_button, self.open_button):
            button.disabled = True

    def follow(self, model: Model | None = None) -> None:
        """The search moved: draw the tree at its step, the node the step expanded selected
        (``model``, when the step's answer carried it); else ask for it: a long way behind,
        the worker grows it in slices, said in the summary."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        if model is not None and model.get("status") == Reply.OK:
            self.draw(model)
        else:
            self.task = asyncio.ensure_future(self.talk("current"))

    @property
    def ready(self) -> bool:
        """The tree is drawn up to the search's step."""
        return self.model is not None and (self.task is None or self.task.done())

    # ----- talking to the worker -----------------------------------------------------------
    def send(self, action: str, **details: Any) -> None:
        """What the user did, sent on and drawn when the answer comes (in order)."""
        if self.model is None:
            return
        task = asyncio.ensure_future(self.talk(action, **details))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def talk(self, action: str, **details: Any) -> None:
        async with self.lock:
            while True:
                request = {"action": action, "seconds": SLICE_SECONDS, **details}
                answer = await self.ask(cast(TreeRequest, request))
                if answer.get("status") != Reply.GROWING:
                    break
                self.summary.textContent = f"Growing the tree: {answer['behind']:,} steps to go..."
            if answer.get("status") == Reply.OK:
                self.draw(answer)

    # ----- drawing -------------------------------------------------------------------------
    def draw(self, model: Model) -> None:
        self.model = model
        self.legend_open.textContent = model["open_word"]
        self.summary.textContent = model["summary"]
        self.draw_rows(model)
        self.draw_detail(model["detail"])
        self.current_button.disabled = False
        self.path_button.disabled = False
        self.open_button.disabled = not model["closed_rows"]
        if model["scroll"] is not None:  # after the rows are as tall as they now are
            self.box.scrollTop = model["scroll"]

    def draw_rows(self, model: Model) -> None:
        row_px, offset, selected = model["row_px"], model["offset"], model["selected"]
        self.rows.style.setProperty("height", f"{model['total'] * row_px}px")
        words = style(self.document)
        self.rows.innerHTML = "".join(
            row_html(row, offset + i, row["id"] == selected, row_px, words)
            for i, row in enumerate(model["rows"])
        )
        if any(row["id"] == selected for row in model["rows"]):
            self.box.setAttribute("aria-activedescendant", f"tree-node-{selected}")
        else:  # an id that names no element is an error for assistive technology
            self.box.removeAttribute("aria-activedescendant")

    def draw_detail(self, row: Model | None) -> None:
        """The selected node: its board, its numbers, and where it stands."""
        if row is None:
            self.detail.innerHTML = ""
            return
        move = after(row["move"], row["tile"], style(self.document))
        self.detail.innerHTML = (
            f"<h4>Selected node</h4>{mini_tiles(row['tiles'], row['width'])}"
            f'<dl class="figures">'
            f"<dt>Move</dt><dd>{move}</dd>"
            f"<dt>Level</dt><dd>{row['level']} (child {row['position']} of "
            f"{row['siblings']})</dd>"
            f"<dt>g, h, f</dt><dd>{row['g']}, {row['h']}, {row['f']}</dd>"
            f"<dt>State</dt><dd>{row['where']}</dd></dl>"
        )

    # ----- handlers ------------------------------------------------------------------------
    def on_words(self, event: Any) -> None:
        """Blank's letters changed: the rows and the selected node named the new way."""
        if self.model is not None:
            self.draw_rows(self.model)
            self.draw_detail(self.model["detail"])

    def on_click(self, event: Any) -> None:
        item = event.target.closest(".tree-row")  # JavaScript's null (falsy) when none
        if not item:
            return
        action = "toggle" if event.target.closest(".twist") else "select"
        self.send(action, id=int(item.dataset.id))

    def on_scroll(self, event: Any) -> None:
        self.send("scroll", top=int(self.box.scrollTop or 0))  # read where layout is fresh

    def on_key(self, event: Any) -> None:
        """The WAI-ARIA tree pattern's keys (the visualizer leaves them to the tree); the
        worker's outline moves the selection."""
        key = event.key
        if self.model is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        if key not in KEYS and key not in ("Enter", " "):
            return
        event.preventDefault()
        event.stopPropagation()
        self.send("key", key=key)
