"""The Lab view: the papers' experiments (npuzzle.lab) run in the solver worker, shown as a
table and charts beside the published figures.

The form is drawn from ``lab.EXPERIMENTS`` (each option's kind, default, bounds and help), so
the page offers exactly what ``npuzzle lab`` does. Run sends the experiment to the worker,
which plans it and runs it search by search; every ``protocol.POLL_SECONDS`` the view asks
(through the bridge's poller) for the new rows and, at most every ``DRAW_SECONDS``,
summarizes what has arrived (any prefix of the rows makes a table), so the table and charts
fill in as the run goes. Cancel keeps the rows so far.
Charts are SVG text from ``npuzzle.lab.charts`` (which escapes every label); everything else is
built from elements and ``textContent``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from boundary import guarded
from bridge import Bridge
from download import blob, download
from protocol import LabAnswer, LabProgress, Phase, Reply
from pyodide.ffi import create_proxy
from status import loading_text

from npuzzle import PuzzleError, lab
from npuzzle.lab import charts
from npuzzle.teach.link import LabLink

# A link runs its experiment on opening up to this many searches (the book's rn table, 2,400,
# takes about 20 s); a larger one waits for Run, with its size said, so that nobody's tab is
# kept busy for minutes by a link they only opened.
LINK_RUN_SEARCHES = 3_000
DRAW_SECONDS = 1.0  # between redraws of the table and charts while rows arrive
MIN_CHART_WIDTH, MAX_CHART_WIDTH = 300, 720  # pixels


# How the page names options whose command-line names say little on their own.
LABELS = {
    "moves3": "Moves (3x3)",
    "moves4": "Moves (4x4)",
    "moves5": "Moves (5x5)",
    "pdb": "Ours with pattern databases",
    "tie_break": "Tie-break",
    "optimal_boards": "Boards for A* (4x4)",
}


def _label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


class LabView:
    """The Lab section of the page. ``bridge`` is the door to the solver worker; ``changed()``
    is called when the settings change (the page then rewrites its address)."""

    def __init__(
        self,
        document: Any,
        window: Any,
        bridge: Bridge,
        changed: Callable[[], None],
        workers: Callable[[], int] = lambda: 1,
    ) -> None:
        """``workers()``: how many workers may share a run's searches (the Workers setting:
        the solver worker and its helpers)."""
        self.document, self.window = document, window
        self.bridge, self.changed, self.workers = bridge, changed, workers
        get = document.getElementById
        self.form = get("lab-form")
        self.fieldset = get("lab-fieldset")
        self.select = get("lab-experiment")
        self.seed = get("lab-seed")
        self.description = get("lab-description")
        self.options_box = get("lab-options")
        self.cancel_button = get("lab-cancel")
        self.csv_button = get("lab-csv")
        self.status = get("lab-status")
        self.progress = get("lab-progress")
        self.title = get("lab-result-title")
        self.charts_box = get("lab-charts")
        self.table = get("lab-table")
        self.notes = get("lab-notes")
        self.active = False  # the settings belong in the address once the lab is used
        self.building = False  # the option fields are being replaced
        self.shown = "rn"  # the experiment whose option fields the form shows
        self.running = False
        self.cancelling = False
        self.task: asyncio.Future[Any] | None = None
        self.cancel_task: asyncio.Future[Any] | None = None
        self.csv: tuple[str, str] | None = None  # (file name, text) of the last table
        self.proxies: list[Any] = []
        for name, exp in lab.EXPERIMENTS.items():
            option = document.createElement("option")
            option.value = name
            option.textContent = f"{name}: {exp.title}"
            self.select.appendChild(option)
        self.select.value = "rn"
        self.build("rn")
        for target, kind, handler in (
            (self.form, "submit", self.on_run),
            (self.form, "change", self.on_change),
            (self.select, "change", self.on_experiment),
            (self.cancel_button, "click", self.on_cancel),
            (self.csv_button, "click", self.on_csv),
        ):
            proxy = create_proxy(guarded(handler))
            target.addEventListener(kind, proxy)
            self.proxies.append(proxy)
        self.fieldset.disabled = False

    # ----- the form ------------------------------------------------------------------------------
    def build(self, name: str, values: dict[str, Any] | None = None) -> None:
        """The option fields of experiment ``name``, showing ``values`` (else the page's
        defaults)."""
        # A field taken out while it holds an edit fires "change" (Chrome), with the old
        # experiment's fields half gone: that is no change of the user's (issue 35).
        self.building, self.shown = True, name
        try:
            self._fill(name, values)
        finally:
            self.building = False

    def _fill(self, name: str, values: dict[str, Any] | None) -> None:
        doc = self.document
        exp = lab.EXPERIMENTS[name]
        values = {**lab.resolve(name, lab.PAGE_DEFAULTS.get(name)), **(values or {})}
        self.description.textContent = exp.description
        self.options_box.replaceChildren()
        for option in exp.options:
            ident = f"lab-opt-{option.name}"
            value = values[option.name]
            if option.kind == "names":
                box = doc.createElement("fieldset")
                box.className = "names"
                box.id = ident
                legend = doc.createElement("legend")
                legend.textContent = _label(option.name)
                box.appendChild(legend)
                for choice in option.choices:
                    label = doc.createElement("label")
                    check = doc.createElement("input")
                    check.type = "checkbox"
                    check.name = option.name
                    check.value = choice
                    check.checked = choice in value
                    label.append(check, doc.createTextNode(" " + choice))
                    box.appendChild(label)
                box.title = option.help
                self.options_box.appendChild(box)
                continue
            field = doc.createElement("span")
            field.className = "field"
            label = doc.createElement("label")
            label.htmlFor = ident
            label.textContent = _label(option.name)
            if option.kind == "choice":
                control = doc.createElement("select")
                for choice in option.choices:
                    item = doc.createElement("option")
                    item.value = item.textContent = choice
                    control.appendChild(item)
                control.value = value
            elif option.kind == "flag":
                control = doc.createElement("input")
                control.type = "checkbox"
                control.checked = bool(value)
            else:
                control = doc.createElement("input")
                numeric = option.kind in ("int", "float")
                control.type = "number" if numeric else "text"
                control.setAttribute("inputmode", "decimal" if numeric else "text")
                if numeric:  # bounds for the spinner; read() and the worker check them
                    control.step = "1" if option.kind == "int" else "any"
                    low, high = option.minimum, option.maximum
                    if option.name == "max_nodes":
                        low, high = 1, lab.PAGE_MAX_NODES
                    if low is not None:
                        control.min = f"{low:g}"
                    if high is not None:
                        control.max = f"{high:.0f}"
                control.value = option.format(value)
                control.size = 9
                control.spellcheck = False
            control.id = ident
            control.name = option.name
            control.title = option.help
            field.append(label, control)
            self.options_box.appendChild(field)

    def read(self, *, quiet: bool = False) -> dict[str, Any] | None:
        """The options on the form, checked; None when one is bad (with a message and the
        field focused, unless ``quiet``)."""
        exp = lab.EXPERIMENTS[self.shown]
        out: dict[str, Any] = {}
        for option in exp.options:
            box = self.document.getElementById(f"lab-opt-{option.name}")
            if option.kind == "names":
                value: Any = [c.value for c in box.querySelectorAll("input") if c.checked]
            elif option.kind == "flag":
                value = bool(box.checked)
            else:
                value = str(box.value)
            try:
                out[option.name] = option.parse(value)
            except PuzzleError as exc:
                if not quiet:  # the lab's messages name the command line's flag
                    self.say(f"{_label(option.name)}: {str(exc).replace(option.flag + ' ', '')}.")
                    box.focus()
                return None
        try:  # options fine one by one may not go together, or plan too many searches
            return lab.resolve(exp.name, out)
        except PuzzleError as exc:
            if not quiet:
                self.say(f"Cannot run {exp.name}: {_labelled(exp, str(exc))}.")
            return None

    def read_seed(self, *, quiet: bool = False) -> str | None:
        seed = str(self.seed.value).strip() or str(lab.DEFAULT_SEED)
        if LabLink.valid_seed(seed):
            return seed
        if not quiet:
            self.say("Seed: use 1 to 40 letters, digits, '.', '_' or '-'.")
            self.seed.focus()
        return None

    def link(self) -> LabLink | None:
        """The settings for the share link (None until the lab is used, or if one is bad)."""
        if not self.active:
            return None
        options, seed = self.read(quiet=True), self.read_seed(quiet=True)
        if options is None or seed is None:
            return None
        return LabLink(self.shown, options, seed)

    def apply(self, link: LabLink, *, run: bool) -> None:
        """Show a link's experiment (and run it when ``run``; not while one is running)."""
        if self.running:
            return
        self.active = True
        self.select.value = link.experiment
        self.build(link.experiment, link.options)
        self.seed.value = link.seed
        count = lab.EXPERIMENTS[link.experiment].searches(link.options)
        if run and count <= LINK_RUN_SEARCHES:
            self.start()
        elif run:
            self.say(
                f"This link asks for {count:,} searches (links start at most "
                f"{LINK_RUN_SEARCHES:,} by themselves): press Run to run them."
            )
        else:
            self.say("Press Run to run this experiment.")

    def on_experiment(self, event: Any) -> None:
        self.build(self.select.value)  # the form's change handler follows

    def on_change(self, event: Any) -> None:
        if self.building:
            return
        self.active = True
        self.changed()

    # ----- running -------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.status.textContent = text

    def on_run(self, event: Any) -> None:
        event.preventDefault()
        if not self.running:
            self.active = True
            self.changed()
            self.start()

    def start(self) -> None:
        options, seed = self.read(), self.read_seed()
        if options is None or seed is None:
            return
        self.task = asyncio.ensure_future(self.run(self.shown, options, seed))

    def on_cancel(self, event: Any) -> None:
        if self.running:
            self.cancelling = True
            self.say("Cancelling...")
            self.cancel_task = asyncio.ensure_future(self.cancel())

    async def cancel(self) -> None:
        await self.bridge.cancel()

    def set_running(self, on: bool) -> None:
        self.running = on
        self.cancelling = False
        self.fieldset.disabled = on
        self.cancel_button.hidden = not on
        self.progress.hidden = not on
        self.document.body.dataset.labRunning = "true" if on else "false"

    async def run(self, name: str, options: dict[str, Any], seed: str) -> None:
        request = self.bridge.lab_request(name, options, seed, self.workers())
        rows: list[dict[str, Any]] = []
        self.set_running(True)
        self.say("Waiting for the solver...")
        self.progress.removeAttribute("value")
        began = time.monotonic()
        drawn = 0.0
        shown = 0

        def report(p: LabProgress) -> None:
            nonlocal drawn, shown
            rows.extend(json.loads(p.get("rows") or "[]"))
            if self.cancelling:  # again: Cancel may have come before the run began
                self.cancel_task = asyncio.ensure_future(self.cancel())
                return
            self.show_progress(p, len(rows), time.monotonic() - began)
            now = time.monotonic()
            if len(rows) > shown and now - drawn >= DRAW_SECONDS:
                self.draw(name, rows, options, seed, final=False)
                shown, drawn = len(rows), time.monotonic()

        answer: LabAnswer
        try:
            await self.bridge.worker()
            self.say(f"Planning {name}...")
            call = self.bridge.lab_run(request)
            answer = await self.bridge.follow(
                call, report, lambda: self.bridge.lab_progress(len(rows))
            )
        except Exception as exc:  # the worker failed: say so, keep what arrived
            answer = {
                "status": Reply.ERROR,
                "reason": f"the solver worker failed: {exc}",
                "rows": "",
            }
        finally:
            self.set_running(False)
        status = answer.get("status")
        if answer.get("rows"):
            rows = json.loads(answer["rows"])
        took = time.monotonic() - began
        if status == Reply.ERROR and not rows:
            reason = _labelled(lab.EXPERIMENTS[name], str(answer.get("reason") or "unknown error"))
            self.say(f"Cannot run {name}: {reason}.")
            return
        self.draw(name, rows, options, seed, final=True)
        if status == Reply.DONE:
            self.say(f"Done: {name}, {len(rows):,} searches in {took:.1f} s.")
        elif status == Reply.CANCELLED:
            self.say(
                f"Cancelled after {len(rows):,} searches ({took:.1f} s): the table covers them."
            )
        else:
            self.say(f"Stopped after {len(rows):,} searches: {answer.get('reason', '')}.")

    def show_progress(self, p: LabProgress, done: int, seconds: float) -> None:
        if not p.get("running"):  # answered after the run ended (or was refused)
            return
        if p.get("phase") == Phase.LOADING:
            got, total = int(p.get("loaded") or 0), int(p.get("total") or 0)
            if total:
                self.progress.max, self.progress.value = total, min(got, total)
            self.say(loading_text(got, total, None))
            return
        jobs = int(p.get("jobs") or 0)
        if not jobs:
            return
        self.progress.max, self.progress.value = jobs, done
        left = ""
        if done:
            rest = seconds / done * (jobs - done)
            left = f", about {rest:.0f} s left" if rest >= 1 else ""
        current, workers = int(p.get("expanded") or 0), int(p.get("workers") or 1)
        these = f"the searches under way ({workers} workers)" if workers > 1 else "this search"
        now = f"; {these}: {current:,} nodes expanded" if current >= 10_000 else ""
        self.say(f"Running: {done:,} of {jobs:,} searches{left}{now}.")

    # ----- results -------------------------------------------------------------------------------
    def draw(
        self, name: str, rows: list[dict[str, Any]], options: dict[str, Any], seed: str, *,
        final: bool,
    ) -> None:  # fmt: skip
        """Summarize ``rows`` and draw the table, notes and charts."""
        doc = self.document
        result = lab.summarize(name, rows, options, seed)
        self.title.textContent = f"{name}: {result.title} (seed {seed})"
        self.title.hidden = False
        self.charts_box.replaceChildren()
        # drawn at the width they are shown at, so their text stays readable on a phone
        width = max(MIN_CHART_WIDTH, min(MAX_CHART_WIDTH, int(self.charts_box.clientWidth or 0)))
        for chart in result.charts():
            figure = doc.createElement("figure")
            figure.className = "chart-box"
            caption = doc.createElement("figcaption")
            caption.textContent = chart["title"]
            figure.innerHTML = charts.render(chart, width, heading=False)  # labels escaped
            figure.prepend(caption)
            self.charts_box.appendChild(figure)
        head = doc.createElement("thead")
        line = doc.createElement("tr")
        for column in result.columns:
            th = doc.createElement("th")
            th.scope = "col"
            th.textContent = column.replace("_", " ")
            if column.startswith("published"):
                th.className = "published"
            line.appendChild(th)
        head.appendChild(line)
        body = doc.createElement("tbody")
        for row in result.rows:
            line = doc.createElement("tr")
            for column in result.columns:
                td = doc.createElement("td")
                value = row.get(column)
                td.textContent = lab.cell_text(value)
                classes = []
                if column.startswith("published"):
                    classes.append("published")
                if isinstance(value, int | float) and not isinstance(value, bool):
                    classes.append("number")
                td.className = " ".join(classes)
                line.appendChild(td)
            body.appendChild(line)
        self.table.replaceChildren(head, body)
        self.notes.replaceChildren()
        for note in result.notes:
            item = doc.createElement("li")
            item.textContent = note
            self.notes.appendChild(item)
        self.table.dataset.rows = str(len(result.rows))
        self.table.dataset.searches = str(len(rows))
        if final:
            self.csv = (f"npuzzle-lab-{name}-seed-{seed}.csv", result.to_csv())
            self.csv_button.disabled = False

    def on_csv(self, event: Any) -> None:
        """Download the last table as a CSV file (made in the page: no request)."""
        if self.csv is None:
            return
        filename, text = self.csv
        download(self.window, blob(self.window, text, "text/csv"), filename)


def _labelled(exp: lab.Experiment, message: str) -> str:
    """A lab message in the page's words: the options' labels, not their flags."""
    for option in exp.options:
        message = message.replace(option.flag, _label(option.name))
    return message
