"""The search tree in the page: an ARIA tree that follows the steps, by mouse and keys, drawn
by windows on thousands of nodes; and the grid that follows the search."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect
from sitekit import BLOCKING, PageWatch, Site, axe_violations, load, show_mode, unfold

from npuzzle import Board, make_search
from npuzzle.teach.tree import SearchTree

pytestmark = pytest.mark.browser

BOARD = "231 8b4 765"
SNAIL = Board.goal("snail", 3, 3)

# what the tree's count counts, said beside it (the counters' generated leaves duplicates out)
COUNTED = " (the start and every child made, duplicates and pruned ones included)"


def prepare(page: Page, site: Site, algorithm: str = "astar") -> None:
    load(page, site.url)
    show_mode(page, "play")
    page.get_by_label("Goal", exact=True).select_option("snail")
    page.get_by_label("Board", exact=True).fill(BOARD)
    page.get_by_role("button", name="Edit").click()
    show_mode(page, "step")
    page.get_by_label("Algorithm").select_option(algorithm)
    page.get_by_label("Heuristic").select_option("manhattan")
    unfold(page, "#tree")  # one click away


def step(page: Page, times: int) -> None:
    button = page.get_by_role("button", name="Step", exact=True)
    for _ in range(times):
        button.click()
    expect(page.locator("#counters")).to_contain_text(f"Step {times} ")


def cpython_tree(algorithm: str, steps: int, board: str = BOARD, goal: Board = SNAIL):
    search = make_search(Board.parse(board), goal, algorithm=algorithm, heuristic="manhattan")
    for _ in range(steps):
        search.step()
    return search, SearchTree(search)


def rows(tree: Locator) -> list[tuple[str, str, str]]:
    """The drawn treeitems: (level, name, state class) each."""
    items = tree.get_by_role("treeitem")
    out = []
    for i in range(items.count()):
        item = items.nth(i)
        state = re.search(r"\bs-(\w+)", item.get_attribute("class") or "")
        assert state is not None
        out.append((item.get_attribute("aria-level") or "", item.inner_text(), state.group(1)))
    return out


def test_the_tree_is_the_engines_and_follows_step_and_back(
    page: Page, site: Site, watch: PageWatch
) -> None:
    prepare(page, site)
    step(page, 6)
    unfold(page, "#tree")  # one click away
    region = page.locator("#tree")
    tree = region.get_by_role("tree", name="Search tree")
    _search, expected = cpython_tree("astar", 6)
    expect(region.locator("#tree-summary")).to_have_text(f"{expected.size} nodes{COUNTED}")
    tree.focus()
    page.keyboard.press("Home")  # the root, and the outline from its first row
    outline = expected.visible_rows(set(), 0, 100).rows
    drawn = rows(tree)
    assert len(drawn) == len(outline)  # a small tree: every row is drawn
    for (level, text, state), row in zip(drawn, outline, strict=True):
        assert level == str(row.level)
        assert state == row.state
        assert f"g {row.g} · h {row.h} · f {row.f}" in text
    # the keys of an ARIA tree: the selection moves, and the detail shows the node's board
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    chosen = outline[3]
    expect(tree).to_have_attribute("aria-activedescendant", f"tree-node-{chosen.id}")
    cells = region.locator("#tree-detail .mini span").all_text_contents()
    assert [int(c) if c.strip() else 0 for c in cells] == list(chosen.tiles)
    # a click selects; the twist opens and closes
    tree.get_by_role("treeitem").nth(1).click()
    expect(tree).to_have_attribute("aria-activedescendant", f"tree-node-{outline[1].id}")
    root = tree.get_by_role("treeitem").first
    expect(root).to_have_attribute("aria-expanded", "true")
    root.locator(".twist").click()
    expect(root).to_have_attribute("aria-expanded", "false")
    expect(tree.get_by_role("treeitem")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(tree.get_by_role("treeitem")).to_have_count(len(outline))
    # Back takes the last step's children off again
    page.get_by_role("button", name="Back", exact=True).click()
    _search, back = cpython_tree("astar", 5)
    expect(region.locator("#tree-summary")).to_have_text(f"{back.size} nodes{COUNTED}")
    assert watch.page_errors == [] and watch.console_errors == []


def test_idastar_shows_its_iteration_and_threshold(page: Page, site: Site) -> None:
    prepare(page, site, "idastar")
    step(page, 40)
    search, expected = cpython_tree("idastar", 40)
    c = search.counters()
    summary = page.locator("#tree-summary")
    expect(summary).to_have_text(
        f"{expected.size} nodes{COUNTED} · iteration {c['iteration']}, threshold {c['threshold']}"
    )


def test_thousands_of_nodes_draw_only_the_rows_in_view(page: Page, site: Site) -> None:
    board = "8,6,7/2,5,4/3,0,1"
    load(page, f"{site.url}#board={board}&algorithm=bfs&heuristic=manhattan&step=3000")
    expect(page.locator("#counters")).to_contain_text("Step 3,000 ", timeout=60_000)
    unfold(page, "#tree")
    _search, expected = cpython_tree("bfs", 3000, board, Board.goal("standard", 3, 3))
    summary = page.locator("#tree-summary")
    expect(summary).to_have_text(f"{expected.size:,} nodes{COUNTED}", timeout=30_000)
    assert expected.size > 5000
    tree = page.get_by_role("tree", name="Search tree")
    assert tree.get_by_role("treeitem").count() <= 40
    tree.focus()
    page.keyboard.press("End")
    last = expected.visible_rows(set(), expected.size - 1, 1).rows[0]
    expect(tree).to_have_attribute("aria-activedescendant", f"tree-node-{last.id}")
    assert tree.get_by_role("treeitem").count() <= 40
    page.keyboard.press("Home")
    expect(tree).to_have_attribute("aria-activedescendant", f"tree-node-{expected.root}")


def test_the_grid_shows_each_expanded_node_until_another_mode_is_shown(
    page: Page, site: Site
) -> None:
    prepare(page, site)
    step(page, 3)
    search, _tree = cpython_tree("astar", 3)
    grid = page.locator("#grid")
    node = search.last_step.node
    assert node is not None
    expect(grid).to_have_attribute("data-showing", ",".join(map(str, node.tiles)))
    expect(grid).to_have_attribute("data-tiles", "2,3,1/8,0,4/7,6,5")
    expect(page.locator("#grid-note")).to_contain_text("step 3")
    expect(grid.locator(".tile.moved")).to_have_count(1)
    page.get_by_role("button", name="Share").focus()  # the focus may go anywhere:
    expect(grid).to_have_attribute("data-showing", ",".join(map(str, node.tiles)))
    show_mode(page, "play")  # another mode gives the board back
    expect(grid).to_have_attribute("data-showing", "")
    expect(page.locator("#grid-note")).to_be_hidden()
    show_mode(page, "step")
    expect(grid).to_have_attribute("data-showing", ",".join(map(str, node.tiles)))
    unfold(page, "#how")
    page.get_by_label("Grid follows the search").uncheck()
    expect(grid).to_have_attribute("data-showing", "")
    page.get_by_role("button", name="Step", exact=True).click()
    expect(page.locator("#counters")).to_contain_text("Step 4 ")
    expect(grid).to_have_attribute("data-showing", "")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_serious_in_the_tree(page: Page, site: Site, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    prepare(page, site)
    step(page, 12)  # duplicates, open and expanded nodes, the path
    tree = page.get_by_role("tree", name="Search tree")
    tree.focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # a closed row
    found = axe_violations(page)
    print(f"\naxe, {scheme}: the tree {found}")
    blocking = {impact: found[impact] for impact in BLOCKING if impact in found}
    assert blocking == {}, f"{scheme} theme, the tree: {blocking}"
