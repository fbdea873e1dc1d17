"""Pattern databases on disk: the file format, and the disk cache that keeps built tables.

**A file** (:func:`encode`) is a magic line, one line of JSON (the table's name, size and
CRC-32, the codec, and ``check``, a CRC-32 of the rest of that line and of the compressed
table), then the table compressed with xz. ``check`` lets :func:`check` tell a whole file from
a damaged one in a few milliseconds, without decompressing it (a 6-tile table takes a
second); a file made before there was one is checked by decoding it in full. (The checksum
is in the header so that older versions still read the files.)

**The cache** (:func:`cache_dir`) is ``$NPUZZLE_CACHE``, else the user's cache folder;
:func:`cached` reads a table's file from it, checked. :func:`cache_problem` says why a table
cannot be kept there, before minutes of building; :func:`keep` writes a file whole or not at
all (a full disk leaves no partial file), and :func:`sweep` removes what a process killed
while writing left.

>>> table = bytes(range(24))
>>> data = encode("2x2-exact-0.npdb", table)
>>> check("2x2-exact-0.npdb", data)  # the header and the whole file's checksum
>>> damaged = data[:-1] + bytes([data[-1] ^ 1])
>>> try:
...     check("2x2-exact-0.npdb", damaged)
... except Damaged as exc:
...     print(exc)
pattern database 2x2-exact-0.npdb is damaged: its checksum does not match
"""

from __future__ import annotations

import contextlib
import errno
import json
import lzma
import os
import sys
import zlib
from pathlib import Path
from typing import Any, NamedTuple

from npuzzle.core.board import PuzzleError
from npuzzle.heuristics.pdbplan import cell_bits, factorial, parse_name

__all__ = [
    "CacheError",
    "Damaged",
    "Problem",
    "Table",
    "cache_dir",
    "cache_problem",
    "cached",
    "check",
    "decode",
    "encode",
    "keep",
    "sweep",
    "upgrade",
]

MAGIC = b"NPDB1\n"
UNPACK_PIECE = 1 << 22  # bytes decompressed at a time (:func:`decode`)
#: a table's entries, a byte each: ``bytes`` when built, ``bytearray`` when read from a file
Table = bytes | bytearray
_TMP = ".tmp"  # a file being written: its table's name, this, the writer's process id


class CacheError(Exception):
    """The disk cache cannot give or keep a table: the message says why and what to do."""


class Damaged(PuzzleError):
    """A file that is not a whole table: ``reason`` says what is wrong with it."""

    def __init__(self, name: str, reason: object) -> None:
        super().__init__(f"pattern database {name} is damaged: {reason}")
        self.name, self.reason = name, str(reason)


# ----- the file ---------------------------------------------------------------------------------
def encode(name: str, table: bytes) -> bytes:
    """A table as a file: magic, one line of JSON (name, size, CRC-32, codec, and the file's
    own checksum), the xz-compressed table (xz: a 6-tile table of 16 MiB takes 1.0 MB, against
    2.4 MB with zlib)."""
    header = {"name": name, "size": len(table), "crc32": zlib.crc32(table), "codec": "xz"}
    # fed a few MiB at a time (the same stream as lzma.compress), so that Ctrl+C and
    # signals are heard between pieces of the minutes a large table takes
    packer, step = lzma.LZMACompressor(), 1 << 22
    parts = [packer.compress(table[i : i + step]) for i in range(0, len(table), step)]
    return _with_check(header, b"".join([*parts, packer.flush()]))


def _with_check(header: dict[str, Any], packed: bytes) -> bytes:
    """The file of ``header`` (without its ``check``) and ``packed``, the compressed table:
    ``check`` is the CRC-32 of the header line without it and of the compressed table."""
    line = json.dumps(header).encode()
    check = zlib.crc32(packed, zlib.crc32(line))
    return MAGIC + json.dumps({**header, "check": check}).encode() + b"\n" + packed


def _expected_size(name: str) -> int:
    w, h, kind, cells = parse_name(name)
    if kind == "exact":
        return factorial(w * h)
    size = 1 << (cell_bits(w * h) * len(cells))
    return size // 2 if kind == "pairs" else size  # pairs: the last tile's cells halved


def _open(name: str, data: bytes) -> tuple[dict[str, Any], bytes]:
    """The header and the compressed table of a file, the file's own checksum checked when it
    has one (one made before there was one has not); ValueError says what is wrong."""
    if not data.startswith(MAGIC):
        raise ValueError("no pattern database header")
    line_end = data.index(b"\n", len(MAGIC))
    line, packed = data[len(MAGIC) : line_end], data[line_end + 1 :]
    header = json.loads(line)
    if not isinstance(header, dict):
        raise ValueError("no pattern database header")
    if "check" in header:
        rest = {k: v for k, v in header.items() if k != "check"}
        # the line as written (any change to it shows), and the checksum of what it covers
        if _with_check(rest, packed) != data:
            raise ValueError("its checksum does not match")
    if header.get("codec") != "xz":
        raise ValueError(f"unknown codec {header.get('codec')!r}")
    if header.get("name") != name:
        raise ValueError(f"it holds {header.get('name')!r}")
    if header.get("size") != _expected_size(name):
        raise ValueError("wrong size")
    return header, packed


def decode(name: str, data: bytes) -> Table:
    """The table in a file made by :func:`encode`; a clear error if it is not that table."""
    try:
        header, packed = _open(name, data)
        table = _unpack(packed, int(header["size"]))
        if zlib.crc32(table) != header["crc32"]:
            raise ValueError("its checksum does not match")
    except (ValueError, KeyError, TypeError, lzma.LZMAError) as exc:
        raise Damaged(name, exc) from None
    return table


def _unpack(packed: bytes, size: int) -> bytearray:
    """``packed`` decompressed into a buffer of its ``size``, a piece at a time: the large
    4x4 table's 128 MiB would take twice that at the peak through ``lzma.decompress`` (its
    pieces, then the bytes they are joined into), and in the page a worker's memory, once
    grown, is never given back."""
    table = bytearray(size)
    into, at = memoryview(table), 0
    unpacker = lzma.LZMADecompressor(lzma.FORMAT_XZ)
    piece = unpacker.decompress(packed, max_length=UNPACK_PIECE)
    while True:
        if at + len(piece) > size:
            raise ValueError("wrong size")
        into[at : at + len(piece)] = piece
        at += len(piece)
        if unpacker.eof or (not piece and unpacker.needs_input):
            break
        piece = unpacker.decompress(b"", max_length=UNPACK_PIECE)
    if not unpacker.eof:
        raise ValueError("it is cut short")
    if unpacker.unused_data:
        raise ValueError("bytes follow its end")
    if at != size:
        raise ValueError("wrong size")
    return table


def check(name: str, data: bytes) -> None:
    """:class:`Damaged` if ``data`` is not a whole file of the table ``name``: its header and
    the file's checksum are read (milliseconds); a file without that checksum (made before it
    was written) is decoded in full."""
    try:
        header, _packed = _open(name, data)
    except (ValueError, KeyError, TypeError) as exc:
        raise Damaged(name, exc) from None
    if "check" not in header:
        decode(name, data)


def upgrade(data: bytes) -> bytes:
    """A checked file without the file's checksum, with it (nothing is compressed again)."""
    line_end = data.index(b"\n", len(MAGIC))
    header = json.loads(data[len(MAGIC) : line_end])
    if "check" in header:
        return data
    return _with_check(header, data[line_end + 1 :])


# ----- the cache -------------------------------------------------------------------------------
def cache_dir() -> Path | None:
    """Where built tables are kept: ``$NPUZZLE_CACHE``, else the user's cache directory
    (``$XDG_CACHE_HOME/npuzzle`` or ``~/.cache/npuzzle``). None in the browser."""
    if sys.platform == "emscripten":
        return None
    env = os.environ.get("NPUZZLE_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "npuzzle"


class Problem(NamedTuple):
    """Why the cache cannot keep a table, and what to do about it."""

    why: str
    advice: str


def _advice() -> str:
    if os.environ.get("NPUZZLE_CACHE"):
        return "point NPUZZLE_CACHE at a folder you can write"
    return "set NPUZZLE_CACHE to a folder you can write"


def cache_problem(name: str | None = None) -> Problem | None:
    """Why a built table (``name``, or any) cannot be kept in the cache; None if it can be
    (the folder is made if missing). A full disk shows only when writing (:func:`keep`)."""
    folder = cache_dir()
    if folder is None:
        return Problem("there is no disk cache here", "nothing to do")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return Problem(f"{folder} is a file, not a folder", _advice())
    except OSError as exc:
        return Problem(f"{folder} cannot be made: {exc.strerror}", _advice())
    if not os.access(folder, os.W_OK):
        return Problem(f"{folder} cannot be written", _advice())
    path = folder / name if name is not None else None
    if path is not None and (path.exists() or path.is_symlink()) and not path.is_file():
        what = "a folder" if path.is_dir() else "not a file"
        return Problem(f"{path} is {what}, not a table", "remove it")
    return None


def cached(name: str) -> bytes | None:
    """The file of table ``name`` in the cache, checked (:func:`check`); None if there is
    none. PuzzleError if it is damaged; CacheError if it cannot be read."""
    folder = cache_dir()
    if folder is None:
        return None
    path = folder / name
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise CacheError(f"{path} is a folder, not a table: remove it") from None
    except OSError as exc:
        raise CacheError(f"{path} cannot be read ({exc.strerror})") from None
    check(name, data)
    return data


def keep(name: str, data: bytes) -> Problem | None:
    """Write ``data``, the file of table ``name``, into the cache, whole or not at all (it is
    written beside its place, then renamed; what was written is removed if that fails): None
    once it is there, else why not. Partial files that killed processes left are removed."""
    folder = cache_dir()
    if folder is None:
        return Problem("there is no disk cache here", "nothing to do")
    tmp = folder / f"{name}{_TMP}{os.getpid()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(data)
        tmp.replace(folder / name)
    except OSError as exc:
        with contextlib.suppress(OSError):  # it was never made: the folder cannot be written
            tmp.unlink(missing_ok=True)
        full = exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
        advice = "free some space there or point NPUZZLE_CACHE at another folder"
        return Problem(f"{folder}: {exc.strerror}", advice if full else _advice())
    finally:
        sweep()
    return None


def sweep() -> None:
    """Remove the partial files that processes killed while writing a table left."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        partial = list(folder.glob(f"*.npdb{_TMP}*"))
    except OSError:
        return
    for path in partial:
        pid = path.name.rpartition(_TMP)[2]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):  # swept by another, or a read-only folder
                path.unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid() or os.name == "nt":  # Windows' os.kill would end the process
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True
