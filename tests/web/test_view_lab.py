"""The Lab view in CPython: its progress line and its CSV download (its runs are tested in the
browser)."""

from __future__ import annotations

from typing import Any

import pytest

from npuzzle import lab
from npuzzle.teach.link import LabLink


@pytest.fixture
def view(web: Any) -> Any:
    class NoBridge:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError("the progress line asks nothing of the worker")

    return web.labview.LabView(web.document, web.window, NoBridge(), lambda: None)


def said(web: Any) -> str:
    return str(web.document.getElementById("lab-status").textContent)


@pytest.mark.parametrize(
    ("workers", "words"),
    [(1, "this search: 25,000 nodes expanded"), (2, "the searches under way (2 workers)")],
)
def test_a_long_search_shows_its_nodes_and_how_many_workers_share_them(web, view, workers, words):
    progress = {"running": True, "jobs": 300, "expanded": 25_000, "workers": workers}
    view.show_progress(progress, 100, 10.0)
    assert said(web).startswith("Running: 100 of 300 searches, about 20 s left; ")
    assert words in said(web)
    view.show_progress({**progress, "expanded": 9_999}, 100, 10.0)
    assert said(web) == "Running: 100 of 300 searches, about 20 s left."


def test_a_link_replacing_the_form_while_a_field_holds_an_edit_is_no_change(web):
    """Issue 35: kunkle's link, riggs chosen, Boards edited (the field keeps the focus), then
    rn's link: the edited field, taken out, fired "change" with the form half rebuilt, and
    the page's link read a field that was gone (a traceback in the page)."""
    links: list[Any] = []
    view: Any = None

    def changed() -> None:  # as the page does: the address is rewritten from the form
        links.append(view.link())

    view = web.labview.LabView(web.document, web.window, None, changed)
    view.apply(LabLink("kunkle", lab.resolve("kunkle"), "1"), run=False)
    select = web.document.getElementById("lab-experiment")
    select.value = "riggs"
    select.dispatch("change")
    assert links[-1].experiment == "riggs"
    boards = web.document.getElementById("lab-opt-boards")
    boards.focus()
    boards.value = "0"  # typed, not yet changed
    count = len(links)
    view.apply(LabLink("rn", lab.resolve("rn"), "2"), run=False)
    assert len(links) == count  # the dropped edit changed nothing
    assert not web.window.warnings  # and nothing failed
    assert str(web.document.getElementById("status").textContent) == "Loading Python\u2026"
    assert view.link() == LabLink("rn", lab.resolve("rn"), "2")
    assert said(web) == "Press Run to run this experiment."


def test_the_form_is_read_as_the_experiment_it_shows(web, view):
    """The experiment menu set without its change event (a browser restoring a form) leaves
    the fields of the experiment shown: they are what Run and the link read."""
    view.active = True
    web.document.getElementById("lab-experiment").value = "kunkle"
    assert view.link() is not None and view.link().experiment == "rn"


def test_download_csv_saves_the_last_table_as_a_file_made_in_the_page(web, view):
    view.on_csv(None)  # no table yet: nothing saved
    assert web.window.saved == []
    view.csv = ("npuzzle-lab-rn-seed-1.csv", "Search,Expanded\nA*,12\n")
    clicked: list[tuple[str, str]] = []
    web.document.body.addEventListener(
        "click", lambda e: clicked.append((e.target.download, e.target.href))
    )
    view.on_csv(None)
    [blob] = web.window.saved
    assert blob.parts == ["Search,Expanded\nA*,12\n"] and blob.type == "text/csv"
    assert clicked == [("npuzzle-lab-rn-seed-1.csv", "blob:http://127.0.0.1:8000/1")]
    # the hidden link is gone
    assert not [a for a in web.document.querySelectorAll("a") if getattr(a, "download", "")]
