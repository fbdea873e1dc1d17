"""The page's solver workers: one and two in the same run, in headless Chromium.

Builds the site with build.py into a temporary folder, serves it on a free port of 127.0.0.1,
opens it and waits for the solver worker, then:

- **Solve** (``--ids``, default all of Korf's 100): each instance with IDA* + ``pdb`` through
  ``window.npuzzleSolve``, first with ``workers: 1``, then with ``workers: 2`` (the solver
  worker and one helper, web/worker/team.py). Before either, one call per setting loads the tables
  (into the helper too, by a board whose last iterations are shared) and is not counted; the
  renderers' resident memory is printed after each (Linux: /proc).
  Each row: the optimal length, each setting's length (they must equal it), nodes
  generated, the worker's seconds and the ratio of the two; then totals.
- **Lab** (``--lab``, default kunkle with its defaults): the experiment run from the Lab
  form with Workers 1, then 2; the seconds from Run to "Done" and their ratio, and whether
  the two tables are equal (every column but seconds).

    .venv/bin/python benchmarks/site_workers.py [--ids 1-100] [--lab kunkle] [--skip-solve]
        [--skip-lab] [--chromium PATH]

Exit status 1 if a length differs from the optimum or the two tables differ. On a 2-core
machine both settings share the cores with the browser's own threads: the ratio says what
a second worker buys there.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
sys.path.insert(0, str(ROOT / "src"))
from sitekit import CHROMIUM, built_and_served  # noqa: E402

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


def run_solve(page: Page, ids: str) -> bool:
    goal = Board.goal("blank-first", 4, 4)
    instances = reference.pick(reference.korf100(), ids)
    warm = next(i for i in reference.korf100() if i.ident == WARM_ID)
    memory = []
    for workers in (1, 2):
        answer = solve(page, warm.board, goal, workers)  # with 2: starts the helper
        if workers == 2:
            page.wait_for_selector('body[data-helpers="1"]', state="attached", timeout=120_000)
            answer = solve(page, warm.board, goal, workers)  # the helper loads its tables
        if answer.get("length") != warm.optimal:
            print(f"warming up with {workers} worker(s) failed: {answer.get('reason')}")
        memory.append(renderers_mb())
    helpers = page.evaluate("document.body.dataset.helpers")
    print(
        f"renderers' resident memory with the tables loaded: {memory[0]:,.0f} MB with one"
        f" worker, {memory[1]:,.0f} MB with two"
    )
    print(f"\nSolve: IDA* + pdb, {len(instances)} of Korf's instances (helpers joined: {helpers})")
    print(
        f"{'id':>4} {'opt':>4} {'len 1':>5} {'len 2':>5} {'generated 1':>12} {'generated 2':>12}"
        f" {'s 1':>7} {'s 2':>7} {'ratio':>6}"
    )
    totals = {"g1": 0, "g2": 0, "s1": 0.0, "s2": 0.0}
    bad = []
    for i in instances:
        one = solve(page, i.board, goal, 1)
        two = solve(page, i.board, goal, 2)
        ok = one.get("length") == two.get("length") == i.optimal
        for answer in (one, two):
            ok = ok and i.board.apply(str(answer.get("moves") or "")) == goal
        if not ok:
            bad.append(i.ident)
        s1, s2 = float(one.get("seconds") or 0), float(two.get("seconds") or 0)
        g1, g2 = int(one.get("generated") or 0), int(two.get("generated") or 0)
        totals = {
            "g1": totals["g1"] + g1,
            "g2": totals["g2"] + g2,
            "s1": totals["s1"] + s1,
            "s2": totals["s2"] + s2,
        }
        print(
            f"{i.ident:>4} {i.optimal:>4} {one.get('length')!s:>5} {two.get('length')!s:>5}"
            f" {g1:>12,} {g2:>12,} {s1:>7.2f} {s2:>7.2f} {s2 / s1 if s1 else 0:>6.2f}"
            f"{'' if ok else '  WRONG'}",
            flush=True,
        )
    n = len(instances)
    print(
        f"total: 1 worker {totals['s1']:.1f} s ({totals['g1'] / n:,.0f} generated on average),"
        f" 2 workers {totals['s2']:.1f} s ({totals['g2'] / n:,.0f}):"
        f" ratio {totals['s2'] / totals['s1']:.2f}"
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
    parser.add_argument("--skip-solve", action="store_true")
    parser.add_argument("--skip-lab", action="store_true")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", CHROMIUM))
    args = parser.parse_args(argv)
    ok = True
    with built_and_served(args.chromium) as (browser, url):
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-worker-ready="true"]', state="attached", timeout=120_000)
        cores = page.evaluate("navigator.hardwareConcurrency")
        memory = page.evaluate("navigator.deviceMemory ?? null")
        workers = page.locator("#workers").input_value()
        print(f"site ready; hardwareConcurrency {cores}, deviceMemory {memory}: Workers {workers}")
        if not args.skip_solve:
            ok = run_solve(page, args.ids) and ok
        if not args.skip_lab:
            ok = run_lab(page, args.lab) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
