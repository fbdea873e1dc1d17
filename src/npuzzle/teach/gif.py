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

import re
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


_RUN = re.compile(rb"(.)\1{15,}", re.DOTALL)  # 16 pixels of one index or more


class _Lzw:
    """GIF's LZW, greedy, with its table as the decoder builds it. Runs of one index (a
    background, the transparent pixels of a frame) are taken a code at a time, not a pixel
    at a time: the codes of "c", "cc", "ccc", ... of each index c are kept in a chain."""

    def __init__(self, min_code_size: int) -> None:
        self.min_size = min_code_size
        self.clear, self.end = 1 << min_code_size, (1 << min_code_size) + 1
        self.out = bytearray()
        self.bits = self.nbits = 0
        self.reset()

    def reset(self) -> None:
        self.codes: dict[int, int] = {}  # (prefix's code << 8 | index) -> code
        self.next, self.size = self.end + 1, self.min_size + 1
        self.chains: dict[int, list[int]] = {}  # index c -> the codes of c, cc, ccc, ...
        self.in_chain: dict[int, tuple[int, int]] = {}  # a chain's code -> (c, its length)

    def write(self, code: int) -> None:
        self.bits |= code << self.nbits
        self.nbits += self.size
        while self.nbits >= 8:
            self.out.append(self.bits & 0xFF)
            self.bits >>= 8
            self.nbits -= 8

    def emit(self, prefix: int, pixel: int) -> None:
        """Write ``prefix``, followed by ``pixel``: the decoder makes their string a code."""
        self.write(prefix)
        if self.next >= MAX_CODES:  # the table is full: start it again
            self.write(self.clear)
            self.reset()
            return
        code = self.next
        self.codes[(prefix << 8) | pixel] = code
        chain = self.chains.get(pixel)
        if chain is None and prefix == pixel:
            self.chains[pixel] = chain = [pixel]
        if chain is not None and chain[-1] == prefix:
            chain.append(code)
            self.in_chain[code] = (pixel, len(chain))
        if code == 1 << self.size:  # the decoder widens its codes as it adds this one
            self.size += 1
        self.next += 1

    def walk(self, pixels: bytes, prefix: int) -> int:
        """The greedy match, a pixel at a time; the prefix left at the end."""
        codes = self.codes
        for pixel in pixels:
            known = codes.get((prefix << 8) | pixel)
            if known is not None:
                prefix = known
                continue
            self.emit(prefix, pixel)
            codes = self.codes  # a new table, if it was full
            prefix = pixel
        return prefix

    def run(self, prefix: int, pixel: int, count: int) -> int:
        """``count`` more pixels of ``pixel`` after ``prefix``: the same codes as
        :meth:`walk`, a chain's length at a time."""
        while count > 0:
            length = 1 if prefix == pixel else 0
            if not length:
                c, n = self.in_chain.get(prefix, (-1, 0))
                length = n if c == pixel else 0
            if not length:  # the prefix is not a run of this pixel: one step on
                prefix = self.walk(bytes((pixel,)), prefix)
                count -= 1
                continue
            chain = self.chains.get(pixel) or [pixel]
            if length + count <= len(chain):
                return chain[length + count - 1]
            count -= len(chain) - length
            self.emit(chain[-1], pixel)
            prefix = pixel
            count -= 1
        return prefix

    def encode(self, pixels: bytes) -> bytes:
        self.write(self.clear)  # every stream starts with a clear code
        if pixels:
            prefix, at = pixels[0], 1
            for run in _RUN.finditer(pixels, 1):
                first, stop = run.span()
                prefix = self.walk(pixels[at : first + 1], prefix)
                prefix = self.run(prefix, pixels[first], stop - first - 1)
                at = stop
            prefix = self.walk(pixels[at:], prefix)
            self.write(prefix)
            if self.next == 1 << self.size and self.size < 12:  # the decoder adds one more
                self.size += 1
        self.write(self.end)
        if self.nbits:
            self.out.append(self.bits & 0xFF)
        return bytes(self.out)


def lzw_encode(pixels: bytes, min_code_size: int = 8) -> bytes:
    """GIF's variable-length LZW of ``pixels`` (indices below ``2 ** min_code_size``), as
    the data sub-blocks of an image: the code size's byte first, 255-byte blocks, a 0 last."""
    out = _Lzw(min_code_size).encode(pixels)
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

    def indices(self, pixels: memoryview, grow: bool = True) -> bytes:
        """Each pixel's index. A colour not in the palette is added while there is room (if
        ``grow``), else goes to the nearest entry."""
        for key in set(pixels).difference(self.index):
            if grow and len(self.colours) < TRANSPARENT:
                self.index[key] = len(self.colours)
                self.colours.append(_rgb(key))
            else:
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
        if not self.frames:  # the first frame's most frequent colours, room left for more
            box = (0, 0, width, height)
            pixels = memoryview(rgba).cast("I")
            self.palette.add(pixels, KEEP_FREE)
            shown = self.palette.indices(pixels, grow=False)
            self.previous = bytearray(shown)
        else:  # only the rectangle that changed, and in it only the rows that did
            changed = _changed(self.before, rgba, width, 4)
            shown = self._rows(rgba, changed) if changed is not None else b""
            if changed is None or not shown:  # the frame before is shown longer
                self._lengthen(delay)
                return
            box = changed
        left, top, right, bottom = box
        self.before = rgba
        delay = max(2, min(65535, int(delay)))  # browsers show a delay under 2 as 10
        control = struct.pack("<BBBBHBB", 0x21, 0xF9, 4, 0b0000_0101, delay, TRANSPARENT, 0)
        descriptor = struct.pack("<BHHHHB", 0x2C, left, top, right - left, bottom - top, 0)
        self.frames.append(control + descriptor + lzw_encode(shown))

    def _rows(self, rgba: bytes, box: tuple[int, int, int, int]) -> bytes:
        """The rectangle's indices, each pixel that kept its index TRANSPARENT (long runs of
        one index, which LZW packs well): a row unchanged is not read, and of a row that
        changed only the pixels from its first change to its last. b"" if none changed."""
        left, top, right, bottom = box
        width, size = self.width, right - left
        clear = bytes([TRANSPARENT])
        rows, any_changed = [], False
        for row in range(top, bottom):
            at = row * width + left
            old, new = self.before[4 * at : 4 * (at + size)], rgba[4 * at : 4 * (at + size)]
            if old == new:
                rows.append(clear * size)
                continue
            first, last = _span(old, new, 4)
            indices = self.palette.indices(memoryview(new[4 * first : 4 * last]).cast("I"))
            was = bytes(self.previous[at + first : at + last])
            if indices != was:
                any_changed = True
                self.previous[at + first : at + last] = indices
            rows.append(clear * first + _transparent(was, indices) + clear * (size - last))
        return b"".join(rows) if any_changed else b""

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


def _span(before: bytes, after: bytes, depth: int) -> tuple[int, int]:
    """The first pixel that differs, and the one after the last (``depth`` bytes a pixel)."""
    n = len(after)
    diff = (int.from_bytes(before, "big") ^ int.from_bytes(after, "big")).to_bytes(n, "big")
    first = (n - len(diff.lstrip(b"\0"))) // depth
    last = (len(diff.rstrip(b"\0")) + depth - 1) // depth
    return first, last


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
