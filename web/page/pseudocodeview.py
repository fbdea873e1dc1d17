"""The visualizer's pseudocode panel (``#pseudocode``): the stepped search's pseudocode, its
current line highlighted, and Step line.

Which lines a step ran is the engine's own record (``Step.lines``, sent by the worker with
each step: ``model["pseudocode"]``, web/worker/stepping.py); this view only draws them. A step
drawn stands at the last line it ran (Back draws the step before, so it returns exactly to
that step's last line); step 0 stands at the line that puts the start on the open list. Step
line walks the lines of the step drawn one at a time; past its last line it takes the next
step (through the visualizer, as Step does) and stands at that step's first line. The lists
always show the search after the whole step, which the panel says beside the line.

Each row is an ``<li>`` of an ordered list (its number is the line's number the sentences
say); the current one carries ``aria-current="step"`` and a mark drawn in CSS (not colour
alone), and a line walked with Step line is said in the panel's own polite live region. A
line about a child outlines that child among the expanded node's children.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controls import listen, pass_focus

Model = dict[str, Any]  # a step as the worker describes it (stepping.Stepping.model)
#: the lines about one child (npuzzle.search.records.Line): generated, then what became of it
CHILD_LINES = ("generate", "prune", "duplicate", "push")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{end}"


class PseudocodeView:
    """Draws the step's pseudocode; ``step`` takes the next step (the visualizer's Step),
    and ``can_step`` says whether there is one to take."""

    def __init__(self, document: Any, step: Callable[[], None], can_step: Callable[[], bool]):
        self.document = document
        self.step, self.can_step = step, can_step
        get = document.getElementById
        self.box = get("pseudocode")
        self.title = get("pseudocode-title")
        self.rows_box = get("pseudocode-rows")
        self.where = get("pseudocode-where")
        self.said = get("pseudocode-said")
        self.button = get("step-line")
        self.children = get("children")  # the expanded node's children (stepper.py draws them)
        self.rows: list[Any] = []  # the <li> of each row
        self.marked: list[str | None] = []  # the line each row runs
        self.shown = ""  # the title of the rows drawn
        self.model: Model | None = None  # the step drawn
        self.at = 0  # the line of the step's lines that is current
        self.next_first = False  # Step line took a step: stand at its first line
        self.proxies: list[Any] = []
        listen(self.proxies, [(self.button, "click", self.on_step_line)])

    @property
    def lines(self) -> list[str]:
        return list(self.model["pseudocode"]["lines"]) if self.model is not None else []

    def clear(self) -> None:
        """No search (the board or the settings changed): nothing highlighted."""
        self.model, self.at, self.next_first = None, 0, False
        self._mark()
        self.where.textContent = ""
        self.sync()

    def draw(self, model: Model) -> None:
        """Draw a step: at its last line, or at its first when Step line took it."""
        code = model["pseudocode"]
        if code["title"] != self.shown:
            self._rows(code)
        was = self.model
        self.model = model
        first = self.next_first and was is not None and model["steps"] == was["steps"] + 1
        self.next_first = False
        self.at = 0 if first else max(0, len(self.lines) - 1)
        self.show(say=first)

    def _rows(self, code: Model) -> None:
        """The rows of another algorithm's pseudocode."""
        self.shown = str(code["title"])
        self.title.textContent = self.shown
        self.rows_box.innerHTML = ""
        self.rows, self.marked = [], []
        for number, row in enumerate(code["rows"], 1):
            item = self.document.createElement("li")
            item.id = f"pseudocode-row-{number}"
            item.className = f"indent-{int(row['indent'])}"
            item.textContent = str(row["text"])
            self.rows_box.appendChild(item)
            self.rows.append(item)
            self.marked.append(row["line"])

    def show(self, *, say: bool = False) -> None:
        """Highlight the current line and say where it stands (``say``: in the live region
        too, for a line walked to)."""
        self._mark()
        self.where.textContent = self.current_text()
        if say:
            self.said.textContent = self.where.textContent
        self.sync()

    def _mark(self) -> None:
        lines = self.lines
        current = self.current_row()
        ran = set(lines)
        for i, item in enumerate(self.rows):
            item.classList.toggle("current", i == current)
            item.classList.toggle("ran", self.marked[i] in ran and i != current)
            if i == current:
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")
        # the child the current line is about, outlined among the expanded node's children
        child = self.current_child()
        for k, item in enumerate(self.children.querySelectorAll("li")):
            item.classList.toggle("line-child", k == child)

    def current_child(self) -> int | None:
        """Which child (0 first) the current line is about: a child's lines come after its
        GENERATE, in the order of the step's children (None: a line about no child)."""
        lines = self.lines[: self.at + 1]
        if not lines or lines[-1] not in CHILD_LINES:
            return None
        return lines.count("generate") - 1

    def current_row(self) -> int | None:
        """The index of the highlighted row (None: none, as past the records)."""
        lines = self.lines
        if not lines or self.at >= len(lines):
            return None
        try:
            return self.marked.index(lines[self.at])
        except ValueError:
            return None

    def current_text(self) -> str:
        """What the panel says of the current line: which of the step's lines it is, what it
        did, and that the lists show the whole step."""
        if self.model is None:
            return ""
        lines, said = self.lines, self.model["pseudocode"]["said"]
        steps = int(self.model["steps"])
        if not lines:
            return f"Step {steps:,} was taken without a record: no line to show."
        if steps == 0:
            return str(said[0])
        sentence = str(said[self.at]) if self.at < len(said) else ""
        after = "" if self.at == len(lines) - 1 else " The lists show the whole step."
        if len(lines) == 1:
            return f"Step {steps:,} ran one line. {sentence}"
        which = f"the {ordinal(self.at + 1)} of the {len(lines)} lines it ran"
        return f"Step {steps:,}, {which}. {sentence}{after}"

    def sync(self) -> None:
        """Step line works while the step has lines left, or a next step can be taken."""
        more = self.model is not None and self.at < len(self.lines) - 1
        focused = self.document.activeElement == self.button
        self.button.disabled = not (more or self.can_step())
        if focused and self.button.disabled:  # the search's end: the focus stays in the panel
            pass_focus(self.document, ("step-back", "visualizer"))

    def on_step_line(self, event: Any) -> None:
        if self.model is not None and self.at < len(self.lines) - 1:
            self.at += 1
            self.show(say=True)
        elif self.can_step():
            self.next_first = True
            self.step()
