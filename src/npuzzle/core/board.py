"""Boards: parsing, printing, named goals and moves.

A board is a row-major tuple of tiles with ``0`` for the blank. Moves are named by the
direction the *blank* moves (``U``, ``D``, ``L``, ``R``), as Kunkle prints them.

>>> board = Board.parse("134 8b5 726")
>>> print(board.pretty())
1 3 4
8 . 5
7 2 6
>>> board.move("U").format(), board.apply("UL").format("kunkle")
('1,0,4/8,3,5/7,2,6', 'b14 835 726')
>>> Board.goal("snail", 3, 3) == Board.parse("1,2,3/8,0,4/7,6,5")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

__all__ = [
    "BLANK_MARKS",
    "ECHO_LIMIT",
    "FORMATS",
    "GOAL_NAMES",
    "MAX_SIDE",
    "MIN_SIDE",
    "MOVES",
    "TILE_DIRECTIONS",
    "Board",
    "PuzzleError",
    "moved_tile",
    "parse_size",
    "quoted",
    "slide_words",
]

MIN_SIDE = 2
MAX_SIDE = 8
BLANK_MARKS = frozenset({"0", "b", "B", "_", "."})
GOAL_NAMES = ("standard", "blank-first", "snail")
FORMATS = ("rows", "kunkle", "flat")
MOVES = "UDLR"
INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
#: where the tile goes when the blank moves: players move tiles, the engine moves the blank,
#: so the blank going up (U) is the tile above it sliding down
TILE_DIRECTIONS = {"U": "down", "D": "up", "L": "right", "R": "left"}


class PuzzleError(ValueError):
    """Bad input: the message says what is wrong in words a user can act on."""


#: The most characters of a user's value a message quotes. A link or a field may hold
#: thousands, and a message read aloud by a screen reader must stay short.
ECHO_LIMIT = 24


def quoted(value: object, limit: int = ECHO_LIMIT) -> str:
    """``value`` as a message quotes it: in quotes, its first ``limit`` characters then
    ``...`` and its length when it is longer; a character that cannot be printed is ``?``.

    >>> print(quoted("manhattan"), quoted("x" * 3000))
    'manhattan' 'xxxxxxxxxxxxxxxxxxxxxxxx...' (3,000 characters)
    """
    text = str(value)
    shown = "".join(ch if ch.isprintable() else "?" for ch in text[:limit])
    if len(text) <= limit:
        return repr(shown)
    return f"{shown + '...'!r} ({len(text):,} characters)"


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (or ``W`` for a square) as (width, height), sides 2 to 8.

    >>> parse_size("4x3"), parse_size(" 5 "), parse_size("3X2")
    ((4, 3), (5, 5), (3, 2))
    """
    m = re.fullmatch(r"\s*(\d{1,3})\s*(?:[xX\u00d7]\s*(\d{1,3}))?\s*", text)
    if not m:
        raise PuzzleError(f"size {quoted(text)} is not WxH, e.g. 4x4 or 3x2")
    width, height = int(m.group(1)), int(m.group(2) or m.group(1))
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        raise PuzzleError(
            f"size {quoted(text.strip())} is out of range: sides go from {MIN_SIDE} to {MAX_SIDE}"
        )
    return width, height


def _offsets(width: int) -> dict[str, int]:
    return {"U": -width, "D": width, "L": -1, "R": 1}


@dataclass(frozen=True, slots=True)
class Board:
    """A sliding-tile board: ``width`` x ``height`` cells, ``tiles`` row-major, 0 = blank."""

    width: int
    height: int
    tiles: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, side in (("width", self.width), ("height", self.height)):
            if not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
                raise PuzzleError(
                    f"board {name} {side} is out of range: sides go from {MIN_SIDE} to {MAX_SIDE}"
                )
        n = self.width * self.height
        tiles = self.tiles
        if len(tiles) != n:
            raise PuzzleError(
                f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''} where {n} are needed "
                f"for a {self.width}x{self.height} board"
            )
        seen: set[int] = set()
        for t in tiles:
            if not isinstance(t, int) or isinstance(t, bool):
                raise PuzzleError(f"tile {t!r} is not a whole number")
            if not 0 <= t < n:
                raise PuzzleError(
                    f"tile {t} is out of range: a {self.width}x{self.height} board has tiles "
                    f"1 to {n - 1} and one blank"
                )
            if t in seen:
                raise PuzzleError("two blanks" if t == 0 else f"duplicate tile {t}")
            seen.add(t)

    # ----- construction -------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, width: int | None = None, height: int | None = None) -> Board:
        """Read a board in any supported format.

        - rows: ``1,3,4/8,0,5/7,2,6`` (any size, rectangular too; newlines also separate rows)
        - Kunkle: ``134 8b5 726`` (rows of single characters separated by spaces)
        - flat: ``1 3 4 8 0 5 7 2 6`` (square boards, or any board when a size is given)

        The blank may be written ``0``, ``b``, ``_`` or ``.``.
        """
        if not isinstance(text, str):
            raise PuzzleError("a board must be given as text")
        rows = _split_rows(text)
        if len(rows) == 1 and width is not None and height is not None:
            flat = rows[0]
            if len(flat) != width * height:
                raise PuzzleError(
                    f"{len(flat)} tile{'s' if len(flat) != 1 else ''} where {width * height} "
                    "are needed "
                    f"for a {width}x{height} board"
                )
            rows = [flat[i : i + width] for i in range(0, len(flat), width)]
        elif len(rows) == 1:
            flat = rows[0]
            side = _isqrt_exact(len(flat))
            if side is None:
                raise PuzzleError(
                    f"{len(flat)} tiles in a flat list: a flat list must make a square board "
                    "(write rectangular boards as rows, e.g. 1,2,3/4,5,0)"
                )
            rows = [flat[i : i + side] for i in range(0, len(flat), side)]
        lengths = {len(r) for r in rows}
        if len(lengths) != 1:
            detail = ", ".join(str(len(r)) for r in rows)
            raise PuzzleError(
                f"ragged rows: every row needs the same number of tiles (got {detail})"
            )
        w, h = lengths.pop(), len(rows)
        if (width is not None and w != width) or (height is not None and h != height):
            raise PuzzleError(f"the board is {w}x{h} where {width}x{height} was expected")
        return cls(w, h, tuple(t for row in rows for t in row))

    @classmethod
    def goal(cls, name: str, width: int, height: int) -> Board:
        """A named goal: ``standard`` (1 ... n-1 then the blank), ``blank-first`` or ``snail``."""
        n = width * height
        if name == "standard":
            return cls(width, height, (*range(1, n), 0))
        if name == "blank-first":
            return cls(width, height, tuple(range(n)))
        if name == "snail":
            tiles = [0] * n
            for tile, pos in enumerate(_spiral(width, height), start=1):
                tiles[pos] = tile % n
            return cls(width, height, tuple(tiles))
        raise PuzzleError(
            f"unknown goal {name!r}: choose one of {', '.join(GOAL_NAMES)} or a board"
        )

    @classmethod
    def goal_or_board(cls, text: str, width: int, height: int) -> Board:
        """A goal given by name or written as a board of the given size."""
        name = text.strip().lower()
        if name in GOAL_NAMES:
            return cls.goal(name, width, height)
        if re.fullmatch(r"[a-z][a-z-]+", name):
            raise PuzzleError(
                f"unknown goal {text!r}: choose one of {', '.join(GOAL_NAMES)} or a board"
            )
        try:
            return cls.parse(text, width, height)
        except PuzzleError:
            try:
                other = cls.parse(text)
            except PuzzleError:
                other = None
            if other is not None and (other.width, other.height) != (width, height):
                raise PuzzleError(
                    f"the goal is {other.width}x{other.height} but the board is {width}x{height}"
                ) from None
            raise

    # ----- printing -----------------------------------------------------------------------
    def format(self, style: str = "rows") -> str:
        """Write the board in a format that :meth:`parse` reads back."""
        if style == "rows":
            return "/".join(",".join(map(str, row)) for row in self.rows())
        if style == "kunkle":
            if self.size > 10:
                raise PuzzleError(
                    "Kunkle's format has one character per tile: boards up to 9 tiles"
                )
            return " ".join("".join(str(t) if t else "b" for t in row) for row in self.rows())
        if style == "flat":
            if self.width != self.height:
                raise PuzzleError("a flat list is for square boards; use rows for rectangles")
            return " ".join(map(str, self.tiles))
        raise PuzzleError(f"unknown format {style!r}: choose one of {', '.join(FORMATS)}")

    def __str__(self) -> str:
        return self.format("rows")

    def pretty(self) -> str:
        """A grid for terminals, the blank shown as a dot."""
        cell = len(str(self.size - 1))
        return "\n".join(
            " ".join((str(t) if t else ".").rjust(cell) for t in row) for row in self.rows()
        )

    def rows(self) -> Iterator[tuple[int, ...]]:
        for r in range(self.height):
            yield self.tiles[r * self.width : (r + 1) * self.width]

    # ----- geometry and moves -------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of cells (tiles plus the blank)."""
        return self.width * self.height

    @property
    def blank(self) -> int:
        """The blank's cell index, row-major."""
        return self.tiles.index(0)

    def legal_moves(self) -> str:
        """The moves the blank can make, in the order ``UDLR``."""
        r, c = divmod(self.blank, self.width)
        return "".join(
            m
            for m, ok in zip(
                MOVES, (r > 0, r < self.height - 1, c > 0, c < self.width - 1), strict=True
            )
            if ok
        )

    def move(self, move: str) -> Board:
        """The board after the blank moves one step (``U``, ``D``, ``L`` or ``R``)."""
        m = move.upper()
        if m not in INVERSE:
            raise PuzzleError(f"unknown move {move!r}: moves are U, D, L and R")
        if m not in self.legal_moves():
            raise PuzzleError(
                f"the blank cannot move {m} from row {self.blank // self.width + 1}, "
                f"column {self.blank % self.width + 1}"
            )
        b = self.blank
        q = b + _offsets(self.width)[m]
        tiles = list(self.tiles)
        tiles[b], tiles[q] = tiles[q], 0
        return Board(self.width, self.height, tuple(tiles))

    def apply(self, moves: Iterable[str]) -> Board:
        """The board after a sequence of moves (a string such as ``"DRUULD"``)."""
        board = self
        for m in moves:
            if not m.isspace():
                board = board.move(m)
        return board

    def path(self, moves: Iterable[str]) -> list[Board]:
        """Every board along a move sequence, this one first."""
        boards = [self]
        for m in moves:
            boards.append(boards[-1].move(m))
        return boards


def moved_tile(tiles: Sequence[int], width: int, move: str) -> int:
    """The tile the blank's ``move`` slid, read on the tiles *after* the move (it stands where
    the blank was).

    >>> moved_tile((1, 2, 3, 4, 0, 5, 7, 8, 6), 3, "L")  # from 1 2 3 / 4 5 0 / ...
    5
    """
    return tiles[tiles.index(0) - _offsets(width)[move]]


def slide_words(tile: int, move: str) -> str:
    """The blank's ``move`` in players' words (``tile`` -1: a tile the goal ignores).

    >>> slide_words(5, "L"), slide_words(8, "U")
    ('tile 5 slides right', 'tile 8 slides down')
    """
    name = f"tile {tile}" if tile > 0 else "a tile the current goal ignores"
    return f"{name} slides {TILE_DIRECTIONS[move]}"


def inverse_moves(moves: str) -> str:
    """The moves that undo ``moves``."""
    out = []
    for m in reversed(moves.upper()):
        if m not in INVERSE:
            raise PuzzleError(f"unknown move {m!r}: moves are U, D, L and R")
        out.append(INVERSE[m])
    return "".join(out)


_SEPARATORS = re.compile(r"\s*,\s*|\s+")  # a comma (spaces around it allowed) or spaces


def _split_rows(text: str) -> list[list[int]]:
    """Tiles of a board text grouped by row; a single group when the text names no rows."""
    text = text.strip().removeprefix("\ufeff").strip()  # a byte-order mark from a text file
    if not text:
        raise PuzzleError("empty board")
    if len(text) > 2000:
        raise PuzzleError("board text is too long")
    if "/" in text or "\n" in text:
        parts = re.split(r"[/\n]", text)
        if any(not p.strip() for p in parts):
            raise PuzzleError("empty row in the board")
        return [_row_tiles(p.strip()) for p in parts]
    if "," in text:
        return [_numbers(_SEPARATORS.split(text))]
    words = text.split()
    if len(words) == 1:
        return [_chars(words[0])]
    if _zero_padded(words):
        return [_numbers(words)]
    if (len({len(w) for w in words}) == 1 and len(words[0]) > 1) or any(
        len(w) > 1 and not w.isdigit() for w in words
    ):
        # Kunkle's rows: a flat list cannot have every token two characters or longer,
        # since tiles 1 to 9 are on every board, and its tokens are single tiles.
        return [_chars(w) for w in words]
    return [_numbers(words)]


def _zero_padded(words: list[str]) -> bool:
    """``01 02 … 15 00``: a flat list written with equal widths, not Kunkle's rows (whose
    characters are tiles, so they could not be read as the numbers 0 to n - 1)."""
    if not all(w.isascii() and w.isdigit() for w in words) or len({len(w) for w in words}) != 1:
        return False
    n = len(words)
    return _isqrt_exact(n) is not None and sorted(int(w) for w in words) == list(range(n))


def _row_tiles(row: str) -> list[int]:
    if "," in row or any(ch.isspace() for ch in row):
        return _numbers(_SEPARATORS.split(row))
    return _chars(row)


def _chars(word: str) -> list[int]:
    return _numbers(list(word))


def _numbers(tokens: list[str]) -> list[int]:
    out = []
    for tok in tokens:
        if tok == "":
            raise PuzzleError("empty tile between separators")
        if tok in BLANK_MARKS:
            out.append(0)
        elif tok.isascii() and tok.isdigit():
            digits = tok.lstrip("0") or "0"  # leading zeros pad a number, as in 007
            if len(digits) > 3:
                raise PuzzleError(
                    f"tile {digits[:12]}{'…' if len(digits) > 12 else ''} is out of range"
                )
            out.append(int(digits))
        else:
            shown = tok if len(tok) <= 12 else tok[:12] + "…"
            raise PuzzleError(
                f"cannot read tile {shown!r}: tiles are numbers, the blank 0, b, _ or ."
            )
    return out


def _isqrt_exact(n: int) -> int | None:
    side = int(n**0.5 + 0.5)
    return side if side * side == n and side >= 1 else None


def _spiral(width: int, height: int) -> Iterator[int]:
    """Cell indices in clockwise spiral order from the top-left corner."""
    top, left, bottom, right = 0, 0, height - 1, width - 1
    while top <= bottom and left <= right:
        for c in range(left, right + 1):
            yield top * width + c
        for r in range(top + 1, bottom + 1):
            yield r * width + right
        if top < bottom:
            for c in range(right - 1, left - 1, -1):
                yield bottom * width + c
        if left < right:
            for r in range(bottom - 1, top, -1):
                yield r * width + left
        top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
