"""The anytime search in seats on several processes (npuzzle.search.seats)."""

from __future__ import annotations

import pytest

from npuzzle import Board, PuzzleError, make_search, reference, solve
from npuzzle.core.generate import random_board
from npuzzle.search import seats
from npuzzle.search.anytime import AnytimeSearch


def _seat(board: Board, seat: int, of: int, goal: Board | None = None) -> AnytimeSearch:
    search = make_search(board, goal, algorithm="anytime", heuristic="pdb")
    assert isinstance(search, AnytimeSearch)
    return search.seated(seat, of)


def test_each_seat_searches_its_own_view_with_the_whole_budget_and_seat_0_alone_proves():
    board = random_board(2, 5, seed=6)
    alone = make_search(board, algorithm="anytime", heuristic="pdb").run()
    assert isinstance(alone, AnytimeSearch) and alone.views == 2 and alone.optimal
    for seat in (0, 1):
        search = _seat(board, seat, 2).run()
        weighted = [p for p, _run in search.runs if p.segment is None and p.weight != 1]
        assert weighted and {p.view for p in weighted} == {seat}
        # one view: the weight's whole budget, where one process gives each view half
        halves = {p.budget for p, _run in alone.runs if p.segment is None and p.weight != 1}
        assert {p.budget for p in weighted if p.round == 0} == {2 * min(halves)}
        proofs = [p for p, _run in search.runs if p.segment is None and p.weight == 1]
        assert bool(proofs) == (seat == 0) and search.optimal == (seat == 0)
        assert board.apply(search.solution or "") == alone.goal
    with pytest.raises(ValueError, match="seat 2 of 2"):
        _seat(board, 2, 2)
    with pytest.raises(ValueError, match="2 views to share"):
        _seat(board, 0, 3)


def test_a_seat_takes_a_shorter_best_offered_at_its_next_phase(tables_5x5):
    goal = Board.goal("blank-first", 5, 5)
    instance = reference.korf24()[0]
    other = make_search(instance.board, goal, algorithm="anytime", heuristic="pdb")
    other.run(max_nodes=300_000)
    shorter = other.solution_found
    assert shorter is not None
    search = _seat(instance.board, 1, 2, goal)
    while search.solution_found is None:  # its first solution: longer than the other's
        search.run(max_nodes=search.expanded + 2_000)
    assert search.solution_found is not None and len(search.solution_found) > len(shorter)
    search.offered = shorter
    search.run(max_nodes=search.expanded + 60_000)
    assert search.offered is None  # taken, and swept from the start
    best = search.solution_found
    assert best is not None and len(best) <= len(shorter)
    assert instance.board.apply(best) == goal
    # a longer one is not taken
    search.offered = shorter + "UD"
    search.run(max_nodes=search.expanded + 20_000)
    assert search.solution_found is not None and len(search.solution_found) <= len(best)


def test_solve_with_two_jobs_runs_two_seats_and_merges_their_answers():
    board = random_board(2, 5, seed=6)
    alone = solve(board, algorithm="anytime", heuristic="pdb")
    r = solve(board, algorithm="anytime", heuristic="pdb", jobs=2)
    assert r.extra["jobs"] == 2 and r.optimal and r.length == alone.length
    assert board.apply(r.moves or "") == r.goal and r.extra["lower_bound"] == r.length
    timeline = r.extra["improvements"]
    lengths = [i["length"] for i in timeline]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)
    assert lengths[-1] == r.length and {i["seat"] for i in timeline} <= {0, 1}
    seconds = [i["seconds"] for i in timeline]
    assert seconds == sorted(seconds)
    assert r.expanded > 0 and r.generated >= r.expanded


def test_without_views_to_share_the_search_runs_alone():
    board = random_board(3, 3, seed=2, moves=30)
    search = make_search(board, algorithm="anytime", heuristic="manhattan")
    assert isinstance(search, AnytimeSearch) and seats.seats_for(search, 2) == 1
    r = solve(board, algorithm="anytime", heuristic="manhattan", jobs=2)
    assert r.extra["jobs"] == 1 and r.optimal and board.apply(r.moves or "") == r.goal


def test_seats_that_do_not_answer_in_time_are_a_clear_error(monkeypatch):
    monkeypatch.setattr(seats, "_GRACE", -60.0)  # the deadline passed before the seats began
    search = make_search(random_board(2, 5, seed=6), algorithm="anytime", heuristic="pdb")
    assert isinstance(search, AnytimeSearch)
    with pytest.raises(PuzzleError, match="no seat of the anytime search answered within 1 s"):
        seats.solve_seats(search, jobs=2, max_seconds=1)


def test_a_seat_tells_only_bests_shorter_than_every_one_told_or_heard():
    board = random_board(2, 5, seed=6)
    seat = seats.Seat(_seat(board, 1, 2))
    assert seat.news() is None  # nothing found yet
    seat.search.run(max_nodes=2_000)
    found = seat.search.solution_found
    assert found is not None
    assert seat.news() == found and seat.known == len(found)
    assert seat.news() is None  # told once
    assert not seat.hear(found + "LR") and seat.search.offered is None  # not shorter
    shorter = "U" * (len(found) - 2)  # taken as it comes: the seat that found it checked it
    assert seat.hear(shorter) and seat.search.offered == shorter and seat.known == len(shorter)
    assert seat.news() is None  # its own best is longer than the one heard


def test_the_seats_timeline_is_one_search_s():
    found = [
        ({"length": 120, "seconds": 0.5}, 1),
        ({"length": 130, "seconds": 0.1}, 0),
        ({"length": 125, "seconds": 0.7}, 0),  # longer than seat 1's before it: dropped
        ({"length": 118, "seconds": 0.9}, 0),
    ]
    assert [(i["length"], i["seat"]) for i in seats.timeline(found)] == [
        (130, 0),
        (120, 1),
        (118, 0),
    ]
