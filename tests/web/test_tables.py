"""web/worker/tables.py: which pattern databases a request fetches. The large 4x4 table
(9.5 MB) only for what a user asked for; once loaded, every search reads it."""

from __future__ import annotations

from typing import Any

import pytest

from npuzzle import Board
from npuzzle.heuristics import pdbbuild, pdbplan
from npuzzle.heuristics.pdb import PatternDatabase

STANDARD = Board.goal("standard", 4, 4)
BOARD = Board.parse("5 1 2 3 / 0 6 7 4 / 9 10 11 8 / 13 14 15 12")


@pytest.fixture
def tables(web: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    monkeypatch.setattr(pdbbuild, "use_large", True)
    # as in the page, which has no disk cache: a table is at hand once loaded (this machine's
    # cache may hold the large table: `npuzzle pdb --large`)
    monkeypatch.setattr(pdbbuild, "at_hand", lambda name: name in pdbbuild._loaded)
    return web.tables


def test_the_large_table_is_fetched_only_when_asked_for(tables):
    default = pdbplan.plan(4, 4, 15).names()
    large = pdbplan.large_plan(4, 4, 15)
    assert large is not None and set(large.names()).isdisjoint(default)
    assert tables.needed(BOARD, STANDARD, True, "pdb") == default
    assert tables.needed(BOARD, STANDARD, True, "pdb", large=True) == large.names()
    # a goal with the blank in the centre has no large plan; other heuristics need nothing
    centre = Board.goal("snail", 4, 4)
    assert pdbplan.large_plan(4, 4, centre.blank) is None
    assert (
        tables.needed(BOARD, centre, True, "pdb", large=True)
        == pdbplan.plan(4, 4, centre.blank).names()
    )
    assert tables.needed(BOARD, STANDARD, True, "manhattan", large=True) == []
    assert tables.needed(BOARD, STANDARD, False, "pdb", large=True) == []


def test_once_loaded_the_large_plan_is_what_every_search_needs(tables, monkeypatch):
    large = pdbplan.large_plan(4, 4, 15)
    assert large is not None
    [big] = pdbbuild.large_names(4, 4, 15)
    monkeypatch.setattr(pdbbuild, "_loaded", {big: b""})  # loaded: its bytes are not read here
    small = [name for name in large.names() if name != big]
    assert tables.needed(BOARD, STANDARD, True, "pdb") == small


def test_read_by_names_the_tables_of_the_plan_the_heuristic_chose(tables):
    from npuzzle.core.space import Space

    goal = Board.goal("standard", 3, 3)
    for name in pdbplan.table_names(3, 3, goal.blank):
        pdbbuild.load(name)
    h = PatternDatabase(Space(3, 3), {t: c for c, t in enumerate(goal.tiles)})
    assert tables.read_by(h) == h.plan.names() == pdbplan.table_names(3, 3, goal.blank)
    from npuzzle.heuristics.classic import Manhattan

    assert tables.read_by(Manhattan(Space(3, 3), h.goal_pos)) == []
