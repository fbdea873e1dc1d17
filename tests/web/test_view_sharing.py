"""Copying a link or the embed code (web/page/sharing.py) in CPython: to the clipboard at the
top level, never tried in a frame that was not granted it, and shown selected otherwise."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

URL = "http://127.0.0.1:8000/index.html#board=1,2,3/4,5,6/7,0,8"


@pytest.fixture
def box(web: Any) -> Any:
    return web.sharing.ShareBox(web.document, web.window)


def in_a_frame(web: Any, granted: bool | None) -> None:
    """The page in another site's frame; its permissions policy grants the clipboard or
    not (None: a browser without a policy to ask)."""
    web.window.top = SimpleNamespace()  # another window
    if granted is not None:
        policy = SimpleNamespace(allowsFeature=lambda name: granted and name == "clipboard-write")
        web.document.permissionsPolicy = policy


def test_at_the_top_level_the_link_is_copied(web: Any, box: Any) -> None:
    assert not web.sharing.framed(web.window)
    said = asyncio.run(box.copy(URL, "Link"))
    assert said == f"Link copied: {URL}"
    assert web.window.navigator.clipboard.text == URL
    assert web.document.getElementById("share-box").hidden


@pytest.mark.parametrize("granted", [False, None])
def test_in_a_frame_not_granted_the_clipboard_it_is_never_called(
    web: Any, box: Any, granted: bool | None
) -> None:
    in_a_frame(web, granted)
    web.window.navigator.clipboard.refuse = True  # a call would fail: it is not made
    web.window.navigator.clipboard.writeText = None  # and would raise here if it were
    said = asyncio.run(box.copy(URL, "Embed code"))
    assert said == f"Copy this embed code: {URL}"
    field = web.document.getElementById("share-text")
    assert not web.document.getElementById("share-box").hidden
    assert field.value == URL
    assert web.document.activeElement is field and web.document.selected is field
    assert web.document.getElementById("share-label").textContent == "Copy this embed code"


def test_in_a_frame_granted_the_clipboard_it_copies(web: Any, box: Any) -> None:
    in_a_frame(web, True)
    assert asyncio.run(box.copy(URL, "Link")) == f"Link copied: {URL}"
    assert web.window.navigator.clipboard.text == URL


def test_a_refused_copy_shows_the_link_and_close_gives_the_focus_back(web: Any, box: Any) -> None:
    share = web.document.getElementById("share")
    share.focus()
    web.window.navigator.clipboard.refuse = True
    assert asyncio.run(box.copy(URL, "Link")) == f"Copy this link: {URL}"
    assert web.document.activeElement is web.document.getElementById("share-text")
    web.document.getElementById("share-close").click()
    assert web.document.getElementById("share-box").hidden
    assert web.document.activeElement is share
    asyncio.run(box.copy(URL, "Link"))
    web.document.getElementById("share-box").dispatch("keydown", key="Escape")
    assert web.document.getElementById("share-box").hidden
