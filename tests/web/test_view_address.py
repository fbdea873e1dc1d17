"""The address view in CPython: the fragment written and read back, history, Share."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from npuzzle import Board
from npuzzle.teach.link import LinkState, make_fragment, parse_fragment


class Page:
    """The page's state as the address view sees it: a LinkState, replaced by apply()."""

    def __init__(self, state: LinkState) -> None:
        self.state = state
        self.applied: list[LinkState] = []
        self.followed: list[tuple[LinkState, bool]] = []
        self.messages: list[str] = []
        self.spawned: list[Any] = []
        self.address: Any = None

    def apply(self, state: LinkState) -> None:
        self.applied.append(state)
        self.state = state
        self.address.write(push=True)  # as new_board does: ignored while applying

    def follow(self, state: LinkState, opening: bool) -> None:
        self.followed.append((state, opening))


STATE = LinkState(
    Board.parse("1,3,4/8,0,5/7,2,6"),
    Board.parse("1,2,3/8,0,4/7,6,5"),
    None,
    "wastar",
    "linear-conflict",
    95.38478784269591,
    12,
)


@pytest.fixture
def page(web: Any) -> Page:
    page = Page(STATE)
    page.address = web.address.AddressView(
        web.document,
        web.window,
        lambda: page.state,
        page.apply,
        page.follow,
        page.messages.append,
        page.spawned.append,
    )
    page.address.enable()
    return page


def test_a_fragment_written_reads_back_as_the_same_state(web: Any, page: Page) -> None:
    page.address.write(push=True)
    fragment = web.window.location.hash
    assert fragment == "#" + make_fragment(STATE)
    assert "board=1,3,4/8,0,5/7,2,6" in fragment and "weight=95.38478784269591" in fragment
    assert web.window.history.length == 2
    page.state = LinkState(Board.goal("standard", 3, 3), Board.goal("standard", 3, 3))
    read = page.address.read(fragment)
    assert page.applied == [read]
    assert make_fragment(read) == make_fragment(STATE)
    assert (read.board, read.goal, read.weight, read.step) == (
        STATE.board,
        STATE.goal,
        STATE.weight,
        STATE.step,
    )
    assert page.followed == [(read, False)]
    assert page.messages == ["Opened a shared board."]
    assert web.window.history.length == 2  # applying wrote nothing


def test_an_unchanged_state_writes_nothing_and_a_move_replaces_the_entry(
    web: Any, page: Page
) -> None:
    page.address.write(push=True)
    page.address.write(push=True)
    assert web.window.history.length == 2
    page.state = LinkState(STATE.board.move("U"), STATE.goal, None, "astar", "manhattan")
    page.address.write(push=False)
    assert web.window.history.length == 2
    assert web.window.location.hash == "#" + make_fragment(page.state)


def test_back_shows_the_previous_entry(web: Any, page: Page) -> None:
    page.address.write(push=True)
    first = web.window.location.hash
    page.state = LinkState(Board.goal("standard", 4, 4), Board.goal("standard", 4, 4))
    page.address.write(push=True)
    assert web.window.history.length == 3
    web.window.history.back()
    assert web.window.location.hash == first
    assert make_fragment(page.applied[-1]) == first[1:]
    assert page.followed[-1][1] is False  # back and forward never run the Lab


def test_opening_with_a_bad_link_says_what_was_wrong(web: Any, page: Page) -> None:
    web.window.history.replaceState(None, "", "#board=1,1,2/3,4,5/6,7,0&algorithm=nope")
    page.address.open(lambda: pytest.fail("a link is not a first visit"))
    state, opening = page.followed[-1]
    assert opening is True
    assert page.messages[-1].startswith("This link had problems: ")
    assert state.algorithm is None  # Automatic, the page's default


def test_a_first_visit_writes_its_board_into_the_address_in_place(web: Any, page: Page) -> None:
    shuffled = LinkState(Board.parse("8,6,7/2,5,4/3,0,1"), Board.goal("standard", 3, 3))

    def first_visit() -> None:
        page.apply(shuffled)  # as the page's new_board: its own write is ignored

    assert web.window.location.hash == ""
    page.address.open(first_visit)
    assert web.window.location.hash == "#" + make_fragment(shuffled)
    assert "board=8,6,7/2,5,4/3,0,1" in web.window.location.hash
    assert web.window.history.length == 1  # replaced: Back leaves the page, a reload keeps it
    assert page.followed == [] and page.messages == []


def test_share_copies_the_link_or_shows_it(web: Any, page: Page) -> None:
    web.document.getElementById("share").click()
    asyncio.run(page.spawned.pop())
    url = web.window.navigator.clipboard.text
    assert url == web.window.location.href and url.endswith("#" + make_fragment(STATE))
    assert page.messages[-1] == f"Link copied: {url}"
    web.window.navigator.clipboard.refuse = True
    web.document.getElementById("share").click()
    asyncio.run(page.spawned.pop())
    assert page.messages[-1] == f"Copy this link: {url}"


def test_a_challenge_link_carries_the_start_and_the_count_and_no_step(web: Any, page: Page) -> None:
    page.address.write(push=True)  # the address shows the page's state, a step included
    shown = web.window.location.href
    start = STATE.board.move(STATE.board.legal_moves()[0])  # another board, its start
    page.address.share_challenge(start, 31)
    asyncio.run(page.spawned.pop())
    url = web.window.navigator.clipboard.text
    assert web.window.location.href == shown  # the address bar is left as it was
    assert url.split("#")[0] == shown.split("#")[0]
    challenge = parse_fragment(url.split("#", 1)[1])
    assert challenge.problems == [] and challenge.challenge == 31
    assert (challenge.board, challenge.goal) == (start, STATE.goal)
    assert (challenge.algorithm, challenge.heuristic) == (STATE.algorithm, STATE.heuristic)
    assert challenge.step == 0 and challenge.compare is None and challenge.lab is None
    assert page.messages[-1] == f"Challenge link (solve it in 31 moves) copied: {url}"
    web.window.navigator.clipboard.refuse = True
    page.address.share_challenge(start, 31)
    asyncio.run(page.spawned.pop())
    assert page.messages[-1] == f"Copy this challenge link (solve it in 31 moves): {url}"


def test_the_browsers_back_says_where_it_went_not_that_a_link_was_opened(
    web: Any, page: Page
) -> None:
    page.address.write(push=True)  # STATE: a step, so Step through
    page.state = LinkState(Board.parse("8,6,7/2,5,4/3,0,1"), Board.goal("standard", 3, 3))
    page.address.write(push=True)  # a board to play
    web.window.history.back()
    assert page.applied[-1].step == STATE.step
    assert page.messages[-1] == "From the browser's history: Step through, this board."
    assert "Opened a shared board." not in page.messages


def test_an_embedded_board_opens_without_a_message(page: Page) -> None:
    """In another site's frame the stage is all there is: "Opened a shared board" is noise."""
    page.address.read("#board=8,6,7/2,5,4/3,0,1&embed=1", opening=True)
    assert page.messages == []
    page.address.read("#board=8,6,7/2,5,4/3,0,1", opening=True)
    assert page.messages == ["Opened a shared board."]
