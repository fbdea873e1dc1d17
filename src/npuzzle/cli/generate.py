"""``npuzzle random`` (random solvable boards, reproducible from a seed) and ``npuzzle pdb``
(the pattern databases, built once and cached).

>>> import io
>>> from npuzzle.cli.parser import build_parser
>>> args = build_parser().parse_args(["random", "--size", "3x2", "--seed", "7", "--count", "2"])
>>> out = io.StringIO()
>>> random_command(args, out)
0
>>> print(out.getvalue(), end="")
5,3,2/4,1,0
3,5,4/2,0,1
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TextIO

from npuzzle.core.board import Board, PuzzleError
from npuzzle.core.generate import random_board
from npuzzle.heuristics import pdbbuild, pdbcache

__all__ = ["pdb_command", "random_command"]


def random_command(args: argparse.Namespace, out: TextIO) -> int:
    width, height = args.size
    goal = Board.goal_or_board(args.goal, width, height)
    if args.count > 10_000:
        raise PuzzleError("--count is at most 10,000")
    seed: int | str | None = args.seed
    if isinstance(seed, str) and seed.lstrip("-").isdigit() and len(seed) <= 100:
        seed = int(seed)  # a longer number stays text: the same text, the same boards
    for i in range(args.count):
        board_seed = seed if args.count == 1 or seed is None else f"{seed}:{i}"
        board = random_board(width, height, seed=board_seed, goal=goal, moves=args.moves)
        out.write(board.format(args.format) + "\n")
    return 0


def pdb_command(args: argparse.Namespace, out: TextIO) -> int:
    if args.large:
        names = []
        for w, h in args.size or [(4, 4)]:
            if not (more := pdbbuild.large_names(w, h)):
                raise PuzzleError(f"--large: {w}x{h} has no large table (only the 4x4 has one)")
            names += more
    elif args.size:
        names = [n for w, h in args.size for n in pdbbuild.names_for(w, h)]
    else:
        names = pdbbuild.shipped_names()
    folder = pdbbuild.cache_dir()
    assert folder is not None
    if args.source:
        _take(names, Path(args.source), out)
    dest = Path(args.out) if args.out else None
    if dest is not None:  # refuse a folder that cannot be written before minutes of building
        try:
            dest.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PuzzleError(f"--out {dest}: cannot make that folder ({exc.strerror})") from None
        if not os.access(dest, os.W_OK):
            raise PuzzleError(f"--out {dest}: that folder cannot be written")

    def report(name: str, seconds: float) -> None:
        out.write(f"built  {name}  {seconds:.1f} s\n")
        out.flush()

    pdbbuild.ensure(names, jobs=max(1, args.jobs), report=report)
    total = 0
    for name in names:
        data = pdbcache.cached(name)  # checked again: what is listed and copied is whole
        if data is None:
            raise pdbcache.CacheError(f"pattern database {name} is not in {folder}")
        total += len(data)
        out.write(f"{len(data):>10,}  {folder / name}\n")
        if dest is not None:
            try:
                (dest / name).write_bytes(data)
            except OSError as exc:
                raise PuzzleError(f"--out {dest}: cannot write {name} ({exc.strerror})") from None
    out.write(f"{total:>10,}  bytes in {len(names)} files\n")
    return 0


def _take(names: list[str], source: Path, out: TextIO) -> None:
    """Put the tables of ``names`` found in ``source`` into the disk cache, each checked
    first (a damaged one is refused: nothing of it is kept)."""
    if not source.is_dir():
        raise PuzzleError(f"--from {source}: not a folder")
    for name in names:
        try:
            data = (source / name).read_bytes()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise PuzzleError(f"--from {source}: cannot read {name} ({exc.strerror})") from None
        pdbcache.check(name, data)
        if (problem := pdbcache.keep(name, data)) is not None:
            why = f"({problem.why}); {problem.advice}"
            raise pdbcache.CacheError(f"pattern database {name} cannot be kept {why}")
        out.write(f"took   {name}  from {source}\n")
