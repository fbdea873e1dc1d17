"""A near-optimal 24-puzzle: the anytime search on Korf & Felner's 50 boards (issue 15).

Runs ``npuzzle batch --json -a anytime -H pdb --goal blank-first`` with default options (10 s
per board) as a user runs it (``python -m npuzzle`` in a child process; the tables are built
first if missing, and that is not counted), checks that every solution is legal, and prints
per board: the published optimal length, the first solution (length, seconds), the final
length, its ratio to the optimum and the lower bound proved; then the mean length (target of
issue 36: at most 110.9, 1.10x the optimal 100.8), the mean and the longest ratio.

``--jobs 2`` runs two boards at a time (each still gets its own 10 s: on a 2-core machine
with nothing else running, the figures are those of one board at a time).

``--share 2`` runs one board at a time on two processes (``npuzzle solve -a anytime --jobs
2``: each a seat of the search, :mod:`npuzzle.search.seats`), each board still 10 s.

``--previous SRC`` names the ``src`` folder of an older checkout (for example
``git archive 4256207 src | tar -x -C /tmp/prev``): that release solves the same boards first,
in the same run, and each row and the totals show its figures beside ours.

    .venv/bin/python benchmarks/korf24.py [--ids 1-50] [--jobs 1 | --share 2]
        [--max-seconds S] [--previous SRC]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import Board, reference  # noqa: E402
from npuzzle.heuristics import pdbbuild, pdbplan  # noqa: E402


def run_batch(
    src: Path, text: str, args: argparse.Namespace
) -> tuple[list[dict[str, Any]], float] | None:
    """The answers of the npuzzle in ``src`` for the boards in ``text``, and the wall time."""
    common = ["--json", "-a", "anytime", "-H", "pdb", "--goal", "blank-first"]
    if args.max_seconds:
        common += ["--max-seconds", args.max_seconds]
    if args.share > 1:  # one board at a time, each on args.share processes
        commands = [
            (["solve", *common, "--jobs", str(args.share), board], "")
            for board in text.splitlines()
        ]
    else:
        commands = [(["batch", *common, "--jobs", str(args.jobs)], text)]
    env = {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    answers = []
    for command, given in commands:
        done = subprocess.run(
            [sys.executable, "-m", "npuzzle", *command],
            input=given,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
        )
        if done.returncode:
            print(done.stderr, file=sys.stderr)
            return None
        answers += [json.loads(line) for line in done.stdout.splitlines()]
    return answers, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", default="1-50", help="Korf & Felner's boards, e.g. 1-10")
    parser.add_argument("--jobs", type=int, default=1, help="boards at a time (default 1)")
    parser.add_argument(
        "--share", type=int, default=1, help="processes that share each board (default 1)"
    )
    parser.add_argument("--max-seconds", help="per board (default: the CLI's, 10 s)")
    parser.add_argument("--previous", help="src folder of an older release, run first")
    parser.add_argument("--json", type=Path, help="also write both runs' answers to this file")
    args = parser.parse_args(argv)
    pdbbuild.ensure(pdbplan.table_names(5, 5, 0), jobs=2)
    goal = Board.goal("blank-first", 5, 5)
    instances = reference.pick(reference.korf24(), args.ids)
    text = "".join(i.board.format("rows") + "\n" for i in instances)
    before = None
    if args.previous:
        print(f"previous release from {args.previous} first ...", flush=True)
        before = run_batch(Path(args.previous).resolve(), text, args)
        if before is None:
            return 1
    ours = run_batch(ROOT / "src", text, args)
    if ours is None:
        return 1
    answers, wall = ours
    if args.json:
        args.json.write_text(json.dumps({"ours": answers, "previous": before and before[0]}))
    print(
        f"{'board':>5} {'optimal':>7} {'first':>6} {'at s':>6} {'final':>5} {'ratio':>6} "
        f"{'bound':>5} {'steps':>5} {'s':>6}" + (f" {'before':>6}" if before else "")
    )
    lengths, ratios, firsts, bad = [], [], [], 0
    for k, (inst, answer) in enumerate(zip(instances, answers, strict=True)):
        moves = answer["moves"]
        legal = moves is not None and inst.board.apply(moves) == goal
        bad += not legal
        found = answer["improvements"]
        first = found[0] if found else {"length": "-", "seconds": float("nan")}
        length = answer["length"] or 0
        lengths.append(length)
        ratios.append(length / inst.optimal)
        firsts.append(found[0]["length"] if found else 0)
        print(
            f"{inst.ident:>5} {inst.optimal:>7} {first['length']:>6} {first['seconds']:>6.2f} "
            f"{length:>5} {length / inst.optimal:>6.3f} {answer['lower_bound']:>5} "
            f"{len(found):>5} {answer['seconds']:>6.2f}"
            + (f" {before[0][k]['length'] or '-':>6}" if before else "")
            + ("" if legal else "  NOT LEGAL")
        )
    optimal = statistics.mean(i.optimal for i in instances)
    print(
        f"\n{len(instances)} boards: mean length {statistics.mean(lengths):.1f} (optimal "
        f"{optimal:.1f}, first solutions {statistics.mean(firsts):.1f}), mean ratio "
        f"{statistics.mean(ratios):.3f}, longest ratio {max(ratios):.3f}; "
        f"{'all legal' if not bad else f'{bad} NOT LEGAL'}; wall time {wall:.0f} s"
    )
    if before:
        old, old_wall = before
        old_bad = sum(
            a["moves"] is None or i.board.apply(a["moves"]) != goal
            for i, a in zip(instances, old, strict=True)
        )
        pairs = [(i, a["length"]) for i, a in zip(instances, old, strict=True) if a["length"]]
        old_ratios = [length / i.optimal for i, length in pairs]
        print(
            f"previous release ({args.previous}): mean length "
            f"{statistics.mean(length for _i, length in pairs):.1f} over the {len(pairs)} "
            f"boards it solved, mean ratio "
            f"{statistics.mean(old_ratios):.3f}, longest ratio {max(old_ratios):.3f}; "
            f"{'all legal' if not old_bad else f'{old_bad} NOT LEGAL'}; "
            f"wall time {old_wall:.0f} s"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
