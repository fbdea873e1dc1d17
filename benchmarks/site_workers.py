"""The page's solver workers: one and two in the same run, in headless Chromium.

Builds the site with build.py into a temporary folder, serves it on a free port of 127.0.0.1,
opens it and waits for the solver worker, then:

- **CPython** (unless ``--skip-cpython``): the same instances solved by ``benchmarks/korf100.py``
  (IDA* + ``pdb``, one process, the same tables), in a child process before the browser
  starts, so that the page is measured against CPython on the same machine in the same run.
- **Solve** (``--ids``, default all of Korf's 100): each instance with IDA* + ``pdb`` through
  ``window.npuzzleSolve``, first with ``workers: 1``, then with ``workers: 2`` (the solver
  worker and one helper, web/worker/team.py; ``--workers 2`` runs one setting alone). Before
  either, one call per setting loads the tables (into the helper too, by a board whose
  iterations are shared) and is not counted; the renderers' resident memory is printed after
  each (Linux: /proc).
  Each row: the optimal length, each setting's length (they must equal it), nodes
  generated, the worker's seconds, CPython's seconds and the ratio of two workers to one and
  to CPython; then totals, mean nodes generated and the ratios to CPython.
- **Lab** (``--lab``, default kunkle with its defaults): the experiment run from the Lab
  form with Workers 1, then 2; the seconds from Run to "Done" and their ratio, and whether
  the two tables are equal (every column but seconds).

    .venv/bin/python benchmarks/site_workers.py [--ids 1-100] [--workers 1,2] [--lab kunkle]
        [--previous DIST] [--skip-solve] [--skip-cpython] [--skip-lab] [--chromium PATH]

``--previous DIST`` serves an earlier release's built site beside this build's (build it with
that checkout's ``build.py build --dest DIST``) and solves each board there too, just before
this build does: before and after in one run, board by board.

Exit status 1 if a length differs from the optimum or the two tables differ. On a 2-core
machine both settings share the cores with the browser's own threads: the ratio says what
a second worker buys there.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
sys.path.insert(0, str(ROOT / "src"))
from sitekit import CHROMIUM, built_and_served, served  # noqa: E402

from npuzzle import Board, reference  # noqa: E402

TIMEOUT_MS = 900_000
SOLVE = "(request) => window.npuzzleSolve(request)"
WARM_ID = 3  # Korf's #3: its last iterations are split, so the helper loads its tables too
TABLE = """() => [...document.querySelectorAll("#lab-table tbody tr")].map(
  (r) => [...r.cells].map((c) => c.textContent))"""
HEAD = """() => [...document.querySelectorAll("#lab-table thead th")].map((e) => e.textContent)"""


def renderers_mb() -> float:
    """MB of resident memory of Chromium's renderer processes (the page and its workers;
    this script runs one browser)."""
    total = 0
    for proc in Path("/proc").iterdir():
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            status = (proc / "status").read_text(encoding="utf-8")
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def renderers_cpu() -> float:
    """CPU seconds the renderer processes have used so far (the pages and their workers): on
    a machine shared with other work, what a search cost, whatever share of the cores it
    got (Linux: /proc)."""
    ticks = 0
    for proc in Path("/proc").iterdir():
        try:
            if b"--type=renderer" not in (proc / "cmdline").read_bytes():
                continue
            fields = (proc / "stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def solve(page: Page, board: Board, goal: Board, workers: int) -> dict[str, Any]:
    request = {
        "board": board.format("rows"),
        "goal": goal.format("rows"),
        "algorithm": "idastar",
        "heuristic": "pdb",
        "workers": workers,
    }
    answer: dict[str, Any] = page.evaluate(SOLVE, request)
    return answer


def run_cpython(ids: str) -> dict[int, dict[str, Any]]:
    """Korf's instances ``ids`` by benchmarks/korf100.py in CPython (one process): its rows
    by id."""
    print(f"CPython {sys.version.split()[0]}: benchmarks/korf100.py --ids {ids}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.json"
        command = [sys.executable, str(ROOT / "benchmarks" / "korf100.py"), "--no-sp"]
        command += ["--ids", ids, "--json", str(out)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(command, check=False, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(done.stdout.splitlines()[-1] if done.stdout else done.stderr, flush=True)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"CPython's CPU, the tables' loading included: {used:.1f} s", flush=True)
        rows: list[dict[str, Any]] = json.loads(out.read_text())["npuzzle"]
    return {int(r["id"]): r for r in rows}


def warm_up(page: Page, workers: int) -> None:
    """Load the tables for ``workers`` (and start the helpers): not counted."""
    goal = Board.goal("blank-first", 4, 4)
    warm = next(i for i in reference.korf100() if i.ident == WARM_ID)
    answer = solve(page, warm.board, goal, workers)  # with 2: starts the helper
    if workers > 1:
        page.wait_for_selector(
            f'body[data-helpers="{workers - 1}"]', state="attached", timeout=120_000
        )
        answer = solve(page, warm.board, goal, workers)  # the helper loads its tables
    if answer.get("length") != warm.optimal:
        print(f"warming up with {workers} worker(s) failed: {answer.get('reason')}")


def run_solve(
    pages: dict[str, Page],
    ids: str,
    settings: dict[str, list[int]],
    cpython: dict[int, dict[str, Any]],
) -> bool:
    """Each instance with each setting on each site (``pages``: "" this build, "prev" the
    previous one), one after the other, so that a load on the machine weighs on all alike."""
    goal = Board.goal("blank-first", 4, 4)
    instances = reference.pick(reference.korf100(), ids)
    columns = [(site, w) for site in pages for w in settings[site]]
    names = {c: f"{c[0]}{' ' if c[0] else ''}{c[1]}w" for c in columns}
    for site, page in pages.items():
        memory = []
        for workers in settings[site]:
            warm_up(page, workers)
            memory.append(f"{renderers_mb():,.0f} MB with {workers} worker(s)")
        helpers = page.evaluate("document.body.dataset.helpers")
        print(
            f"{site or 'this build'}: renderers' resident memory with the tables loaded:"
            f" {', '.join(memory)} (helpers joined: {helpers})"
        )
    print(
        f"\nSolve: IDA* + pdb, {len(instances)} of Korf's instances; seconds (s), nodes"
        " generated (gen) and each column's seconds over CPython's"
    )
    head = f"{'id':>4} {'opt':>4}" + "".join(f" {'gen ' + names[c]:>14}" for c in columns)
    head += "".join(f" {'s ' + names[c]:>9}" for c in columns) + f" {'s CPy':>7}"
    head += "".join(f" {'/CPy ' + names[c]:>11}" for c in columns)
    print(head)
    seconds = dict.fromkeys(columns, 0.0)
    cpu = dict.fromkeys(columns, 0.0)
    generated = dict.fromkeys(columns, 0)
    cpython_s = cpython_g = 0.0
    # where the shared searches' time went (web/worker/team.py), by site
    figures: dict[str, dict[str, float]] = {site: {} for site in pages}
    bad = []
    for i in instances:
        answers = {}
        for c in columns:
            used = renderers_cpu()
            answers[c] = solve(pages[c[0]], i.board, goal, c[1])
            cpu[c] += renderers_cpu() - used
        ok = all(a.get("length") == i.optimal for a in answers.values())
        for answer in answers.values():
            ok = ok and i.board.apply(str(answer.get("moves") or "")) == goal
        if not ok:
            bad.append(i.ident)
        s = {c: float(a.get("seconds") or 0) for c, a in answers.items()}
        g = {c: int(a.get("generated") or 0) for c, a in answers.items()}
        for c in columns:
            seconds[c] += s[c]
            generated[c] += g[c]
            for name, value in (answers[c].get("team") or {}).items():
                figures[c[0]][name] = figures[c[0]].get(name, 0.0) + float(value)
        row = cpython.get(i.ident, {})
        cs = float(row.get("seconds") or 0)
        cpython_s += cs
        cpython_g += int(row.get("generated") or 0)
        line = f"{i.ident:>4} {i.optimal:>4}"
        line += "".join(f" {g[c]:>14,}" for c in columns)
        line += "".join(f" {s[c]:>9.2f}" for c in columns) + f" {cs:>7.2f}"
        line += "".join(f" {s[c] / cs if cs else 0:>11.2f}" for c in columns)
        print(line + ("" if ok else "  WRONG"), flush=True)
    n = len(instances)
    print("total:")
    for c in columns:
        ratio = f", {seconds[c] / cpython_s:.2f}x CPython's time" if cpython_s else ""
        print(
            f"  {names[c]:>8}: {seconds[c]:7.1f} s, {generated[c] / n:>11,.0f} generated"
            f" a board{ratio}; the renderers' CPU {cpu[c]:.1f} s"
        )
    if cpython:
        print(f"  {'CPython':>8}: {cpython_s:7.1f} s, {cpython_g / n:>11,.0f} generated a board")
    for site in pages:
        first, last = settings[site][0], settings[site][-1]
        one, two = seconds.get((site, first)), seconds.get((site, last))
        if first != last and one and two:
            print(f"  {site or 'this build'}: {last} workers / {first}: {two / one:.2f}")
        if figures[site]:
            print(
                f"  {site or 'this build'}, the shared searches summed: "
                + ", ".join(f"{name} {value:,.2f}" for name, value in figures[site].items())
            )
    print("every length optimal" if not bad else f"WRONG: ids {bad}")
    return not bad


def lab_run(page: Page, name: str, workers: int) -> tuple[float, list[str], list[list[str]]]:
    """Run ``name`` from the form with ``workers``; seconds from Run to Done, the table."""
    page.locator("#workers").select_option(str(workers))
    page.locator("#lab-experiment").select_option(name)
    start = time.perf_counter()
    page.locator("#lab-run").click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-lab-running", "true", timeout=TIMEOUT_MS)
    expect(body).to_have_attribute("data-lab-running", "false", timeout=TIMEOUT_MS)
    expect(page.locator("#lab-status")).to_have_text(re.compile(r"^Done: "))
    seconds = time.perf_counter() - start
    return seconds, page.evaluate(HEAD), page.evaluate(TABLE)


def without_seconds(head: list[str], rows: list[list[str]]) -> list[list[str]]:
    keep = [k for k, name in enumerate(head) if "seconds" not in name.lower()]
    return [[row[k] for k in keep] for row in rows]


def run_lab(page: Page, name: str) -> bool:
    print(f"\nLab: {name} with its page defaults, run from the form")
    results = {w: lab_run(page, name, w) for w in (1, 2)}
    (s1, head, rows1), (s2, _, rows2) = results[1], results[2]
    same = without_seconds(head, rows1) == without_seconds(head, rows2)
    print(f"1 worker {s1:.1f} s, 2 workers {s2:.1f} s: ratio {s2 / s1:.2f}; {len(rows1)} rows,")
    print("the two tables equal (but seconds)" if same else "the two tables DIFFER")
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ids", default="1-100", help="Korf's ids (default 1-100)")
    parser.add_argument("--lab", default="kunkle", help="the Lab's experiment (default kunkle)")
    parser.add_argument("--workers", default="1,2", help="the settings to run (default 1,2)")
    parser.add_argument(
        "--previous-workers", help="the settings to run on the previous build (default: --workers)"
    )
    parser.add_argument("--skip-solve", action="store_true")
    parser.add_argument("--skip-cpython", action="store_true")
    parser.add_argument(
        "--previous",
        help="a built site (build.py build --dest DIR) of an earlier release, to solve each"
        " board with too (columns 'prev')",
    )
    parser.add_argument("--skip-lab", action="store_true")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", CHROMIUM))
    args = parser.parse_args(argv)
    ok = True
    settings = {"": [int(w) for w in args.workers.split(",")]}
    settings["prev"] = [int(w) for w in (args.previous_workers or args.workers).split(",")]
    cpython = {} if args.skip_solve or args.skip_cpython else run_cpython(args.ids)
    with contextlib.ExitStack() as stack:
        browser, url = stack.enter_context(built_and_served(args.chromium))
        urls = {"": url}
        if args.previous:
            urls = {"prev": stack.enter_context(served(Path(args.previous))), **urls}
        pages = {site: browser.new_page() for site in urls}
        for site, page in pages.items():
            page.goto(urls[site])
            page.wait_for_selector(
                'body[data-worker-ready="true"]', state="attached", timeout=120_000
            )
        page = pages[""]
        cores = page.evaluate("navigator.hardwareConcurrency")
        memory = page.evaluate("navigator.deviceMemory ?? null")
        workers = page.locator("#workers").input_value()
        print(f"site ready; hardwareConcurrency {cores}, deviceMemory {memory}: Workers {workers}")
        if not args.skip_solve:
            ok = run_solve(pages, args.ids, settings, cpython) and ok
        if not args.skip_lab:
            ok = run_lab(page, args.lab) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
