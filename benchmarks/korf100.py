"""Korf's 100 15-puzzle instances, solved optimally: npuzzle's IDA* (pattern databases by
default) and, in the same run, the PyPI package ``slidingpuzzle`` on the instances it can
finish in a bounded time.

Run from the project's venv (``pip install slidingpuzzle`` for the comparison)::

    python benchmarks/korf100.py                       # all 100, IDA* + pdb
    python benchmarks/korf100.py --ids 1-10 --heuristic walking-distance
    python benchmarks/korf100.py --sp-count 3 --sp-timeout 120
    python benchmarks/korf100.py --no-sp --json korf100.json
    python benchmarks/korf100.py --no-sp --previous /tmp/prev/src   # against an older release

``--previous`` names the ``src`` folder of an older checkout (for example
``git archive fbdcda6 src | tar -x -C /tmp/prev``): the same instances are solved by that
release first, in a child process of the same run, and the totals end with the ratios of
mean generated nodes and of total time (ours / previous).

Instances come from ``npuzzle.core.reference.korf100()`` (goal: blank first, Korf's
convention). Each row prints the published optimal length, ours (they must be equal),
nodes generated and expanded, and seconds; then the totals, and the average generated
against the 617,555 Korf, Felner & Hanan published for their 6-6-3 databases. Tables missing
from the disk cache are built first (the build time is printed and not counted).

slidingpuzzle solves for the goal 1..15 then blank, so each instance is turned half a circle
and relabelled (tile t becomes 16 - t), which keeps its optimal length; it runs its default
A* with linear conflict, in a child process killed after ``--sp-timeout`` seconds. It runs on
the ``--sp-count`` instances with the shortest optimal solutions (its easiest), one at a time,
alone on the machine. The exit status is 1 if any length differs from the published one.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# --src: the npuzzle sources to import (--previous runs this script again with an older one)
_SRC = sys.argv[sys.argv.index("--src") + 1] if "--src" in sys.argv[:-1] else str(ROOT / "src")
sys.path.insert(0, _SRC)

from npuzzle import Board, make_search, reference  # noqa: E402
from npuzzle.heuristics import pdbbuild, pdbplan  # noqa: E402

PUBLISHED_GENERATED = 617_555  # Felner, Korf & Hanan 2004: 6-6-3 with its reflection


def to_standard_goal(tiles: tuple[int, ...]) -> list[list[int]]:
    """The same puzzle for the goal 1..15 then blank: half a turn, tile t -> 16 - t."""
    n = len(tiles)
    out = [0] * n
    for c, t in enumerate(tiles):
        out[n - 1 - c] = (n - t) % n
    return [out[r * 4 : r * 4 + 4] for r in range(4)]


def _sp_worker(rows: list[list[int]], queue: Any) -> None:
    import slidingpuzzle as sp

    board = sp.from_rows(*rows)
    start = time.perf_counter()
    result = sp.search(board, "a*")
    queue.put((time.perf_counter() - start, len(result.solution or [])))


def run_slidingpuzzle(rows: list[list[int]], timeout: float) -> tuple[float, int] | None:
    """(seconds, length) of slidingpuzzle's A*, or None if it did not finish in time."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_sp_worker, args=(rows, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return None
    return queue.get() if not queue.empty() else None


def _run_previous(
    src: str | None, ids: str, algorithm: str, heuristic: str
) -> list[dict[str, Any]]:
    """The rows of the older release in ``src``: this script run again on it, in a child."""
    if not src:
        return []
    print(f"previous release from {src}:", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.json"
        command = [sys.executable, __file__, "--src", src, "--no-sp", "--ids", ids]
        command += ["--algorithm", algorithm, "--heuristic", heuristic, "--json", str(out)]
        subprocess.run(command, check=False)
        rows: list[dict[str, Any]] = json.loads(out.read_text())["npuzzle"]
    print()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", default="1-100", help="instances, e.g. 1-100 or 1,9,79")
    parser.add_argument("--algorithm", default="idastar")
    parser.add_argument("--heuristic", default="pdb")
    parser.add_argument("--no-sp", action="store_true", help="skip slidingpuzzle")
    parser.add_argument("--sp-count", type=int, default=3, help="slidingpuzzle instances")
    parser.add_argument("--sp-timeout", type=float, default=120.0, help="seconds each")
    parser.add_argument("--json", help="also write the rows to this file")
    parser.add_argument("--previous", help="src folder of an older release, run first")
    parser.add_argument("--src", help="the npuzzle sources to import (default: this checkout's)")
    args = parser.parse_args(argv)
    previous = _run_previous(args.previous, args.ids, args.algorithm, args.heuristic)

    instances = reference.pick(reference.korf100(), args.ids)
    goal = Board.goal("blank-first", 4, 4)
    if args.heuristic == "pdb":
        t0 = time.perf_counter()
        built: list[str] = []
        pdbbuild.ensure(pdbplan.table_names(4, 4, 0), report=lambda name, s: built.append(name))
        if built:
            print(f"built {len(built)} tables in {time.perf_counter() - t0:.1f} s (not counted)")
    print(f"{args.algorithm} + {args.heuristic}, Korf's instances, goal blank first")
    print(f"{'id':>3} {'optimal':>7} {'length':>6} {'generated':>12} {'expanded':>12} {'s':>8}")
    rows: list[dict[str, Any]] = []
    bad = 0
    for ident, board, optimal in ((i.ident, i.board, i.optimal) for i in instances):
        search = make_search(board, goal, algorithm=args.algorithm, heuristic=args.heuristic)
        search.run()
        length = len(search.solution or "") if search.status == "solved" else None
        ok = length == optimal and board.apply(search.solution or "") == goal
        bad += not ok
        row = {
            "id": ident,
            "optimal": optimal,
            "length": length,
            "generated": search.generated,
            "expanded": search.expanded,
            "seconds": round(search.seconds, 4),
        }
        rows.append(row)
        flag = "" if ok else "  WRONG"
        print(
            f"{ident:>3} {optimal:>7} {length!s:>6} {search.generated:>12,} "
            f"{search.expanded:>12,} {search.seconds:>8.2f}{flag}",
            flush=True,
        )
    total_s = sum(r["seconds"] for r in rows)
    generated = [r["generated"] for r in rows]
    mean = statistics.mean(generated)
    print(
        f"total: {len(rows)} instances, {total_s:.1f} s, generated {sum(generated):,} "
        f"(mean {mean:,.0f} = {mean / PUBLISHED_GENERATED:.2f} x the published 617,555; "
        f"median {statistics.median(generated):,.0f}), all optimal: {bad == 0}"
    )

    if previous:
        before = statistics.mean(r["generated"] for r in previous)
        before_s = sum(r["seconds"] for r in previous)
        print(
            f"previous release ({args.previous}): mean generated {before:,.0f}, {before_s:.1f} s; "
            f"ours / previous: nodes {mean / before:.2f}x, time {total_s / before_s:.2f}x"
        )

    sp_rows: list[dict[str, Any]] = []
    if not args.no_sp and args.sp_count > 0:
        try:
            import slidingpuzzle  # noqa: F401
        except ImportError:
            print("slidingpuzzle: not installed, skipped (pip install slidingpuzzle)")
        else:
            easiest = sorted(rows, key=lambda r: (r["optimal"], r["seconds"]))[: args.sp_count]
            by_id = {i: t for i, t, _ in instances}
            print(f"slidingpuzzle A* + linear conflict, at most {args.sp_timeout:g} s each:")
            for r in easiest:
                got = run_slidingpuzzle(to_standard_goal(by_id[r["id"]]), args.sp_timeout)
                if got is None:
                    print(f"{r['id']:>3}  did not finish in {args.sp_timeout:g} s")
                    sp_rows.append({"id": r["id"], "seconds": None})
                    continue
                seconds, length = got
                ratio = seconds / r["seconds"] if r["seconds"] else float("inf")
                same = "" if length == r["optimal"] else f"  LENGTH {length}"
                print(
                    f"{r['id']:>3}  slidingpuzzle {seconds:.2f} s, npuzzle {r['seconds']:.3f} s: "
                    f"{ratio:,.0f}x{same}"
                )
                bad += length != r["optimal"]
                sp_rows.append({"id": r["id"], "seconds": round(seconds, 3), "ratio": ratio})
    if args.json:
        Path(args.json).write_text(json.dumps({"npuzzle": rows, "slidingpuzzle": sp_rows}))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
