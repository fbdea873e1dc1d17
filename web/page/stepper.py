"""The step-through visualizer's view: draws a step of the search the worker steps.

The search is npuzzle's, held in the solver worker (``stepping.py``); what it sends for a
step, :meth:`stepping.Stepping.model`, is drawn here. Lists are drawn as one HTML string per
list, built from numbers and fixed words only (nothing a user typed or a URL carried), which
keeps a step with an open list of 100,000 entries fast: the worker sends only the first
entries of each list and how many there are, and a line says how many more. Moves are named as
the View menu's Blank's letters says (``vocabulary.py``): the step is drawn again when it
changes.
"""

from typing import Any

from controls import listen
from vocabulary import BOX, style

from npuzzle.lab import PAGE_MAX_NODES
from npuzzle.teach.moves import MoveStyle, after, moved_tile

#: the visualizer's limit, the page's node limit (a step expands a node at most): steps past
#: npuzzle.search.engine.MAX_RECORDED_STEPS run on without records (web/worker/stepping.py)
MAX_STEPS = PAGE_MAX_NODES
Model = dict[str, Any]  # a step as the worker describes it (stepping.Stepping.model)
Tiles = list[int] | tuple[int, ...]  # a board's tiles, row by row, 0 the gap


def mini_tiles(tiles: Tiles, width: int) -> str:
    """A small board: a CSS grid of cells (the blank empty, don't-care tiles as dots), an
    image to assistive technologies, named row by row (:func:`mini_name`)."""
    cells = []
    for t in tiles:
        if t == 0:
            cells.append('<span class="b"></span>')
        elif t < 0:
            cells.append('<span class="x">&middot;</span>')
        else:
            cells.append(f"<span>{int(t)}</span>")
    return (
        f'<span class="mini" style="--w:{int(width)}" role="img" '
        f'aria-label="{mini_name(tiles, width)}">{"".join(cells)}</span>'
    )


def mini_name(tiles: Tiles, width: int) -> str:
    """A small board's name, its rows parted by slashes, which screen readers say ("7 2 6 /
    3 5 1 / 4 8 gap"): the gap by name (an empty cell says nothing), don't-care tiles "any"."""
    words = ["gap" if t == 0 else "any" if t < 0 else str(int(t)) for t in tiles]
    width = max(1, int(width))
    return " / ".join(" ".join(words[i : i + width]) for i in range(0, len(words), width))


def entry(
    node: Model, width: int, extra: str = "", css: str = "", words: MoveStyle = MoveStyle.TILES
) -> str:
    """One node in a list: its board, g, h and f, then the move that made it (said, not
    shown, in ``words``) and ``extra``. Read in that order; the item has no name of its own,
    which would be read instead of, or as well as, what it holds."""
    tile = moved_tile(node["tiles"], width, node["move"]) if node["move"] else 0
    move = after(node["move"], tile, words)
    return (
        f'<li class="{css}">{mini_tiles(node["tiles"], width)}'
        f'<span class="vals">g={node["g"]} h={node["h"]} f={node["f"]}</span>'
        f'<span class="sr-only"> {move}</span>'
        f'<span class="extra">{extra.strip()}</span></li>'
    )


class StepView:
    """Draws one search into the visualizer's elements (looked up by id once)."""

    IDS = (
        "counters",
        "current",
        "children",
        "open-list",
        "open-more",
        "closed-list",
        "closed-more",
        "jump",
        "jump-out",
        "why-list",
        "why-first",
        "open-box",
        "open-title",
        "open-note",
        "closed-box",
        "closed-title",
        "closed-note",
    )

    def __init__(self, document: Any) -> None:
        self.document = document
        self.el = {name: document.getElementById(name) for name in self.IDS}
        self.shown: tuple[Model, int] | None = None  # the step drawn, and the board's width
        self.proxies: list[Any] = []
        listen(self.proxies, [(document.getElementById(BOX), "change", self.on_words)])

    def on_words(self, event: Any) -> None:
        """Blank's letters changed: the step drawn again, its moves named the new way."""
        if self.shown is not None:
            self.draw(*self.shown)

    def clear(self, message: str = "") -> None:
        self.shown = None
        for name in ("current", "children", "open-list", "closed-list", "why-list"):
            self.el[name].innerHTML = ""
        self.el["why-first"].textContent = ""
        self.el["open-more"].textContent = ""
        self.el["closed-more"].textContent = ""
        self.el["counters"].textContent = message
        self.el["jump"].max = "100"
        self.el["jump"].value = "0"
        self.el["jump-out"].textContent = "step 0"
        self.name_lists(None)

    def name_lists(self, words: list[list[str]] | None) -> None:
        """Name the two lists in the search's words (IDA*'s own, or open and closed)."""
        titles = words or [
            ["Open list", "(next to expand first)"],
            ["Closed list", "(most recent first)"],
        ]
        for name, (title, note, *_counter) in zip(("open", "closed"), titles, strict=True):
            if self.el[f"{name}-title"].textContent != title:
                self.el[f"{name}-box"].setAttribute("aria-label", title)
                self.el[f"{name}-title"].textContent = title
                self.el[f"{name}-note"].textContent = note

    def draw(self, model: Model, width: int) -> None:
        self.shown = (model, width)
        words = style(self.document)
        self.name_lists(model["words"])
        self.el["counters"].textContent = model["counters"]
        current = model["current"]
        if current is not None:
            note = f" {current['note']}" if current["note"] else ""
            self.el[
                "current"
            ].innerHTML = (
                f'<ul class="entries">{entry(current, width, note, "current", words)}</ul>'
            )
            self.el["children"].innerHTML = "".join(
                entry(child, width, f" {child['outcome']}", f"outcome-{child['outcome']}", words)
                for child in model["children"]
            )
        else:
            self.el["current"].innerHTML = ""
            self.el["children"].innerHTML = ""
        self._why(model["why_blank"] if words == MoveStyle.BLANK else model["why"])
        self._list("open", model["open"], model["open_size"], width, words)
        self._list("closed", model["closed"], model["closed_size"], width, words)
        self.show_position(model)

    def show_position(self, model: Model) -> None:
        """The slider at the step shown. Past the furthest step explored, it reaches further
        on: jumping there steps the search forward. Once it has ended, it ends with it."""
        steps, done = model["steps"], model["done"]
        furthest = max(model["furthest"], steps)
        jump = self.el["jump"]
        jump.max = str(furthest if done else min(MAX_STEPS, max(2 * furthest, 100)))
        jump.value = str(steps)
        end = "the end" if done else f"{furthest:,} explored"
        if model["at_limit"]:
            end = "the limit"
        self.el["jump-out"].textContent = f"step {steps:,} ({end})"

    def _why(self, sentences: list[str]) -> None:
        """The step in sentences, with the engine's own numbers (npuzzle.teach.explain); the
        sentences are set as text, one list item each. The first stands beside the lists;
        the rest are one click away (Why this step)."""
        self.el["why-first"].textContent = sentences[0] if sentences else ""
        box = self.el["why-list"]
        box.innerHTML = ""
        doc = self.document
        for sentence in sentences:
            item = doc.createElement("li")
            item.textContent = sentence
            box.appendChild(item)

    def _list(self, name: str, nodes: list[Model], size: int, width: int, words: MoveStyle) -> None:
        self.el[f"{name}-list"].innerHTML = "".join(entry(n, width, words=words) for n in nodes)
        more = size - len(nodes)
        self.el[f"{name}-more"].textContent = f"and {more:,} more" if more > 0 else ""
