"""The state space the searches walk: compact states and the moves between them.

A state is one ``int``: cell ``p`` holds its tile in bits ``p*bits … p*bits+bits-1``. A move
swaps the blank with one neighbour, which is one addition on that int (:meth:`Space.slides`),
and an int hashes fast: the searches keep millions of them in dicts and sets.

A space may lock cells (the human-like search freezes finished rows) and may hold a *wildcard*
tile, ``wild``: tiles whose places do not matter to the current goal all become ``wild``, so
states that differ only in them are one state.

>>> space = Space(3, 3)
>>> state = space.pack((1, 3, 4, 8, 0, 5, 7, 2, 6))
>>> space.blank_of(state), space.tile_at(state, 1), space.unpack(state)
(4, 3, (1, 3, 4, 8, 0, 5, 7, 2, 6))
>>> [letter for _, letter, *_ in space.moves[0]]  # from the top-left corner
['D', 'R']
>>> q, letter, _, _, edge = space.moves[4][0]  # the blank in the centre goes up: tile 3 down
>>> space.unpack(state + space.slides()[3][edge])
(1, 0, 4, 8, 3, 5, 7, 2, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from npuzzle.core.board import MOVES

__all__ = ["Space"]


class Space:
    """Geometry of a ``width`` x ``height`` board, the packing of states, and the move table."""

    __slots__ = ("_slides", "bits", "cells", "height", "mask", "moves", "n", "width", "wild")

    def __init__(self, width: int, height: int, cells: Iterable[int] | None = None) -> None:
        self.width = width
        self.height = height
        self.n = n = width * height
        self.wild = n  # one more than the largest tile
        self.bits = max(1, n.bit_length())
        self.mask = (1 << self.bits) - 1
        self.cells = frozenset(range(n) if cells is None else cells)
        # moves[p]: (q, letter, shift_q, shift_p, edge) for each neighbour q the blank at p can
        # reach; edge = 4*p + (index of the letter in UDLR) keys per-move tables.
        self.moves: list[tuple[tuple[int, str, int, int, int], ...]] = []
        for p in range(n):
            r, c = divmod(p, width)
            out = []
            for k, letter, q, ok in zip(
                range(4),
                MOVES,
                (p - width, p + width, p - 1, p + 1),
                (r > 0, r < height - 1, c > 0, c < width - 1),
                strict=True,
            ):
                if ok and p in self.cells and q in self.cells:
                    out.append((q, letter, q * self.bits, p * self.bits, 4 * p + k))
            self.moves.append(tuple(out))
        self._slides: list[list[int]] | None = None

    def slides(self) -> list[list[int]]:
        """``slides()[t][edge]``: what the state gains when tile ``t`` slides along ``edge``
        into the blank, so a child is one addition (``state + slides()[t][edge]``) rather
        than two shifts, a subtraction and an addition on a long int: on the 5x5, the states
        have 125 bits, and IDA* under Pyodide ran 1.11x faster so. Made once, on first use."""
        if self._slides is None:
            slides = [[0] * (4 * self.n) for _ in range(self.n + 1)]
            for p in range(self.n):
                for _q, _letter, sq, sp, edge in self.moves[p]:
                    for t, row in enumerate(slides):
                        row[edge] = (t << sp) - (t << sq)
            self._slides = slides
        return self._slides

    def pack(self, tiles: Sequence[int]) -> int:
        s = 0
        bits = self.bits
        for p, t in enumerate(tiles):
            s |= t << (p * bits)
        return s

    def unpack(self, state: int) -> tuple[int, ...]:
        bits, mask = self.bits, self.mask
        return tuple((state >> (p * bits)) & mask for p in range(self.n))

    def tile_at(self, state: int, p: int) -> int:
        return (state >> (p * self.bits)) & self.mask

    def blank_of(self, state: int) -> int:
        bits, mask = self.bits, self.mask
        for p in range(self.n):
            if not (state >> (p * bits)) & mask:
                return p
        raise ValueError("state has no blank")
