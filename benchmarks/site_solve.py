"""Solving in the static site, in headless Chromium, through ``window.npuzzleSolve``.

Builds the site with build.py into a temporary folder, serves it on a free port of 127.0.0.1,
opens it in Chromium, waits for the solver worker, then:

- 15-puzzle: Korf's 100 instances (``--ids``, default all) with IDA* and ``--heuristic``
  (default ``pdb``). Each row: published optimal length, the worker's length (they must be
  equal), nodes generated, the worker's search seconds and the wall-clock seconds of the call.
  The pattern databases are loaded by a first call on the goal board itself, timed apart
  (``tables``), so no instance's row includes them. All 100 take a couple of minutes with
  ``pdb`` on a 2-core machine.
- 24-puzzle: Korf & Felner's 50 instances (``--ids-24``) with ``human`` (Manhattan, weight
  3), with ``wastar`` + linear conflict (weight ``--weight``, default 6) and with ``anytime``
  + ``pdb`` (the page's default limit, 10 s each: about 9 minutes for the 50): length against
  the published optimum and the worker's seconds, then max and mean seconds, mean length
  against mean optimum, and how many took over 1 s. ``--only-24`` picks some of the three;
  ``--workers 2`` runs the anytime search in two seats, the second on a helper worker.

Every returned solution is replayed here with npuzzle.Board. The exit status is 1 if a
15-puzzle length differs from the published optimum or a solution does not reach the goal.

    .venv/bin/python benchmarks/site_solve.py [--ids 1-10] [--heuristic pdb] [--weight 6]
        [--skip-15] [--skip-24] [--ids-24 1-50] [--only-24 human,wastar,anytime]
        [--workers 2] [--json rows.json] [--chromium PATH]

Tables come from build.py's disk cache (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``; built
there first if missing, which takes minutes). Instances come from
``npuzzle.core.reference`` (goal: blank first).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
sys.path.insert(0, str(ROOT / "src"))
from sitekit import built_and_served  # noqa: E402

import npuzzle  # noqa: E402
from npuzzle import Board, reference  # noqa: E402

TIMEOUT_MS = 120_000
HELPERS_LOAD_SECONDS = 5.0  # for the helpers to load the tables dealt with their first seat
SOLVE = "(request) => window.npuzzleSolve(request)"


def solve(page: Page, board: Board, goal: Board, **options: Any) -> tuple[dict[str, Any], float]:
    """The worker's answer for one board, and the wall-clock seconds of the call."""
    request = {"board": board.format("rows"), "goal": goal.format("rows"), **options}
    start = time.perf_counter()
    answer: dict[str, Any] = page.evaluate(SOLVE, request)
    return answer, time.perf_counter() - start


def reaches_goal(board: Board, goal: Board, answer: dict[str, Any]) -> bool:
    moves = answer.get("moves")
    if answer.get("status") != "solved" or moves is None:
        return False
    try:
        return board.apply(moves) == goal and len(moves) == answer.get("length")
    except Exception:
        return False


def make_row(
    ident: int, optimum: int, answer: dict[str, Any], wall: float, ok: bool
) -> dict[str, Any]:
    """One instance's figures as the worker reported them."""
    return {
        "id": ident,
        "optimal": optimum,
        "status": answer.get("status"),
        "length": answer.get("length"),
        "expanded": answer.get("expanded", 0),
        "generated": answer.get("generated", 0),
        "seconds": float(answer.get("seconds") or 0),
        "wall": wall,
        "ok": ok,
        "reason": answer.get("reason", ""),
        "jobs": int(answer.get("jobs") or 1),  # the workers that searched it
        "lower_bound": answer.get("lower_bound"),  # the anytime search's proved bound
    }


def run_15(page: Page, ids: str, heuristic: str) -> tuple[list[dict[str, Any]], float]:
    """Korf's instances with IDA*; the rows and the seconds the tables took to load."""
    goal = Board.goal("blank-first", 4, 4)
    instances = reference.pick(reference.korf100(), ids)
    warm, load_wall = solve(page, goal, goal, algorithm="idastar", heuristic=heuristic)
    if warm.get("status") != "solved":
        print(f"loading the {heuristic} tables failed: {warm.get('reason')}")
    load_seconds = load_wall - float(warm.get("seconds") or 0)
    print(
        f"\n15-puzzle, IDA* + {heuristic}, {len(instances)} of Korf's instances "
        f"(tables: {load_seconds:.2f} s, a first call on the goal board itself)"
    )
    print(f"{'id':>4} {'opt':>4} {'len':>4} {'generated':>12} {'worker s':>9} {'wall s':>8}  ok")
    rows = []
    for ident, board, optimum in ((i.ident, i.board, i.optimal) for i in instances):
        answer, wall = solve(page, board, goal, algorithm="idastar", heuristic=heuristic)
        ok = answer.get("length") == optimum and reaches_goal(board, goal, answer)
        row = make_row(ident, optimum, answer, wall, ok)
        rows.append(row)
        length = "-" if row["length"] is None else row["length"]
        note = "" if ok else f"  MISMATCH {row['status']} {row['reason']}".rstrip()
        print(
            f"{ident:>4} {optimum:>4} {length:>4} {row['generated']:>12,} "
            f"{row['seconds']:>9.2f} {wall:>8.2f}  {'yes' if ok else 'NO'}{note}",
            flush=True,
        )
    if rows:
        worker = sum(r["seconds"] for r in rows)
        wall = sum(r["wall"] for r in rows)
        generated = sum(r["generated"] for r in rows)
        bad = [r["id"] for r in rows if not r["ok"]]
        print(
            f"total: {len(rows)} instances, {generated:,} generated "
            f"(mean {generated / len(rows):,.0f}), worker {worker:.1f} s, wall {wall:.1f} s "
            f"(+ tables {load_seconds:.2f} s), {worker and generated / worker:,.0f} nodes/s; "
            f"max worker {max(r['seconds'] for r in rows):.2f} s"
        )
        print("all lengths equal the published optima" if not bad else f"WRONG: ids {bad}")
    return rows, load_seconds


def run_24(page: Page, label: str, ids: str, **options: Any) -> list[dict[str, Any]]:
    goal = Board.goal("blank-first", 5, 5)
    instances = reference.pick(reference.korf24(), ids)
    if options.get("heuristic") == "pdb":  # the tables load on a first call, not counted
        solve(page, goal, goal, **options)
    helpers = int(options.get("workers", 1)) - 1
    if helpers > 0:  # started by the first call: once they are there, they load the tables
        page.wait_for_selector(
            f'body[data-helpers="{helpers}"]', state="attached", timeout=TIMEOUT_MS
        )
        solve(page, goal, goal, **options)
        time.sleep(HELPERS_LOAD_SECONDS)
    print(f"\n24-puzzle, {label}, Korf & Felner's {len(instances)} instances")
    print(f"{'id':>4} {'opt':>4} {'len':>4} {'len/opt':>7} {'generated':>10} {'worker s':>9}  ok")
    rows = []
    for ident, board, optimum in ((i.ident, i.board, i.optimal) for i in instances):
        answer, wall = solve(page, board, goal, **options)
        ok = reaches_goal(board, goal, answer)
        length = answer.get("length")
        row = make_row(ident, optimum, answer, wall, ok)
        rows.append(row)
        shown = "-" if length is None else length
        excess = "-" if length is None else f"{length / optimum:.2f}x"
        note = "" if ok else f"  {row['status']} {row['reason']}".rstrip()
        print(
            f"{ident:>4} {optimum:>4} {shown:>4} {excess:>7} {row['generated']:>10,} "
            f"{row['seconds']:>9.3f}  {'yes' if ok else 'NO'}{note}",
            flush=True,
        )
    solved = [r for r in rows if r["ok"]]
    seconds = [r["seconds"] for r in rows]
    print(
        f"summary {label}: solved {len(solved)}/{len(rows)}; worker seconds max "
        f"{max(seconds):.3f}, mean {statistics.fmean(seconds):.3f}; "
        f"over 1 s: {sum(s > 1 for s in seconds)}"
    )
    if solved:
        mean_length = statistics.fmean(r["length"] for r in solved)
        mean_optimum = statistics.fmean(r["optimal"] for r in solved)
        worst = max(r["length"] / r["optimal"] for r in solved)
        print(
            f"  mean length {mean_length:.1f} against mean optimum {mean_optimum:.1f} "
            f"({mean_length / mean_optimum:.3f}x, the longest {worst:.3f}x) over the solved "
            f"ones; workers {sorted({r['jobs'] for r in solved})}"
        )
        bounds = [r["lower_bound"] for r in solved if r["lower_bound"] is not None]
        if bounds:
            print(f"  mean proved lower bound {statistics.fmean(bounds):.1f}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--ids",
        default="1-100",
        help="Korf 15-puzzle ids, e.g. 1-10,42 (default 1-100: a couple of minutes with pdb)",
    )
    parser.add_argument("--heuristic", default="pdb", help="for the 15-puzzle (default pdb)")
    parser.add_argument(
        "--weight", type=float, default=6.0, help="wastar's weight on the 24-puzzle (default 6)"
    )
    parser.add_argument("--skip-15", action="store_true", help="no 15-puzzle part")
    parser.add_argument("--skip-24", action="store_true", help="no 24-puzzle part")
    parser.add_argument("--ids-24", default="1-50", help="Korf & Felner's ids (default 1-50)")
    parser.add_argument(
        "--only-24",
        default="human,wastar,anytime",
        help="the 24-puzzle searches (default human,wastar,anytime)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="the Workers setting for the 24-puzzle's anytime search (default 1; 2 seats it "
        "on a helper)",
    )
    parser.add_argument("--json", type=Path, help="save the raw rows to this file")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    unknown = set(args.only_24.split(",")) - {"human", "wastar", "anytime"}
    if unknown:
        parser.error(f"--only-24: {', '.join(sorted(unknown))}: not human, wastar or anytime")

    report: dict[str, Any] = {
        "version": npuzzle.__version__,
        "heuristic": args.heuristic,
        "weight": args.weight,
    }
    failed = False
    with built_and_served(args.chromium) as (browser, url):
        page = browser.new_page()
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(
            'body[data-worker-ready="true"]', state="attached", timeout=TIMEOUT_MS
        )
        print(f"site ready, worker answering, in {time.perf_counter() - start:.2f} s")
        if not args.skip_15:
            rows, load_seconds = run_15(page, args.ids, args.heuristic)
            report["korf15"] = rows
            report["korf15_tables_seconds"] = load_seconds
            failed = failed or any(not r["ok"] for r in rows)
        if not args.skip_24:
            searches = {
                "human": (
                    "human (Manhattan, weight 3)",
                    {"algorithm": "human", "heuristic": "manhattan", "weight": 3},
                ),
                "wastar": (
                    f"wastar + linear-conflict, weight {args.weight:g}",
                    {"algorithm": "wastar", "heuristic": "linear-conflict", "weight": args.weight},
                ),
                "anytime": (
                    f"anytime + pdb (10 s each, Workers {args.workers})",
                    {"algorithm": "anytime", "heuristic": "pdb", "workers": args.workers},
                ),
            }
            report["korf24"] = {}
            for key in args.only_24.split(","):
                label, options = searches[key]
                rows = run_24(page, label, args.ids_24, **options)
                report["korf24"][key] = rows
                failed = failed or any(not r["ok"] for r in rows if r["status"] == "solved")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"\nrows saved to {args.json}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
