"""``npuzzle lab``: run an experiment of the papers, with a progress bar on a terminal, and
print its table beside the published figures (markdown, CSV or JSON).

>>> import io, json
>>> from npuzzle.cli.parser import build_parser
>>> args = build_parser().parse_args(
...     ["lab", "compare", "--size", "3x2", "--boards", "3", "--algorithms", "bfs,astar",
...      "--heuristics", "manhattan", "--format", "json"]
... )
>>> out, err = io.StringIO(), io.StringIO()
>>> lab_command(args, out, err)
0
>>> [(row["algorithm"], row["heuristic"], row["solved"]) for row in json.loads(out.getvalue())]
[('bfs', None, 3), ('astar', 'manhattan', 3)]
>>> err.getvalue()  # doctest: +ELLIPSIS
'npuzzle lab compare: 6 searches in ... s\\n'
"""

from __future__ import annotations

import argparse
import time
from typing import TextIO

from npuzzle import lab
from npuzzle.lab import runner
from npuzzle.search import parallel

__all__ = ["lab_command"]


def lab_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    name = args.experiment
    given = {o.name: getattr(args, o.name) for o in lab.EXPERIMENTS[name].options}
    options = lab.resolve(name, given)
    jobs = runner.plan(name, options, args.seed)
    bar = _Bar(err, f"npuzzle lab {name}", len(jobs), enabled=not args.quiet)
    rows = []
    for row in parallel.ordered_map(runner.run_job, jobs, args.jobs):
        rows.append(row)
        bar.update(len(rows))
    bar.close()
    result = lab.summarize(name, rows, options, args.seed)
    if args.format == "csv":
        out.write(result.to_csv())
    elif args.format == "json":
        out.write(result.to_json() + "\n")
    else:
        out.write(result.to_markdown())
    return 0


class _Bar:
    """A progress bar on a terminal; elsewhere only the final line."""

    width = 30

    def __init__(self, stream: TextIO, label: str, total: int, *, enabled: bool) -> None:
        self.stream, self.label, self.total, self.enabled = stream, label, total, enabled
        self.tty = enabled and stream.isatty()
        self.t0 = self.shown = time.perf_counter()
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        now = time.perf_counter()
        if not self.tty or (now - self.shown < 0.1 and done < self.total):
            return
        self.shown = now
        full = self.width * done // max(1, self.total)
        bar = "#" * full + "." * (self.width - full)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{self.total}  {now - self.t0:.0f} s")
        self.stream.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        seconds = time.perf_counter() - self.t0
        line = f"{self.label}: {self.done} searches in {seconds:.1f} s"
        self.stream.write(("\r\x1b[K" if self.tty else "") + line + "\n")
        self.stream.flush()
