"""A file the page made, handed to the browser as a download: no request leaves the page.

The Lab's CSV and Export's pictures and GIFs go through :func:`download`.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, to_js


def blob(window: Any, data: bytes | str, kind: str) -> Any:
    """``data`` as a JavaScript Blob of MIME type ``kind``."""
    if isinstance(data, bytes):
        array = window.Uint8Array.new(len(data))
        array.assign(data)
        data = array
    options = to_js({"type": kind}, dict_converter=window.Object.fromEntries)
    return window.Blob.new(to_js([data]), options)


def download(window: Any, file: Any, name: str) -> None:
    """Save the Blob ``file`` as ``name`` (a hidden link clicked); its object URL is revoked
    a second later, once the browser has taken it."""
    url = window.URL.createObjectURL(file)
    anchor = window.document.createElement("a")
    anchor.href = url
    anchor.download = name
    anchor.hidden = True
    window.document.body.appendChild(anchor)
    anchor.click()
    anchor.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
