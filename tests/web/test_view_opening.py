"""web/opening/opening.py's own few functions (it runs in MicroPython, without the package) agree
with npuzzle's boards, moves and links, and its words with the page's."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from npuzzle import Board, solvability
from npuzzle.core.board import MAX_SIDE, MIN_SIDE, MOVES, TILE_DIRECTIONS, PuzzleError
from npuzzle.teach.link import LinkState, make_fragment, parse_fragment

WEB = Path(__file__).resolve().parents[2] / "web"


def load_opening() -> ModuleType:
    """opening.py as a plain module: without pyscript it only defines its functions (it
    imports web/gridcommon.py, served beside it)."""
    path = WEB / "opening" / "opening.py"
    spec = importlib.util.spec_from_file_location("opening_under_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(WEB))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(WEB))
    return module


opening = load_opening()


def constant(module: str, name: str) -> object:
    """A module-level constant of web/<module> (a path under web/), read without importing
    it (it needs the browser)."""
    tree = ast.parse((WEB / module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise LookupError(f"{name} not in {module}")


def random_boards(count: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        width, height = rng.randint(MIN_SIDE, MAX_SIDE), rng.randint(MIN_SIDE, MAX_SIDE)
        tiles = list(range(width * height))
        rng.shuffle(tiles)
        boards.append(Board(width, height, tuple(tiles)))
    return boards


def test_the_opening_shares_the_packages_sides_and_words() -> None:
    assert (opening.MIN_SIDE, opening.MAX_SIDE) == (MIN_SIDE, MAX_SIDE)
    assert opening.TILE_DIRECTIONS == TILE_DIRECTIONS
    assert set(opening.STEPS) == set(MOVES)
    assert constant("page/main.py", "FIRST_BOARD") == opening.FIRST_BOARD
    assert opening.ASKED["solve"] == constant("page/solvepanel.py", "WAITING")


def test_a_swipe_names_the_way_a_tile_moves_and_the_blank_goes_the_other_way() -> None:
    # web/gridcommon.py's, as the opening (and the page's grid) imports them
    assert opening.swipe(29, -29) is None  # a tap
    swipes = [opening.swipe(*d) for d in [(40, 5), (-40, 39), (3, 31), (30, -31)]]
    assert swipes == ["right", "left", "down", "up"]
    for direction, blank in opening.SWIPE_MOVES.items():
        assert TILE_DIRECTIONS[blank] == direction
    for key, blank in opening.ARROW_MOVES.items():  # ArrowUp: the tile below goes up
        assert TILE_DIRECTIONS[blank] == key.removeprefix("Arrow").lower()


def test_it_reads_the_board_of_every_link_the_page_writes() -> None:
    goal = Board.goal("standard", 3, 3)
    for board in random_boards(200, seed=1):
        goal = Board.goal("standard", board.width, board.height)
        fragment = make_fragment(LinkState(board, goal, "standard", "astar", "manhattan", 3.0))
        assert opening.read_board("#" + fragment) == (board.width, board.height, board.tiles)


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "#algorithm=astar",
        "#board=1,2,3/4,5,6/7,8,8",  # a tile twice
        "#board=1,2,3/4,5/6,7,0",  # rows of different lengths
        "#board=1,2,3/4,5,6/7,8,9",  # no gap
        "#board=1,0",  # one row
        "#board=" + "/".join(",".join("0" * 9) for _ in range(9)),  # too large
        "#board=1,2,3/4,-5,6/7,8,0",
        "#board=123 456 780",  # a form only the page reads
    ],
)
def test_what_it_cannot_read_is_left_to_the_page(fragment: str) -> None:
    assert opening.read_board(fragment) is None


def test_slides_agree_with_the_packages_moves() -> None:
    for board in random_boards(100, seed=2):
        for move in MOVES:
            got = opening.slide(board.tiles, board.width, board.height, move)
            try:
                expected: tuple[int, ...] | None = board.move(move).tiles
            except PuzzleError:
                expected = None
            assert got == expected, (board, move)


def test_a_tile_next_to_the_gap_is_slid_by_the_packages_move() -> None:
    for board in random_boards(100, seed=3):
        for tile in range(1, board.size):
            move = opening.move_to(board.tiles, board.width, board.height, tile)
            expected = [
                m
                for m in board.legal_moves()
                if board.move(m).tiles.index(0) == board.tiles.index(tile)
            ]
            assert [move] == expected if expected else move is None, (board, tile)


def test_a_scramble_back_at_the_goal_goes_on() -> None:
    # On a 2x2 the gap can only go round: always taking the first slide it may, it is back
    # at the goal after 12 slides, so a scramble of 12 must go on.
    goal = Board.goal("standard", 2, 2)
    tiles = opening.scramble(2, 2, 12, lambda n: 0)
    assert Board(2, 2, tiles) != goal
    assert tiles == goal.move("U").tiles  # one slide further round


def test_a_first_visits_scramble_can_be_solved() -> None:
    rng = random.Random(4)
    goal = Board.goal("standard", 3, 3)
    for _ in range(50):
        tiles = opening.scramble(3, 3, opening.SCRAMBLE_MOVES, rng.randrange)
        board = Board(3, 3, tiles)
        assert solvability(board, goal)
        assert board != goal
        assert opening.rows_text(tiles, 3) == board.format("rows")


# Run by Node with the MicroPython the site ships: opening.py's functions on a few boards.
MICROPYTHON_RUN = """
import {{ loadMicroPython }} from {runtime};
const mp = await loadMicroPython({{ stdout: (line) => console.log(line) }});
mp.FS.writeFile("/gridcommon.py", {markup});  // served beside it, as on the site
mp.runPython({source});
mp.runPython({probe});
"""
PROBE = """
import json
import gridcommon
out = [[gridcommon.cell_name(t, r, c) for t in (0, 5, 12) for r in (0, 2) for c in (1, 3)]]
for fragment in FRAGMENTS:
    board = read_board(fragment)
    out.append(board)
    if board:
        width, height, tiles = board
        out.append([slide(tiles, width, height, m) for m in "UDLR"])
        out.append([move_to(tiles, width, height, t) for t in range(1, width * height)])
        out.append(rows_text(tiles, width))
out.append([embedded(f) for f in FRAGMENTS])
print(json.dumps(out))
"""


def test_it_runs_in_micropython_as_in_cpython(tmp_path: Path) -> None:
    """MicroPython lacks much of Python (starred displays, str.removeprefix, typing): the
    module is run there, and its answers compared with CPython's."""
    runtime = WEB.parent / "node_modules/@micropython/micropython-webassembly-pyscript"
    node = shutil.which("node")
    assert node, "node not found: the README's test command installs it"
    assert (runtime / "micropython.mjs").is_file(), "no MicroPython: run npm ci"
    fragments = [
        "#" + make_fragment(LinkState(b, b, "standard", "astar", "manhattan", 3.0))
        for b in random_boards(20, seed=5)
    ] + ["#board=1,2,3/4,5,6/7,8,8", "#board=1,0", "#board=1,2/3,0&EMBED=1"]
    probe = f"FRAGMENTS = {fragments!r}\n{PROBE}"
    script = tmp_path / "probe.mjs"
    script.write_text(
        MICROPYTHON_RUN.format(
            runtime=json.dumps((runtime / "micropython.mjs").as_uri()),
            source=json.dumps((WEB / "opening" / "opening.py").read_text(encoding="utf-8")),
            markup=json.dumps((WEB / "gridcommon.py").read_text(encoding="utf-8")),
            probe=json.dumps(probe),
        ),
        encoding="utf-8",
    )
    run = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    namespace = {"__name__": "probe", **vars(opening)}
    lines: list[str] = []
    namespace["print"] = lines.append
    exec(compile(probe, "probe", "exec"), namespace)
    expected = json.loads(lines[0])
    assert json.loads(run.stdout.strip().splitlines()[-1]) == expected


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "#embed=1",
        "#board=1,2,3/4,5,6/7,8,0&step=3&Embed=1&autoplay=1",
        "#embed=0",
        "#embed=10",
        "#embedded=1",
        "#board=1,2,3/4,5,6/7,8,0&embed=yes",
    ],
)
def test_it_reads_embed_as_the_page_does(fragment: str) -> None:
    """The opening lays the page out for its frame at once; the page, once loaded, reads
    the same link the same way."""
    assert opening.embedded(fragment) == parse_fragment(fragment).embed
