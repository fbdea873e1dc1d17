"""The Compare view: two to four searches on the board being played, stepped in lockstep.

Each search has a column with its counters and the head of its open list; one Step, Back,
Play and "Run all to end" drive all of them to the same step number (``npuzzle.lockstep``);
a chart draws nodes expanded and generated against the step number, and once every search
has ended a table gives each one's figures. The searches are the package's own, opened by the
``open_comparison`` callable the page passes in (its door to the engine): this view only
draws them. Long runs go in slices of ``SLICE_SECONDS`` with the page free in between, so
the tab never stalls. Its DOM is built here inside ``<section id="compare">``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from pacing import breathe
from pyodide.ffi import create_proxy
from stepper import mini_tiles

from npuzzle import ALGORITHMS, HEURISTICS, Board, PuzzleError, charts
from npuzzle.entrants import DEFAULT_ENTRANTS, MAX_ENTRANTS, MIN_ENTRANTS, Entrant, parse_entrants
from npuzzle.explain import number

SLICE_SECONDS = 0.04  # of stepping before the page gets control back (pacing.breathe)
DRAW_SECONDS = 0.25  # between redraws while running to the end
PLAY_SECONDS = 0.3  # between steps while playing
OPEN_SHOWN = 4  # open-list entries drawn per column
MIN_CHART_WIDTH, MAX_CHART_WIDTH = 300, 720  # pixels: drawn at the width shown, so text
# keeps its 12 px on a phone


class CompareView:
    """The Compare section. ``position()`` gives the board being played and its goal;
    ``changed()`` is called when the compared searches change (the address is rewritten)."""

    def __init__(
        self,
        document: Any,
        position: Callable[[], tuple[Board, Board]],
        open_comparison: Callable[[Board, Board, list[Entrant]], Any],
        changed: Callable[[], None],
    ) -> None:
        self.document = document
        self.position, self.open_comparison, self.changed = position, open_comparison, changed
        self.section = document.getElementById("compare")
        self.open_button = document.getElementById("compare-open")
        self.race: Any = None  # the Lockstep being shown
        self.entrants = parse_entrants(DEFAULT_ENTRANTS)
        self.task: asyncio.Future[Any] | None = None
        self.proxies: list[Any] = []
        self.built = False  # the section's contents exist only while it is open, so that
        # its Algorithm and Heuristic fields never stand beside the page's own unseen
        self._on(self.open_button, "click", self.on_open)

    # ----- building ----------------------------------------------------------------------
    def _el(self, tag: str, text: str = "", **attrs: str) -> Any:
        el = self.document.createElement(tag)
        if text:
            el.textContent = text
        for name, value in attrs.items():
            el.setAttribute(name.replace("_", "-"), value)
        return el

    def _on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(kind, proxy)
        self.proxies.append(proxy)

    def _build(self) -> None:
        self.built = True
        s = self.section
        s.replaceChildren()
        s.append(self._el("h2", "Compare", id="compare-heading"))
        s.setAttribute("aria-labelledby", "compare-heading")
        s.append(
            self._el(
                "p",
                "Two to four searches on the board you are playing, one step each at a time. "
                "Watch which one reaches the goal after expanding fewer nodes.",
                **{"class": "help"},
            )
        )
        self.rows = self._el("div", id="compare-entrants", **{"class": "compare-entrants"})
        s.append(self.rows)
        bar = self._el("div", **{"class": "controls"})
        self.add_button = self._el("button", "Add a search", type="button", id="compare-add")
        self.start_button = self._el("button", "Start", type="button", id="compare-start")
        self.start_button.className = "primary"
        bar.append(self.add_button, self.start_button)
        s.append(bar)
        steps = self._el("div", **{"class": "controls", "role": "group"})
        steps.setAttribute("aria-label", "Step all searches")
        self.back_button = self._el("button", "Back", type="button", id="compare-back")
        self.step_button = self._el("button", "Step", type="button", id="compare-step")
        self.play_button = self._el("button", "Play", type="button", id="compare-play")
        self.end_button = self._el("button", "Run all to end", type="button", id="compare-end")
        steps.append(self.back_button, self.step_button, self.play_button, self.end_button)
        s.append(steps)
        self.status = self._el("p", id="compare-status", role="status")
        s.append(self.status)
        self.columns = self._el("div", id="compare-columns", **{"class": "compare-columns"})
        s.append(self.columns)
        self.chart_box = self._el("figure", id="compare-chart", **{"class": "chart-box"})
        s.append(self.chart_box)
        # A scroller must take focus to be scrolled by keyboard (axe: scrollable-region-
        # focusable); empty until the end, it is then hidden by the style sheet.
        self.table_box = self._el(
            "div", id="compare-results", tabindex="0", role="region", **{"class": "table-box"}
        )
        self.table_box.setAttribute("aria-label", "Compare results table")
        s.append(self.table_box)
        self._on(self.add_button, "click", self.on_add)
        self._on(self.start_button, "click", self.on_start)
        self._on(self.back_button, "click", self.on_back)
        self._on(self.step_button, "click", self.on_step)
        self._on(self.play_button, "click", self.on_play)
        self._on(self.end_button, "click", self.on_end)
        self._on(self.rows, "change", self.on_pick)
        self._on(self.rows, "click", self.on_remove)
        self.draw_pickers()
        self.sync()

    def draw_pickers(self) -> None:
        """One row per search: algorithm, heuristic, weight, and Remove."""
        self.rows.replaceChildren()
        for i, entrant in enumerate(self.entrants):
            row = self._el("fieldset", **{"class": "compare-entrant"})
            row.append(self._el("legend", f"Search {i + 1}"))
            algorithm = self._select(f"compare-algorithm-{i}", "Algorithm", ALGORITHMS, row)
            algorithm.value = entrant.algorithm
            heuristic = self._select(f"compare-heuristic-{i}", "Heuristic", HEURISTICS, row)
            heuristic.value = entrant.heuristic if entrant.heuristic != "zero" else "manhattan"
            info = ALGORITHMS[entrant.algorithm]
            heuristic.disabled = not info.uses_heuristic
            if info.takes_weight:
                label = self._el("label", "Weight", **{"for": f"compare-weight-{i}"})
                weight = self._el("input", id=f"compare-weight-{i}", type="number")
                weight.setAttribute("min", "1")
                weight.setAttribute("max", "100")
                weight.setAttribute("step", "any")
                weight.value = number(entrant.weight)
                row.append(label, weight)
            remove = self._el("button", "Remove", type="button")
            remove.setAttribute("data-remove", str(i))
            remove.setAttribute("aria-label", f"Remove search {i + 1}")
            remove.disabled = len(self.entrants) <= MIN_ENTRANTS
            row.append(remove)
            self.rows.append(row)
        self.add_button.disabled = len(self.entrants) >= MAX_ENTRANTS

    def _select(self, ident: str, text: str, choices: dict[str, Any], row: Any) -> Any:
        label = self._el("label", text, **{"for": ident})
        select = self._el("select", id=ident)
        for name, item in choices.items():
            option = self._el("option", getattr(item, "title", None) or item.info.title)
            option.value = name
            select.append(option)
        row.append(label, select)
        return select

    # ----- the searches ------------------------------------------------------------------
    def read_pickers(self) -> list[Entrant] | None:
        """The searches the rows describe; None with a message when a weight is bad."""
        out = []
        for i in range(len(self.entrants)):
            get = self.document.getElementById
            text = f"{get(f'compare-algorithm-{i}').value}:{get(f'compare-heuristic-{i}').value}"
            weight = get(f"compare-weight-{i}")
            # a row whose algorithm just became weighted has no weight field yet (null: falsy)
            if weight and ALGORITHMS[get(f"compare-algorithm-{i}").value].takes_weight:
                text += f":{weight.value}"
            try:
                out.append(Entrant.parse(text))
            except PuzzleError as exc:
                self.say(f"Search {i + 1}: {exc}.")
                return None
        return out

    def enable(self) -> None:
        self.open_button.disabled = False

    @property
    def shown(self) -> bool:
        return not self.section.hidden

    def link(self) -> list[Entrant] | None:
        """What the share link carries: the searches, while the view is open."""
        return list(self.entrants) if self.shown else None

    def show(self, entrants: list[Entrant] | None = None) -> None:
        """Open the view (with these searches, from a link) and start them."""
        self.section.hidden = False
        self.open_button.setAttribute("aria-expanded", "true")
        if entrants:
            self.entrants = list(entrants)
        if self.built:
            self.draw_pickers()
        else:
            self._build()
        self.start()

    def hide(self) -> None:
        self.stop()
        self.section.hidden = True
        self.open_button.setAttribute("aria-expanded", "false")
        self.race = None
        self.section.replaceChildren()
        self.built = False

    def board_changed(self) -> None:
        """A new board is being played: an open comparison starts again on it."""
        if self.shown:
            self.start()

    def on_open(self, event: Any) -> None:
        if self.shown:
            self.hide()
        else:
            self.show()
            self.section.scrollIntoView()
        self.changed()

    def start(self) -> bool:
        """New searches on the board being played, at step 0."""
        self.stop()
        board, goal = self.position()
        try:
            self.race = self.open_comparison(board, goal, self.entrants)
        except PuzzleError as exc:
            self.race = None
            self.say(f"Cannot compare on this board: {exc}.")
            self.sync()
            return False
        self.draw()
        return True

    # ----- handlers ----------------------------------------------------------------------
    def on_add(self, event: Any) -> None:
        if len(self.entrants) < MAX_ENTRANTS:
            picked = self.read_pickers() or self.entrants
            self.entrants = [*picked, Entrant("astar", "linear-conflict")]
            self.draw_pickers()
            self.changed()

    def on_remove(self, event: Any) -> None:
        index = event.target.getAttribute("data-remove")
        if index is None or len(self.entrants) <= MIN_ENTRANTS:
            return
        picked = self.read_pickers() or self.entrants
        del picked[int(index)]
        self.entrants = picked
        self.draw_pickers()
        self.changed()

    def on_pick(self, event: Any) -> None:
        picked = self.read_pickers()
        if picked is None:
            return
        self.entrants = picked
        self.draw_pickers()  # heuristic and weight fields follow the algorithm
        self.changed()

    def on_start(self, event: Any) -> None:
        picked = self.read_pickers()
        if picked is not None:
            self.entrants = picked
            self.changed()
            self.start()

    def on_step(self, event: Any) -> None:
        self.stop()
        if self.race is not None and self.race.step():
            self.draw()

    def on_back(self, event: Any) -> None:
        self.stop()
        if self.race is not None and self.race.back():
            self.draw()

    def on_play(self, event: Any) -> None:
        if self.task is not None:
            self.stop()
            self.draw()
        elif self.race is not None:
            self.task = asyncio.ensure_future(self.play())
            self.sync()

    def on_end(self, event: Any) -> None:
        if self.task is not None:
            self.stop()
            self.draw()
        elif self.race is not None:
            self.task = asyncio.ensure_future(self.run_to_end())
            self.sync()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            if self.built:
                self.sync()

    async def play(self) -> None:
        try:
            while self.race.step():
                self.draw()
                await asyncio.sleep(PLAY_SECONDS)
        finally:
            self.task = None
            self.draw()

    async def run_to_end(self) -> None:
        """Step in slices of about SLICE_SECONDS, yielding to the page after each."""
        race = self.race
        drawn = time.perf_counter()
        try:
            while not race.done:
                until = time.perf_counter() + SLICE_SECONDS
                while time.perf_counter() < until and race.step():
                    pass
                if time.perf_counter() - drawn >= DRAW_SECONDS:
                    self.draw(chart=False)
                    drawn = time.perf_counter()
                await breathe()
        finally:
            self.task = None
            self.draw()

    # ----- drawing -----------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.textContent = text

    def sync(self) -> None:
        """Buttons enabled by what can happen now; Play and Run all to end become Stop."""
        race, busy = self.race, self.task is not None
        ended = race is None or race.done
        self.step_button.disabled = ended
        self.back_button.disabled = race is None or race.step_number == 0
        self.play_button.textContent = "Stop" if busy else "Play"
        self.play_button.disabled = ended and not busy
        self.end_button.textContent = "Stop" if busy else "Run all to end"
        self.end_button.disabled = ended and not busy

    def draw(self, *, chart: bool = True) -> None:
        race = self.race
        # The chart's width is read before anything is written: read after, it would make the
        # browser lay the page out at once, and again for the frame (about 5 ms a step).
        shown = int(self.chart_box.clientWidth or MAX_CHART_WIDTH) if chart else 0
        self.sync()
        if race is None:
            return
        if race.at_limit:
            self.say(
                f"Stopped at step {race.step_number:,}, the limit: every step is kept so that "
                "Back is exact. Solve runs a whole search without that limit."
            )
        elif race.done:
            self.say(f"Every search has ended, the last at step {race.step_number:,}.")
        else:
            self.say(f"Step {race.step_number:,}.")
        self.columns.replaceChildren(*(self._column(i) for i in range(len(race.searches))))
        if chart:
            width = max(MIN_CHART_WIDTH, min(MAX_CHART_WIDTH, shown))
            self.chart_box.innerHTML = charts.render(race.chart(), width)
        self._table()

    def _column(self, i: int) -> Any:
        search, entrant = self.race.searches[i], self.race.entrants[i]
        column = self._el("section", **{"class": "compare-column"})
        column.setAttribute("aria-label", entrant.label)
        column.append(self._el("h3", entrant.label))
        c = search.counters()
        facts = self._el("dl", **{"class": "facts"})
        length = len(search.solution) if search.solution is not None else None
        for term, value in (
            ("Step", f"{c['step']:,}"),
            ("Expanded", f"{c['expanded']:,}"),
            ("Generated", f"{c['generated']:,}"),
            ("Open", f"{c['open']:,}"),
            ("Status", str(c["status"])),
            ("Length", "—" if length is None else f"{length}"),
        ):
            facts.append(self._el("dt", term), self._el("dd", value))
        column.append(facts)
        heads = search.open_list(0, OPEN_SHOWN)
        width = search.board.width
        items = "".join(
            f'<li>{mini_tiles(n.tiles, width)}<span class="vals">f={number(n.f)}</span></li>'
            for n in heads
        )
        more = search.open_size - len(heads)
        box = self._el("div", **{"class": "compare-open"})
        box.append(self._el("h4", "Open list"))
        listing = self._el("ul", **{"class": "entries"})
        listing.innerHTML = items  # numbers and fixed words only
        box.append(listing)
        if more > 0:
            box.append(self._el("p", f"and {more:,} more", **{"class": "more"}))
        column.append(box)
        return column

    def _table(self) -> None:
        race = self.race
        if not race.done:
            self.table_box.replaceChildren()
            return
        table = self._el("table", id="compare-table")
        table.append(self._el("caption", "Results"))
        head, body = self._el("thead"), self._el("tbody")
        row = self._el("tr")
        for name in ("Search", "Expanded", "Generated", "Length", "EBF", "Optimal"):
            row.append(self._el("th", name, scope="col"))
        head.append(row)
        table.append(head, body)
        for standing in race.results():
            r = standing.result
            row = self._el("tr")
            row.append(self._el("th", standing.label, scope="row"))
            ebf = "—" if r.ebf is None else f"{r.ebf:.3f}"
            for text in (
                f"{r.expanded:,}",
                f"{r.generated:,}",
                "—" if r.length is None else str(r.length),
                ebf,
                "yes" if r.optimal else "not proven",
            ):
                row.append(self._el("td", text))
            body.append(row)
        self.table_box.replaceChildren(table)
