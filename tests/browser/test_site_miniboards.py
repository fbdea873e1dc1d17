"""The mini boards in the accessibility tree: the visualizer's lists, the search tree's
selected node and Compare's open lists name each board row by row, with its gap, and a list
item reads its board once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from sitekit import Site, load, step_visualizer

pytestmark = pytest.mark.browser

START = "2 3 1 / 8 gap 4 / 7 6 5"  # the board step_visualizer sets: 231 8b4 765


def test_the_visualizer_and_the_tree_name_their_boards_with_rows_and_gap(
    page: Page, site: Site
) -> None:
    load(page, site.url)
    step_visualizer(page, 1)
    current = page.locator("#current")
    expect(current.get_by_role("img", name=START, exact=True)).to_have_count(1)
    item = current.get_by_role("listitem")
    assert item.get_attribute("aria-label") is None  # read from what it holds, once
    snapshot = item.aria_snapshot()
    assert snapshot.count(START) == 1 and snapshot.count("g=0") == 1, snapshot
    assert "the start" in snapshot
    children = page.locator("#children")
    expect(children.get_by_role("img", name="2 gap 1 / 8 3 4 / 7 6 5", exact=True)).to_have_count(1)
    expect(children.get_by_role("listitem").first).to_contain_text("after tile 3 slides down")
    opened = page.locator("#open-list").get_by_role("img")
    expect(opened).to_have_count(4)
    page.locator("#tree-heading").click()  # the search tree, folded until asked for
    tree = page.get_by_role("tree", name="Search tree")
    tree.get_by_role("treeitem").first.click()
    expect(page.locator("#tree-detail").get_by_role("img", name=START, exact=True)).to_be_visible()


def test_compare_names_the_boards_of_its_open_lists(page: Page, site: Site) -> None:
    load(page, f"{site.url}#board=8,6,7/2,5,4/3,0,1&compare=astar:misplaced,astar:manhattan")
    compare = page.get_by_role("region", name="Compare")
    expect(compare).to_be_visible()
    compare.get_by_role("button", name="Start").click()
    boards = compare.get_by_role("img", name="8 6 7 / 2 5 4 / 3 gap 1", exact=True)
    expect(boards).to_have_count(2)  # the start heads both open lists
