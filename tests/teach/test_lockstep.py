"""Lockstep: several searches on one board stepped together, as the Compare view does."""

from __future__ import annotations

import pytest

from npuzzle import Board, PuzzleError, make_search, random_board, solve
from npuzzle.search.engine import MAX_RECORDED_STEPS
from npuzzle.teach.entrants import parse_entrants
from npuzzle.teach.lockstep import Lockstep

HARD = Board.parse("8,6,7/2,5,4/3,0,1")
ENTRANTS = "bfs,greedy:misplaced,astar:manhattan,idastar:linear-conflict"


@pytest.mark.parametrize(
    "seed", [pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow), 3]
)
def test_running_to_the_end_gives_what_each_search_gives_alone(seed):
    board = random_board(3, 3, seed=seed, moves=16)  # breadth-first ends within the limit
    race = Lockstep(board, None, parse_entrants(ENTRANTS))
    assert race.run_to_end()
    for entrant, standing in zip(race.entrants, race.results(), strict=True):
        alone = make_search(board, algorithm=entrant.algorithm, heuristic=entrant.heuristic).run()
        mine = standing.result
        assert (mine.moves, mine.expanded, mine.generated) == (
            alone.solution,
            alone.expanded,
            alone.generated,
        )
    # lockstep: the run took as many steps as the slowest search
    assert race.step_number == max(s.steps for s in race.searches)


def test_every_step_of_the_series_is_what_a_search_stepped_alone_shows():
    board = random_board(3, 3, seed=7)
    race = Lockstep(board, None, parse_entrants("astar:misplaced,astar:manhattan"))
    race.run_to_end()
    for entrant, (label, expanded, generated) in zip(race.entrants, race.series(), strict=True):
        assert label == entrant.label and len(expanded) == race.step_number + 1
        alone = make_search(board, algorithm=entrant.algorithm, heuristic=entrant.heuristic)
        for n in range(race.step_number + 1):
            assert (expanded[n], generated[n]) == (alone.expanded, alone.generated), n
            alone.step()


def test_back_and_goto_return_exactly_to_an_earlier_step():
    race = Lockstep(HARD, None, parse_entrants(ENTRANTS))
    race.goto(300)
    assert race.step_number == 300
    at_120 = Lockstep(HARD, None, parse_entrants(ENTRANTS))
    at_120.goto(120)
    race.goto(120)
    assert race.series() == at_120.series()
    assert [s.counters() for s in race.searches] == [s.counters() for s in at_120.searches]
    assert [s.open_list(0, 20) for s in race.searches] == [
        s.open_list(0, 20) for s in at_120.searches
    ]
    race.goto(0)
    assert race.step_number == 0 and not race.back()
    assert all(s.expanded == 0 for s in race.searches)


def test_a_search_that_ended_waits_while_the_others_go_on():
    # greedy ends after 77 steps, A* after 81: as on the farthest board, in a hundredth of the time
    board = Board.parse("4,1,8/7,6,2/0,5,3")
    race = Lockstep(board, None, parse_entrants("greedy:manhattan,astar:misplaced"))
    race.run_to_end()
    greedy, astar = race.searches
    assert greedy.steps < astar.steps == race.step_number
    race.goto(greedy.steps + 5)  # back into the stretch where only A* moves
    assert greedy.done and greedy.steps < race.step_number
    race.back()
    assert greedy.done and not astar.done


def test_past_the_records_the_searches_run_on_to_the_end():
    medium = Board.parse("7,2,4/5,0,6/8,3,1")  # A* + misplaced tiles ends at step 2,340
    whole = Lockstep(medium, None, parse_entrants("astar:misplaced,astar:manhattan"))
    race = Lockstep(medium, None, parse_entrants("astar:misplaced,astar:manhattan"), limit=50)
    assert whole.run_to_end() and race.run_to_end()
    assert race.step_number == whole.step_number > 50 and race.records_end == 50
    assert [r.result.to_json() | {"seconds": 0} for r in race.results()] == [
        r.result.to_json() | {"seconds": 0} for r in whole.results()
    ]
    assert race.series() == whole.series()
    assert race.chart()["marks"] == [{"x": 50, "label": "records end (step 50)"}]
    assert race.back() and race.step_number == 50 and race.records_end is None
    assert race.series() == [(label, e[:51], g[:51]) for label, e, g in whole.series()]
    whole.goto(50)
    assert [s.counters() for s in race.searches] == [s.counters() for s in whole.searches]
    assert race.back() and race.step_number == 49


@pytest.mark.slow
def test_the_classic_lesson_finishes_on_the_hardest_3x3():
    """Russell & Norvig's comparison: A* with misplaced tiles runs past the records (121,529
    steps), and both searches give the optimal length with every figure."""
    race = Lockstep(HARD, None, parse_entrants("astar:misplaced,astar:manhattan"))
    assert race.run_to_end() and race.records_end == MAX_RECORDED_STEPS
    for row, heuristic in zip(race.results(), ("misplaced", "manhattan"), strict=True):
        ran = solve(HARD, None, algorithm="astar", heuristic=heuristic)
        assert (row.length, row.result.optimal) == (31, True)
        assert (row.result.expanded, row.result.generated) == (ran.expanded, ran.generated)
        assert row.result.ebf == ran.ebf


def test_past_the_records_the_page_limit_stops_a_search_that_keeps_its_nodes():
    race = Lockstep(HARD, None, parse_entrants("bfs,idastar:misplaced"), limit=20, max_nodes=60)
    race.goto(100)
    bfs, idastar = race.searches
    assert bfs.status == "limit" and bfs.expanded == 60
    assert idastar.expanded > 60  # IDA*'s memory does not grow: no node limit


def test_a_comparison_takes_two_to_four_searches():
    one = parse_entrants("bfs,astar")[:1]
    with pytest.raises(PuzzleError, match="2 to 4"):
        Lockstep(HARD, None, one)


def test_an_unsolvable_board_is_refused_with_the_reason():
    board = Board.parse("2,1,3/4,5,6/7,8,0")
    with pytest.raises(PuzzleError, match="no move changes that parity"):
        Lockstep(board, None, parse_entrants("bfs,astar"))


@pytest.mark.parametrize("steps", [0, 1, 7, 79, 80, 81, 1000])
def test_the_chart_keeps_at_most_its_points_and_the_last_step(steps):
    race = Lockstep(HARD, None, parse_entrants("bfs,astar:manhattan,greedy:misplaced"))
    race.goto(steps)
    chart = race.chart(points=80)
    assert len(chart["series"]) == 2 * len(race.entrants)
    history = race.series()
    for i, s in enumerate(chart["series"]):
        label, expanded, generated = history[i // 2]
        values = generated if s["dashed"] else expanded
        xs = [x for x, _ in s["points"]]
        assert 1 <= len(xs) <= 80 and xs == sorted(set(xs))
        assert xs[0] == 0 and xs[-1] == race.step_number
        assert all(y == values[x] for x, y in s["points"])
        assert s["group"] == label and s["name"].startswith(label)
