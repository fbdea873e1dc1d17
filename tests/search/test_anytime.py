"""The anytime search: shorter and shorter solutions, a proof at the end, the best when stopped."""

from __future__ import annotations

import io
import itertools
import json
import random
from dataclasses import replace

import pytest
from oracles import distances

from npuzzle import Board, make_search, solve
from npuzzle.core import reference
from npuzzle.core.generate import random_board
from npuzzle.search import anytime as anytime_module
from npuzzle.search.algorithms import ALGORITHMS, ANYTIME_SECONDS

GOAL_3X3 = Board.goal("standard", 3, 3)


@pytest.fixture(scope="module")
def exact_3x3() -> dict[tuple[int, ...], int]:
    return distances(GOAL_3X3.tiles, 3, 3)


def _improving(improvements: list[dict]) -> None:
    lengths = [i["length"] for i in improvements]
    seconds = [i["seconds"] for i in improvements]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)
    assert seconds == sorted(seconds)
    # weighted phases improve with falling weights; a shortened stretch is a way through it
    weights = [i["weight"] for i in improvements if i["segment"] is None]
    assert weights == sorted(weights, reverse=True) and improvements[0]["segment"] is None
    for before, after in itertools.pairwise(improvements):
        if after["segment"] is not None:
            i, j = after["segment"]
            assert 0 <= i < j <= before["length"] and before["length"] - after["length"] < j - i


@pytest.mark.parametrize(
    "heuristic",
    [
        pytest.param("manhattan", marks=pytest.mark.slow),
        "linear-conflict",
        "pdb",
        pytest.param("misplaced", marks=pytest.mark.slow),
    ],
)
def test_on_the_3x3_it_ends_with_a_proved_shortest_solution(exact_3x3, heuristic):
    rng = random.Random(heuristic)
    for tiles in rng.sample(sorted(exact_3x3), 25):
        board = Board(3, 3, tiles)
        # the proof, not its speed, is tested: a loaded machine's 10 s are not enough
        r = solve(board, GOAL_3X3, algorithm="anytime", heuristic=heuristic, max_seconds=120)
        assert r.status == "solved" and r.optimal, r.reason
        assert r.length == exact_3x3[tiles] and board.apply(r.moves) == GOAL_3X3
        found = r.extra["improvements"]
        _improving(found)
        assert found[-1]["length"] == r.length and r.extra["lower_bound"] == r.length


def test_on_korfs_15_puzzles_it_proves_the_published_lengths(tables_4x4):
    goal = Board.goal("blank-first", 4, 4)
    for instance in reference.pick(reference.korf100(), "1,2,4-6,8,9"):
        search = make_search(instance.board, goal, algorithm="anytime", heuristic="pdb").run()
        r = search.result()
        assert r.status == "solved" and r.optimal and r.length == instance.optimal
        assert instance.board.apply(r.moves) == goal
        found = r.extra["improvements"]
        _improving(found)
        assert found[0]["weight"] == anytime_module.WEIGHTS[0] and len(found) > 1
        # windows (the tables are in memory) until the proof is among the weights tried
        phases = [p for p, _run in search.runs]
        windows = [k for k, p in enumerate(phases) if p.segment and p.weight != 1]
        proof = next(k for k, p in enumerate(phases) if p.weight == 1 and not p.segment)
        assert windows and max(windows) < proof


def test_stopped_by_the_time_limit_it_answers_with_the_best_so_far():
    board = random_board(5, 5, seed=7)
    goal = Board.goal("standard", 5, 5)
    r = solve(board, goal, algorithm="anytime", heuristic="linear-conflict", max_seconds=0.5)
    assert r.status == "solved" and not r.optimal
    assert "not proved shortest" in r.reason and "0.5 s" in r.reason
    assert board.apply(r.moves) == goal
    found = r.extra["improvements"]
    _improving(found)
    assert found[-1]["length"] == r.length
    assert 0 < r.extra["lower_bound"] <= r.length


def test_its_default_time_limit_is_stated_and_applied(monkeypatch):
    assert ALGORITHMS["anytime"].max_seconds == ANYTIME_SECONDS == 10
    assert ALGORITHMS["anytime"].max_nodes is None
    monkeypatch.setitem(ALGORITHMS, "anytime", replace(ALGORITHMS["anytime"], max_seconds=0.2))
    r = solve(random_board(5, 5, seed=3), algorithm="anytime", heuristic="linear-conflict")
    assert r.status == "solved" and not r.optimal and "0.2 s" in r.reason


@pytest.mark.slow
def test_phases_run_weights_from_large_to_small_and_go_on_with_doubled_budgets(monkeypatch):
    monkeypatch.setattr(anytime_module, "FIRST_BUDGET", 50)
    search = make_search(
        random_board(4, 4, seed=2), algorithm="anytime", heuristic="manhattan"
    ).run(max_seconds=5)
    phases = [phase for phase, _run in search.runs if phase.segment is None]
    order = [(p.round, -p.weight) for p in phases]
    assert order == sorted(order) and len(set(order)) == len(order)
    assert all(p.budget == 50 << p.round for p in phases)
    assert all(p.bound is None for p in phases if p.weight != 1)
    assert any(p.round > 0 for p in phases)  # some phase spent its budget and came back
    by_run: dict[int, list] = {}
    for phase, run in search.runs:
        if phase.segment is None:
            by_run.setdefault(id(run), []).append(phase)
    for of_run in by_run.values():
        assert len({p.weight for p in of_run}) == 1 and of_run[0].start == 0
        for phase, after in itertools.pairwise(of_run):
            # a weight comes back only after spending its budget, and goes on from there
            assert after.start - phase.start == phase.budget and after.round > phase.round
    assert any(len(of_run) > 1 for of_run in by_run.values())
    assert len(by_run) == len({p.weight for p in phases})
    assert phases[0].weight == anytime_module.WEIGHTS[0]
    first_round = [p.weight for p in phases if p.round == 0]
    assert first_round[: anytime_module.WINDOW] == list(anytime_module.WEIGHTS[:3])


def test_stepping_is_the_same_search_as_running_and_back_is_exact(exact_3x3):
    board = Board.parse("4,1,8/7,6,2/0,5,3")  # three improvements in 811 steps
    shortest = exact_3x3[board.tiles]
    ran = make_search(board, GOAL_3X3, algorithm="anytime", heuristic="manhattan").run()
    stepped = make_search(board, GOAL_3X3, algorithm="anytime", heuristic="manhattan")
    steps = []
    while (step := stepped.step()) is not None:
        steps.append(step)
    assert stepped.solution == ran.solution and len(ran.solution) == shortest
    assert stepped.expanded == ran.expanded and stepped.generated == ran.generated
    improvements = stepped.result().extra["improvements"]
    assert len(improvements) > 2 and improvements[-1]["length"] == shortest
    assert all(s.phase is not None and s.note.startswith(f"phase {s.phase}:") for s in steps)
    assert any("best so far" in s.note for s in steps)
    counters = []
    for number in (len(steps) // 2, len(steps) // 3, 5, 0):
        stepped.goto(number)
        counters.append(stepped.counters())
        assert stepped.steps == number and not stepped.done
    stepped.goto(len(steps) // 2)
    assert stepped.counters() == counters[0]
    again = []
    while (step := stepped.step()) is not None:
        again.append(step)
    assert [s.to_json() for s in again] == [s.to_json() for s in steps[len(steps) // 2 :]]
    assert stepped.solution == ran.solution


def test_the_cli_says_each_improvement_on_a_terminal_and_lists_them_in_json(cli, monkeypatch):
    board = "8,6,7/2,5,4/3,0,1"
    code, out, err = cli("solve", board, "-a", "anytime", "--json")
    r = json.loads(out)
    assert code == 0 and r["optimal"] and r["length"] == 31 and r["lower_bound"] == 31
    _improving(r["improvements"])
    assert err == ""  # not a terminal: nothing said on the way

    from npuzzle.cli.parser import build_parser
    from npuzzle.cli.solving import solve_command

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    err_stream = Terminal()
    args = build_parser().parse_args(["solve", board, "-a", "anytime"])
    text = io.StringIO()
    assert solve_command(args, text, err_stream) == 0
    said = err_stream.getvalue().splitlines()
    assert len(said) == len(r["improvements"])
    assert said[-1].startswith("npuzzle: 31 moves after ")
    assert "improvements" in text.getvalue() and "31 (" in text.getvalue()


def test_stepping_through_paused_phases_equals_running_and_goes_back_exactly(monkeypatch):
    monkeypatch.setattr(anytime_module, "FIRST_BUDGET", 40)
    board = random_board(4, 4, seed=5, moves=26)  # 2,788 steps over 4 rounds of phases
    ran = make_search(board, algorithm="anytime", heuristic="manhattan").run()
    stepped = make_search(board, algorithm="anytime", heuristic="manhattan")
    records = []
    while (step := stepped.step()) is not None:
        records.append(step.to_json())
    assert len({p.round for p, _r in ran.runs}) > 2  # phases paused and went on
    assert (stepped.solution, stepped.expanded, stepped.generated) == (
        ran.solution,
        ran.expanded,
        ran.generated,
    )
    assert [p for p, _r in stepped.runs] == [p for p, _r in ran.runs]
    middle = len(records) // 2
    stepped.goto(middle)
    again = []
    while (step := stepped.step()) is not None:
        again.append(step.to_json())
    assert again == records[middle:]


def test_on_a_2x5_with_tables_windows_shorten_the_best_then_give_way_to_the_proof():
    board = random_board(2, 5, seed=6)  # 2,298 expansions; two windows found a shorter way
    ran = make_search(board, algorithm="anytime", heuristic="pdb").run()
    stepped = make_search(board, algorithm="anytime", heuristic="pdb")
    records = []
    while (step := stepped.step()) is not None:
        records.append(step.to_json())
    assert ran.optimal and ran.solution == stepped.solution and ran.expanded == stepped.expanded
    found = ran.result().extra["improvements"]
    _improving(found)
    assert any(i["segment"] and i["weight"] in anytime_module.WINDOW_WEIGHTS for i in found)
    phases = [p for p, _run in ran.runs]
    windows = [k for k, p in enumerate(phases) if p.segment and p.weight != 1]
    proof = next(k for k, p in enumerate(phases) if p.weight == 1 and not p.segment)
    assert windows and max(windows) < proof
    middle = len(records) // 2
    stepped.goto(middle)
    again = []
    while (step := stepped.step()) is not None:
        again.append(step.to_json())
    assert again == records[middle:]


def test_stepping_through_windows_equals_running_and_goes_back_exactly(monkeypatch, tables_4x4):
    for name, budget in (("FIRST_BUDGET", 40), ("WINDOW_BUDGET", 30), ("SEGMENT_BUDGET", 40)):
        monkeypatch.setattr(anytime_module, name, budget)
    board = random_board(4, 4, seed=6, moves=32)  # 4,209 steps, 92 windows, one shorter
    ran = make_search(board, algorithm="anytime", heuristic="pdb").run()
    stepped = make_search(board, algorithm="anytime", heuristic="pdb")
    records = []
    while (step := stepped.step()) is not None:
        records.append(step.to_json())
    # (whether a window shortens this board depends on the tables at hand in the run: the
    # fast 2x5 test checks that one does; this one checks stepping against running)
    assert (stepped.solution, stepped.expanded, stepped.generated) == (
        ran.solution,
        ran.expanded,
        ran.generated,
    )
    assert [p for p, _r in stepped.runs] == [p for p, _r in ran.runs]
    for middle in (len(records) // 2, len(records) // 5):
        stepped.goto(middle)
        again = []
        while (step := stepped.step()) is not None:
            again.append(step.to_json())
        assert again == records[middle:]


@pytest.mark.slow
def test_each_new_best_is_shortened_stretch_by_stretch():
    board = random_board(5, 5, seed=11)
    goal = Board.goal("standard", 5, 5)
    search = make_search(board, goal, algorithm="anytime", heuristic="linear-conflict")
    search.run(max_seconds=1.5)
    found = search.result().extra["improvements"]
    _improving(found)
    shortened = [i for i in found if i["segment"] is not None]
    assert shortened  # a weighted solution wanders: some stretch has a shorter way
    segments = [(p, run) for p, run in search.runs if p.segment is not None]
    for phase, run in segments:
        i, j = phase.segment
        assert phase.bound == j - i <= anytime_module.SEGMENT_LENGTHS[phase.level]
        growth = anytime_module.SEGMENT_GROWTH**phase.level
        assert phase.budget == int(anytime_module.SEGMENT_BUDGET * growth)
        # without tables, a stretch's heuristic is linear conflict (it takes any goal)
        assert run.heuristic.info.name == phase.heuristic == "linear-conflict"
        if run.status == "solved":  # only a shorter way: it was bounded by the stretch
            assert len(run.solution) < j - i
    assert sum(run.status == "solved" for _p, run in segments) == len(shortened)
    # the runs that ended or wait hold no transposition table: memory does not add up
    current = search.runs[-1][1]
    assert all(not run.table for _p, run in search.runs if run is not current)
    assert board.apply(search.result().moves) == goal


def test_on_the_24_puzzle_with_tables_every_best_is_legal_and_shorter(tables_5x5):
    """Korf & Felner's #1 for 400,000 expansions: weighted phases on the board and its mirror
    image, stretches under the tables (toward boards whose blank is anywhere) and linear
    conflict."""
    goal = Board.goal("blank-first", 5, 5)
    instance = reference.korf24()[0]
    search = make_search(instance.board, goal, algorithm="anytime", heuristic="pdb")
    search.run(max_nodes=400_000)
    r = search.result()
    assert r.status == "solved" and not r.optimal and instance.board.apply(r.moves) == goal
    assert "400000 nodes" in r.reason
    assert search.lower_bound <= instance.optimal <= r.length
    found = r.extra["improvements"]
    _improving(found)
    assert found[-1]["length"] == r.length
    phases = [phase for phase, _run in search.runs]
    assert {p.view for p in phases if p.segment is None} == {0, 1}
    assert any(p.heuristic == "pdb" for p in phases if p.segment is not None)
    best = None  # replay: each improvement is a legal solution, a stretch's way its place
    spans = anytime_module.WINDOW_SPANS
    for k, (phase, run) in enumerate(search.runs):
        if phase.segment is not None and phase.weight != 1:  # a window: a share of the best
            i, j = phase.segment
            assert any(abs(j - i - span * len(best)) <= 1 for span in spans)
        if run.status != "solved" or any(r is run for _p, r in search.runs[k + 1 :]):
            continue  # (a weighted run paused goes on in a later phase)
        moves = run.moves() if phase.segment is not None or phase.view else run.solution
        if phase.segment is None:
            best = moves if best is None or len(moves) < len(best) else best
        else:
            i, j = phase.segment
            first = instance.board.apply(best[:i])
            assert first.apply(moves) == first.apply(best[i:j])
            if phase.weight != 1 and len(moves) >= j - i:
                continue  # a window's way, no shorter: not taken
            assert len(moves) < j - i
            best = best[:i] + moves + best[j:]
        assert instance.board.apply(best) == goal
    assert best == r.moves
    # windows: long stretches solved again under a weight, for at most their share
    windows = [(p, run) for p, run in search.runs if p.segment is not None and p.weight != 1]
    assert len(windows) >= len(spans)
    for phase, run in windows:
        assert phase.weight in anytime_module.WINDOW_WEIGHTS and phase.bound is None
        assert phase.budget == anytime_module.WINDOW_BUDGET and run.expanded <= phase.budget
        assert run.heuristic.info.name == phase.heuristic == "pdb"
    share = sum(run.expanded for _p, run in windows)
    assert share <= anytime_module.WINDOW_SHARE * search.expanded + anytime_module.WINDOW_BUDGET
    assert any(i["weight"] != 1 and i["segment"] for i in found)  # a window shortened it
