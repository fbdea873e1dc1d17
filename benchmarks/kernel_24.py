"""The search's kernel on the 24-puzzle: seconds for a fixed number of expansions, in CPython
and in the site's Pyodide under Node.js (no browser).

The anytime search with ``pdb`` on Korf & Felner's boards (``--ids``, default 2 and 5), each
stopped after ``--nodes`` expansions (default 600,000), so both runtimes do exactly the same
work: the rows give expansions, nodes generated, the best length then (equal in both) and the
seconds of ``run()``, the tables loaded before. The page's 10 s are worth what the kernel does
in them under Pyodide, which is about 1.6x slower than CPython here; this measures a change to
the kernel in both without a browser's noise. ``--src`` measures another tree's ``src`` (the
previous release, say) with the same tables.

    .venv/bin/python benchmarks/kernel_24.py [--ids 2,5] [--nodes 600000] [--runs 2]
        [--src PATH] [--no-pyodide] [--no-cpython]

Needs ``node`` and ``node_modules/pyodide`` (``npm ci``), and the 5x5 tables in build.py's
disk cache (``$NPUZZLE_CACHE`` or ``~/.cache/npuzzle``; built there first if missing). Loading
them into Pyodide takes about two minutes a run on a quiet machine, before the timing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# One Python program for both runtimes: it prints one JSON row per board.
PROGRAM = """
import json, time
from npuzzle import Board, reference, make_search
rows = []
for inst in reference.korf24():
    if inst.ident not in IDS:
        continue
    goal = Board.goal("blank-first", 5, 5)
    s = make_search(inst.board, goal, algorithm="anytime", heuristic="pdb")
    t = time.perf_counter()
    s.run(max_nodes=NODES)
    rows.append({"id": inst.ident, "expanded": s.expanded, "generated": s.generated,
                 "length": len(s.solution_found or ""), "seconds": time.perf_counter() - t})
json.dumps(rows)
"""

RUNNER = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdir("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(src)s }, "/src");
py.FS.mkdir("/cache");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(cache)s }, "/cache");
const prelude = "import os, sys\\nos.environ['NPUZZLE_CACHE'] = '/cache'\\n"
  + "sys.path.insert(0, '/src')\\n";
console.log(py.runPython(prelude + %(program)s));
"""


def cache_dir() -> Path:
    return Path(os.environ.get("NPUZZLE_CACHE") or Path.home() / ".cache" / "npuzzle")


def run_cpython(src: Path, program: str) -> list[dict[str, float]]:
    code = program.replace("json.dumps(rows)", "print(json.dumps(rows))")
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    )
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def run_pyodide(src: Path, program: str) -> list[dict[str, float]]:
    index = ROOT / "node_modules" / "pyodide"
    script = RUNNER % {
        "pyodide": json.dumps(str(index / "pyodide.mjs")),
        "index": json.dumps(str(index) + "/"),
        "src": json.dumps(str(src)),
        "cache": json.dumps(str(cache_dir())),
        "program": json.dumps(program),
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.mjs"
        path.write_text(script, encoding="utf-8")
        out = subprocess.run(["node", str(path)], check=True, capture_output=True, text=True)
    return list(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default="2,5", help="Korf & Felner's ids (default 2,5)")
    parser.add_argument("--nodes", type=int, default=600_000, help="expansions a board")
    parser.add_argument("--runs", type=int, default=2, help="runs in each runtime (default 2)")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the package's tree")
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--no-cpython", action="store_true")
    args = parser.parse_args()
    ids = sorted({int(x) for x in args.ids.split(",")})
    if args.nodes < 1 or args.runs < 1:
        parser.error("--nodes and --runs must be at least 1")
    # the tables, built into the cache if missing, before anything is timed
    subprocess.run(
        [sys.executable, "-m", "npuzzle", "pdb", "--size", "5x5"],
        env={**os.environ, "PYTHONPATH": str(args.src)},
        check=True,
        capture_output=True,
    )
    program = f"IDS = {ids!r}\nNODES = {args.nodes}\n" + PROGRAM
    runtimes = [("cpython", run_cpython)] if not args.no_cpython else []
    runtimes += [("pyodide", run_pyodide)] if not args.no_pyodide else []
    means: dict[str, float] = {}
    for name, run in runtimes:
        total = []
        for r in range(args.runs):
            for row in run(args.src.resolve(), program):
                print(
                    f"{name:8} run {r + 1}  #{row['id']:<3} {row['expanded']:>9,} expanded "
                    f"{row['generated']:>10,} generated  best {row['length']:>3}  "
                    f"{row['seconds']:6.2f} s",
                    flush=True,
                )
                total.append(row["seconds"])
        means[name] = sum(total) / len(total)
        print(f"{name}: mean {means[name]:.2f} s a board ({args.nodes / means[name]:,.0f} a s)")
    if len(means) == 2:
        print(f"pyodide / cpython: {means['pyodide'] / means['cpython']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
