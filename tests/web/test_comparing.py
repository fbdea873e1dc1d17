"""web/worker/comparing.py, the worker's side of Compare: its views are checked against the engine's
searches run here on their own, not against npuzzle.teach.lockstep."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from npuzzle import Board, make_search
from npuzzle.teach.entrants import parse_entrants

MEDIUM = Board.parse("7,2,4/5,0,6/8,3,1")  # 20 moves: A* + misplaced tiles ends at step 2,340
ENTRANTS = "astar:misplaced,astar:manhattan"


def alone(board: Board, algorithm: str, heuristic: str, steps: int | None = None) -> Any:
    search = make_search(board, algorithm=algorithm, heuristic=heuristic)
    if steps is None:
        while not search.done:
            search.step()
    else:
        for _ in range(steps):
            search.step()
    return search


def test_a_view_is_json_and_its_columns_are_the_engines(web: Any) -> None:
    comparison = web.comparing.Comparison(MEDIUM, None, parse_entrants(ENTRANTS))
    for _ in range(7):
        assert comparison.step()
    view = comparison.view(500)
    assert json.loads(json.dumps(view)) == view  # crosses to the page as JSON text
    assert (view["step"], view["done"], view["sentence"]) == (7, False, "Step 7.")
    for column, heuristic in zip(view["columns"], ("misplaced", "manhattan"), strict=True):
        search = alone(MEDIUM, "astar", heuristic, 7)
        heads = search.open_list(0, web.comparing.OPEN_SHOWN)
        assert column["expanded"] == search.expanded and column["open"] == search.open_size
        assert [(h["tiles"], h["f"]) for h in column["heads"]] == [
            (list(n.tiles), n.f) for n in heads
        ]
        assert column["more"] == search.open_size - len(heads) > 0
    assert view["chart"].startswith("<svg") and 'width="500"' in view["chart"]
    assert comparison.view()["chart"] is None  # a run's redraws leave the chart out
    assert view["results"] == []  # until every search has ended


def test_back_returns_to_the_same_figures(web: Any) -> None:
    comparison = web.comparing.Comparison(MEDIUM, None, parse_entrants(ENTRANTS))
    assert not comparison.back()  # at step 0
    for _ in range(5):
        comparison.step()
    before = comparison.view()
    comparison.step()
    assert comparison.back()
    assert comparison.view() == before


def test_a_run_takes_a_slice_at_most_and_ends_with_the_results(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web.comparing, "SLICE_SECONDS", 0.01)
    comparison = web.comparing.Comparison(MEDIUM, None, parse_entrants(ENTRANTS))
    clock = time.perf_counter()
    assert not comparison.run(5.0)  # asked for 5 s, it takes 0.01 s
    assert time.perf_counter() - clock < 0.5
    assert 0 < comparison.race.step_number < 2_340
    calls = 1
    while not comparison.run(5.0):
        calls += 1
    assert calls > 2
    misplaced, manhattan = alone(MEDIUM, "astar", "misplaced"), alone(MEDIUM, "astar", "manhattan")
    view = comparison.view()
    assert view["step"] == max(misplaced.steps, manhattan.steps)
    assert view["sentence"] == f"Every search has ended, the last at step {view['step']:,}."
    rows = view["results"]
    assert [(r["expanded"], r["generated"], r["length"]) for r in rows] == [
        (s.expanded, s.generated, len(s.solution or "")) for s in (misplaced, manhattan)
    ]
    assert [r["label"] for r in rows] == ["A* + Misplaced tiles", "A* + Manhattan distance"]
    assert all(r["optimal"] for r in rows) and all(r["ebf"] > 1 for r in rows)


def test_past_the_records_it_runs_on_to_every_figure_and_says_so(web: Any) -> None:
    comparison = web.comparing.Comparison(MEDIUM, None, parse_entrants(ENTRANTS), limit=300)
    while not comparison.run(5.0):
        pass
    misplaced, manhattan = alone(MEDIUM, "astar", "misplaced"), alone(MEDIUM, "astar", "manhattan")
    view = comparison.view(500)
    assert (view["step"], view["done"], view["records_end"]) == (misplaced.steps, True, 300)
    assert "Steps after 300 ran without records" in view["sentence"]
    assert [c["recorded"] for c in view["columns"]] == [False, True]  # Manhattan ended first
    rows = view["results"]
    assert [(r["expanded"], r["length"], r["optimal"]) for r in rows] == [
        (s.expanded, len(s.solution or ""), True) for s in (misplaced, manhattan)
    ]
    assert all(r["ebf"] > 1 for r in rows)
    assert "records end (step 300)" in view["chart"]
    assert [e["name"] for e in view["legend"]] == [
        f"{label}: {what}"
        for label in ("A* + Misplaced tiles", "A* + Manhattan distance")
        for what in ("expanded", "generated")
    ]
    assert comparison.back() and comparison.view()["step"] == 300
    assert comparison.view()["records_end"] is None


@pytest.mark.parametrize(("shown", "width"), [(0, 720), (200, 300), (480, 480), (2000, 720)])
def test_the_chart_is_drawn_at_the_width_shown_within_bounds(
    web: Any, shown: int, width: int
) -> None:
    assert web.comparing.chart_width(shown) == width
