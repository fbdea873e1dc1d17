"""The experiments (npuzzle.lab and `npuzzle lab`): planning, aggregation, the published
figures beside ours, reproducibility, output formats, charts and bad input."""

from __future__ import annotations

import csv
import io
import json
import math
import statistics
import sys
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracles import distances

from npuzzle import Board, PuzzleError, ebf_exact, lab
from npuzzle.cli import main
from npuzzle.lab import runner
from npuzzle.lab.charts import render

KUNKLE_LENGTHS = [6, 14, 16, 16, 4, 28]  # Kunkle's optimal solution lengths
KUNKLE_EXAMINED = {  # his states examined on tests 1-5 (test 6 is discussed in the README)
    "blind": [69, 3685, 9137, 9137, 21],
    "manhattan": [6, 70, 292, 292, 4],
    "reversal": [6, 61, 257, 257, 4],
}
RN_H1_GENERATED = {2: 6, 4: 13, 6: 20, 8: 39}  # AIMA's A* with misplaced tiles
AIMA_GOAL = Board.parse("b12 345 678")
SMALL = {  # options that run each experiment in about a second
    "rn": {"per_depth": 3, "max_depth": 8},
    "kunkle": {"heuristics": "manhattan,reversal"},
    "riggs": {"boards": 4, "moves": 30},
    "nayak": {"boards": 2, "optimal_boards": 1, "moves3": 12, "moves4": 12, "moves5": 12},
    "compare": {"boards": 3, "algorithms": "bfs,astar,human", "heuristics": "manhattan,pdb"},
}


def argv(name: str, options: dict[str, object], *extra: str) -> list[str]:
    out = ["lab", name, *extra]
    for key, value in options.items():
        out += ["--" + key.replace("_", "-"), str(value)]
    return out


def without_times(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


@pytest.fixture(scope="module")
def results() -> dict[str, lab.LabResult]:
    return {name: runner.run(name, options, seed=3) for name, options in SMALL.items()}


# ----- the effective branching factor and the statistics -----------------------------------------
@given(st.integers(1, 10**6), st.integers(1, 40))
def test_ebf_solves_its_equation(generated: int, depth: int) -> None:
    b = ebf_exact(generated, depth)
    assert b is not None and b > 0
    assert math.isclose(sum(b**i for i in range(depth + 1)), generated + 1, rel_tol=1e-9)


def test_ebf_edge_cases() -> None:
    assert ebf_exact(10, 0) is None
    assert ebf_exact(0, 5) is None
    assert ebf_exact(37, 1) == pytest.approx(37)  # N + 1 = 1 + b
    assert ebf_exact(6, 2) == pytest.approx(2)  # 2 + 4 = 6


@given(st.lists(st.integers(0, 10**6) | st.floats(0, 1e6), max_size=40))
def test_describe_agrees_with_statistics(values: list[float]) -> None:
    got = lab.describe(values)
    if not values:
        assert set(got.values()) == {None}
        return
    assert got["mean"] == pytest.approx(statistics.fmean(values))
    assert got["median"] == statistics.median(values)
    assert (got["min"], got["max"]) == (min(values), max(values))
    if len(values) > 1:
        assert got["sd"] == pytest.approx(statistics.stdev(values))
    else:
        assert got["sd"] is None


# ----- rn ----------------------------------------------------------------------------------------
def test_rn_boards_lie_at_their_depth() -> None:
    jobs = list(runner.plan("rn", {"per_depth": 5, "min_depth": 4, "max_depth": 30}, seed=11))
    exact = distances(AIMA_GOAL.tiles, 3, 3)
    depths = {job.tags["depth"] for job in jobs}
    assert depths == set(range(4, 31, 2))
    for job in jobs:
        assert Board.parse(job.goal) == AIMA_GOAL
        assert exact[Board.parse(job.board).tiles] == job.tags["depth"]
    # the same board for every heuristic
    assert [j.board for j in jobs[::2]] == [j.board for j in jobs[1::2]]


def test_rn_table_against_its_runs(cli) -> None:
    options = SMALL["rn"]
    jobs = runner.plan("rn", options, seed=4)
    runs = [runner.run_job(job) for job in jobs]
    code, out, _ = cli(*argv("rn", options, "--format", "json", "--seed", "4", "-q"))
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 4 * 2
    for row in rows:
        assert {"depth", "heuristic", "generated", "ebf", "published_generated"} <= set(row)
        mine = [r for r in runs if (r["depth"], r["heuristic"]) == (row["depth"], row["heuristic"])]
        assert all(r["length"] == row["depth"] and r["optimal"] for r in mine)
        n = statistics.fmean(r["generated"] for r in mine)
        assert row["generated"] == pytest.approx(n, abs=0.05)
        assert row["ebf"] == pytest.approx(ebf_exact(n, row["depth"]), abs=5e-4)
        if row["heuristic"] == "misplaced":
            assert row["published_generated"] == RN_H1_GENERATED[row["depth"]]


# ----- kunkle ------------------------------------------------------------------------------------
def test_kunkle_lengths_and_his_counts() -> None:
    result = runner.run("kunkle")
    assert len(result.rows) == 6 * 3
    for row in result.rows:
        test = row["test"]
        assert row["length"] == KUNKLE_LENGTHS[test - 1] == row["published_length"]
        assert Board.parse(row["start"]).apply(row["moves"]) == Board.parse(row["goal"])
        if test <= 5:  # FIFO among equal f, as his sorted open list: the same search
            assert row["expanded"] == KUNKLE_EXAMINED[row["heuristic"]][test - 1]
            assert row["same_moves"] is True


# ----- reproducibility ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["riggs", pytest.param("compare", marks=pytest.mark.slow)])
def test_same_seed_same_numbers(cli, name: str) -> None:
    runs = [cli(*argv(name, SMALL[name], "--format", "json", "--seed", "7")) for _ in range(2)]
    rows = [without_times(json.loads(out)) for _code, out, _err in runs]
    assert rows[0] == rows[1]
    boards = [[j.board for j in runner.plan(name, SMALL[name], seed=s)] for s in "78"]
    assert boards[0] != boards[1]


def test_a_job_driven_in_chunks_gives_the_same_row() -> None:
    """What the page's worker does: start, run a few nodes at a time, finish."""
    job = runner.Job.from_json(
        json.loads(json.dumps(next(iter(runner.plan("riggs", SMALL["riggs"]))).to_json()))
    )
    search = runner.start(job)
    nodes = 0
    while True:
        nodes += 7
        search.run(max_nodes=nodes)
        if search.status != "limit":
            break
    assert without_times([runner.finish(job, search)]) == without_times([runner.run_job(job)])


def test_a_prefix_of_the_rows_summarizes() -> None:
    jobs = runner.plan("nayak", SMALL["nayak"])
    rows = [runner.run_job(job) for job in list(jobs)[:5]]
    result = lab.summarize("nayak", rows, SMALL["nayak"])
    assert 1 <= len(result.rows) <= 5
    assert sum(r["boards"] for r in result.rows) == 5


# ----- the experiments' tables -------------------------------------------------------------------
def test_nayak_runs_each_search_on_its_boards(results) -> None:
    rows = {(r["size"], r["algorithm"]): r for r in results["nayak"].rows}
    assert {size for size, _ in rows} == {"3x3", "4x4", "5x5"}
    assert rows["4x4", "A*"]["boards"] == 1 and rows["4x4", "greedy"]["boards"] == 2
    assert rows["5x5", "human-like"]["published_generated"] == 860_126
    jobs = runner.plan("nayak", SMALL["nayak"], seed=3)
    boards = list(dict.fromkeys(j.board for j in jobs if j.tags["size"] == "3x3"))
    optimal = statistics.fmean(
        distances((*range(1, 9), 0), 3, 3)[Board.parse(b).tiles] for b in boards
    )
    for name in ("BFS", "A*", "ours: A* + walking-distance"):
        assert rows["3x3", name]["moves"] == pytest.approx(optimal)
    assert rows["3x3", "greedy"]["moves"] >= optimal


def test_compare_rows_and_what_it_leaves_out(results) -> None:
    result = results["compare"]
    pairs = [(r["algorithm"], r["heuristic"]) for r in result.rows]
    assert pairs == [
        ("bfs", None),
        ("astar", "manhattan"),
        ("astar", "pdb"),
        ("human", "manhattan"),
    ]
    assert any("human with pdb" in note for note in result.notes)
    lengths = {pair: r["length_mean"] for pair, r in zip(pairs, result.rows, strict=True)}
    assert lengths["bfs", None] == lengths["astar", "manhattan"] == lengths["astar", "pdb"]


def test_a_node_limit_is_reported_not_waited_for(cli) -> None:
    options = {"boards": 3, "algorithms": "bfs", "max_nodes": 5}
    code, out, _ = cli(*argv("compare", options, "--format", "json", "-q"))
    assert code == 0
    [row] = json.loads(out)
    assert row["boards"] == 3 and row["solved"] < 3
    result = runner.run("compare", options)
    assert any("stopped at 5 expansions" in note for note in result.notes)


# ----- formats, charts, the page's view ----------------------------------------------------------
def test_the_three_formats_say_the_same(cli) -> None:
    outputs = {}
    for fmt in lab.FORMATS:
        code, outputs[fmt], _ = cli(*argv("kunkle", SMALL["kunkle"], "--format", fmt, "-q"))
        assert code == 0
    rows = json.loads(outputs["json"])
    table = list(csv.DictReader(io.StringIO(outputs["csv"])))
    assert len(rows) == len(table) == 12
    for got, row in zip(table, rows, strict=True):
        assert got == {k: "" if v is None else str(v) for k, v in row.items()}
    lines = [ln for ln in outputs["markdown"].splitlines() if ln.startswith("|")]
    assert len(lines) == 2 + 12
    assert lines[0].strip("| ").split(" | ") == list(rows[0])


@pytest.mark.parametrize("name", list(SMALL))
def test_charts_are_plain_data(results, name: str) -> None:
    charts = results[name].charts()
    assert charts and json.loads(json.dumps(charts)) == charts
    for chart in charts:
        assert chart["kind"] in ("line", "bar")
        assert all(isinstance(chart[k], str) for k in ("title", "x", "y"))
        assert isinstance(chart["log_y"], bool) and chart["series"]
        for series in chart["series"]:
            assert isinstance(series["name"], str) and isinstance(series["published"], bool)
            for x, y in series["points"]:
                assert isinstance(x, int | str) and math.isfinite(y)
                assert y > 0 or not chart["log_y"]
        assert render(chart).startswith("<svg")  # the form npuzzle.lab.charts draws


def test_rn_charts_carry_the_table(results) -> None:
    [generated, ebf] = results["rn"].charts()
    rows = results["rn"].rows
    ours = {s["name"]: s["points"] for s in generated["series"] if not s["published"]}
    assert ours["manhattan (ours)"] == [
        [r["depth"], r["generated"]] for r in rows if r["heuristic"] == "manhattan"
    ]
    published = [s for s in ebf["series"] if s["published"]]
    assert {s["name"] for s in published} == {"misplaced (R&N)", "manhattan (R&N)"}


def test_experiments_describe_themselves() -> None:
    described = json.loads(json.dumps([e.to_json() for e in lab.EXPERIMENTS.values()]))
    assert [e["name"] for e in described] == ["rn", "kunkle", "riggs", "nayak", "compare"]
    for exp in described:
        assert exp["title"] and exp["description"]
        for option in exp["options"]:
            lab.resolve(exp["name"], {option["name"]: option["default"]})


def test_options_from_plain_values() -> None:
    got = lab.resolve("compare", {"size": [4, 3], "boards": 2, "heuristics": ["manhattan"]})
    assert (got["size"], got["boards"], got["heuristics"]) == ("4x3", 2, ["manhattan"])
    for bad in ({"boards": True}, {"boards": 2.5}, {"size": [9, 9]}, {"colour": "red"}):
        with pytest.raises(ValueError):
            lab.resolve("compare", bad)


@pytest.mark.parametrize(
    "value",
    ["x" * 3000, "9" * 3000, "manhattan," + "x" * 3000, "\u00e9" * 3000, ",".join("x" * 1500)],
)
def test_a_long_bad_value_is_quoted_cut_in_its_message(value: str) -> None:
    """Each option of each experiment, given 3,000 characters of nonsense, says so in a
    short message (the page shows it, and a screen reader reads it whole)."""
    for exp in lab.EXPERIMENTS.values():
        for option in exp.options:
            try:
                option.parse(value)
            except PuzzleError as exc:
                message = str(exc)
                assert len(message) < 250, (option.name, message)
                assert value[:100] not in message
            else:  # a flag or a choice cannot read it; names, numbers and sizes neither
                raise AssertionError(f"{exp.name} --{option.name} took {value[:30]!r}...")


# ----- the command line --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["lab", "nope"],
        ["lab"],
        ["lab", "compare", "--size", "9x9"],
        ["lab", "compare", "--size", "three"],
        ["lab", "compare", "--size", "1000x1000"],
        ["lab", "compare", "--heuristics", "psychic"],
        ["lab", "compare", "--algorithms", "astar,magic"],
        ["lab", "compare", "--size", "5x5", "--heuristics", "walking-distance"],
        ["lab", "compare", "--algorithms", "human", "--heuristics", "pdb"],
        ["lab", "compare", "--boards", "-3"],
        ["lab", "riggs", "--boards", "0"],
        ["lab", "riggs", "--moves", "-1"],
        ["lab", "rn", "--per-depth", "many"],
        ["lab", "rn", "--per-depth", "1000000"],
        ["lab", "rn", "--max-depth", "40"],
        ["lab", "rn", "--min-depth", "20", "--max-depth", "10"],
        ["lab", "rn", "--boards", "3"],
        ["lab", "kunkle", "--format", "xml"],
        ["lab", "nayak", "--sizes", "6x6"],
        ["lab", "nayak", "--weight", "0.5"],
        ["lab", "compare", "--max-nodes", "-5"],
        ["lab", "rn", "--per-depth", "9" * 400],
        ["lab", "riggs", "--moves", "9" * 400],
        ["lab", "nayak", "--moves4", "9" * 400],
        ["lab", "compare", "--max-nodes", "9" * 400],
        ["lab", "riggs", "--boards", "10000", "--moves", "1000000"],
        [
            "lab",
            "rn",
            "--per-depth",
            "10000",
            "--max-depth",
            "30",
            "--heuristics",
            "zero,manhattan",
        ],
        ["lab", "rn", "--min-depth", "3", "--max-depth", "3"],
        ["lab", "rn", "--seed", "\udce9"],
        ["lab", "compare", "--heuristics", "x" * 3000],
        ["lab", "compare", "--tie-break", "x" * 3000],
        ["lab", "compare", "--goal", "x" * 3000],
    ],
)
def test_bad_input_exits_2_with_one_line(cli, args: list[str]) -> None:
    t0 = time.perf_counter()
    code, out, err = cli(*args)
    assert time.perf_counter() - t0 < 5  # refused before anything is planned
    assert code == 2
    assert out == ""
    assert err.startswith("npuzzle: ") and err.count("\n") == 1
    assert "e+" not in err  # bounds are written as numbers: 100,000,000
    assert len(err) < 300  # a long value is quoted cut


def test_limits_are_said_in_plain_numbers(cli) -> None:
    _, _, err = cli("lab", "compare", "--max-nodes", "100000001")
    assert "at most 100,000,000, not 100000001" in err
    _, _, err = cli("lab", "rn", "--min-depth", "3", "--max-depth", "3")
    assert "no even depth from 3 to 3" in err


def test_goal_names_are_read_in_any_case(cli) -> None:
    code, out, err = cli("lab", "compare", "--goal", "SNAIL", "--boards", "2")
    assert code == 0 and err.count("\n") <= 1 and "goal snail" in out
    assert lab.resolve("compare", {"goal": "Blank-First"})["goal"] == "blank-first"


def test_a_plan_knows_its_size_and_starts_at_once() -> None:
    options = {"per_depth": 10_000, "min_depth": 2, "max_depth": 12, "heuristics": "manhattan"}
    t0 = time.perf_counter()
    jobs = runner.plan("rn", options)
    first = next(iter(jobs))
    assert time.perf_counter() - t0 < 10 and len(jobs) == 60_000
    assert first.tags == {"depth": 2, "sample": 0}
    with pytest.raises(PuzzleError, match="at most 100,000"):
        runner.plan("rn", {**options, "heuristics": "misplaced,manhattan"})


def test_progress_on_stderr(cli, monkeypatch) -> None:
    options = {"heuristics": "manhattan"}
    code, _, err = cli(*argv("kunkle", options))
    assert (
        code == 0 and err.startswith("npuzzle lab kunkle: 6 searches in") and err.count("\n") == 1
    )
    assert cli(*argv("kunkle", options, "--quiet"))[2] == ""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv("kunkle", options)) == 0
    shown = terminal.getvalue()
    assert "\r" in shown and "[" + "#" * 30 + "] 6/6" in shown
    last = shown.split("\r")[-1]  # the bar is wiped and the final line written over it
    assert last.startswith("\x1b[Knpuzzle lab kunkle: 6 searches in ") and last.endswith(" s\n")


def test_lists_are_taken_in_the_order_of_the_choices():
    """The page's checkboxes and the command line's text give the same table."""
    exp = lab.EXPERIMENTS["compare"]
    typed = lab.resolve(
        "compare", {"algorithms": "idastar,greedy,astar", "heuristics": "manhattan,misplaced"}
    )
    assert typed["algorithms"] == [
        a for a in exp.option("algorithms").choices if a in typed["algorithms"]
    ]
    assert typed["heuristics"] == ["misplaced", "manhattan"]
    assert typed == lab.resolve(
        "compare",
        {"algorithms": ["astar", "idastar", "greedy"], "heuristics": ["misplaced", "manhattan"]},
    )
