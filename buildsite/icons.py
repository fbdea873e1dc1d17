"""The site's icon, drawn here (no outside assets): a 3x3 board with the gap bottom right and
the tile beside it in the hint's colour, as the page draws them, in the page's own light
palette (style.css's first :root block).

PNGs of the sizes that installed apps and home screens ask for, written by hand (zlib and
struct: the standard library has no image module), and the same drawing as SVG for the
favicon. Edges are anti-aliased from each pixel's distance to the rounded squares.
"""

from __future__ import annotations

import math
import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from buildsite.layout import BuildError

ICONS_SUBDIR = "icons"
SVG_ICON = "icon.svg"
# An XML namespace is a name, never fetched (the tests' offsite-URL check knows it).
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
# (file name, pixels, drawn full-bleed (maskable, apple-touch) or as a rounded board)
PNG_ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)
# The page's light palette (style.css's first :root block) gives the icons their colours.
_PALETTE_NAMES = ("bg", "board", "tile", "hint")
TILE_ROUNDING = 0.12  # a tile's corner radius over its side


def light_palette(css: str) -> dict[str, str]:
    """The colours named in _PALETTE_NAMES (as #rrggbb) from style.css's first :root block."""
    block = re.search(r":root\s*\{(.*?)\}", css, re.DOTALL)
    found = dict(re.findall(r"--([\w-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;", block[1] if block else ""))
    missing = [name for name in _PALETTE_NAMES if name not in found]
    if missing:
        raise BuildError(f"style.css's :root has no #rrggbb {', '.join('--' + n for n in missing)}")
    return {name: found[name].lower() for name in _PALETTE_NAMES}


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


@dataclass(frozen=True)
class IconLayout:
    """The icon in units of its side: a 3x3 board with the gap bottom right and the tile
    beside it in the hint's colour, as the page draws them."""

    inset: float  # the board's margin (0: full-bleed)
    radius: float  # the board's corner radius
    start: float  # the first row's top, the first column's left
    pitch: float  # from one row (or column) to the next
    side: float  # a tile's side
    cells: dict[tuple[int, int], str]  # (row, column) -> palette name; the gap has none

    @classmethod
    def of(cls, full_bleed: bool) -> IconLayout:
        """Full-bleed icons (maskable, apple-touch) keep the tiles inside the middle 62%,
        within the circle a maskable icon's mask leaves."""
        inset, radius = (0.0, 0.0) if full_bleed else (0.03, 0.16)
        box = 0.62 if full_bleed else 0.94 - 2 * inset
        gap = box * 0.035
        side = (box - 4 * gap) / 3
        cells = {(r, c): "tile" for r in range(3) for c in range(3)}
        del cells[2, 2]
        cells[2, 1] = "hint"
        return cls(inset, radius, (1 - box) / 2 + gap, side + gap, side, cells)


def _cover(qx: float, qy: float, r: float) -> float:
    """How much of a pixel a rounded square of corner radius r covers (0..1), from the
    pixel centre's offsets past the square's straight part on each axis (q = |p - centre| -
    (half side - r)): its signed distance to the edge, as an edge one pixel wide."""
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r
    return min(max(0.5 - outside, 0.0), 1.0)


def draw_icon(size: int, palette: dict[str, str], *, full_bleed: bool) -> bytes:
    """A PNG (RGBA) of the board icon, size by size pixels."""
    at = IconLayout.of(full_bleed)
    rgb = {name: _rgb(palette[name]) for name in ("board", "tile", "hint")}
    board_half, board_r = (1 - 2 * at.inset) * size / 2, at.radius * size
    tile_r = at.side * TILE_ROUNDING * size

    def axis(pixel: int) -> tuple[int, float, float]:
        """(nearest row or column, q for its tiles, q for the board) at a pixel's centre."""
        p = (pixel + 0.5) / size
        index = min(max(int((p - at.start + (at.pitch - at.side) / 2) // at.pitch), 0), 2)
        tile_q = abs(p - at.start - index * at.pitch - at.side / 2) * size
        return (
            index,
            tile_q - (at.side * size / 2 - tile_r),
            abs(p - 0.5) * size - (board_half - board_r),
        )

    columns = [axis(x) for x in range(size)]

    def row_of(row: int, tile_qy: float, board_qy: float) -> bytes:
        out = bytearray(b"\0")  # PNG filter type 0
        for column, tile_qx, board_qx in columns:
            alpha = 255 if full_bleed else round(255 * _cover(board_qx, board_qy, board_r))
            name = at.cells.get((row, column))
            colour: tuple[int, ...] = rgb["board"]
            if name is not None and (cover := _cover(tile_qx, tile_qy, tile_r)) > 0:
                colour = tuple(
                    round(b + (t - b) * cover) for b, t in zip(colour, rgb[name], strict=True)
                )
            out += bytes((*colour, alpha))
        return bytes(out)

    # Past a radius's reach (|q| clamped) rows are alike: each distinct row is drawn once.
    rows = []
    for y in range(size):
        row, tile_qy, board_qy = axis(y)
        key = (
            row,
            min(max(tile_qy, 0.0), tile_r + 0.5),
            min(max(board_qy, 0.0), board_r + 0.5),
        )
        rows.append(key)
    drawn = {key: row_of(*key) for key in set(rows)}
    return _png(size, size, b"".join(drawn[key] for key in rows))


def _png(width: int, height: int, filtered_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(filtered_rows, 9))
        + chunk(b"IEND", b"")
    )


def icon_svg(palette: dict[str, str]) -> str:
    """The same board icon as SVG (the page's favicon, any size)."""
    at = IconLayout.of(False)

    def n(value: float) -> str:
        return f"{value * 100:.2f}".rstrip("0").rstrip(".")

    board = n(1 - 2 * at.inset)
    shapes = [
        f'<rect x="{n(at.inset)}" y="{n(at.inset)}" width="{board}" height="{board}" '
        f'rx="{n(at.radius)}" fill="{palette["board"]}"/>'
    ]
    shapes += [
        f'<rect x="{n(at.start + c * at.pitch)}" y="{n(at.start + r * at.pitch)}" '
        f'width="{n(at.side)}" height="{n(at.side)}" rx="{n(at.side * TILE_ROUNDING)}" '
        f'fill="{palette[name]}"/>'
        for (r, c), name in sorted(at.cells.items())
    ]
    body = "\n  ".join(shapes)
    size = 'width="100" height="100" viewBox="0 0 100 100"'
    return f'<svg xmlns="{SVG_NAMESPACE}" {size}>\n  {body}\n</svg>\n'


def write_icons(palette: dict[str, str], folder: Path) -> list[Path]:
    """Draw every icon (PNG_ICONS, then the SVG) into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, px, full_bleed in PNG_ICONS:
        (folder / name).write_bytes(draw_icon(px, palette, full_bleed=full_bleed))
        written.append(folder / name)
    (folder / SVG_ICON).write_text(icon_svg(palette), encoding="utf-8")
    return [*written, folder / SVG_ICON]
