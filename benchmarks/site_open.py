"""How fast the page opens in headless Chromium, cold and warm: the figures of issue 14.

Each cold load is a freshly launched browser (empty cache); each warm load follows it in the
same browser (the HTTP cache and Cache Storage kept). For every load, from navigation:

- first paint (``first-contentful-paint``);
- ``data-playable``: the grid drawn and taking moves (``<body data-playable="true">``);
- ``data-ready``: everything on the main thread works;
- ``data-worker-ready``: the solver worker has answered (Solve usable);
- every main-thread long task (over 50 ms, PerformanceObserver ``longtask``) that ends after
  ``data-playable``: when it began, from ``data-playable``, and how long it took; the longest
  is the longest time a move waits once the grid takes them (issue 33's target: 200 ms);
  and every gap over 50 ms in a chain of 0 ms timers after ``data-playable`` (Chromium gives
  no long-task entry for some tasks: Pyodide's start, at times, when its compile ends);
- bytes transferred (every response's headers and body, the worker's included);
- with ``--moves``: how fast moves are answered while the page loads: from ``data-playable``
  to ``data-worker-ready`` an arrow key is pressed every 250 ms (Down and Up in turn: the
  board's gap is in its bottom row), and each key's delay from the key event to the grid's
  new tiles is kept (median and longest per load);
- memory: the resident memory (RSS) of the browser's renderer processes once the worker is
  ready, again after loading the 4x4 pattern databases (``--tables``: a Solve of a 4x4
  with ``pdb`` through ``window.npuzzleSolve``), and once the visualizer has stepped that
  board with the same tables (a link with ``step=1``).

Medians and extremes over ``--runs`` (default 3). ``--visits 3`` (or more) loads the page a
third time in the same browser, and so on.

A visit stays open ``--dwell`` seconds (default 3) once the worker is ready, as a person looks
at the board, before the next one opens: meanwhile the service worker, registered once the
page has loaded, installs the offline copy (it hashes every file it keeps), and Chromium
writes its cache of compiled WebAssembly. A next visit opened at once (``--dwell 0``, as this
script did before) competes with that work: about 0.8 s later on this machine.

The site is served as ``build.py serve`` serves it: cached for ``--max-age`` seconds (600,
as GitHub Pages does); ``--max-age 0`` makes the browser ask for every file again, as
``build.py serve`` did before (``no-cache``): Chromium then reuses none of its compiled code.

    .venv/bin/python benchmarks/site_open.py [--runs N] [--visits N] [--dwell S] [--tables]
                                             [--moves] [--no-service-worker] [--max-age S]
                                             [--dist DIR] [--chromium PATH]

Builds the site into a temporary folder unless ``--dist`` names a built one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
from sitekit import CHROMIUM_ARGS, served  # noqa: E402

from buildsite import assemble, serve  # noqa: E402

TIMEOUT_MS = 180_000
MARKS = ("playable", "ready", "workerReady")
# A 4x4 board, blank-first goal: a Solve with pdb loads the usual tables (about 5 MB).
TABLES_REQUEST = {
    "board": "0,1,9,7/11,13,5,3/14,12,4,2/8,6,10,15",
    "goal": "blank-first",
    "algorithm": "idastar",
    "heuristic": "pdb",
    "weight": 1,
}
# The visualizer on that board and those tables: step 1 (IDA* with pattern databases).
STEP_LINK = (
    f"#board={TABLES_REQUEST['board']}&goal=blank-first&algorithm=idastar&heuristic=pdb&step=1"
)
# When each mark was set, read from the page: body attributes are watched from the start.
WATCH_MARKS = """() => {
  window.__marks = {};
  const seen = () => {
    for (const [name, value] of Object.entries(document.body?.dataset ?? {})) {
      if (value === "true" && !(name in window.__marks)) window.__marks[name] = performance.now();
    }
  };
  new MutationObserver(seen).observe(document.documentElement,
    { attributes: true, subtree: true, attributeFilter: ["data-playable", "data-ready",
      "data-worker-ready"] });
  seen();
  // The main thread's long tasks (over 50 ms), when they began and how long they took.
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const t of list.getEntries()) window.__tasks.push([t.startTime, t.duration]);
  }).observe({ type: "longtask", buffered: true });
  // The main thread's stalls as a chain of 0 ms timers sees them: each gap over 50 ms
  // between two of them (when it began, how long). A task Chromium reports no long-task
  // entry for (the end of Pyodide's WebAssembly compile, at times) is seen here too.
  window.__gaps = [];
  let last = performance.now();
  const beat = () => {
    const now = performance.now();
    if (now - last > 50) window.__gaps.push([last, now - last]);
    last = now;
    if (!window.__stopBeat) setTimeout(beat, 0);
  };
  setTimeout(beat, 0);
  // A key's delay: from its event's time stamp to the grid's tiles changing.
  window.__delays = [];
  document.addEventListener("keydown", (e) => { window.__key = e.timeStamp; }, true);
  new MutationObserver(() => {
    if (window.__key != null) window.__delays.push(performance.now() - window.__key);
    window.__key = null;
  }).observe(document.documentElement,
    { attributes: true, subtree: true, attributeFilter: ["data-tiles"] });
}"""
# A shared link, as users open them; its gap is in the bottom row, so that the arrow keys
# Down and Up, in turn, always move a tile (each undoes the other).
LINK = "#board=8,6,7/2,5,4/3,0,1&algorithm=astar&heuristic=manhattan"
MOVE_KEYS = ("ArrowDown", "ArrowUp")


def renderer_rss(profile: str) -> float:
    """MB of resident memory of the renderer processes (the page and its workers) of the
    browser whose profile folder is ``profile`` (a zygote's children set their command line
    as one string, so it is searched as bytes)."""
    mark = f"--user-data-dir={profile}".encode()
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline or mark not in cmdline:
                continue
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


@contextmanager
def browser_at(chromium: str, service_worker: bool) -> Iterator[tuple[Browser, str]]:
    """A fresh browser and the profile folder that tells its processes apart; without
    ``service_worker``, service workers are blocked (what the offline copy costs)."""
    with tempfile.TemporaryDirectory(prefix="npuzzle-open-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            args=CHROMIUM_ARGS,
            headless=True,
            service_workers="allow" if service_worker else "block",
        )
        try:
            yield context, profile  # type: ignore[misc]
        finally:
            context.close()


def press_while_loading(page: Page) -> None:
    """From data-playable to data-worker-ready, an arrow key every 250 ms."""
    page.wait_for_selector('body[data-playable="true"]', state="attached", timeout=TIMEOUT_MS)
    pressed = 0
    while page.evaluate("document.body.dataset.workerReady") != "true":
        page.keyboard.press(MOVE_KEYS[pressed % 2])
        pressed += 1
        page.wait_for_timeout(250)


def load(page: Page, url: str, moves: bool = False) -> dict[str, Any]:
    """Navigate and wait for the worker; the marks (ms from navigation) and bytes."""
    sizes: list[int] = []

    def count(request: Any) -> None:
        try:
            s = request.sizes()
            # -1 where nothing came from the network (the service worker's or HTTP cache)
            sizes.append(max(0, s["responseHeadersSize"]) + max(0, s["responseBodySize"]))
        except Exception:  # a request the browser dropped has no sizes
            pass

    page.on("requestfinished", count)
    page.add_init_script(
        f"document.addEventListener('readystatechange', {WATCH_MARKS}, {{once: true}})"
    )
    page.goto(url + LINK)
    if moves:
        press_while_loading(page)
    page.wait_for_selector('body[data-worker-ready="true"]', state="attached", timeout=TIMEOUT_MS)
    page.wait_for_timeout(300)  # the last responses counted
    marks = page.evaluate("window.__marks")
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
    )
    delays = page.evaluate("window.__delays")
    playable = marks.get("playable") or 0
    # Each long task that ends after data-playable: (start from data-playable, duration).
    after = [(start - playable, d) for start, d in page.evaluate("window.__tasks")]
    after = [(start, d) for start, d in after if start + d > 0]
    gaps = [(start - playable, d) for start, d in page.evaluate("window.__gaps")]
    gaps = [(start, d) for start, d in gaps if start + d > 0]
    page.evaluate("window.__stopBeat = true")
    page.remove_listener("requestfinished", count)
    return {
        "paint": paint,
        "delays": delays if moves else None,
        "tasks": after,
        "gaps": gaps,
        # The longest a 0 ms timer waited once the grid took moves.
        "gap": max([min(d, start + d) for start, d in gaps], default=0),
        # The longest time the main thread could not answer a move once the grid took them
        # (of a task that began before data-playable, the part after it).
        "stall": max([min(d, start + d) for start, d in after], default=0),
        **{name: marks.get(name) for name in MARKS},
        "bytes": sum(sizes),
    }


def visit_names(visits: int) -> list[str]:
    """cold, warm (the second visit), then "visit 3" and on."""
    return ["cold", "warm", *(f"visit {n}" for n in range(3, visits + 1))][: max(1, visits)]


def run_once(
    url: str,
    chromium: str,
    *,
    tables: bool,
    moves: bool,
    service_worker: bool,
    visits: int,
    dwell: float,
) -> list[dict[str, Any]]:
    """A cold load, then warm ones in the same browser (``visits`` in all)."""
    out = []
    with browser_at(chromium, service_worker) as (context, profile):
        for kind in visit_names(visits):
            page = context.new_page()  # type: ignore[attr-defined]
            figures = load(page, url, moves)
            figures["kind"] = kind
            figures["rss"] = renderer_rss(profile)
            if tables and kind == "cold":
                start = time.perf_counter()
                answer = page.evaluate("(r) => window.npuzzleSolve(r)", TABLES_REQUEST)
                figures["tables_s"] = time.perf_counter() - start
                figures["tables_status"] = answer.get("status")
                figures["rss_tables"] = renderer_rss(profile)
                # The same tables for the visualizer: a link that steps that board once.
                page.evaluate("(h) => { location.hash = h; }", STEP_LINK)
                page.wait_for_function(
                    "() => document.getElementById('counters').textContent.startsWith('Step 1 ')",
                    timeout=TIMEOUT_MS,
                )
                figures["rss_stepped"] = renderer_rss(profile)
            out.append(figures)
            page.wait_for_timeout(dwell * 1000)
            page.close()
    return out


def show(label: str, values: list[float | None], unit: str, scale: float = 1.0) -> str:
    got = [v * scale for v in values if v is not None]
    if not got:
        return f"{label} not marked"
    return f"{label} {statistics.median(got):,.0f} {unit} ({min(got):,.0f}-{max(got):,.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--visits", type=int, default=2, help="loads per browser: cold, warm, then more"
    )
    parser.add_argument(
        "--dwell", type=float, default=3.0, help="seconds a visit stays open once ready"
    )
    parser.add_argument("--tables", action="store_true", help="also load the 4x4 tables")
    parser.add_argument("--moves", action="store_true", help="press keys while loading")
    parser.add_argument(
        "--no-service-worker", action="store_true", help="warm loads without the offline copy"
    )
    parser.add_argument(
        "--max-age", type=int, default=serve.CACHE_SECONDS, help="Cache-Control max-age"
    )
    parser.add_argument("--dist", type=Path, help="a built site (default: build one)")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    serve.CACHE_SECONDS = args.max_age

    with tempfile.TemporaryDirectory() as tmp:
        dest = args.dist or assemble.build(Path(tmp) / "dist")
        print(
            f"dist: {assemble.tree_size(dest) / 1e6:.1f} MB; each visit open {args.dwell} s; "
            f"served with max-age={args.max_age}"
        )
        with served(dest) as url:
            loads = [
                f
                for _ in range(args.runs)
                for f in run_once(
                    url,
                    args.chromium,
                    tables=args.tables,
                    moves=args.moves,
                    service_worker=not args.no_service_worker,
                    visits=args.visits,
                    dwell=args.dwell,
                )
            ]
    for f in loads:
        marks = ", ".join(
            f"{name} {f[name]:,.0f} ms" if f[name] is not None else f"{name} -"
            for name in ("paint", *MARKS)
        )
        extra = ""
        if "tables_s" in f:
            extra = f"; 4x4 tables {f['tables_s']:.1f} s ({f['tables_status']}), "
            extra += f"RSS {f['rss_tables']:,.0f} MB, the visualizer too {f['rss_stepped']:,.0f} MB"
        if f["delays"]:
            d = f["delays"]
            extra += f"; {len(d)} moves, delay median {statistics.median(d):,.0f} ms, "
            extra += f"longest {max(d):,.0f} ms"
        print(
            f"{f['kind']}: {marks}; longest task after playable {f['stall']:,.0f} ms; "
            f"{f['bytes'] / 1e6:.2f} MB; RSS {f['rss']:,.0f} MB{extra}"
        )
        tasks = ", ".join(f"{d:,.0f} ms at {start:+,.0f}" for start, d in f["tasks"])
        ready = f"{f['ready'] - (f['playable'] or 0):+,.0f}" if f["ready"] is not None else "-"
        print(f"  long tasks after playable (data-ready at {ready} ms): {tasks or 'none'}")
        gaps = ", ".join(f"{d:,.0f} ms at {start:+,.0f}" for start, d in f["gaps"])
        print(f"  timer gaps over 50 ms after playable: {gaps or 'none'}")
    for kind in visit_names(args.visits):
        rows = [f for f in loads if f["kind"] == kind]
        parts = [show(name, [f[name] for f in rows], "ms") for name in ("paint", *MARKS)]
        parts.append(show("longest task after playable", [f["stall"] for f in rows], "ms"))
        parts.append(show("longest timer gap after playable", [f["gap"] for f in rows], "ms"))
        parts.append(show("transferred", [f["bytes"] for f in rows], "kB", 1e-3))
        parts.append(show("RSS", [f["rss"] for f in rows], "MB"))
        if args.moves:
            parts.append(show("longest move delay", [max(f["delays"] or [0]) for f in rows], "ms"))
        if kind == "cold" and args.tables:
            parts.append(show("RSS with 4x4 tables", [f["rss_tables"] for f in rows], "MB"))
            parts.append(show("RSS, the visualizer too", [f["rss_stepped"] for f in rows], "MB"))
        print(f"{kind} (median, min-max over {len(rows)}): " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
