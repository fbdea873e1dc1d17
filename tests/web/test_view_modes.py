"""The modes' tabs (web/page/modes.py) in CPython: one panel shown at a time, the WAI-ARIA
tabs keys, the Search settings moved into the panel shown, the link's mode."""

from __future__ import annotations

from typing import Any

import pytest

from npuzzle.teach.link import Mode


class ModesPage:
    """What the tabs ask of the page, recorded."""

    def __init__(self) -> None:
        self.modes: list[Mode] = []
        self.changes: list[bool] = []

    def mode_changed(self, mode: Mode) -> None:
        self.modes.append(mode)

    def changed(self, *, push: bool) -> None:
        self.changes.append(push)


@pytest.fixture
def page() -> ModesPage:
    return ModesPage()


@pytest.fixture
def modes(web: Any, page: ModesPage) -> Any:
    return web.modes.ModesView(web.document, page)


def shown(web: Any) -> list[str]:
    """The ids of the panels shown."""
    panels = [
        web.document.getElementById(f"tab-{m.value}").getAttribute("aria-controls") for m in Mode
    ]
    return [p for p in panels if not web.document.getElementById(p).hidden]


def test_the_page_opens_in_play_with_one_panel_shown(web: Any, modes: Any) -> None:
    assert modes.mode == Mode.PLAY and shown(web) == ["play-panel"]
    assert web.document.getElementById("tab-play").getAttribute("aria-selected") == "true"


def test_a_click_on_a_tab_shows_its_panel_alone_and_rewrites_the_link(
    web: Any, modes: Any, page: ModesPage
) -> None:
    for mode in (Mode.STEP, Mode.LAB, Mode.SOLVE):
        web.document.getElementById(f"tab-{mode.value}").click()
        panel = web.document.getElementById(f"tab-{mode.value}").getAttribute("aria-controls")
        assert shown(web) == [panel]
        assert web.document.getElementById("stage").dataset.mode == mode.value
        selected = [
            m
            for m in Mode
            if web.document.getElementById(f"tab-{m.value}").getAttribute("aria-selected") == "true"
        ]
        assert selected == [mode]
    assert page.modes == [Mode.STEP, Mode.LAB, Mode.SOLVE] and page.changes == [True] * 3


def test_one_tab_stop_and_the_arrow_keys_go_round_the_tabs(web: Any, modes: Any) -> None:
    tablist = web.document.getElementById("modes")
    tab = web.document.getElementById("tab-play")
    tab.dispatch("keydown", key="ArrowLeft")  # from the first, round to the last
    assert modes.mode == Mode.LAB and web.document.activeElement.id == "tab-lab"
    web.document.getElementById("tab-lab").dispatch("keydown", key="ArrowRight")
    assert modes.mode == Mode.PLAY
    tablist.dispatch("keydown", key="End")
    assert modes.mode == Mode.LAB
    tablist.dispatch("keydown", key="Home")
    assert modes.mode == Mode.PLAY
    stops = [
        m
        for m in Mode
        if web.document.getElementById(f"tab-{m.value}").getAttribute("tabindex") == "0"
    ]
    assert stops == [Mode.PLAY]


def test_the_search_settings_go_with_solve_and_step_through(web: Any, modes: Any) -> None:
    search = web.document.getElementById("search-group")
    for mode, panel in ((Mode.STEP, "visualizer"), (Mode.SOLVE, "solve-panel")):
        modes.show(mode)
        assert web.document.getElementById(panel).contains(search)
    modes.show(Mode.COMPARE)  # Compare has settings of its own: the search's stay where they were
    assert web.document.getElementById("solve-panel").contains(search)


def test_a_tab_chosen_while_loading_is_kept(web: Any, page: ModesPage) -> None:
    web.document.getElementById("stage").dataset.mode = "compare"  # as the opening leaves it
    web.document.body.setAttribute("data-mode-asked", "true")
    modes = web.modes.ModesView(web.document, page)
    assert modes.mode == Mode.COMPARE and modes.asked
