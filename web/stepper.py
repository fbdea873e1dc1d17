"""The step-through visualizer's view: renders a npuzzle search's step, lists and counters.

The search itself is npuzzle's (``make_search``): the same engine the command line runs.
This module only draws it. Lists are drawn as one HTML string per list, built from numbers
and fixed words only (nothing a user typed or a URL carried), which keeps a step with an
open list of 100,000 entries fast: only the first ``VISIBLE`` entries are drawn, with a line
saying how many more there are.

IDA* has no open and closed lists: its ``open_list`` is the children still to be tried along
the current branch of its depth-first search and its ``closed_list`` that branch, so the two
lists are named in those words when IDA* is stepped (``LIST_WORDS``). Depth-first search's
lists are a real open list (a stack) and closed list, and keep their names.
"""

from typing import Any

from npuzzle import Node, Search, Step
from npuzzle.explain import explain_step, number
from npuzzle.search import MAX_RECORDED_STEPS

VISIBLE = 40  # entries drawn per list
MAX_STEPS = MAX_RECORDED_STEPS  # every step is recorded for Back: memory stays bounded

# (title, note, counter) of the open and the closed list: most searches', and by algorithm
# the words of those that have their own
ListWords = tuple[tuple[str, str, str], tuple[str, str, str]]
OPEN_CLOSED: ListWords = (
    ("Open list", "(next to expand first)", "open"),
    ("Closed list", "(most recent first)", "closed"),
)
LIST_WORDS: dict[str, ListWords] = {
    "idastar": (
        ("Children waiting", "(next to try first)", "waiting"),
        ("Current path", "(deepest first)", "on the path"),
    ),
}


def mini_board(node: Node, width: int) -> str:
    """A node's board, small."""
    return mini_tiles(node.tiles, width)


def mini_tiles(tiles: tuple[int, ...], width: int) -> str:
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


def mini_name(tiles: tuple[int, ...], width: int) -> str:
    """A small board's name, its rows parted by slashes, which screen readers say ("7 2 6 /
    3 5 1 / 4 8 gap"): the gap by name (an empty cell says nothing), don't-care tiles "any"."""
    words = ["gap" if t == 0 else "any" if t < 0 else str(int(t)) for t in tiles]
    width = max(1, int(width))
    return " / ".join(" ".join(words[i : i + width]) for i in range(0, len(words), width))


def values(node: Node) -> str:
    return f"g={number(node.g)} h={number(node.h)} f={number(node.f)}"


def entry(node: Node, width: int, extra: str = "", css: str = "") -> str:
    """One node in a list: its board, g, h and f, then the move that made it (said, not
    shown) and ``extra``. Read in that order; the item has no name of its own, which
    would be read instead of, or as well as, what it holds."""
    move = f"after {node.move}" if node.move else "(start)"
    return (
        f'<li class="{css}">{mini_board(node, width)}'
        f'<span class="vals">{values(node)}</span>'
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

    def clear(self, message: str = "") -> None:
        for name in ("current", "children", "open-list", "closed-list", "why-list"):
            self.el[name].innerHTML = ""
        self.el["open-more"].textContent = ""
        self.el["closed-more"].textContent = ""
        self.el["counters"].textContent = message
        self.el["jump"].max = "100"
        self.el["jump"].value = "0"
        self.el["jump-out"].textContent = "step 0"
        self.name_lists("")

    def name_lists(self, algorithm: str) -> tuple[str, str]:
        """Name the two lists in the words of ``algorithm`` (IDA*'s own, or open and
        closed); the words their counters use."""
        words = LIST_WORDS.get(algorithm, OPEN_CLOSED)
        for name, (title, note, _counter) in zip(("open", "closed"), words, strict=True):
            if self.el[f"{name}-title"].textContent != title:
                self.el[f"{name}-box"].setAttribute("aria-label", title)
                self.el[f"{name}-title"].textContent = title
                self.el[f"{name}-note"].textContent = note
        return words[0][2], words[1][2]

    def draw(self, search: Search, width: int, furthest: int) -> None:
        c = search.counters()
        open_word, closed_word = self.name_lists(search.algorithm)
        parts = [
            f"Step {c['step']:,}",
            f"expanded {c['expanded']:,}",
            f"generated {c['generated']:,}",
            f"{open_word} {c['open']:,}",
            f"{closed_word} {c['closed']:,}",
            f"status {c['status']}",
        ]
        for key in ("iteration", "threshold", "phase_goal"):
            if key in c:
                parts.append(f"{key.replace('_', ' ')} {c[key]}")
        self.el["counters"].textContent = " · ".join(parts)
        step: Step | None = search.last_step
        if step is not None and step.node is not None:
            note = f" {step.note}" if step.note else ""
            self.el[
                "current"
            ].innerHTML = f'<ul class="entries">{entry(step.node, width, note, "current")}</ul>'
            self.el["children"].innerHTML = "".join(
                entry(child.node, width, f" {child.outcome}", f"outcome-{child.outcome}")
                for child in step.children
            )
        else:
            self.el["current"].innerHTML = ""
            self.el["children"].innerHTML = ""
        self._why(search, step)
        self._list("open", search.open_list(0, VISIBLE), search.open_size, width)
        self._list("closed", search.closed_list(0, VISIBLE), search.closed_size, width)
        # Past the furthest step explored, the slider reaches further on: jumping there
        # steps the search forward. Once it has ended, the slider ends with it.
        furthest = max(furthest, c["step"])
        jump = self.el["jump"]
        jump.max = str(furthest if search.done else min(MAX_STEPS, max(2 * furthest, 100)))
        jump.value = str(c["step"])
        end = "the end" if search.done else f"{furthest:,} explored"
        if not search.done and c["step"] >= MAX_STEPS:
            end = "the limit"
        self.el["jump-out"].textContent = f"step {c['step']:,} ({end})"

    def _why(self, search: Search, step: Step | None) -> None:
        """The step in sentences, with the engine's own numbers (npuzzle.explain); the
        sentences are set as text, one list item each."""
        box = self.el["why-list"]
        box.innerHTML = ""
        if step is None:
            return
        doc = self.document
        for sentence in explain_step(search, step).sentences():
            item = doc.createElement("li")
            item.textContent = sentence
            box.appendChild(item)

    def _list(self, name: str, nodes: list[Node], size: int, width: int) -> None:
        self.el[f"{name}-list"].innerHTML = "".join(entry(n, width) for n in nodes)
        more = size - len(nodes)
        self.el[f"{name}-more"].textContent = f"and {more:,} more" if more > 0 else ""
