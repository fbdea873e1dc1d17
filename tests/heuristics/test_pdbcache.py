"""Pattern databases on disk: the file's own checksum, and the cache that checks each table."""

from __future__ import annotations

import errno
import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest

from npuzzle.heuristics import pdbbuild, pdbcache
from npuzzle.heuristics.pdbcache import Damaged

NAME = "3x2-exact-0.npdb"  # 720 entries: built in a moment


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty disk cache of its own, no table in memory, and the notices said."""
    notices: list[str] = []
    monkeypatch.setenv("NPUZZLE_CACHE", str(tmp_path))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    monkeypatch.setattr(pdbbuild, "on_notice", notices.append)
    return tmp_path, notices


def _flipped(data: bytes, i: int) -> bytes:
    return data[:i] + bytes([data[i] ^ 0x10]) + data[i + 1 :]


def test_any_byte_changed_or_cut_off_is_caught_by_the_files_checksum():
    table = pdbbuild.build(NAME)
    data = pdbcache.encode(NAME, table)
    pdbcache.check(NAME, data)
    assert pdbcache.decode(NAME, data) == table
    for i in range(len(data)):
        try:
            pdbcache.check(NAME, _flipped(data, i))
        except Damaged:
            continue
        # only the checksum's own name may change unseen: the file then reads as one made
        # before there was one, checked in full, and its table is whole
        assert data[i : i + 1] in b"check" and pdbcache.decode(NAME, _flipped(data, i)) == table
    for end in range(len(data)):
        with pytest.raises(Damaged):
            pdbcache.check(NAME, data[:end])
    with pytest.raises(Damaged, match="it holds"):
        other = pdbcache.encode("3x2-exact-1.npdb", pdbbuild.build("3x2-exact-1.npdb"))
        pdbcache.check(NAME, other)


def test_a_file_of_the_first_format_is_decoded_in_full_then_given_its_checksum(cache):
    folder, notices = cache
    table = pdbbuild.build(NAME)
    new = pdbcache.encode(NAME, table)
    line_end = new.index(b"\n", len(pdbcache.MAGIC))
    header = json.loads(new[len(pdbcache.MAGIC) : line_end])
    del header["check"]  # what versions before the file's checksum wrote
    old = pdbcache.MAGIC + json.dumps(header).encode() + new[line_end:]
    assert pdbcache.decode(NAME, old) == table
    with pytest.raises(Damaged):
        pdbcache.check(NAME, _flipped(old, len(old) - 20))  # in the compressed table
    (folder / NAME).write_bytes(old)
    pdbbuild.ensure([NAME])
    assert (folder / NAME).read_bytes() == new and notices == []


def test_a_damaged_table_in_the_cache_is_said_and_built_again(cache):
    folder, notices = cache
    pdbbuild.ensure([NAME])
    whole = (folder / NAME).read_bytes()
    (folder / NAME).write_bytes(_flipped(whole, len(whole) // 2))
    built: list[str] = []
    pdbbuild.ensure([NAME], report=lambda name, seconds: built.append(name))
    assert built == [NAME] and (folder / NAME).read_bytes() == whole
    damaged = [n for n in notices if "was damaged" in n]
    assert len(damaged) == 1
    assert f"{NAME} in {folder} was damaged (its checksum does not match)" in damaged[0]
    assert damaged[0].endswith("building it again")
    # and a search that finds it damaged says so too, and does the same
    (folder / NAME).write_bytes(whole[:100])
    pdbbuild._loaded.clear()  # as in a new process
    assert pdbbuild.load(NAME) == pdbcache.decode(NAME, whole)
    assert len([n for n in notices if "was damaged" in n]) == 2
    assert (folder / NAME).read_bytes() == whole


def test_a_full_disk_leaves_no_partial_file_and_is_said(cache, monkeypatch):
    """A full disk, simulated: the write stops half-way with ENOSPC (the CLI's test makes a
    real small filesystem where it can)."""
    folder, notices = cache
    real = Path.write_bytes

    def half_then_full(self: Path, data: bytes) -> int:
        real(self, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_bytes", half_then_full)
    for _run in range(2):
        pdbbuild._loaded.clear()
        assert pdbbuild.load(NAME) == pdbbuild.build(NAME)
        assert list(folder.iterdir()) == []
    assert len(notices) == 4
    assert notices[0] == f"building pattern database {NAME}, to keep in {folder}"
    assert notices[1] == (
        f"pattern database {NAME} cannot be kept ({folder}: No space left on device), so it is "
        "built again each run; free some space there or point NPUZZLE_CACHE at another folder"
    )
    # npuzzle pdb and build.py stop at once: they are there to keep the tables
    with pytest.raises(pdbcache.CacheError, match="No space left on device"):
        pdbbuild.ensure([NAME, "2x2-exact-0.npdb"])
    assert list(folder.iterdir()) == []


def test_partial_files_of_processes_that_are_gone_are_swept(cache):
    folder, _notices = cache
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                          capture_output=True, text=True).stdout.strip()  # fmt: skip
    (folder / f"{NAME}.tmp{gone}").write_bytes(b"half a table")
    (folder / f"{NAME}.tmp{os.getppid()}").write_bytes(b"being written")
    assert pdbcache.keep(NAME, pdbcache.encode(NAME, pdbbuild.build(NAME))) is None
    assert sorted(p.name for p in folder.iterdir()) == [NAME, f"{NAME}.tmp{os.getppid()}"]


def test_a_table_is_unpacked_a_piece_at_a_time_into_a_buffer_of_its_size(monkeypatch):
    monkeypatch.setattr(pdbcache, "UNPACK_PIECE", 64)  # 720 entries: twelve pieces
    table = pdbbuild.build(NAME)
    packed = lzma.compress(table)
    unpacked = pdbcache._unpack(packed, len(table))
    assert unpacked == table and isinstance(unpacked, bytearray)
    for size in (len(table) - 1, len(table) + 1, 0):
        with pytest.raises(ValueError, match="wrong size"):
            pdbcache._unpack(packed, size)
    for cut in (0, 1, len(packed) // 2, len(packed) - 1):
        with pytest.raises((ValueError, lzma.LZMAError)):
            pdbcache._unpack(packed[:cut], len(table))
    with pytest.raises(ValueError, match="bytes follow its end"):
        pdbcache._unpack(packed + b"\0", len(table))
