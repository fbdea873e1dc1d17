"""The View menu's Large setting (web/page/viewmenu.py) in CPython: applied to <html> at once,
remembered in local storage, restored on the next visit, and harmless where the browser
refuses storage."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"


class Storage:
    """localStorage: strings by key (missing keys read as None, as JavaScript's null)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)


class Refusing:
    """The storage of a page whose browser forbids it: every call raises."""

    def getItem(self, key: str) -> str | None:
        raise PermissionError("SecurityError: the operation is insecure")

    def setItem(self, key: str, value: str) -> None:
        raise PermissionError("SecurityError: the operation is insecure")


@pytest.fixture
def browser(web: Any) -> Any:
    """The stand-in browser with an <html> element to put classes on, and a local storage."""
    web.document.documentElement = web.document.root
    web.window.localStorage = Storage()
    return web


def large_class(web: Any) -> bool:
    return bool(web.document.documentElement.classList.contains("large"))


def test_large_is_off_on_a_first_visit_and_the_box_waits_for_the_page(browser: Any) -> None:
    menu = browser.viewmenu.ViewMenu(browser.document, browser.window)
    box = browser.document.getElementById("large-view")
    assert not menu.large and not box.checked and not large_class(browser)
    assert box.disabled  # as index.html has it, until the page is ready
    menu.enable()
    assert not box.disabled


def test_checking_large_applies_at_once_and_is_remembered(browser: Any) -> None:
    menu = browser.viewmenu.ViewMenu(browser.document, browser.window)
    menu.enable()
    box = browser.document.getElementById("large-view")
    box.checked = True
    box.dispatch("change")
    assert large_class(browser)
    assert browser.window.localStorage.getItem(browser.viewmenu.KEY) == "1"
    box.checked = False
    box.dispatch("change")
    assert not large_class(browser)
    assert browser.window.localStorage.getItem(browser.viewmenu.KEY) == "0"


def test_the_next_visit_opens_large(browser: Any) -> None:
    browser.window.localStorage.setItem(browser.viewmenu.KEY, "1")
    menu = browser.viewmenu.ViewMenu(browser.document, browser.window)
    assert menu.large and large_class(browser)
    assert browser.document.getElementById("large-view").checked


def test_a_browser_refusing_storage_still_applies_large_for_the_visit(browser: Any) -> None:
    browser.window.localStorage = Refusing()
    menu = browser.viewmenu.ViewMenu(browser.document, browser.window)
    assert not menu.large
    box = browser.document.getElementById("large-view")
    box.checked = True
    box.dispatch("change")  # no exception reaches the page
    assert large_class(browser)


def test_large_stays_apart_from_the_other_view_settings(browser: Any) -> None:
    """Its own box in the View menu, with its own label; another box there leaves it be."""
    menu = browser.document.getElementById("view-menu")
    box = browser.document.getElementById("large-view")
    assert menu.contains(box)
    labels = [e for e in menu.descendants() if e.tagName == "LABEL"]
    assert [e.getAttribute("for") for e in labels].count("large-view") == 1
    browser.viewmenu.ViewMenu(browser.document, browser.window)
    browser.document.getElementById("mark-home").dispatch("change")
    assert not large_class(browser)


def opening_module() -> ModuleType:
    """web/opening/opening.py as a plain module (without pyscript it only defines its
    functions), as test_view_opening.py loads it."""
    spec = importlib.util.spec_from_file_location("opening_large", WEB / "opening" / "opening.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(WEB))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(WEB))
    return module


def view_menu_key() -> str:
    """viewmenu.KEY, read without importing the page's module (it needs the browser)."""
    tree = ast.parse((WEB / "page" / "viewmenu.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "KEY" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise LookupError("no KEY in viewmenu.py")


@pytest.mark.parametrize(("stored", "large"), [("1", True), ("0", False), (None, False)])
def test_the_opening_applies_a_remembered_large_before_python_loads(
    stored: str | None, large: bool
) -> None:
    """The opening (MicroPython) reads the same key as the View menu, so the page is drawn
    large from the start instead of growing once Pyodide has loaded."""
    opening = opening_module()
    classes: set[str] = set()
    document = SimpleNamespace(
        documentElement=SimpleNamespace(classList=SimpleNamespace(add=classes.add))
    )
    storage = Storage()
    if stored is not None:
        storage.setItem(view_menu_key(), stored)
    opening.large_view(document, js_window(storage, opening.READ_STORED))
    assert ("large" in classes) == large
    opening.large_view(document, js_window(Refusing(), opening.READ_STORED))  # no exception


def js_window(storage: Any, body: str) -> SimpleNamespace:
    """A window whose ``Function(param, body)`` makes the opening's JavaScript reader: a
    key's value, or None (JavaScript's null) where the storage refuses."""

    def function(param: str, source: str) -> Any:
        assert (param, source) == ("key", body)

        def read(key: str) -> str | None:
            try:
                return storage.getItem(key)  # type: ignore[no-any-return]
            except PermissionError:
                return None

        return read

    return SimpleNamespace(localStorage=storage, Function=function)
