"""A small stand-in for the browser, enough to run the page's views (web/*.py) in CPython.

In the manner of the pyscript/ltk project's tests: a document built from the real
``web/index.html`` (so every id a view looks up must exist there), whose elements record
what the views do to them (``textContent``, ``innerHTML``, attributes, ``classList``,
``dataset``, ``style``, ``disabled``, ``hidden``, ``value``, event listeners, the focus),
a window with a location and a history, and the modules ``js``, ``pyscript`` and ``pyodide.ffi``.
Events bubble from their target up to the document, as in a browser; nothing is laid out.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

WEB = Path(__file__).resolve().parents[2] / "web"
VOID = {"meta", "link", "input", "br", "img", "hr", "source", "col", "wbr"}
BOOLEAN = {"disabled", "hidden", "checked", "selected", "novalidate", "readonly"}
SELECTOR = re.compile(r"^(?P<tag>[a-z][a-z0-9-]*)?(?P<id>#[\w-]+)?(?P<classes>(\.[\w-]+)*)$")


class ClassList:
    def __init__(self, element: Element) -> None:
        self.element = element

    def _names(self) -> list[str]:
        return self.element.className.split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        have = self._names()
        self.element.className = " ".join(have + [n for n in names if n not in have])

    def remove(self, *names: str) -> None:
        self.element.className = " ".join(n for n in self._names() if n not in names)

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else bool(force)
        (self.add if on else self.remove)(name)
        return on


class Style:
    def __init__(self) -> None:
        self.properties: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.properties[name] = str(value)

    def getPropertyValue(self, name: str) -> str:
        return self.properties.get(name, "")


class Event:
    """What a handler receives: ``type``, ``target``, ``key``, modifier keys, pointer
    coordinates, ``relatedTarget``; ``default_prevented`` records ``preventDefault()``, and
    ``stopPropagation()`` stops the bubbling."""

    def __init__(self, kind: str, target: Any, **fields: Any) -> None:
        self.type, self.target = kind, target
        self.key = ""
        self.altKey = self.ctrlKey = self.metaKey = self.shiftKey = False
        self.clientX = self.clientY = 0
        self.default_prevented = self.propagation_stopped = False
        self.relatedTarget = None
        for name, value in fields.items():
            setattr(self, name, value)

    def preventDefault(self) -> None:
        self.default_prevented = True

    def stopPropagation(self) -> None:
        self.propagation_stopped = True


class EventTarget:
    def __init__(self) -> None:
        self.listeners: dict[str, list[Callable[[Any], Any]]] = {}

    def addEventListener(self, kind: str, handler: Callable[[Any], Any]) -> None:
        self.listeners.setdefault(kind, []).append(handler)

    def _parent_target(self) -> EventTarget | None:
        return None

    def dispatch(self, kind: str, **fields: Any) -> Event:
        """Fire an event at this target; it bubbles up to the document."""
        event = Event(kind, self, **fields)
        node: EventTarget | None = self
        while node is not None:
            for handler in list(node.listeners.get(kind, [])):
                handler(event)
            if event.propagation_stopped:
                break
            node = node._parent_target()
        return event


class Element(EventTarget):
    def __init__(self, document: Document, tag: str, attrs: dict[str, str] | None = None):
        super().__init__()
        self.document = document
        self.tagName = tag.upper()
        self.children: list[Element | str] = []
        self.parentNode: Element | None = None
        self.attributes: dict[str, str] = {}
        self.className = ""
        self.classList = ClassList(self)
        self.dataset = SimpleNamespace()
        self.style = Style()
        self.id = ""
        self.disabled = self.hidden = self.checked = self.selected = False
        self.innerHTML_set: str | None = None
        self._value: str | None = None
        for name, value in (attrs or {}).items():
            self.setAttribute(name, value)

    # Unknown properties are JavaScript expandos: stored, and read back.
    def __setattr__(self, name: str, value: Any) -> None:
        if name == "value":
            self._set_value(value)
        elif name == "textContent":
            self.children = [str(value)]
            self.innerHTML_set = None
        elif name == "innerHTML":
            self.children = []
            self.innerHTML_set = str(value)
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        if name == "value":
            return self._get_value()
        if name == "textContent":
            return "".join(c if isinstance(c, str) else c.textContent for c in self.children)
        if name == "innerHTML":
            return self.innerHTML_set or ""
        if name == "options":
            return [c for c in self.descendants() if c.tagName == "OPTION"]
        if name in ("offsetWidth", "clientWidth"):  # reading them makes a browser lay out
            return 0
        raise AttributeError(f"<{self.tagName.lower()}> has no property {name!r}")

    def _parent_target(self) -> EventTarget | None:
        return self.parentNode if self.parentNode is not None else self.document

    # ----- value, as inputs, selects and options have it ----------------------------------
    def _get_value(self) -> str:
        if self.tagName == "SELECT":
            chosen = [o for o in self.options if o.selected]
            return chosen[0].value if chosen else ""
        if self.tagName == "OPTION" and self._value is None:
            return self.textContent
        return self._value if self._value is not None else ""

    def _set_value(self, value: Any) -> None:
        if self.tagName == "SELECT":
            for option in self.options:
                option.selected = option.value == str(value)
            return
        self._value = str(value)

    # ----- attributes ----------------------------------------------------------------------
    def setAttribute(self, name: str, value: Any) -> None:
        self.attributes[name] = str(value)
        if name in BOOLEAN:
            setattr(self, name, True)
        elif name == "class":
            self.className = str(value)
        elif name == "id":
            self.id = str(value)
        elif name.startswith("data-"):
            key = re.sub(r"-(\w)", lambda m: m.group(1).upper(), name[5:])
            setattr(self.dataset, key, str(value))
        elif name == "value":
            self._value = str(value)
        elif name not in ("style",):
            object.__setattr__(self, name, str(value))

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)
        if name.startswith("data-"):  # the dataset reflects the data- attributes
            key = re.sub(r"-(\w)", lambda m: m.group(1).upper(), name[5:])
            self.dataset.__dict__.pop(key, None)

    # ----- the tree ------------------------------------------------------------------------
    def appendChild(self, child: Element) -> Element:
        self.append(child)
        return child

    def remove(self) -> None:
        if self.parentNode is not None:
            self.parentNode.children.remove(self)
            self.parentNode = None

    def append(self, *children: Element | str) -> None:
        for child in children:
            if isinstance(child, Element):
                child._lose_focus()
                if child.parentNode is not None:
                    child.parentNode.children.remove(child)
                child.parentNode = self
            self.children.append(child)
        self.innerHTML_set = None
        if self.tagName == "SELECT" and not any(o.selected for o in self.options):
            options = self.options
            if options:
                options[0].selected = True

    def prepend(self, *children: Element | str) -> None:
        rest = self.children
        self.children = []
        self.append(*children)
        self.children.extend(c for c in rest if c not in self.children)

    def replaceChildren(self, *children: Element | str) -> None:
        for child in self.children:
            if isinstance(child, Element):
                child._lose_focus()
                child.parentNode = None
        self.children = []
        self.innerHTML_set = None
        self.append(*children)

    def descendants(self) -> list[Element]:
        found = []
        for child in self.children:
            if isinstance(child, Element):
                found.append(child)
                found.extend(child.descendants())
        return found

    def matches(self, selector: str) -> bool:
        if "," in selector:  # a selector list: any of them
            return any(self.matches(part) for part in selector.split(","))
        m = SELECTOR.match(selector.strip())
        if m is None:
            raise ValueError(f"the fake DOM does not read the selector {selector!r}")
        if m["tag"] and self.tagName != m["tag"].upper():
            return False
        if m["id"] and self.id != m["id"][1:]:
            return False
        return all(self.classList.contains(c) for c in m["classes"].split(".") if c)

    def contains(self, other: Any) -> bool:
        """Whether ``other`` is this element or inside it (Node.contains)."""
        node = other
        while isinstance(node, Element):
            if node is self:
                return True
            node = node.parentNode
        return False

    def closest(self, selector: str) -> Element | None:
        node: Element | None = self
        while node is not None:
            if node.matches(selector):
                return node
            node = node.parentNode
        return None

    def querySelector(self, selector: str) -> Element | None:
        return next((e for e in self.descendants() if e.matches(selector)), None)

    def querySelectorAll(self, selector: str) -> list[Element]:
        return [e for e in self.descendants() if e.matches(selector)]

    # ----- the focus -----------------------------------------------------------------------
    def focus(self) -> None:
        """Take the focus (a ``focusin`` event bubbles, as in a browser)."""
        if self.document.activeElement is not self:
            self.document.activeElement = self
            object.__setattr__(self, "value_on_focus", self.value)
            self.dispatch("focusin")

    def select(self) -> None:
        """Select a field's whole text: the document's ``selected`` is this field."""
        self.document.selected = self

    def _lose_focus(self) -> None:
        """Taken out of its place, an element holding the focus (or inside which the focus
        is) loses it to the body, as in a browser; a field holding an edit (a value other
        than the one it had when it took the focus) first fires ``change``, as Chrome does."""
        active = self.document.activeElement
        if self.contains(active):
            if active.__dict__.get("value_on_focus", active.value) != active.value:
                object.__setattr__(active, "value_on_focus", active.value)
                active.dispatch("change")
            self.document.activeElement = self.document.body

    def click(self) -> Event:
        """A user's click: nothing happens on a disabled control."""
        if self.disabled:
            return Event("click", self)
        return self.dispatch("click")

    def __repr__(self) -> str:
        return f"<{self.tagName.lower()} id={self.id!r} class={self.className!r}>"


class Document(EventTarget):
    def __init__(self) -> None:
        super().__init__()
        self.root = Element(self, "html")
        self.body = self.root  # replaced by the parsed <body>
        self.activeElement: Element = self.root  # the body, once parsed
        self.selected: Element | None = None  # the field whose text is selected

    def getElementById(self, ident: str) -> Element | None:
        return next((e for e in self.root.descendants() if e.id == ident), None)

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createTextNode(self, text: str) -> str:
        return str(text)

    def querySelector(self, selector: str) -> Element | None:
        return self.root.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[Element]:
        return self.root.querySelectorAll(selector)


class _Builder(HTMLParser):
    def __init__(self, document: Document) -> None:
        super().__init__(convert_charrefs=True)
        self.document = document
        self.stack = [document.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            return
        element = Element(self.document, tag, {k: v or "" for k, v in attrs})
        self.stack[-1].appendChild(element)
        if tag == "body":
            self.document.body = self.document.activeElement = element
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tagName == tag.upper():
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip() and len(self.stack) > 1:
            self.stack[-1].children.append(data)


def page_document(html: Path = WEB / "index.html") -> Document:
    """The page's document as index.html declares it (before any Python has run)."""
    document = Document()
    _Builder(document).feed(html.read_text(encoding="utf-8"))
    return document


class History:
    def __init__(self, location: SimpleNamespace, window: Window) -> None:
        self.location, self.window = location, window
        self.entries = [location.hash]
        self.index = 0

    @property
    def length(self) -> int:
        return len(self.entries)

    def _go_to(self, fragment: str) -> None:
        self.location.hash = fragment
        self.location.href = self.window.origin + "/index.html" + fragment

    def pushState(self, state: Any, title: str, fragment: str) -> None:
        del self.entries[self.index + 1 :]
        self.entries.append(fragment)
        self.index += 1
        self._go_to(fragment)

    def replaceState(self, state: Any, title: str, fragment: str) -> None:
        self.entries[self.index] = fragment
        self._go_to(fragment)

    def back(self) -> None:
        """The browser's back button: the previous entry, and a popstate event."""
        self.index -= 1
        self._go_to(self.entries[self.index])
        self.window.dispatch("popstate")


class Clipboard:
    def __init__(self) -> None:
        self.text: str | None = None
        self.refuse = False

    async def writeText(self, text: str) -> None:
        if self.refuse:
            raise PermissionError("write permission denied")
        self.text = text


class Window(EventTarget):
    def __init__(self, fragment: str = "") -> None:
        super().__init__()
        self.origin = "http://127.0.0.1:8000"
        self.location = SimpleNamespace(hash=fragment, href=f"{self.origin}/index.html{fragment}")
        self.history = History(self.location, self)
        self.navigator = SimpleNamespace(clipboard=Clipboard())
        self.Object = SimpleNamespace(fromEntries=dict, **{"is": lambda a, b: a is b})
        self.top = self.self = self  # a page at the top level (a frame's top is another)
        self.warnings: list[str] = []  # what the page said on the console's warn and error
        # files the page saves (web/page/download.py): the Blobs it handed the browser
        self.saved: list[SimpleNamespace] = []
        self.Blob = SimpleNamespace(
            new=lambda parts, options: SimpleNamespace(parts=parts, **options)
        )
        self.URL = SimpleNamespace(
            createObjectURL=self._object_url, revokeObjectURL=lambda url: None
        )

    def _object_url(self, blob: SimpleNamespace) -> str:
        self.saved.append(blob)
        return f"blob:{self.origin}/{len(self.saved)}"

    def setTimeout(self, callback: Any, ms: float) -> None:
        with contextlib.suppress(RuntimeError):  # no event loop running: never called
            asyncio.get_running_loop().call_later(ms / 1000, callback)


def broadcast_channels() -> type:
    """A fresh ``BroadcastChannel`` class: what one channel posts reaches every other open
    channel of the same name (never itself), as an event with ``data``, in a later turn of
    the event loop, as in a browser. Each class has its own channels."""
    opened: dict[str, list[Any]] = {}

    class BroadcastChannel:
        def __init__(self, name: str) -> None:
            self.name = name
            self.onmessage: Any = None
            self.closed = False
            opened.setdefault(name, []).append(self)

        @classmethod
        def new(cls, name: str) -> BroadcastChannel:
            return cls(name)

        def postMessage(self, data: Any) -> None:
            loop = asyncio.get_running_loop()
            for other in opened.get(self.name, []):
                if other is not self and not other.closed:
                    loop.call_soon(other._deliver, data)

        def _deliver(self, data: Any) -> None:
            if self.onmessage is not None and not self.closed:
                self.onmessage(SimpleNamespace(data=data))

        def close(self) -> None:
            self.closed = True

    return BroadcastChannel


def browser_modules(document: Document, window: Window, workers: Any) -> dict[str, ModuleType]:
    """``js``, ``pyscript``, ``pyodide`` and ``pyodide.ffi`` as the views import them."""

    def unavailable(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the fake browser has no network, nor JSPI")

    window.document = document  # type: ignore[attr-defined]
    js = ModuleType("js")
    js.document, js.window = document, window  # type: ignore[attr-defined]
    js.fetch = unavailable  # type: ignore[attr-defined]
    js.caches = SimpleNamespace(open=unavailable, keys=unavailable)  # type: ignore[attr-defined]
    js.BroadcastChannel = broadcast_channels()  # type: ignore[attr-defined]
    js.console = SimpleNamespace(  # type: ignore[attr-defined]
        log=lambda *a: None, warn=window.warnings.append, error=window.warnings.append
    )
    pyscript = ModuleType("pyscript")
    pyscript.document, pyscript.window = document, window  # type: ignore[attr-defined]
    pyscript.workers = workers  # type: ignore[attr-defined]
    pyodide = ModuleType("pyodide")
    ffi = ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    ffi.create_once_callable = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **kwargs: value  # type: ignore[attr-defined]
    # No JSPI here: Python cannot block on JavaScript's event loop (web/page/handover.py).
    ffi.can_run_sync = lambda: False  # type: ignore[attr-defined]
    ffi.run_sync = unavailable  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    return {"js": js, "pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi}
