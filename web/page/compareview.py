"""The Compare view: two to four searches on the board being played, stepped in lockstep.

Each search has a column with its counters and the head of its open list; one Step, Back,
Play and "Run all to end" drive all of them to the same step number; a chart draws nodes
expanded and generated against the step number (a log scale, its legend in HTML that wraps),
and once every search has ended a table gives each one's figures (on a narrow screen, one card
per search: style.css). A changed setting applies at once: the comparison starts again, so
Step never steps searches the pickers no longer show. Every comparison reaches its end (past
the recorded steps the searches run on without records: the status line says so).

The searches run in the solver worker (web/worker/comparing.py, reached through the bridge's
``compare_*`` methods): this view only draws what the worker answers, the chart included (SVG
text rendered there at the width read here). The worker is asked one call at a time, in the
order of the presses (a lock); Run all to end asks for slices of ``SLICE_SECONDS`` one after
another, so the page's main thread does no search at all, and Stop simply stops asking. Its
DOM is built here inside ``<section id="compare">``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from functools import partial
from html import escape
from typing import Any

from boundary import guarded
from bridge import Bridge
from controls import offer_yours, pass_focus
from protocol import DEFAULT_HEURISTIC, NO_CHART, Phase, Progress, Reply, View
from pyodide.ffi import create_proxy
from status import loading_text
from stepper import mini_tiles

from npuzzle import ALGORITHMS, HEURISTICS, Algorithm, Board, PuzzleError
from npuzzle.heuristics import YOURS
from npuzzle.teach.entrants import (
    DEFAULT_ENTRANTS,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    Entrant,
    parse_entrants,
)
from npuzzle.teach.explain import TIE_TITLES, number

SLICE_SECONDS = 0.04  # of stepping in the worker per call of Run all to end
DRAW_SECONDS = 0.25  # between redraws while running to the end
PLAY_SECONDS = 0.3  # between steps while playing
WAITING = "Compare waits for the solver: it starts by itself once ready."
NEXT_FOCUS = {
    "compare-step": ("compare-back", "compare-start"),
    "compare-play": ("compare-back", "compare-start"),
    "compare-end": ("compare-back", "compare-start"),
    "compare-back": ("compare-step", "compare-start"),
}


def legend_html(entries: list[dict[str, Any]]) -> str:
    """The chart's legend in HTML, which wraps (drawn in the SVG, it was cut on a phone): one
    item per series, its line solid (expanded) or dashed (generated) in the series' colour."""
    items = "".join(
        f'<li class="{escape(str(e["class"]))}"><span class="swatch '
        f'{"dashed" if e["dashed"] else "solid"}" aria-hidden="true"></span>'
        f"<span>{escape(str(e['name']))}</span></li>"
        for e in entries
    )
    return f'<ul class="chart chart-legend" aria-label="Legend">{items}</ul>'


class CompareView:
    """The Compare section. ``position()`` gives the board being played and its goal;
    ``bridge`` is the page's door to the worker (its ``compare_*`` and ``progress``);
    ``changed()`` is called when the compared searches change (the address is rewritten)."""

    def __init__(
        self,
        document: Any,
        position: Callable[[], tuple[Board, Board]],
        bridge: Bridge,
        changed: Callable[[], None],
    ) -> None:
        self.document = document
        self.yours_title: str | None = None  # the heuristic of yours, once checked
        self.position, self.bridge, self.changed = position, bridge, changed
        self.section = document.getElementById("compare")
        self.race: View | None = None  # the worker's last view of the comparison shown
        self.entrants = parse_entrants(DEFAULT_ENTRANTS)
        self.task: asyncio.Future[Any] | None = None  # Play or Run all to end
        self.stopping = False  # Stop pressed, the searches not yet drawn where they stopped
        self.asked: set[asyncio.Future[Any]] = set()  # presses sent or waiting their turn
        self.turn = asyncio.Lock()  # one call to the worker at a time, in the order asked
        self.epoch = 0  # a new comparison (or none) since: older presses are dropped
        self.proxies: list[Any] = []
        self.built = False  # the section's contents exist only while it is open, so that
        # its Algorithm and Heuristic fields never stand beside the page's own unseen

    # ----- building ----------------------------------------------------------------------
    def _el(self, tag: str, text: str = "", **attrs: str) -> Any:
        el = self.document.createElement(tag)
        if text:
            el.textContent = text
        for name, value in attrs.items():
            el.setAttribute(name.replace("_", "-"), value)
        return el

    def _on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(guarded(handler))
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

    def offer_yours(self, title: str | None) -> None:
        """Offer the heuristic of yours in each search's Heuristic menu (None: no longer)."""
        self.yours_title = title
        if title is None:  # the searches with it fall back to the default heuristic
            self.entrants = [
                replace(e, heuristic=DEFAULT_HEURISTIC) if e.heuristic == YOURS else e
                for e in self.entrants
            ]
        if self.built:
            self.draw_pickers()

    def draw_pickers(self) -> None:
        """One row per search: algorithm, heuristic, weight, tie-break, and Remove."""
        self.rows.replaceChildren()
        for i, entrant in enumerate(self.entrants):
            row = self._el("fieldset", **{"class": "compare-entrant"})
            row.append(self._el("legend", f"Search {i + 1}"))
            algorithm = self._select(f"compare-algorithm-{i}", "Algorithm", ALGORITHMS, row)
            algorithm.value = entrant.algorithm
            heuristic = self._select(f"compare-heuristic-{i}", "Heuristic", HEURISTICS, row)
            offer_yours(self.document, heuristic, self.yours_title)
            heuristic.value = (
                entrant.heuristic if entrant.heuristic != "zero" else DEFAULT_HEURISTIC
            )
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
            if info.breaks_ties:  # the same search with two tie rules: a lesson of its own
                label = self._el("label", "Tie-break", **{"for": f"compare-tie-{i}"})
                tie = self._el("select", id=f"compare-tie-{i}")
                for rule, title in TIE_TITLES.items():
                    option = self._el("option", title)
                    option.value = str(rule)
                    tie.append(option)
                tie.value = str(entrant.tie_break)
                row.append(label, tie)
            remove = self._el("button", "Remove", type="button")
            remove.setAttribute("data-remove", str(i))
            remove.setAttribute("aria-label", f"Remove search {i + 1}")
            remove.disabled = len(self.entrants) <= MIN_ENTRANTS
            row.append(remove)
            self.rows.append(row)
        self.add_button.disabled = len(self.entrants) >= MAX_ENTRANTS

    def _select(
        self,
        ident: str,
        text: str,
        choices: Mapping[Algorithm, Any] | Mapping[str, Any],
        row: Any,
    ) -> Any:
        label = self._el("label", text, **{"for": ident})
        select = self._el("select", id=ident)
        for name, item in choices.items():
            option = self._el("option", getattr(item, "title", None) or item.info.title)
            option.value = str(name)
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
            tie = get(f"compare-tie-{i}")
            if tie and ALGORITHMS[get(f"compare-algorithm-{i}").value].breaks_ties:
                text += f":{tie.value}"
            try:
                out.append(Entrant.parse(text))
            except PuzzleError as exc:
                self.say(f"Search {i + 1}: {exc}.")
                return None
        return out

    def enable(self) -> None:
        """Nothing to enable: the view is built when the Compare mode is first shown."""

    @property
    def shown(self) -> bool:
        return not self.section.hidden

    def link(self) -> list[Entrant] | None:
        """What the share link carries: the searches, while the view is open."""
        return list(self.entrants) if self.shown else None

    def show(self, entrants: list[Entrant] | None = None) -> None:
        """Open the view (with these searches, from a link) and start them."""
        self.section.hidden = False
        if entrants:
            self.entrants = list(entrants)
        if self.built:
            self.draw_pickers()
        else:
            self._build()
        self.start()

    def hide(self) -> None:
        self.stop()
        self.stopping = False
        self.section.hidden = True
        self.race = None
        self.epoch += 1
        self.section.replaceChildren()
        self.built = False
        self.ask(self.bridge.compare_close, lambda answer: None)  # its memory goes

    def board_changed(self) -> None:
        """A new board is being played: an open comparison starts again on it."""
        if self.shown:
            self.start()

    def start(self) -> None:
        """New searches on the board being played, at step 0 (once the worker has them)."""
        width = self.chart_shown()
        self.stop()
        self.stopping = False
        self.epoch += 1
        self.race = None
        self.sync()
        board, goal, entrants = *self.position(), list(self.entrants)
        self.ask(
            lambda: self.opened(self.bridge.compare_open(board, goal, entrants, width)),
            self.show_opened,
        )

    async def opened(self, call: Awaitable[View]) -> View:
        """The worker's answer to an open; the status line says what it waits for meanwhile:
        the pattern databases loading (the worker's ``progress()``), or the solver itself
        (still starting, or too busy to answer)."""
        epoch = self.epoch

        def waiting() -> bool:
            """Still waiting for this comparison: the last one's columns, chart and table
            go meanwhile."""
            if epoch != self.epoch:
                return False
            self.columns.replaceChildren()
            self.chart_box.replaceChildren()
            self.table_box.replaceChildren()
            return True

        def report(progress: Progress) -> None:
            if waiting() and progress.get("phase") == Phase.LOADING:
                got, total = int(progress.get("loaded") or 0), int(progress.get("total") or 0)
                self.say(loading_text(got, total))

        def silent() -> None:
            if waiting():
                self.say(WAITING)

        return await self.bridge.follow(call, report, silent=silent)

    def show_opened(self, answer: View) -> None:
        if answer.get("status") != Reply.OK:
            self.race = None
            self.say(f"Cannot compare on this board: {answer.get('reason')}.")
            self.sync()
        else:
            self.draw(answer)

    # ----- handlers ----------------------------------------------------------------------
    def on_add(self, event: Any) -> None:
        if len(self.entrants) < MAX_ENTRANTS:
            picked = self.read_pickers() or self.entrants
            self.entrants = [*picked, Entrant(Algorithm.ASTAR, "linear-conflict")]
            self.draw_pickers()
            self.changed()
            self.start()

    def on_remove(self, event: Any) -> None:
        index = event.target.getAttribute("data-remove")
        if index is None or len(self.entrants) <= MIN_ENTRANTS:
            return
        picked = self.read_pickers() or self.entrants
        del picked[int(index)]
        self.entrants = picked
        self.draw_pickers()
        self.changed()
        self.start()

    def on_pick(self, event: Any) -> None:
        """A setting changed: it applies at once, the comparison starting again (its searches
        in lockstep: one column alone cannot start again at step 0)."""
        picked = self.read_pickers()
        if picked is None:
            return
        self.entrants = picked
        self.draw_pickers()  # heuristic and weight fields follow the algorithm
        self.changed()
        focus = getattr(event.target, "id", "")
        if focus:  # the pickers were drawn anew: the keyboard stays where it was
            again = self.document.getElementById(focus)
            if again:
                again.focus()
        self.start()

    def on_start(self, event: Any) -> None:
        picked = self.read_pickers()
        if picked is not None:
            self.entrants = picked
            self.changed()
            self.start()

    def on_step(self, event: Any) -> None:
        width = self.chart_shown()
        self.stop()
        self.ask(lambda: self.bridge.compare_step(width), self.draw_moved)

    def on_back(self, event: Any) -> None:
        width = self.chart_shown()
        self.stop()
        self.ask(lambda: self.bridge.compare_back(width), self.draw_moved)

    def on_play(self, event: Any) -> None:
        self.play_or_stop(self.play)

    def on_end(self, event: Any) -> None:
        self.play_or_stop(self.run_to_end)

    def play_or_stop(self, job: Callable[[], Awaitable[None]]) -> None:
        if self.stopping:
            return  # pressed Stop again: it is stopping
        if self.task is not None:
            # The button reads Stop until the searches are drawn where they stopped.
            width = self.chart_shown()
            self.stopping = True
            self.stop()
            self.ask(lambda: self.stopped(self.bridge.compare_view(width)), self.draw)
        elif self.race is not None:
            self.task = asyncio.ensure_future(job())
            self.sync()

    def stop(self) -> None:
        """Play or Run all to end stops asking the worker (its call under way is answered,
        and dropped)."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
            if self.built:
                self.sync()

    async def stopped(self, call: Awaitable[View]) -> View:
        try:
            return await call
        finally:
            self.stopping = False
            if self.built:
                self.sync()

    # ----- asking the worker -------------------------------------------------------------
    def ask(self, call: Callable[[], Awaitable[View]], then: Callable[[View], None]) -> None:
        """Ask the worker ``call()`` after every call asked before, and ``then`` draw its
        answer (unless another comparison has been started meanwhile)."""
        future = asyncio.ensure_future(self.turn_of(call, then, self.epoch))
        self.asked.add(future)
        future.add_done_callback(self.asked.discard)

    async def turn_of(
        self, call: Callable[[], Awaitable[View]], then: Callable[[View], None], epoch: int
    ) -> View | None:
        """``call()`` in its turn; its answer drawn by ``then``; None if it came too late."""
        async with self.turn:
            if epoch != self.epoch:
                return None
            try:
                # shielded: a Stop drops the answer, never a call half made
                answer = await asyncio.shield(call())
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the worker failed or was terminated: say so
                if epoch == self.epoch and self.built:
                    self.say(f"Compare: the solver did not answer ({exc}).")
                return None
            if epoch != self.epoch or not self.built:
                return None
            then(answer)
            return answer

    async def play(self) -> None:
        epoch = self.epoch
        try:
            while True:
                step = partial(self.bridge.compare_step, self.chart_shown())
                answer = await self.turn_of(step, self.draw_moved, epoch)
                if answer is None or not answer.get("moved") or answer.get("done"):
                    break
                await asyncio.sleep(PLAY_SECONDS)
        finally:
            self.finish()

    async def run_to_end(self) -> None:
        """Ask for slices of SLICE_SECONDS until every search has ended, redrawing (without
        the chart) every DRAW_SECONDS; the chart once at the end."""
        epoch, drawn = self.epoch, time.perf_counter()
        try:
            while True:
                answer = await self.turn_of(
                    lambda: self.bridge.compare_run(SLICE_SECONDS), self.said_error, epoch
                )
                if answer is None or answer.get("status") != Reply.OK or answer.get("done"):
                    break
                if time.perf_counter() - drawn >= DRAW_SECONDS:
                    await self.turn_of(lambda: self.bridge.compare_view(NO_CHART), self.draw, epoch)
                    drawn = time.perf_counter()
            width = self.chart_shown()
            await self.turn_of(lambda: self.bridge.compare_view(width), self.draw_last, epoch)
        finally:
            self.finish()

    def draw_last(self, race: View) -> None:
        """The end of a run, drawn with Run all to end back on its button."""
        self.finish()
        self.draw(race)

    def finish(self) -> None:
        """Play or Run all to end has ended (by itself, or stopped)."""
        if self.task is asyncio.current_task():
            self.task = None
            if self.built:
                self.sync()

    # ----- drawing -----------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.textContent = text

    def said_error(self, answer: View) -> None:
        if answer.get("status") != Reply.OK:
            self.say(f"Compare: {answer.get('reason')}.")

    def chart_shown(self) -> int:
        """The chart box's width in pixels (0 before it is laid out), read before anything
        is written: read after, it would make the browser lay the page out at once."""
        return int(self.chart_box.clientWidth or 0) if self.built else 0

    def sync(self) -> None:
        """Buttons enabled by what can happen now; Play and Run all to end become Stop."""
        race, busy = self.race, self.task is not None or self.stopping
        ended = race is None or bool(race["done"])
        active = self.document.activeElement  # null (falsy) when none
        self.step_button.disabled = ended
        self.back_button.disabled = race is None or race["step"] == 0
        self.play_button.textContent = "Stop" if busy else "Play"
        self.play_button.disabled = ended and not busy
        self.end_button.textContent = "Stop" if busy else "Run all to end"
        self.end_button.disabled = ended and not busy
        # The button pressed disabled itself (at the end, or Back at step 0): the focus goes
        # on to the one a keyboard user wants next, never to the page.
        if active and str(active.id) in NEXT_FOCUS and active.disabled:
            pass_focus(self.document, NEXT_FOCUS[str(active.id)])

    def draw_moved(self, answer: View) -> None:
        """A Step's or Back's answer: drawn if it moved (or was refused: said)."""
        if answer.get("status") != Reply.OK:
            self.said_error(answer)
        elif answer.get("moved"):
            self.draw(answer)

    def draw(self, race: View) -> None:
        if race.get("status") != Reply.OK:
            self.said_error(race)
            return
        self.race = race
        self.sync()
        self.say(str(race["sentence"]))
        width = int(race["width"])
        self.columns.replaceChildren(
            *(self._column(c, width, race.get("records_end")) for c in race["columns"])
        )
        if race.get("chart") is not None:
            # the package's SVG (numbers and names), then its legend
            self.chart_box.innerHTML = race["chart"] + legend_html(race.get("legend") or [])
        self._table(race["results"])

    def _column(self, c: dict[str, Any], width: int, records_end: int | None) -> Any:
        column = self._el("section", **{"class": "compare-column"})
        column.setAttribute("aria-label", c["label"])
        column.append(self._el("h3", c["label"]))
        facts = self._el("dl", **{"class": "facts"})
        length = c["length"]
        for term, value in (
            ("Step", f"{c['step']:,}"),
            ("Expanded", f"{c['expanded']:,}"),
            ("Generated", f"{c['generated']:,}"),
            ("Open", f"{c['open']:,}"),
            ("Status", str(c["status"])),
            ("Length", "—" if length is None else f"{length}"),
        ):
            facts.append(self._el("dt", term), self._el("dd", value))
        if records_end is not None and not c["recorded"]:
            facts.append(self._el("dt", "Records"), self._el("dd", f"to step {records_end:,}"))
        column.append(facts)
        items = "".join(
            f"<li>{mini_tiles(tuple(h['tiles']), width)}"
            f'<span class="vals">f={number(h["f"])}</span></li>'
            for h in c["heads"]
        )
        box = self._el("div", **{"class": "compare-open"})
        box.append(self._el("h4", "Open list"))
        listing = self._el("ul", **{"class": "entries"})
        listing.innerHTML = items  # numbers and fixed words only
        box.append(listing)
        if c["more"] > 0:
            box.append(self._el("p", f"and {c['more']:,} more", **{"class": "more"}))
        column.append(box)
        return column

    def _table(self, rows: list[dict[str, Any]]) -> None:
        if not rows:
            self.table_box.replaceChildren()
            return
        table = self._el("table", id="compare-table")
        table.append(self._el("caption", "Results"))
        head, body = self._el("thead"), self._el("tbody")
        row = self._el("tr")
        names = ("Search", "Expanded", "Generated", "Length", "EBF", "Optimal")
        for name in names:
            row.append(self._el("th", name, scope="col"))
        head.append(row)
        table.append(head, body)
        for r in rows:
            row = self._el("tr")
            row.append(self._el("th", r["label"], scope="row"))
            ebf = "—" if r["ebf"] is None else f"{r['ebf']:.3f}"
            for name, text in zip(
                names[1:],
                (
                    f"{r['expanded']:,}",
                    f"{r['generated']:,}",
                    "—" if r["length"] is None else str(r["length"]),
                    ebf,
                    "yes" if r["optimal"] else "not proven",
                ),
                strict=True,
            ):
                # the name again, for the card each row becomes on a narrow screen
                row.append(self._el("td", text, data_label=name))
            body.append(row)
        self.table_box.replaceChildren(table)
