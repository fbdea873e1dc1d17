"""Embedding (web/page/embed.py) in CPython: embed=1 lays the page out for a frame and links
to the full page, the link's Play settings reach the visualizer, and the embed code."""

from __future__ import annotations

import asyncio
import dataclasses
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest

from npuzzle import Board
from npuzzle.teach.link import LinkState, Mode, PlayLink, parse_fragment

STATE = parse_fragment("#board=8,6,7/2,5,4/3,0,1&algorithm=astar&step=4&embed=1&loop=2-9")


class Visualizer:
    """What the embed view uses of the visualizer: its speed slider, loop and Play."""

    def __init__(self, document: Any) -> None:
        self.speed = document.getElementById("speed")
        self.loop: tuple[int, int] | None = None
        self.task: Any = None
        self.job: Any = None
        self.inside = True
        self.played = 0

    def on_play(self, event: Any) -> None:
        self.played += 1


@pytest.fixture
def embed(web: Any) -> Any:
    page = SimpleNamespace(state=STATE, messages=[], spawned=[])
    view = web.embed.EmbedView(
        web.document,
        web.window,
        Visualizer(web.document),
        web.sharing.ShareBox(web.document, web.window),
        lambda: page.state,
        page.messages.append,
        page.spawned.append,
    )
    view.page = page
    return view


def test_embed_1_lays_the_page_out_for_a_frame_with_a_link_to_the_full_page(
    web: Any, embed: Any
) -> None:
    embed.follow(STATE, True)
    assert web.document.body.dataset.embed == "true"
    link = web.document.getElementById("open-full")
    assert not link.hidden and link.getAttribute("target") == "_blank"
    full = parse_fragment(link.href.split("#", 1)[1])
    assert not full.embed and full.board == STATE.board and full.step == 4
    assert full.play.loop == (2, 9)  # the rest of the link as it was
    embed.follow(dataclasses.replace(STATE, embed=False), False)
    assert link.hidden and not hasattr(web.document.body.dataset, "embed")


def test_the_links_play_settings_reach_the_visualizer_and_come_back(web: Any, embed: Any) -> None:
    state = dataclasses.replace(STATE, play=PlayLink(speed=25, loop=(3, 7)))
    embed.follow(state, True)
    assert embed.visualizer.speed.value == "25" and embed.visualizer.loop == (3, 7)
    embed.visualizer.speed.value = "40"  # the slider moved: the link follows
    assert embed.link() == (True, PlayLink(speed=40, loop=(3, 7)))
    embed.visualizer.speed.value = "500"
    assert embed.link()[1].speed == PlayLink.MAX_SPEED


def test_autoplay_plays_once_the_links_step_is_reached(web: Any, embed: Any) -> None:
    embed.follow(dataclasses.replace(STATE, play=PlayLink(autoplay=True)), True)
    [autoplay] = embed.page.spawned
    asyncio.run(autoplay)
    assert embed.visualizer.played == 1
    embed.follow(dataclasses.replace(STATE, play=PlayLink(autoplay=True)), False)  # history
    play = dataclasses.replace(STATE, play=PlayLink(autoplay=True), mode=Mode.PLAY)
    embed.follow(play, True)  # the link opens Play, not Step through: nothing to play
    assert len(embed.page.spawned) == 1


def test_the_embed_code_is_an_iframe_of_the_state_with_embed_1(web: Any, embed: Any) -> None:
    embed.page.state = LinkState(Board.parse("1,2,3/4,5,6/7,0,8"), Board.goal("standard", 3, 3))
    menu = web.document.getElementById("view-menu")
    menu.open = True
    embed.on_embed_code(None)
    assert not menu.open  # it would cover the code shown
    assert web.document.activeElement is menu.querySelector("summary")
    asyncio.run(embed.page.spawned.pop())
    code = web.window.navigator.clipboard.text
    assert embed.page.messages == [f"Embed code copied: {code}"]
    assert code.startswith('<iframe src="') and code.endswith("></iframe>")
    for attribute in ('width="800"', 'height="500"', 'allow="clipboard-write"', "title="):
        assert attribute in code
    src = unescape(code.split('"')[1])
    assert src.startswith("http://127.0.0.1:8000/index.html#")
    state = parse_fragment(src.split("#", 1)[1])
    assert state.embed and state.problems == [] and state.board == embed.page.state.board


def test_the_embed_code_escapes_what_the_address_holds(web: Any) -> None:
    code = web.embed.embed_code('http://h/?a=1&b="x"#board=1,2/3,0')
    assert "&amp;b=&quot;x&quot;" in code and '"x"' not in code
