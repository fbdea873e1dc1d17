"""IDA* on every board shape of at most 12 cells, with every admissible heuristic: all
optimal, and how long each search takes (the target: 2 s in CPython).

For each shape: its farthest boards from the goal and ``--random`` uniform random boards.
Up to 10 cells the exact distances come from one breadth-first search of the whole space
(1,814,400 states on 2x5: about half a minute), which also gives the farthest boards. The
12-cell spaces (239,500,800 states) are too big for that in Python: their boards are checked
against A* with pattern databases, an independent optimal search, and the "farthest" are the
longest of ``--candidates`` random boards. A (shape, heuristic) whose search passes
``--cap`` seconds is stopped there and its remaining boards are skipped.

    .venv/bin/python benchmarks/narrow_boards.py [--shapes 2x5,5x2] [--heuristics pdb]
        [--random 30] [--cap 5] [--seed 1] [--floors [--floor-cap 3000000]]

Prints per shape and heuristic: boards, all optimal, worst seconds and its board; then the
worst cases overall. With ``--floors``, each pair over 2 s also gets its *floor* on its worst
board: the states any optimal search must expand there (:func:`must_expand`, consistent
heuristics only) and the time they take at IDA*'s own rate on that board, the least time
IDA* can take there whatever it prunes; and, when IDA* finished, how many times the floor
IDA* expanded.
Exit status 1 if any answer is not optimal.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from npuzzle import HEURISTICS, Board, make_search, random_board  # noqa: E402
from npuzzle.core.board import parse_size  # noqa: E402
from npuzzle.core.space import Space  # noqa: E402
from npuzzle.heuristics import make_heuristic  # noqa: E402
from npuzzle.search.engine import Search  # noqa: E402

SHAPES = "2x3,3x2,2x4,4x2,3x3,2x5,5x2,2x6,6x2,3x4,4x3"
BFS_CELLS = 10  # the largest space searched breadth-first here


def exact_distances(goal: Board) -> dict[tuple[int, ...], int]:
    """Breadth-first distance of every board from ``goal`` (moves are reversible)."""
    w, h = goal.width, goal.height
    dist = {goal.tiles: 0}
    queue = deque([goal.tiles])
    while queue:
        tiles = queue.popleft()
        d = dist[tiles] + 1
        b = tiles.index(0)
        r, c = divmod(b, w)
        for q in (b - w if r else -1, b + w if r < h - 1 else -1, b - 1 if c else -1,
                  b + 1 if c < w - 1 else -1):  # fmt: skip
            if q >= 0:
                t = list(tiles)
                t[b], t[q] = t[q], t[b]
                n = tuple(t)
                if n not in dist:
                    dist[n] = d
                    queue.append(n)
    return dist


def boards_of(
    goal: Board, count: int, candidates: int, seed: str
) -> tuple[list[tuple[Board, int]], str]:
    """(board, optimal length) pairs, farthest first, and how the lengths were found."""
    w, h = goal.width, goal.height
    randoms = [random_board(w, h, seed=f"{seed}:{i}", goal=goal) for i in range(count)]
    if w * h <= BFS_CELLS:
        dist = exact_distances(goal)
        far = max(dist.values())
        farthest = [Board(w, h, t) for t, d in sorted(dist.items()) if d == far][:3]
        return [(b, dist[b.tiles]) for b in farthest + randoms], "breadth-first distances"
    pool = randoms + [
        random_board(w, h, seed=f"{seed}:far{i}", goal=goal) for i in range(candidates)
    ]
    lengths = {b: oracle_length(b, goal) for b in pool}
    farthest = sorted(pool[count:], key=lambda b: -lengths[b])[:3]
    return [(b, lengths[b]) for b in farthest + randoms], "A* with pattern databases"


def oracle_length(board: Board, goal: Board) -> int:
    search = make_search(board, goal, algorithm="astar", heuristic="pdb").run()
    assert search.solution is not None
    return len(search.solution)


def must_expand(board: Board, goal: Board, name: str, best: int, cap: int) -> int | None:
    """The number of states with g + h < ``best`` (C*), or None once it passes ``cap``.

    With a consistent heuristic every search that proves a solution of length C* optimal
    must expand each of them (Dechter & Pearl 1985); IDA* expands them all in its last
    iteration alone. The count is a breadth-first search from the start that keeps only
    such states: by consistency every state on a shortest path to one of them is one too."""
    space = Space(board.width, board.height)
    h = make_heuristic(name, space, {t: p for p, t in enumerate(goal.tiles)})
    mask = space.mask
    start = space.pack(board.tiles)
    seen = {start}
    h0 = h.value(start)
    level = [(start, board.tiles.index(0), h0)] if h0 < best else []  # each with g + h < C*
    count, g = 0, 0
    while level:
        count += len(level)
        if count > cap:
            return None
        g += 1
        below = []
        for s, b, hs in level:
            for q, _letter, sq, sp, _e in space.moves[b]:
                t = (s >> sq) & mask
                c = s - (t << sq) + (t << sp)
                if c in seen:
                    continue
                seen.add(c)  # first reached at its true distance: in or out for good
                hc = h.child(s, hs, t, q, b, c)
                if g + hc < best:
                    below.append((c, q, hc))
        level = below
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=SHAPES)
    admissible = [n for n, h in HEURISTICS.items() if h.info.admissible]
    parser.add_argument("--heuristics", default=",".join(admissible))
    parser.add_argument("--random", type=int, default=30, help="random boards per shape")
    parser.add_argument(
        "--candidates", type=int, default=60, help="12 cells: boards to pick the longest from"
    )
    parser.add_argument("--cap", type=float, default=5.0, help="seconds before a search is stopped")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--floors", action="store_true", help="the floor of each pair over 2 s")
    parser.add_argument("--floor-cap", type=int, default=3_000_000, help="states counted at most")
    args = parser.parse_args()
    rows: list[tuple[float, str, str, Board | None]] = []
    floors: list[tuple[str, str, str, float | None]] = []
    wrong = 0
    print(
        f"{'shape':<6} {'heuristic':<17} {'boards':>6} {'optimal':>8} {'worst s':>8}  worst board"
    )
    for shape in args.shapes.split(","):
        w, h = parse_size(shape)
        goal = Board.goal("standard", w, h)
        t0 = time.perf_counter()
        cases, source = boards_of(goal, args.random, args.candidates, args.seed)
        print(
            f"{shape}: {len(cases)} boards, lengths by {source} ({time.perf_counter() - t0:.0f} s)"
        )
        for heuristic in args.heuristics.split(","):
            done, worst, worst_board, over, bad = 0, 0.0, None, False, 0
            worst_search, worst_length = None, 0
            for board, length in cases:
                search = make_search(board, goal, algorithm="idastar", heuristic=heuristic)
                search.run(max_seconds=args.cap)
                if search.status != "solved":
                    over, worst, worst_board = True, search.seconds, board
                    worst_search, worst_length = search, length
                    break
                done += 1
                if (
                    len(search.solution or "") != length
                    or board.apply(search.solution or "") != goal
                ):
                    bad += 1
                    print(
                        f"  NOT OPTIMAL: {board.format()} {len(search.solution or '')} != {length}"
                    )
                if search.seconds > worst:
                    worst, worst_board = search.seconds, board
                    worst_search, worst_length = search, length
            shown = f">{args.cap:g}" if over else f"{worst:.2f}"
            note = f" (stopped at {done + 1} of {len(cases)})" if over else ""
            print(
                f"{shape:<6} {heuristic:<17} {done:>6} {'yes' if not bad else 'NO':>8} "
                f"{shown:>8}  {worst_board.format() if worst_board else '-'}{note}",
                flush=True,
            )
            wrong += bad
            rows.append((worst if not over else float("inf"), shape, heuristic, worst_board))
            if args.floors and (over or worst > 2.0) and worst_search and worst_board:
                floors.append(
                    floor(worst_search, worst_board, goal, heuristic, worst_length, args.floor_cap)
                )
    print("\nworst cases:")
    for seconds, shape, heuristic, at in sorted(rows, key=lambda r: -r[0])[:12]:
        shown = f">{args.cap:g}" if seconds == float("inf") else f"{seconds:.2f}"
        print(f"  {shape:<6} {heuristic:<17} {shown:>7} s  {at.format() if at else '-'}")
    within = sum(1 for r in rows if r[0] <= 2.0)
    print(
        f"{within} of {len(rows)} (shape, heuristic) pairs within 2 s; answers not optimal: {wrong}"
    )
    if args.floors:
        print("\npairs over 2 s, by their floor (the states that must be expanded, their time):")
        by_floor = sorted(floors, key=lambda f: math.inf if f[3] is None else f[3])
        for shape, heuristic, text, _least in by_floor:
            print(f"  {shape:<6} {heuristic:<17} {text}")
        known = [f[3] for f in floors if f[3] is not None]
        print(
            f"{sum(1 for t in known if t > 2.0)} of {len(floors)} have a floor over 2 s, "
            f"{sum(1 for t in known if t <= 2.0)} under; {len(floors) - len(known)} not counted"
        )
    return 1 if wrong else 0


def floor(
    search: Search, board: Board, goal: Board, heuristic: str, length: int, cap: int
) -> tuple[str, str, str, float | None]:
    """(shape, heuristic, what to print, least seconds or None) of a pair's worst board."""
    shape = f"{board.width}x{board.height}"
    if not HEURISTICS[heuristic].info.consistent:
        return shape, heuristic, "not consistent: no floor counted", None
    rate = search.expanded / max(search.seconds, 1e-9)
    count = must_expand(board, goal, heuristic, length, cap)
    if count is None:  # a lower bound: it settles "over 2 s" only if it is over 2 s itself
        least = cap / rate if cap / rate > 2.0 else None
        return shape, heuristic, f"more than {cap:,}, over {cap / rate:.1f} s", least
    least = count / rate
    text = f"{count:,}, {least:.1f} s at {rate:,.0f} expansions/s"
    if search.status == "solved":
        text += f"; IDA* expanded {search.expanded / count:.1f}x that in {search.seconds:.1f} s"
    return shape, heuristic, text, least


if __name__ == "__main__":
    sys.exit(main())
