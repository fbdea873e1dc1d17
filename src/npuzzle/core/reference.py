"""The literature's boards, shipped with the package: Korf's 100 15-puzzles, Korf & Felner's
50 24-puzzles (both with their published optimal lengths, goal blank first) and Kunkle's six
8-puzzle tests. The files live in ``npuzzle/core/data/``, each with a header naming its source.

>>> from npuzzle.core import reference
>>> first = reference.korf100()[0]
>>> first.ident, first.board.width, first.optimal
(1, 4, 57)
>>> len(reference.korf24()), len(reference.kunkle_pairs())
(50, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from npuzzle.core.board import Board, PuzzleError

__all__ = ["Instance", "korf24", "korf100", "kunkle_pairs", "pick", "read_text"]


@dataclass(frozen=True)
class Instance:
    """A published board: its number in the paper, the board, its optimal solution length."""

    ident: int
    board: Board
    optimal: int


def read_text(name: str) -> str:
    """The text of the shipped data file ``name`` (e.g. ``"kunkle_tests.txt"``)."""
    return files(__package__).joinpath("data", name).read_text(encoding="utf-8")


def _instances(name: str, size: int) -> list[Instance]:
    out = []
    for line in read_text(name).splitlines():
        if not line[:1].isdigit():  # the header: a comment and the column names
            continue
        ident, tiles, optimal = line.split("\t")
        out.append(
            Instance(int(ident), Board(size, size, tuple(map(int, tiles.split()))), int(optimal))
        )
    return out


@cache
def korf100() -> list[Instance]:
    """Korf (1985): 100 random 15-puzzles, goal ``blank-first``."""
    return _instances("korf100.tsv", 4)


@cache
def korf24() -> list[Instance]:
    """Korf & Felner (2002): 50 random 24-puzzles, goal ``blank-first``."""
    return _instances("korf24_50.tsv", 5)


def pick(instances: list[Instance], ids: str) -> list[Instance]:
    """The instances whose numbers ``ids`` names, as ranges and single numbers: ``"1-10,42"``.

    >>> [i.ident for i in pick(korf100(), "3-5,99")]
    [3, 4, 5, 99]
    """
    spans: list[tuple[int, int]] = []
    for part in ids.split(","):
        lo, dash, hi = part.strip().partition("-")
        if not _number(lo) or (dash and not _number(hi)):
            raise PuzzleError(f"instance numbers look like 1-10,42, not {ids!r}")
        spans.append((int(lo), int(hi) if dash else int(lo)))
    return [i for i in instances if any(lo <= i.ident <= hi for lo, hi in spans)]


def _number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 9


@cache
def kunkle_pairs() -> list[tuple[str, str]]:
    """Kunkle (2001): his six (start, goal) boards as he wrote them (``b`` is the blank)."""
    lines = [
        line.strip()
        for line in read_text("kunkle_tests.txt").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return list(zip(lines[::2], lines[1::2], strict=True))
