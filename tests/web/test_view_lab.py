"""The Lab view's progress line in CPython (its runs are tested in the browser)."""

from __future__ import annotations

from typing import Any

import pytest


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
