"""Brute-force oracles for the tests: exact distances computed without the engine."""

from __future__ import annotations

from collections import deque
from functools import cache


def neighbours(tiles: tuple[int, ...], width: int, height: int) -> list[tuple[int, ...]]:
    """Boards one blank move away, by plain tuple swaps."""
    b = tiles.index(0)
    r, c = divmod(b, width)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < height and 0 <= cc < width:
            q = rr * width + cc
            t = list(tiles)
            t[b], t[q] = t[q], t[b]
            out.append(tuple(t))
    return out


@cache
def distances(goal: tuple[int, ...], width: int, height: int) -> dict[tuple[int, ...], int]:
    """Exact distance to ``goal`` of every board that can reach it (one backward BFS)."""
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        d = dist[s] + 1
        for n in neighbours(s, width, height):
            if n not in dist:
                dist[n] = d
                queue.append(n)
    return dist
