"""Entrants: the searches a comparison compares, as share links write them."""

from __future__ import annotations

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, PuzzleError
from npuzzle.search.bestfirst import TieBreak
from npuzzle.teach.entrants import MAX_ENTRANTS, Entrant, format_entrants, parse_entrants
from npuzzle.teach.lockstep import Lockstep


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
@pytest.mark.parametrize("heuristic", list(HEURISTICS))
def test_every_algorithm_and_heuristic_reads_back(algorithm, heuristic):
    info = ALGORITHMS[algorithm]
    weight = 2.5 if info.takes_weight else None
    text = f"{algorithm}:{heuristic}" + (f":{weight}" if weight else "")
    entrant = Entrant.parse(text)
    assert Entrant.parse(entrant.format()) == entrant
    assert entrant.algorithm == algorithm
    # a search that uses no heuristic is the same whatever heuristic is written
    assert entrant.heuristic == (heuristic if info.uses_heuristic else "zero")
    assert info.title in entrant.label
    if info.uses_heuristic:
        assert HEURISTICS[heuristic].info.title in entrant.label


def test_case_and_spaces_are_tolerated_and_the_heuristic_defaults_to_manhattan():
    assert Entrant.parse(" AStar ") == Entrant("astar", "manhattan")
    assert Entrant.parse("WASTAR:Misplaced:4") == Entrant("wastar", "misplaced", 4.0)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not algorithm:heuristic"),
        ("astar:manhattan:2:1", "not algorithm:heuristic"),
        ("dijkstra", "unknown algorithm 'dijkstra'"),
        ("astar:hamming", "unknown heuristic 'hamming'"),
        ("greedy:manhattan:2", "Greedy best-first takes no weight"),
        ("wastar:manhattan:nan", "not a number from 1 to 100"),
        ("wastar:manhattan:inf", "not a number from 1 to 100"),
        ("wastar:manhattan:0.99", "not a number from 1 to 100"),
        ("wastar:manhattan:1e400", "not a number from 1 to 100"),
        ("idastar:manhattan:fifo", "IDA\\* has no ties to break"),
        ("dfs:lifo", "Depth-first search has no ties to break"),
        ("astar:manhattan:fifo:lifo", "names two tie-breaks"),
    ],
)
def test_bad_entrants_say_what_is_wrong(text, words):
    with pytest.raises(PuzzleError, match=words):
        Entrant.parse(text)


def test_two_to_four_entrants():
    assert len(parse_entrants("bfs,astar:manhattan")) == 2
    four = parse_entrants("bfs,dfs,greedy:misplaced,astar:manhattan")
    assert format_entrants(four) == "bfs,dfs,greedy:misplaced,astar:manhattan"
    for text in ("astar", ",".join(["bfs"] * (MAX_ENTRANTS + 1))):
        with pytest.raises(PuzzleError, match="2 to 4 searches"):
            parse_entrants(text)


@pytest.mark.parametrize("algorithm", [a for a, info in ALGORITHMS.items() if info.breaks_ties])
@pytest.mark.parametrize("tie", list(TieBreak))
def test_a_tie_break_reads_back_and_is_written_only_when_not_the_default(algorithm, tie):
    info = ALGORITHMS[algorithm]
    text = f"{algorithm}:manhattan" + (":2" if info.takes_weight else "") + f":{tie}"
    entrant = Entrant.parse(text)
    assert entrant.tie_break == tie
    assert Entrant.parse(entrant.format()) == entrant
    assert (str(tie) in entrant.format()) == (tie != TieBreak.HIGH_G)
    assert (f"(ties: {tie})" in entrant.label) == (tie != TieBreak.HIGH_G)


def test_compared_searches_use_their_own_tie_break():
    """The same search with two tie rules, side by side: each is the engine's search with
    its own rule (their first steps differ on this board)."""
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    race = Lockstep(board, None, parse_entrants("greedy:manhattan:fifo,greedy:manhattan:lifo"))
    assert [s.tie_break for s in race.searches] == [TieBreak.FIFO, TieBreak.LIFO]
    race.run_to_end()
    fifo, lifo = race.searches
    assert (fifo.expanded, fifo.solution) != (lifo.expanded, lifo.solution)


def test_a_heuristic_of_yours_is_an_entrant():
    entrant = Entrant.parse("astar:yours")
    assert entrant.heuristic == "yours" and entrant.label == "A* + Yours"
    assert Entrant.parse(entrant.format()) == entrant
