"""web/protocol.py, the messages between the page and its workers: the board's one form, the
one splitting rule, and the worker's counters against the Progress that both sides read."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from npuzzle import ALGORITHMS, HEURISTICS, Algorithm, Board, random_board
from npuzzle.search.algorithms import splits


def load_protocol() -> ModuleType:
    """protocol.py as a plain module: it imports npuzzle alone, as both sides run it."""
    path = Path(__file__).resolve().parents[2] / "web" / "protocol.py"
    spec = importlib.util.spec_from_file_location("protocol_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


protocol = load_protocol()


@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 2**32), st.booleans())
def test_a_board_crosses_in_one_form_and_reads_back(
    width: int, height: int, seed: int, snail: bool
) -> None:
    goal = Board.goal("snail" if snail else "standard", width, height)
    board = random_board(width, height, seed=seed, goal=goal)
    where = {"board": protocol.board_text(board), "goal": protocol.board_text(goal), "page": ""}
    assert protocol.read_boards(json.loads(json.dumps(where))) == (board, goal)


def test_only_ida_star_on_a_board_big_enough_is_shared() -> None:
    for width, height in [(3, 3), (4, 3), (4, 4), (5, 3)]:
        board = Board.goal("standard", width, height)
        for name in ALGORITHMS:
            for workers in (1, 2, 4):
                expected = name == Algorithm.IDASTAR and workers > 1 and splits(width, height)
                assert protocol.shared(name, board, workers) is expected
    assert protocol.shared(Algorithm.IDASTAR, Board.goal("standard", 4, 4), 2)
    assert not protocol.shared(Algorithm.IDASTAR, Board.goal("standard", 4, 3), 4)
    # a name a script sends that is no algorithm is not shared: the worker refuses it
    assert not protocol.shared("idastar!", Board.goal("standard", 4, 4), 2)


def test_the_anytime_search_is_shared_in_seats_with_the_tables_alone() -> None:
    for width, height in [(3, 3), (4, 3), (4, 4), (5, 5)]:
        board = Board.goal("standard", width, height)
        for heuristic in ("pdb", "linear-conflict", None):
            for workers in (1, 2):
                expected = heuristic == "pdb" and workers > 1 and splits(width, height)
                shared = protocol.shared(Algorithm.ANYTIME, board, workers, None, heuristic)
                assert shared is expected
    # a split search is shared whatever its heuristic
    four = Board.goal("standard", 4, 4)
    assert protocol.shared(Algorithm.IDASTAR, four, 2, four, "manhattan")


def test_the_defaults_are_automatic_and_a_heuristic_the_package_offers() -> None:
    assert protocol.DEFAULT_ALGORITHM == protocol.AUTO
    assert protocol.AUTO not in ALGORITHMS  # a choice of the page, not an Algorithm
    assert protocol.DEFAULT_HEURISTIC in HEURISTICS


def test_automatic_is_shared_as_the_search_it_picks() -> None:
    four = Board.goal("standard", 4, 4)  # IDA* with the tables: split on 16 cells
    assert protocol.shared(protocol.AUTO, four, 2, four)
    assert not protocol.shared(protocol.AUTO, four, 1, four)
    five = Board.goal("standard", 5, 5)  # the anytime search with the tables: seated
    assert protocol.shared(protocol.AUTO, five, 2, five)
    assert not protocol.shared(protocol.AUTO, five, 1, five)
    oblong = Board.goal("standard", 4, 5)  # the anytime search with linear conflict: alone
    assert not protocol.shared(protocol.AUTO, oblong, 2, oblong)
    choice = protocol.automatic_choice(four, four)
    assert set(choice) == protocol.AutomaticChoice.__required_keys__
    assert (choice["algorithm"], choice["heuristic"]) == ("idastar", "pdb")
    assert json.loads(json.dumps(choice)) == choice


def test_the_workers_progress_is_the_protocols_and_crosses_as_json(web: Any) -> None:
    progress = web.worker.progress()
    assert set(progress) == web.protocol.Progress.__required_keys__
    assert json.loads(json.dumps(progress)) == progress
    lab = web.lab_calls.lab_progress(0)
    assert set(lab) == web.protocol.LabProgress.__required_keys__ == {*progress, "rows"}


def test_a_refused_solve_is_a_refusal(web: Any) -> None:
    answer = asyncio.run(web.worker.solve({"board": "1,2/3", "goal": "", "page": "x"}))
    assert answer["status"] == web.protocol.Reply.ERROR and answer["reason"]
    assert set(answer) == {"status", "reason"}


def test_the_worker_resolves_automatic_and_suggests_it_after_a_limit(
    web: Any, monkeypatch: Any
) -> None:
    from npuzzle.heuristics import pdbbuild, pdbplan

    board = "8,6,7/2,5,4/3,0,1"  # 31 moves from the standard goal
    goal = "1,2,3/4,5,6/7,8,0"
    for name in pdbplan.table_names(3, 3, 8):  # as the worker would fetch them
        pdbbuild.load(name)
    request = {"board": board, "goal": goal, "page": "x", "algorithm": "auto"}
    answer = asyncio.run(web.worker.solve(request))
    assert answer["status"] == "solved" and answer["length"] == 31
    assert answer["algorithm"] == "idastar" and answer["heuristic"] == "pdb"
    assert answer["automatic"]["title"] == "IDA* with pattern databases"
    assert "suggestion" not in answer
    monkeypatch.setattr(web.solve_calls, "MAX_NODES", 100)  # the page's limit, made small
    by_hand = {**request, "algorithm": "bfs", "heuristic": "manhattan", "weight": 3.0}
    stopped = asyncio.run(web.worker.solve(by_hand))
    assert stopped["status"] == "limit" and "automatic" not in stopped
    assert stopped["suggestion"] == answer["automatic"]
    assert json.loads(json.dumps(stopped)) == stopped
