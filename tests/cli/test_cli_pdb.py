"""``npuzzle pdb`` and its disk cache: damaged tables, a cache that cannot keep them."""

from __future__ import annotations

import pytest

from npuzzle.heuristics import pdbbuild, pdbcache

NAME = "2x2-exact-0.npdb"  # the one table of the 2x2: built in a moment


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """NPUZZLE_CACHE set to a folder of its own (not made yet), no table in memory."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("NPUZZLE_CACHE", str(folder))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    return folder


def test_pdb_builds_again_a_damaged_table_says_so_and_copies_the_whole_one(cli, cache, tmp_path):
    out = tmp_path / "out"
    assert cli("pdb", "--size", "2x2")[0] == 0
    whole = (cache / NAME).read_bytes()
    damaged = bytearray(whole)
    damaged[len(damaged) // 2] ^= 1
    (cache / NAME).write_bytes(damaged)
    pdbbuild._loaded.clear()
    code, stdout, err = cli("pdb", "--size", "2x2", "--out", str(out))
    assert code == 0
    assert f"npuzzle: pattern database {NAME} in {cache} was damaged" in err
    assert f"built  {NAME}" in stdout and f"{len(whole):>10,}  {cache / NAME}" in stdout
    assert (out / NAME).read_bytes() == (cache / NAME).read_bytes() == whole
    pdbcache.decode(NAME, (out / NAME).read_bytes())
