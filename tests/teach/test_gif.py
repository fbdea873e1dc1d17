"""The GIF writer, read back by a decoder of the tests' own (GIF89a's LZW and its blocks,
written from the specification): every frame decodes to the pixels it was given."""

from __future__ import annotations

import random
import struct
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from npuzzle.teach.gif import MAX_FRAMES, Animation, frame_count, lzw_encode


def lzw_decode(data: bytes, at: int) -> tuple[list[int], int]:
    """The indices of one image's LZW data starting at ``at``; where its blocks end."""
    min_size = data[at]
    at += 1
    stream = bytearray()
    while data[at]:
        stream += data[at + 1 : at + 1 + data[at]]
        at += data[at] + 1
    at += 1
    clear, end = 1 << min_size, (1 << min_size) + 1
    bits = int.from_bytes(stream, "little")
    position, total = 0, 8 * len(stream)
    out: list[int] = []
    table: list[list[int]] = []
    size, previous = min_size + 1, None
    while position + size <= total:
        code = (bits >> position) & ((1 << size) - 1)
        position += size
        if code == clear:
            table = [[i] for i in range(clear)] + [[], []]
            size, previous = min_size + 1, None
            continue
        if code == end:
            return out, at
        if previous is None:
            entry = table[code]
        else:
            if code < len(table):
                entry = table[code]
                added = [*table[previous], entry[0]]
            elif code == len(table):
                added = [*table[previous], table[previous][0]]
                entry = added
            else:
                raise AssertionError(f"code {code} beyond the table ({len(table)})")
            if len(table) < 4096:
                table.append(added)
                if len(table) == 1 << size and size < 12:
                    size += 1
        out += entry
        previous = code
    raise AssertionError("no end code")


def decode(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]], list[int]]:
    """Width, height, every frame as composed (each pixel's colour) and each frame's delay."""
    assert data[:6] == b"GIF89a" and data[-1] == 0x3B
    width, height, flags = struct.unpack_from("<HHB", data, 6)
    assert flags & 0x80, "a global colour table"
    entries = 2 << (flags & 7)
    table = [tuple(data[13 + 3 * i : 16 + 3 * i]) for i in range(entries)]
    at = 13 + 3 * entries
    canvas: list[tuple[int, int, int] | None] = [None] * (width * height)
    frames, delays = [], []
    transparent, delay = None, 0
    while data[at] != 0x3B:
        if data[at] == 0x21:
            label = data[at + 1]
            if label == 0xF9:
                packed, delay, index = struct.unpack_from("<BHB", data, at + 3)
                transparent = index if packed & 1 else None
                assert (packed >> 2) & 7 == 1, "each frame stays under the next"
            at += 2
            while data[at]:
                at += data[at] + 1
            at += 1
        else:
            assert data[at] == 0x2C
            left, top, w, h, local = struct.unpack_from("<HHHHB", data, at + 1)
            assert not local & 0x80 and left + w <= width and top + h <= height
            pixels, at = lzw_decode(data, at + 10)
            assert len(pixels) == w * h
            for y in range(h):
                for x in range(w):
                    p = pixels[y * w + x]
                    if p != transparent:
                        canvas[(top + y) * width + left + x] = table[p]
            assert None not in canvas, "the first frame covers the whole picture"
            frames.append(list(canvas))
            delays.append(delay)
    return width, height, frames, delays  # type: ignore[return-value]


def rgba(colours: list[tuple[int, int, int]]) -> bytes:
    return b"".join(bytes([*c, 255]) for c in colours)


def test_lzw_round_trips_long_and_varied_data() -> None:
    """Past 4,096 codes (the table filled and cleared) and through every code width."""
    rng = random.Random(7)
    for data in (
        bytes(rng.randrange(256) for _ in range(20000)),
        bytes(rng.randrange(3) for _ in range(50000)),
        bytes(100000),
        b"\x05",
        b"",
    ):
        decoded, _ = lzw_decode(lzw_encode(data), 0)
        assert bytes(decoded) == data


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=3000), st.integers(2, 8))
def test_lzw_round_trips_any_indices(data: bytes, min_size: int) -> None:
    data = bytes(b % (1 << min_size) for b in data)
    decoded, _ = lzw_decode(lzw_encode(data, min_size), 0)
    assert bytes(decoded) == data


def test_frames_decode_to_the_pixels_given() -> None:
    """A few flat colours, moved about: each frame decodes to exactly its pixels, later
    frames as rectangles over the ones before; the delays as asked."""
    rng = random.Random(3)
    width, height = 17, 11
    colours = [(246, 246, 243), (31, 78, 121), (255, 255, 255), (179, 71, 0)]
    frames = []
    picture = [colours[0]] * (width * height)
    for _ in range(6):
        for _ in range(rng.randrange(1, 30)):
            picture[rng.randrange(width * height)] = rng.choice(colours)
        frames.append(list(picture))
    movie = Animation(width, height)
    for i, frame in enumerate(frames):
        movie.add(rgba(frame), delay=10 + i)
    data = movie.finish()
    w, h, decoded, delays = decode(data)
    assert (w, h) == (width, height)
    assert decoded == frames
    assert delays == [10 + i for i in range(6)]
    assert frame_count(data) == 6


def test_a_frame_like_the_one_before_lengthens_it() -> None:
    movie = Animation(2, 2)
    still = rgba([(0, 0, 0), (9, 9, 9), (0, 0, 0), (9, 9, 9)])
    movie.add(still, delay=20)
    movie.add(still, delay=30)
    _, _, frames, delays = decode(movie.finish())
    assert len(frames) == 1 and delays == [50]


def test_more_than_255_colours_go_to_the_nearest() -> None:
    """Blends (a letter's smooth edges) beyond the palette take the nearest colour kept."""
    width = 300
    grey = [(i % 256, i % 256, i % 256) for i in range(width)]
    first = [(0, 0, 0)] * 200 + [(255, 255, 255)] * 100  # two colours fill the palette's top
    movie = Animation(width, 2)
    movie.add(rgba(first + grey), delay=10)
    _, _, (frame,), _ = decode(movie.finish())
    assert frame[:width] == first
    kept = set(frame)
    assert len(kept) <= 255
    for given_, got in zip(grey, frame[width:], strict=True):
        error = sum((a - b) ** 2 for a, b in zip(given_, got, strict=True))
        assert error == min(sum((a - b) ** 2 for a, b in zip(given_, k, strict=True)) for k in kept)


def test_the_palette_reads_pixels_in_the_machines_order() -> None:
    """RGBA bytes, whatever the byte order of the ints they are counted as."""
    movie = Animation(1, 1)
    movie.add(bytes([10, 20, 30, 255]), delay=5)
    data = movie.finish()
    assert data[13:16] == bytes([10, 20, 30]), sys.byteorder


def test_limits_and_bad_frames_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be made"):
        Animation(0, 5)
    movie = Animation(2, 1)
    with pytest.raises(ValueError, match="takes 8 bytes"):
        movie.add(bytes(4), delay=10)
    with pytest.raises(ValueError, match="needs a frame"):
        movie.finish()
    for i in range(MAX_FRAMES):
        movie.add(rgba([(i % 2 * 255, 0, 0), (0, 0, 0)]), delay=2)  # red is a new colour
    with pytest.raises(ValueError, match=f"at most {MAX_FRAMES}"):
        movie.add(rgba([(0, 0, 0), (0, 0, 0)]), delay=2)
    assert frame_count(movie.finish()) == MAX_FRAMES


def test_frame_count_refuses_what_is_not_a_gif() -> None:
    with pytest.raises(ValueError, match="not a GIF"):
        frame_count(b"\x89PNG\r\n")


def test_colours_of_later_frames_and_those_named_are_kept_exact() -> None:
    """A colour first met in a later frame (a solved board's green) is kept, as are the
    colours the frames are said to be drawn with, even when the first frame is full of
    blends."""
    width = 400
    blends = [(i % 256, (3 * i) % 256, (7 * i) % 256) for i in range(width)]
    movie = Animation(width, 1, colours=((1, 2, 3),))
    movie.add(rgba(blends), delay=10)
    later = [(27, 107, 58)] * 10 + [(1, 2, 3)] * 10 + blends[20:]
    movie.add(rgba(later), delay=10)
    _, _, frames, _ = decode(movie.finish())
    assert frames[1][:20] == later[:20]
