"""The command line: solve, batch (Kunkle's input), random, and its handling of bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections import deque

import pytest

from npuzzle import ALGORITHMS, HEURISTICS, Board, is_solvable, random_board, solve
from npuzzle.core import reference

KUNKLE_TEXT = reference.read_text("kunkle_tests.txt")  # his input file, comment line first
KUNKLE_LENGTHS = [6, 14, 16, 16, 4, 28]  # Kunkle's published optimal solution lengths
HARD = "867 254 3b1"  # 31 moves from the standard goal

JSON_FIELDS = {
    "board", "goal", "solvable", "status", "moves", "length", "expanded", "generated",
    "max_open", "ebf", "optimal", "algorithm", "heuristic", "seconds",
}  # fmt: skip


def text_fields(out: str) -> dict[str, str]:
    """The ``key  value`` lines of a text report (up to the first blank line)."""
    fields = {}
    for line in out.split("\n\n")[0].splitlines():
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
    return fields


def bfs_distance(start: Board, target: Board, limit: int) -> int | None:
    w, h = start.width, start.height
    dist = {start.tiles: 0}
    queue = deque([start.tiles])
    while queue:
        s = queue.popleft()
        if s == target.tiles:
            return dist[s]
        if dist[s] == limit:
            continue
        b = s.index(0)
        r, c = divmod(b, w)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < h and 0 <= c + dc < w:
                q = (r + dr) * w + c + dc
                t = list(s)
                t[b], t[q] = t[q], t[b]
                n = tuple(t)
                if n not in dist:
                    dist[n] = dist[s] + 1
                    queue.append(n)
    return None


# ----- solve ----------------------------------------------------------------------------------


def test_solve_text_report(cli):
    code, out, err = cli("solve", "134 8b5 726", "--goal", "snail")
    assert code == 0 and err == ""
    f = text_fields(out)
    assert Board.parse(f["board"]) == Board.parse("134 8b5 726")
    assert Board.parse(f["goal"]) == Board.parse("123 8b4 765")
    assert f["status"] == "solved"
    assert Board.parse("134 8b5 726").apply(f["moves"]) == Board.parse("123 8b4 765")
    assert f["length"] == f"{len(f['moves'])} (optimal)"
    assert len(f["moves"]) == 6
    for key in ("expanded", "generated", "max", "ebf", "seconds", "algorithm"):
        assert key in f


def test_solve_json_has_every_field_and_a_working_solution(cli):
    code, out, err = cli("solve", "231 7b8 654", "--goal", "123 8b4 765", "--json")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 1
    r = json.loads(lines[0])
    assert r.keys() >= JSON_FIELDS
    board, goal = Board.parse(r["board"]), Board.parse(r["goal"])
    assert board == Board.parse("231 7b8 654") and goal == Board.parse("123 8b4 765")
    assert r["solvable"] is True and r["status"] == "solved"
    assert board.apply(r["moves"]) == goal
    assert r["length"] == len(r["moves"]) == 14
    assert r["optimal"] is True
    assert r["algorithm"] == "astar" and r["heuristic"] == "manhattan"
    assert r["expanded"] >= 1 and r["generated"] >= r["expanded"] and r["max_open"] >= 1
    # N + 1 = 1 + b + ... + b^d for the exact effective branching factor
    b, d = r["ebf"], r["length"]
    assert abs(sum(b**i for i in range(1, d + 1)) - r["generated"]) < 1e-3 * r["generated"]
    assert isinstance(r["seconds"], float) and r["seconds"] >= 0


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_every_algorithm_answers_from_the_cli(cli, algorithm):
    extra = ["--depth-limit", "8"] if algorithm == "dfs" else []
    code, out, _ = cli("solve", "134 8b5 726", "--goal", "snail", "-a", algorithm, "--json", *extra)
    assert code == 0
    r = json.loads(out)
    assert r["algorithm"] == algorithm and r["status"] == "solved"
    assert Board.parse(r["board"]).apply(r["moves"]) == Board.parse(r["goal"])
    if algorithm in ("bfs", "astar", "idastar"):
        assert r["optimal"] is True and r["length"] == 6
    if not ALGORITHMS[algorithm].uses_heuristic:
        assert r["heuristic"] is None


@pytest.mark.parametrize("heuristic", list(HEURISTICS))
def test_every_heuristic_answers_from_the_cli(cli, heuristic):
    code, out, _ = cli("solve", "283 1b4 765", "--goal", "snail", "-H", heuristic, "--json")
    assert code == 0
    r = json.loads(out)
    assert r["heuristic"] == heuristic and r["status"] == "solved"
    assert Board.parse(r["board"]).apply(r["moves"]) == Board.parse(r["goal"])
    if HEURISTICS[heuristic].info.admissible:
        assert r["length"] == 4


def test_solve_path_prints_every_board_along_the_solution(cli):
    start = Board.parse("231 8b4 765")
    code, out, _ = cli("solve", "231 8b4 765", "--goal", "snail", "--path")
    assert code == 0
    report, *blocks = out.strip("\n").split("\n\n")
    moves = text_fields(report)["moves"]
    assert len(blocks) == len(moves) + 1 == 17
    board = start
    for i, block in enumerate(blocks):
        header, *grid = block.splitlines()
        if i == 0:
            assert header == "start"
        else:
            assert header == f"{i}. {moves[i - 1]}"
            board = board.move(moves[i - 1])
        assert Board.parse("\n".join(grid)) == board
    assert board == Board.goal("snail", 3, 3)


def test_solve_json_path_lists_length_plus_one_boards(cli):
    code, out, _ = cli("solve", "876 1b5 234", "--goal", "snail", "--json", "--path")
    assert code == 0
    r = json.loads(out)
    path = [Board.parse(p) for p in r["path"]]
    assert len(path) == r["length"] + 1 == 29
    assert path[0] == Board.parse(r["board"]) and path[-1] == Board.parse(r["goal"])
    for a, m, z in zip(path[:-1], r["moves"], path[1:], strict=True):
        assert a.move(m) == z


def test_an_unsolvable_board_is_an_answer_not_an_error(cli):
    code, out, err = cli("solve", "1,2,3/4,5,6/8,7,0")
    assert code == 0 and err == ""
    f = text_fields(out)
    assert f["status"].startswith("unsolvable")
    assert "inversion" in f["status"]
    assert "moves" not in f
    code, out, err = cli("solve", "1,2,3/4,5,6/8,7,0", "--json")
    assert code == 0 and err == ""
    r = json.loads(out)
    assert r.keys() >= JSON_FIELDS
    assert r["solvable"] is False and r["status"] == "unsolvable"
    assert r["moves"] is None and r["length"] is None
    assert "inversion" in r["reason"]


def test_the_node_limit_is_an_answer_with_the_counts_so_far(cli):
    code, out, err = cli("solve", HARD, "--max-nodes", "10", "--json")
    assert code == 0 and err == ""
    r = json.loads(out)
    assert r.keys() >= JSON_FIELDS
    assert r["status"] == "limit" and r["solvable"] is True
    assert r["moves"] is None and r["optimal"] is False
    assert r["expanded"] == 10
    assert r["generated"] >= r["expanded"] and r["max_open"] >= 1
    code, out, _ = cli("solve", HARD, "--max-nodes", "10")
    assert code == 0
    f = text_fields(out)
    assert f["status"].startswith("limit")
    assert f["expanded"] == "10"


def test_default_limits_fit_each_algorithm(cli, monkeypatch):
    """Searches that keep their nodes stop at their default limit; IDA* has none."""
    from dataclasses import replace

    from npuzzle.search import algorithms

    for name, info in ALGORITHMS.items():
        if info.max_nodes is not None:  # a small default, to see it applied
            monkeypatch.setitem(algorithms.ALGORITHMS, name, replace(info, max_nodes=25))
    _, out, _ = cli("solve", HARD, "--json")
    assert json.loads(out)["status"] == "limit" and json.loads(out)["expanded"] == 25
    _, out, _ = cli("solve", HARD, "--max-nodes", "0", "--json")
    assert json.loads(out)["status"] == "solved"
    _, out, _ = cli("solve", HARD, "-a", "idastar", "--json")
    r = json.loads(out)
    assert r["status"] == "solved" and r["length"] == 31 and r["expanded"] > 25
    _, out, _ = cli("solve", "--help")
    assert "none for idastar" in " ".join(out.split())


def test_the_time_limit_stops_a_long_search(cli):
    board = "21,11,0,22,24/6,23,14,17,10/12,18,1,8,2/7,13,20,15,16/4,9,3,19,5"
    t0 = time.perf_counter()
    code, out, _ = cli(
        "solve", board, "-a", "bfs", "--max-nodes", "0", "--max-seconds", "0.05", "--json"
    )
    assert time.perf_counter() - t0 < 5
    assert code == 0
    r = json.loads(out)
    assert r["status"] == "limit" and r["expanded"] > 0


# ----- batch ----------------------------------------------------------------------------------


def test_batch_on_kunkles_tests_gives_his_optimal_lengths(cli, kunkle_pairs):
    pairs = kunkle_pairs
    code, out, err = cli("batch", stdin=KUNKLE_TEXT)
    assert code == 0 and err == ""
    reports = [r for r in out.split("\n\n") if r.strip()]
    assert len(reports) == len(pairs) == 6
    for report, (start, goal), length in zip(reports, pairs, KUNKLE_LENGTHS, strict=True):
        lines = report.strip("\n").splitlines()
        assert lines[0] == "INITIAL BOARD"
        assert Board.parse(" ".join(lines[1:4])) == Board.parse(start)
        moves = re.fullmatch(r"MOVES TO SOLUTION: ([UDLR ]+)", lines[4]).group(1).split()
        assert lines[5] == f"NUMBER OF MOVES: {length}"
        assert len(moves) == length
        assert lines[6] == "GOAL BOARD"
        assert Board.parse(" ".join(lines[7:10])) == Board.parse(goal)
        assert re.fullmatch(r"ANSWER WAS FOUND IN \d+ STATE EXAMINATIONS", lines[10])
        assert Board.parse(start).apply(moves) == Board.parse(goal)


def test_batch_json_is_one_object_per_line_in_input_order(cli, kunkle_pairs):
    pairs = kunkle_pairs
    code, out, err = cli("batch", "--json", stdin=KUNKLE_TEXT)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 6
    for line, (start, goal), length in zip(lines, pairs, KUNKLE_LENGTHS, strict=True):
        r = json.loads(line)
        assert r.keys() >= JSON_FIELDS
        assert Board.parse(r["board"]) == Board.parse(start)
        assert Board.parse(r["goal"]) == Board.parse(goal)
        assert r["status"] == "solved" and r["optimal"] is True
        assert r["length"] == length
        assert Board.parse(start).apply(r["moves"]) == Board.parse(goal)


def test_batch_with_a_goal_reads_one_start_board_a_line(cli):
    lines = ["# two boards for the blank-first goal", "1 0 2 3 4 5 6 7 8", "", "3 1 2 0 4 5 6 7 8"]
    code, out, err = cli("batch", "--json", "--goal", "blank-first", stdin="\n".join(lines))
    assert code == 0 and err == ""
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["length"] for r in rows] == [1, 1]
    assert {r["goal"] for r in rows} == {"0,1,2/3,4,5/6,7,8"}
    code, out, err = cli("batch", "--goal", "1,2,3/4,5,6/7,8,0", stdin="1 2 3 4 0 5 6 7 8 9 10 11")
    assert code == 2 and out == "" and "line 1" in err


def test_batch_reads_every_format_and_named_goals(cli):
    text = "1,3,4/8,0,5/7,2,6\nsnail\n\n\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 _\n"
    code, out, _ = cli("batch", "--json", stdin=text)
    assert code == 0
    a, b = (json.loads(line) for line in out.splitlines())
    assert a["length"] == 6 and b["length"] == 1 and b["moves"] == "R"


def test_batch_with_a_bad_line_names_it_and_still_answers_the_good_pairs(cli):
    text = "\n".join([
        "134 8b5 726",  # 1
        "123 8b4 765",  # 2
        "",  # 3
        "113 8b4 765",  # 4: duplicate tile 1
        "123 8b4 765",  # 5
        "283 1b4 765",  # 6
        "123 8b4 76",  # 7: ragged
        "283 1b4 765",  # 8
        "123 8b4 765",  # 9
        "283 1b4 765",  # 10: no goal after it
    ]) + "\n"  # fmt: skip
    code, out, err = cli("batch", "--json", stdin=text)
    assert code == 2
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["length"] for a in answers] == [6, 4]
    assert [Board.parse(a["board"]) for a in answers] == [
        Board.parse("134 8b5 726"),
        Board.parse("283 1b4 765"),
    ]
    problems = err.splitlines()
    assert len(problems) == 3
    assert "line 4" in problems[0] and "duplicate tile 1" in problems[0]
    assert "line 7" in problems[1] and "ragged" in problems[1]
    assert "line 10" in problems[2] and "goal" in problems[2]
    assert "Traceback" not in err


def test_batch_reports_unsolvable_pairs_and_goes_on(cli):
    text = "143 8b5 726\nsnail\n283 1b4 765\nsnail\n"
    code, out, err = cli("batch", stdin=text)
    assert code == 0 and err == ""
    first, second = (r for r in out.split("\n\n") if r.strip())
    assert "NO ANSWER EXISTS" in first and "inversion" in first
    assert "NUMBER OF MOVES: 4" in second


# ----- random ---------------------------------------------------------------------------------


def test_random_is_reproducible_from_a_seed(cli):
    first = cli("random", "--seed", "42", "--size", "4x4")
    assert first == cli("random", "--seed", "42", "--size", "4x4")
    code, out, err = first
    assert code == 0 and err == ""
    board = Board.parse(out)
    assert (board.width, board.height) == (4, 4)
    assert is_solvable(board, Board.goal("standard", 4, 4))
    others = {cli("random", "--seed", str(s), "--size", "4x4")[1] for s in range(10)}
    assert len(others) == 10


def test_random_count_gives_that_many_reproducible_boards(cli):
    code, out, _ = cli("random", "--seed", "7", "--count", "5", "--size", "3x2")
    assert code == 0
    boards = [Board.parse(line) for line in out.splitlines()]
    assert len(boards) == 5 and len(set(boards)) >= 4
    goal = Board.goal("standard", 3, 2)
    assert all((b.width, b.height) == (3, 2) and is_solvable(b, goal) for b in boards)
    assert cli("random", "--seed", "7", "--count", "5", "--size", "3x2")[1] == out


@pytest.mark.parametrize(
    ("size", "k", "goal"), [("3x3", 5, "snail"), ("4x4", 6, "standard"), ("5x2", 4, "blank-first")]
)
def test_random_moves_walks_k_moves_from_the_goal(cli, size, k, goal):
    w, h = map(int, size.split("x"))
    goal_board = Board.goal(goal, w, h)
    for seed in range(3):
        code, out, _ = cli(
            "random", "--size", size, "--seed", str(seed), "--moves", str(k), "--goal", goal
        )
        assert code == 0
        assert bfs_distance(goal_board, Board.parse(out), k) == k


@pytest.mark.parametrize(("fmt", "size", "pattern"), [
    ("kunkle", "3x3", r"[1-8b]{3} [1-8b]{3} [1-8b]{3}"),
    ("flat", "4x4", r"\d+( \d+){15}"),
    ("rows", "3x2", r"\d,\d,\d/\d,\d,\d"),
])  # fmt: skip
def test_random_prints_the_requested_format(cli, fmt, size, pattern):
    code, out, _ = cli("random", "--seed", "3", "--size", size, "--format", fmt)
    assert code == 0
    assert re.fullmatch(pattern, out.strip())
    rows = cli("random", "--seed", "3", "--size", size, "--format", "rows")[1]
    assert Board.parse(out) == Board.parse(rows)


# ----- help, the module entry point -----------------------------------------------------------


def test_help_documents_commands_algorithms_and_heuristics(cli):
    code, out, _ = cli("--help")
    assert code == 0
    for command in ("solve", "batch", "random"):
        assert command in out
    code, out, _ = cli("solve", "--help")
    assert code == 0
    for name in [*ALGORITHMS, *HEURISTICS]:
        assert name in out


def test_python_dash_m_npuzzle_works():
    run = subprocess.run(
        [sys.executable, "-m", "npuzzle", "solve", "134 8b5 726", "--goal", "snail", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    r = json.loads(run.stdout)
    assert r["length"] == len(r["moves"]) == 6
    assert Board.parse(r["board"]).apply(r["moves"]) == Board.goal("snail", 3, 3)
    bad = subprocess.run(
        [sys.executable, "-m", "npuzzle", "solve", "1 1 3 4 5 6 7 8 0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert len(bad.stderr.splitlines()) == 1 and "duplicate tile 1" in bad.stderr


# ----- bad input and usage: exit 2, one line naming the problem, never a traceback ------------

SIX_BY_FIVE = "/".join(",".join(str(r * 6 + c + 1) for c in range(6)) for r in range(5))
SIX_BY_FIVE = SIX_BY_FIVE.replace("29,30", "0,29")
NINE_BY_NINE = "/".join(",".join(str(r * 9 + c) for c in range(9)) for r in range(9))

BAD = [
    (["solve", "1 1 3 4 5 6 7 8 0"], ["duplicate tile 1"]),
    (["solve", "0 1 2 3 4 5 6 7 0"], ["two blanks"]),
    (["solve", "1 2 3 4 5 6 7 8 0", "--goal", "1 2 3 4 5 6 7 0"], ["8 tiles where 9 are needed"]),
    (["solve", "1 2 3 4 5 6 7 0"], ["8 tiles"]),
    (["solve", "1,2,3/4,5/6,7,0"], ["ragged rows"]),
    (["solve", "1 2 3 4 5 6 7 8 9"], ["tile 9", "out of range"]),
    (["solve", NINE_BY_NINE], ["width 9", "out of range"]),
    (["solve", "1/0"], ["width 1", "out of range"]),
    (["solve", "12/3b", "-H", "foo"], ["heuristic", "'foo'"]),
    (["solve", "12/3b", "--heuristic", "Manhattan"], ["heuristic", "'Manhattan'"]),
    (["solve", "12/3b", "-a", "foo"], ["algorithm", "'foo'"]),
    (["solve", "12/3b", "--algorithm", "a*"], ["algorithm", "'a*'"]),
    (["batch", "-a", "dijkstra"], ["algorithm", "'dijkstra'"]),
    (["solve", "12/3b", "--goal", "spiral"], ["unknown goal 'spiral'"]),
    (["random", "--goal", "spiral"], ["unknown goal 'spiral'"]),
    (["solve", "12/3b", "--goal", "1,2,3/4,5,6/7,8,0"], ["goal is 3x3 but the board is 2x2"]),
    (
        [
            "solve",
            "1,2,3/4,5,6/7,8,0",
            "--goal",
            "blank-first",
            "--goal",
            "1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,0",
        ],
        ["goal is 4x4"],
    ),
    (["solve", "-1,2,3/4,5,6/7,8,0"], ["cannot read tile '-1'"]),
    (["solve", HARD, "-w", "-inf"], ["weight", "'-inf'"]),
    (["solve", HARD, "-a", "wastar", "-w", "1e308"], ["weight", "at most 100"]),
    (["solve", HARD, "-w", "101"], ["weight", "at most 100"]),
    (["random", "--size", "-3x3"], ["size", "'-3x3'", "not WxH"]),
    (["random", "--seed", "\udce9"], ["argument 3", "not text"]),
    (["lab", "rn", "--seed", "\udce9"], ["argument 4", "not text"]),
    (["solve", "\udcff\udcfe"], ["argument 2", "not text"]),
    (["solve", SIX_BY_FIVE, "-a", "idastar", "-H", "pdb"], ["6x5: use linear-conflict"]),
    (["random", "--size", "9x9"], ["size", "out of range"]),
    (["random", "--size", "1x3"], ["size", "out of range"]),
    (["random", "--size", "big"], ["size", "'big'"]),
    (["random", "--size", "3x"], ["size", "'3x'"]),
    (["random", "--moves", "-1"], ["moves", "negative"]),
    (["random", "--count", "-2"], ["count", "negative"]),
    (["random", "--moves", "many"], ["moves", "'many'"]),
    (["solve", HARD, "--max-nodes", "-5"], ["max-nodes", "negative"]),
    (["solve", HARD, "--max-seconds", "-1"], ["max-seconds", "positive"]),
    (["solve", HARD, "--max-seconds", "0"], ["max-seconds", "positive"]),
    (["solve", HARD, "--depth-limit", "-3"], ["depth-limit", "negative"]),
    (["solve", HARD, "-a", "wastar", "--weight", "0.5"], ["weight", "at least 1"]),
    (["solve", HARD, "--weight", "-2"], ["weight", "at least 1"]),
    (["solve", HARD, "--weight", "nan"], ["weight", "nan"]),
    (["solve", HARD, "--weight", "heavy"], ["weight", "'heavy'"]),
    (["solve", HARD, "--tie-break", "random"], ["tie-break", "'random'"]),
    (["solve", "--", "-1,2/3,0"], ["cannot read tile '-1'"]),
    (["solve", "hello world"], ["cannot read tile"]),
    (["solve", "1,2/3,x"], ["cannot read tile 'x'"]),
    (["solve", "\uff11\uff12\uff13 \uff18\uff42\uff14 \uff17\uff16\uff15"], ["cannot read tile"]),
    (["solve", "½"], ["cannot read tile '½'"]),
    (["solve", "9" * 100_000], ["too long"]),
    (["solve", ""], ["empty board"]),
    (["solve", "   "], ["empty board"]),
    (["random", "--size", "3x2", "--format", "flat"], ["square"]),
    (["random", "--size", "4x4", "--format", "kunkle"], ["Kunkle"]),
    (["random", "--format", "csv"], ["format", "'csv'"]),
    (["random", "--count", "10001"], ["count"]),
    (["random", "--moves", "5000000"], ["too many moves"]),
    ([], ["required"]),
    (["solve"], ["required", "board"]),
    (["frobnicate"], ["'frobnicate'"]),
    (["solve", HARD, "--frob"], ["unrecognized", "--frob"]),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_problem(cli, argv, words):
    t0 = time.perf_counter()
    code, out, err = cli(*argv)
    assert time.perf_counter() - t0 < 5
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("npuzzle: ")
    for word in words:
        assert word in lines[0]
    assert len(lines[0]) < 400


def test_a_board_that_looks_like_an_option_still_exits_2_in_one_line(cli):
    code, out, err = cli("solve", "-1,2/3,0")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("npuzzle: ")


# ----- input that is not what a board file should be -------------------------------------------


def test_batch_reports_a_line_that_is_not_utf8_and_answers_the_good_pairs(cli):
    stdin = b"134 8b5 726\n123 8b4 765\n231 8b4 765\n123 8b4 7\xe965\n283 1b4 765\n123 8b4 765\n"
    code, out, err = cli("batch", "--json", stdin=stdin)
    assert code == 2
    assert err == "npuzzle: line 4: not UTF-8 text\n"
    assert [json.loads(line)["length"] for line in out.splitlines()] == [6, 4]


def test_batch_reads_a_file_that_starts_with_a_byte_order_mark(cli):
    code, out, err = cli("batch", "--json", stdin="\ufeff134 8b5 726\n123 8b4 765\n")
    assert code == 0 and err == "" and json.loads(out)["length"] == 6


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n", "mixed"])
def test_batch_reads_lines_ending_in_cr_crlf_or_lf(cli, ending):
    lines = KUNKLE_TEXT.splitlines()
    if ending == "mixed":
        text = "".join(line + ("\r", "\r\n", "\n")[i % 3] for i, line in enumerate(lines))
    else:
        text = ending.join(lines) + ending
    code, out, err = cli("batch", "--json", stdin=text)
    assert code == 0 and err == ""
    assert [json.loads(line)["length"] for line in out.splitlines()] == KUNKLE_LENGTHS
    # a bad line is named by its number, counted in the same endings
    code, out, err = cli("batch", "--json", stdin="# old Mac\rnot a board\r123 8b4 765\r")
    assert code == 2 and out == "" and err.startswith("npuzzle: line 2: ")


def test_batch_reads_the_lines_after_an_over_long_one_ending_in_cr(cli):
    stdin = b"1" * 50_000 + b"\r123 8b4 765\r134 8b5 726\r123 8b4 765"  # no last ending
    code, out, err = cli("batch", "--json", stdin=stdin)
    assert code == 2 and err == "npuzzle: line 1: longer than 10,000 characters\n"
    assert json.loads(out)["length"] == 6


def test_batch_skips_an_over_long_line_and_goes_on(cli):
    stdin = b"1" * 50_000 + b"\n123 8b4 765\n134 8b5 726\n123 8b4 765\n"
    code, out, err = cli("batch", "--json", stdin=stdin)
    assert code == 2 and err == "npuzzle: line 1: longer than 10,000 characters\n"
    assert json.loads(out)["length"] == 6


def test_batch_on_an_endless_line_stops_reading_in_bounded_memory(cli):
    t0 = time.perf_counter()
    code, out, err = cli("batch", stdin=b"\0" * 3_000_000)
    assert time.perf_counter() - t0 < 5
    assert code == 2 and out == "" and "stopped reading" in err and err.count("\n") == 1


def test_a_seed_of_thousands_of_digits_gives_the_same_board_each_time(cli):
    seed = "7" * 5000
    first = cli("random", "--seed", seed)
    assert first[0] == 0 and first[2] == "" and Board.parse(first[1])
    assert cli("random", "--seed", seed) == first


def test_pdb_out_that_cannot_be_a_folder_is_refused_before_building(cli, tmp_path):
    afile = tmp_path / "a-file"
    afile.write_text("not a folder")
    for out in (afile, afile / "under"):
        code, stdout, err = cli("pdb", "--size", "2x2", "--out", str(out))
        assert code == 2 and stdout == ""
        assert err.startswith(f"npuzzle: --out {out}: cannot make that folder")


def test_memory_running_out_is_a_message_with_the_limit_to_set(cli, monkeypatch):
    from npuzzle.cli import solving

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(solving, "solve", no_memory)
    code, out, err = cli("solve", HARD, "-a", "bfs", "--max-nodes", "0")
    assert code == 2 and out == ""
    assert err.startswith("npuzzle: memory ran out: set a lower --max-nodes")


def test_a_cache_that_cannot_be_written_is_said_so(cli, monkeypatch, tmp_path):
    from npuzzle.heuristics import pdbbuild

    afile = tmp_path / "a-file"
    afile.write_text("")
    monkeypatch.setenv("NPUZZLE_CACHE", str(afile / "cache"))
    monkeypatch.setattr(pdbbuild, "_loaded", {})
    code, out, err = cli("solve", "12/b3", "-a", "idastar", "-H", "pdb", "--json")
    assert code == 0 and json.loads(out)["length"] == 1
    assert "cannot be made: Not a directory), so it is built again each run" in err
    assert "point NPUZZLE_CACHE at a folder you can write" in err and "to keep" not in err


def _without_seconds(json_lines: str) -> list[dict[str, object]]:
    rows = [json.loads(line) for line in json_lines.splitlines()]
    for r in rows:
        r.pop("seconds")
    return rows


def test_batch_with_jobs_reports_the_same_in_the_same_order(cli):
    goal = "1,2,3/4,5,6/7,8,0"
    text = KUNKLE_TEXT + f"\nnot a board\n{goal}\n8,6,7/2,5,4/3,0,1\n{goal}\n"
    one = cli("batch", "--json", "-a", "idastar", stdin=text)
    two = cli("batch", "--json", "-a", "idastar", "--jobs", "2", stdin=text)
    assert one[0] == two[0] == 2 and one[2] == two[2] != ""  # the bad pair, said in its place
    assert _without_seconds(two[1]) == _without_seconds(one[1])
    assert [r["length"] for r in _without_seconds(two[1])] == [*KUNKLE_LENGTHS, 31]


@pytest.mark.parametrize("command", [["batch"], ["lab", "rn"]])
@pytest.mark.parametrize("jobs", ["0", "-2", "two", "65"])
def test_a_bad_number_of_jobs_is_refused(cli, command, jobs):
    code, out, err = cli(*command, "--jobs", jobs, stdin="")
    assert code == 2 and out == ""
    assert "--jobs" in err and ("number of processes" in err or "whole number" in err)


def test_lab_with_jobs_prints_the_same_table(cli):
    options = ("lab", "rn", "--per-depth", "3", "--max-depth", "12", "--format", "csv", "-q")
    one = cli(*options)
    two = cli(*options, "--jobs", "2")
    assert one[0] == two[0] == 0 and one[1] == two[1] and one[1].count("\n") > 10


def test_solve_with_jobs_splits_idastar_and_refuses_the_others(cli):
    board = random_board(4, 4, seed="cli:jobs", moves=40)
    alone = solve(board, algorithm="idastar")
    code, out, err = cli("solve", board.format(), "-a", "idastar", "--jobs", "2", "--json")
    r = json.loads(out)
    assert code == 0 and err == "" and r["jobs"] == 2 and r["optimal"] is True
    assert r["length"] == alone.length and board.apply(r["moves"]) == Board.goal("standard", 4, 4)
    # a board of at most 12 cells is searched by one process, and the output says so
    code, out, err = cli("solve", "8,6,7/2,5,4/3,0,1", "-a", "idastar", "--jobs", "2", "--json")
    r = json.loads(out)
    assert code == 0 and r["length"] == 31 and r["jobs"] == 1
    code, out, err = cli("solve", board.format(), "-a", "astar", "--jobs", "2")
    assert code == 2 and out == "" and "only idastar" in err
