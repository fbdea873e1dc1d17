"""Animated GIFs, written in pure Python: a palette, LZW, and the blocks of GIF89a.

The page's exports (``web/page/exportview.py``) draw each frame in the browser and hand its
pixels here as RGBA bytes, 4 a pixel, as a canvas gives them. :class:`Animation` makes one
palette of at most 255 colours: those it is told the frames are drawn with, then the first
frame's most frequent (a board's few flat colours, then the edges of its letters), leaving
room for the colours later frames bring; a colour met once it is full takes the nearest
entry. It writes each frame after the first as the smallest rectangle that changed, its
unchanged pixels transparent, so that a move of one tile costs the few pixels it changes.

The per-pixel work is done by the interpreter's own loops in C (``memoryview.cast``, ``set``,
``bytes(map(...))``, ``int.from_bytes`` over whole rows): only LZW walks the pixels in Python,
and only those of the rectangle that changed.

>>> red, blue = bytes([255, 0, 0, 255]), bytes([0, 0, 255, 255])
>>> movie = Animation(2, 1)
>>> movie.add(red + blue, delay=50)
>>> movie.add(blue + red, delay=50)
>>> data = movie.finish()
>>> data[:6], data[-1:], frame_count(data)
(b'GIF89a', b';', 2)
"""

from __future__ import annotations

import struct
import sys
from collections import Counter
from dataclasses import dataclass

__all__ = ["MAX_FRAMES", "Animation", "frame_count", "lzw_encode"]

#: the most frames an export makes: a limit the page states (memory, and the time to make it)
MAX_FRAMES = 500
TRANSPARENT = 255  # the palette index of "unchanged since the frame before"
KEEP_FREE = 64  # palette entries the first frame leaves to colours met later
MAX_CODES = 4096  # GIF's LZW codes are at most 12 bits
Colour = tuple[int, int, int]


def lzw_encode(pixels: bytes, min_code_size: int = 8) -> bytes:
    """GIF's variable-length LZW of ``pixels`` (indices below ``2 ** min_code_size``), as
    the data sub-blocks of an image: the code size's byte first, 255-byte blocks, a 0 last."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    codes: dict[int, int] = {}
    next_code, size = end + 1, min_code_size + 1
    out = bytearray()
    bits, nbits = clear, size  # every stream starts with a clear code
    if not pixels:
        bits |= end << nbits
        nbits += size
    else:
        prefix = pixels[0]
        for pixel in pixels[1:]:
            key = (prefix << 8) | pixel
            known = codes.get(key)
            if known is not None:
                prefix = known
                continue
            bits |= prefix << nbits
            nbits += size
            if next_code < MAX_CODES:
                codes[key] = next_code
                if next_code == 1 << size:  # the decoder widens its codes as it adds this one
                    size += 1
                next_code += 1
            else:  # the table is full: start it again
                bits |= clear << nbits
                nbits += size
                codes.clear()
                next_code, size = end + 1, min_code_size + 1
            prefix = pixel
            while nbits >= 8:
                out.append(bits & 0xFF)
                bits >>= 8
                nbits -= 8
        bits |= prefix << nbits
        nbits += size
        if next_code == 1 << size and size < 12:  # the decoder's table grew with that code
            size += 1
        bits |= end << nbits
        nbits += size
    while nbits > 0:
        out.append(bits & 0xFF)
        bits >>= 8
        nbits -= 8
    blocks = bytearray([min_code_size])
    for start in range(0, len(out), 255):
        chunk = out[start : start + 255]
        blocks.append(len(chunk))
        blocks += chunk
    blocks.append(0)
    return bytes(blocks)


@dataclass
class _Palette:
    """At most 255 colours (index 255 is transparency) and where every colour met goes."""

    colours: list[Colour]
    index: dict[int, int]  # a pixel, as the native unsigned int of its RGBA bytes -> index

    def add(self, pixels: memoryview, room: int) -> None:
        """Take the most frequent colours of ``pixels`` not yet in, leaving ``room`` free."""
        counts = Counter(pixels)
        for key in self.index.keys() & counts.keys():
            del counts[key]
        for key, _ in counts.most_common(max(0, TRANSPARENT - room - len(self.colours))):
            self.index[key] = len(self.colours)
            self.colours.append(_rgb(key))

    def indices(self, pixels: memoryview) -> bytes:
        """Each pixel's index; a colour not in the palette goes to the nearest entry."""
        for key in set(pixels).difference(self.index):
            self.index[key] = self.nearest(_rgb(key))
        return bytes(map(self.index.__getitem__, pixels))

    def nearest(self, colour: Colour) -> int:
        r, g, b = colour
        return min(
            range(len(self.colours)),
            key=lambda i: (
                (self.colours[i][0] - r) ** 2
                + (self.colours[i][1] - g) ** 2
                + (self.colours[i][2] - b) ** 2
            ),
        )

    def table(self) -> bytes:
        """The global colour table: 256 entries, the unused ones black."""
        entries = self.colours + [(0, 0, 0)] * (256 - len(self.colours))
        return b"".join(bytes(c) for c in entries)


def _rgb(key: int) -> Colour:
    r, g, b, _alpha = key.to_bytes(4, sys.byteorder)
    return r, g, b


class Animation:
    """An animated GIF of ``width`` x ``height`` pixels that loops forever, made a frame at
    a time (:meth:`add`), written at the end (:meth:`finish`)."""

    def __init__(self, width: int, height: int, colours: tuple[Colour, ...] = ()) -> None:
        if not (0 < width < 65536 and 0 < height < 65536):
            raise ValueError(f"a GIF of {width} x {height} pixels cannot be made")
        self.width, self.height = width, height
        # the colours the frames are drawn with, exact whatever the first frame holds
        self.palette = _Palette([], {})
        seed = b"".join(bytes([*colour, 255]) for colour in colours[:KEEP_FREE])
        self.palette.add(memoryview(seed).cast("I"), 0)
        self.before = b""  # the last frame's RGBA
        self.previous = bytearray()  # and its indices
        self.frames: list[bytes] = []

    def add(self, rgba: bytes | bytearray | memoryview, delay: int) -> None:
        """One frame, ``rgba`` row by row (4 bytes a pixel, opaque), shown ``delay``
        hundredths of a second."""
        width, height = self.width, self.height
        if len(self.frames) >= MAX_FRAMES:
            raise ValueError(f"a GIF here holds at most {MAX_FRAMES} frames")
        if len(rgba) != 4 * width * height:
            raise ValueError(
                f"a frame of {width} x {height} pixels takes "
                f"{4 * width * height} bytes, not {len(rgba)}"
            )
        rgba = bytes(rgba)
        if not self.frames:
            box: tuple[int, int, int, int] | None = (0, 0, width, height)
        else:  # only the rectangle that changed is read and written
            box = _changed(self.before, rgba, width, 4)
        if box is None:  # nothing changed: the frame before is shown longer
            self._lengthen(delay)
            return
        left, top, right, bottom = box
        pixels = memoryview(_cut(rgba, width, box, 4)).cast("I")
        # the first frame's colours, then a later frame's new ones, while there is room
        self.palette.add(pixels, KEEP_FREE if not self.frames else 0)
        shown = self.palette.indices(pixels)
        if self.frames:
            old = _cut(self.previous, width, box, 1)
            if old == shown:  # changed, but to colours of the same entries
                self._lengthen(delay)
                return
            for row in range(top, bottom):
                at = (row - top) * (right - left)
                self.previous[row * width + left : row * width + right] = shown[
                    at : at + right - left
                ]
            shown = _transparent(old, shown)
        else:
            self.previous = bytearray(shown)
        self.before = rgba
        delay = max(2, min(65535, int(delay)))  # browsers show a delay under 2 as 10
        control = struct.pack("<BBBBHBB", 0x21, 0xF9, 4, 0b0000_0101, delay, TRANSPARENT, 0)
        descriptor = struct.pack("<BHHHHB", 0x2C, left, top, right - left, bottom - top, 0)
        self.frames.append(control + descriptor + lzw_encode(shown))

    def _lengthen(self, delay: int) -> None:
        last = bytearray(self.frames[-1])
        shown = struct.unpack_from("<H", last, 4)[0]
        struct.pack_into("<H", last, 4, min(65535, shown + max(2, delay)))
        self.frames[-1] = bytes(last)

    def finish(self) -> bytes:
        """The GIF's bytes: header, palette, the loop, every frame, the trailer."""
        if not self.frames:
            raise ValueError("a GIF needs a frame at least")
        header = b"GIF89a" + struct.pack("<HHBBB", self.width, self.height, 0xF7, 0, 0)
        loop = b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"  # 0: loop forever
        return header + self.palette.table() + loop + b"".join(self.frames) + b";"


def _changed(
    before: bytes, after: bytes, width: int, depth: int
) -> tuple[int, int, int, int] | None:
    """The smallest rectangle (left, top, right, bottom) holding every pixel that differs
    (``depth`` bytes a pixel)."""
    if before == after:
        return None
    n, stride = len(after), width * depth
    diff = (int.from_bytes(before, "big") ^ int.from_bytes(after, "big")).to_bytes(n, "big")
    first = n - len(diff.lstrip(b"\0"))
    last = len(diff.rstrip(b"\0")) - 1
    top, bottom = first // stride, last // stride + 1
    union = 0
    for row in range(top, bottom):
        union |= int.from_bytes(diff[row * stride : (row + 1) * stride], "big")
    line = union.to_bytes(stride, "big")
    left = (stride - len(line.lstrip(b"\0"))) // depth
    right = (len(line.rstrip(b"\0")) + depth - 1) // depth
    return left, top, right, bottom


def _cut(data: bytes | bytearray, width: int, box: tuple[int, int, int, int], depth: int) -> bytes:
    """The rectangle's bytes, row by row."""
    left, top, right, bottom = box
    stride = width * depth
    return b"".join(
        data[row * stride + left * depth : row * stride + right * depth]
        for row in range(top, bottom)
    )


_CHANGED = bytes([0]) + bytes([255]) * 255  # a byte of a difference: 0 if none, else 255


def _transparent(before: bytes, after: bytes) -> bytes:
    """``after``, its pixels the same as ``before``'s TRANSPARENT (long runs of one index,
    which LZW packs well), computed on whole rectangles at once."""
    size = len(after)
    diff = (int.from_bytes(before, "big") ^ int.from_bytes(after, "big")).to_bytes(size, "big")
    mask = int.from_bytes(diff.translate(_CHANGED), "big")
    ones = (1 << (8 * size)) - 1
    # changed pixels keep their index; the rest become TRANSPARENT (all bits set)
    return (int.from_bytes(after, "big") | (ones ^ mask)).to_bytes(size, "big")


def frame_count(data: bytes) -> int:
    """The images in a GIF (its frames), read from its blocks."""
    if data[:6] not in (b"GIF87a", b"GIF89a"):
        raise ValueError("not a GIF")
    flags = data[10]
    at = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    frames = 0
    while at < len(data):
        kind = data[at]
        if kind == 0x3B:  # the trailer
            return frames
        if kind == 0x21:  # an extension: its label, then sub-blocks
            at += 2
        elif kind == 0x2C:  # an image: its descriptor, a local table, the LZW's code size
            frames += 1
            local = data[at + 9]
            at += 10 + (3 * (2 << (local & 7)) if local & 0x80 else 0) + 1
        else:
            raise ValueError(f"a broken GIF: block {kind:#x} at byte {at}")
        while data[at]:
            at += data[at] + 1
        at += 1
    raise ValueError("a broken GIF: no trailer")
