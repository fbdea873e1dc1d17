"""A player's Hint on the 4x4, in headless Chromium, as a player meets it: the page open, the
tables loaded, each board arriving by a link, Hint pressed at once.

For each built site (this tree's, and with ``--previous REV`` an older commit's, built the same
way and run in the same browser first), the script opens a 4x4 link, presses Hint once to
fetch the pattern databases (not counted: a random board of none of the sets, whose hint
would be known from that press), then for each board: follows a link to it (an entry of the
page's history, as the browser's Back and Forward bring one), presses Hint, and times the
press to the marked tile (a ``MutationObserver`` in the page, ``performance.now()``).
"Moves to solved" then says whether the hint is optimal (``N moves from solved``) or not
(``at most N moves (not proven optimal)``); the distance is checked against the optimal
length (Korf's published ones; CPython's IDA* for the random boards, computed here).

Boards: Korf's 100 for their own goal (blank first: ``--korf``), and ``--random`` uniformly
random solvable boards (seeded) for each goal of ``--goals``. Per set it prints the share of
optimal hints within 1.5 s and within 3 s, the median, 90th percentile and largest time.

    .venv/bin/python benchmarks/site_hint.py [--korf 1-100] [--random 100] [--seed 36]
        [--goals standard,blank-first] [--previous REV] [--chromium PATH] [--rows]
        [--workers 1,2]

Exit status 1 if a hint said to be optimal is not.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))  # the browser tests' helpers
sys.path.insert(0, str(ROOT / "src"))
from sitekit import CHROMIUM, CHROMIUM_ARGS, assemble, load, served, wait_worker  # noqa: E402

from npuzzle import Board, random_board, reference, solve  # noqa: E402

TIMEOUT_MS = 120_000
LIMITS = (1.5, 3.0)  # the two times, in seconds from the press
WARM_SEED = "warm-up"  # the board of the first press, which fetches the tables (not counted)

# Follow a link inside the open page (history entry + popstate), then arm an observer that
# notes when a tile gets the hint mark; the press is timed in the page too.
FOLLOW = """(fragment) => {
  history.pushState(null, "", fragment);
  window.dispatchEvent(new PopStateEvent("popstate"));
}"""
PRESS = """() => {
  window.hintAt = window.optimalAt = null;
  const grid = document.getElementById("grid");
  const distance = document.getElementById("distance");
  const seen = new MutationObserver(() => {
    const now = performance.now();
    if (window.hintAt === null && grid.querySelector(".tile.hint")) window.hintAt = now;
    if (window.optimalAt === null && / from solved$/.test(distance.textContent)
        && !distance.hasAttribute("aria-busy")) window.optimalAt = now;
  });
  const watch = { subtree: true, attributes: true, childList: true, characterData: true };
  seen.observe(grid, watch);
  seen.observe(distance, watch);
  document.getElementById("hint").click();
  window.pressedAt = performance.now();
}"""
OPTIMAL = re.compile(r"^(\d+) moves? from solved$")
NOT_OPTIMAL = re.compile(r"^at most (\d+) moves?")


@dataclass(frozen=True)
class Case:
    label: str
    board: Board
    goal: Board
    optimal: int


@dataclass(frozen=True)
class Answer:
    first: float  # seconds from the press to the first move marked
    seconds: float  # to the optimal one, when it came (a pressed Hint searches on)
    distance: int | None
    optimal: bool


def cases(korf: str, count: int, seed: int, goals: list[str]) -> dict[str, list[Case]]:
    out: dict[str, list[Case]] = {}
    if korf:
        goal = Board.goal("blank-first", 4, 4)
        out["Korf's boards"] = [
            Case(f"#{i.ident}", i.board, goal, i.optimal)
            for i in reference.pick(reference.korf100(), korf)
        ]
    for name in goals if count else []:
        goal = Board.goal(name, 4, 4)
        boards = [random_board(4, 4, seed=f"{seed}-{name}-{k}", goal=goal) for k in range(count)]
        print(f"solving {count} random boards for the {name} goal in CPython...", flush=True)
        out[f"random, {name} goal"] = [
            Case(f"r{k}", b, goal, int(solve(b, goal, algorithm="idastar", heuristic="pdb").length))
            for k, b in enumerate(boards)
        ]
    return out


def fragment(board: Board, goal: Board) -> str:
    return f"#board={board.format('rows')}&goal={goal.format('rows')}"


def ask(page: Page, case: Case) -> Answer:
    page.evaluate(FOLLOW, fragment(case.board, case.goal))
    tiles = case.board.format("rows")
    page.wait_for_function(
        f"document.getElementById('grid').dataset.tiles === '{tiles}'", timeout=TIMEOUT_MS
    )
    page.evaluate(PRESS)
    page.wait_for_function("window.hintAt !== null", timeout=TIMEOUT_MS, polling=20)
    page.wait_for_function(
        "!document.getElementById('distance').hasAttribute('aria-busy')", timeout=TIMEOUT_MS
    )
    first, proven = page.evaluate(
        "[(window.hintAt - window.pressedAt) / 1000,"
        " window.optimalAt && (window.optimalAt - window.pressedAt) / 1000]"
    )
    text = page.locator("#distance").inner_text().strip()
    if m := OPTIMAL.match(text):
        return Answer(first, proven if proven is not None else first, int(m.group(1)), True)
    m = NOT_OPTIMAL.match(text)
    return Answer(first, first, int(m.group(1)) if m else None, False)


def run_site(
    browser: Browser, url: str, sets: dict[str, list[Case]], rows: bool, workers: str = ""
) -> bool:
    context = browser.new_context()
    page = context.new_page()
    # the tables are fetched on a board of none of the sets (one of them would be answered
    # from what this press found), a random one that the page cannot prove before the press
    goal = next(iter(sets.values()))[0].goal
    warm = Case("warm-up", random_board(4, 4, seed=WARM_SEED, goal=goal), goal, 0)
    load(page, url + fragment(goal, goal))
    wait_worker(page)
    if workers:  # the Workers setting (else the page's default for this machine)
        page.evaluate(  # in the Solve panel, hidden: set as a player's choice would
            "v => { const s = document.getElementById('workers'); s.value = v;"
            " s.dispatchEvent(new Event('change', {bubbles: true})); }",
            workers,
        )
    print(f"  Workers: {page.locator('#workers').input_value()}")
    start = time.perf_counter()
    ask(page, warm)  # fetches and loads the tables
    print(f"  first Hint, the tables fetched and loaded: {time.perf_counter() - start:.1f} s")
    right = True
    for name, group in sets.items():
        answers = []
        for case in group:
            answer = ask(page, case)
            answers.append(answer)
            wrong = answer.optimal and answer.distance != case.optimal
            right = right and not wrong
            if rows or wrong:
                kind = "optimal" if answer.optimal else "NOT optimal"
                print(
                    f"    {case.label:>5} {case.optimal:>3} moves: first move"
                    f" {answer.first:6.2f} s, {kind} {answer.seconds:6.2f} s"
                    f"{'  WRONG DISTANCE ' + str(answer.distance) if wrong else ''}",
                    flush=True,
                )
        times = sorted(a.seconds for a in answers)
        firsts = sorted(a.first for a in answers)
        shares = [sum(a.optimal and a.seconds <= s for a in answers) for s in LIMITS]
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        print(
            f"  {name}: {len(group)} boards; optimal within {LIMITS[0]:g} s: {shares[0]}, within"
            f" {LIMITS[1]:g} s: {shares[1]}, in all: {sum(a.optimal for a in answers)}; time to"
            f" the optimal move (or the last) median {statistics.median(times):.2f} s, 90th"
            f" percentile {p90:.2f} s, largest {times[-1]:.2f} s; first move marked at most"
            f" {firsts[-1]:.2f} s",
            flush=True,
        )
    context.close()
    return right


@contextmanager
def this_build() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        yield assemble.build(Path(tmp) / "dist")


@contextmanager
def previous_build(rev: str) -> Iterator[Path]:
    """The site of commit ``rev``, built by its own build.py from ``git archive``."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True)
        archive.check_returncode()
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive.stdout, check=True)
        (src / "node_modules").symlink_to(ROOT / "node_modules")
        dest = Path(tmp) / "dist"
        env = {**os.environ, "PYTHONPATH": str(src / "src")}
        subprocess.run(
            [sys.executable, "build.py", "build", "--dest", str(dest)], cwd=src, env=env, check=True
        )
        yield dest


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--korf", default="1-100", help="Korf's instances ('' for none)")
    parser.add_argument("--random", type=int, default=100, help="random boards per goal")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--goals", default="standard,blank-first")
    parser.add_argument("--previous", help="an older commit, run first in the same browser")
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument("--rows", action="store_true", help="a line per board")
    parser.add_argument(
        "--workers",
        default="",
        help="Workers settings to run this tree with, one after the other: '1,2' (default: the"
        " page's own)",
    )
    args = parser.parse_args()
    sets = cases(args.korf, args.random, args.seed, [g for g in args.goals.split(",") if g])
    right = True
    with ExitStack() as stack, sync_playwright() as pw:
        sites = []
        if args.previous:
            previous = stack.enter_context(previous_build(args.previous))
            sites.append((f"previous ({args.previous})", previous))
        sites.append(("this tree", stack.enter_context(this_build())))
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        for label, dest in sites:
            settings = args.workers.split(",") if label == "this tree" else [""]
            for workers in settings:
                print(f"\n{label}:", flush=True)
                with served(dest) as url:
                    right = run_site(browser, url, sets, args.rows, workers) and right
        browser.close()
    return 0 if right else 1


if __name__ == "__main__":
    sys.exit(main())
