"""The development server: the built site on 127.0.0.1 (never another address), with the
MIME types that modules and WebAssembly need, and cached as a static host caches it.

The tests and the benchmarks serve their builds with it too (make_server on port 0).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
from pathlib import Path
from typing import Any

from buildsite.layout import BuildError

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}
_EXTENSIONS_MAP = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

# How long browsers may keep a file without asking again: as GitHub Pages serves a site
# (docs/site.md, "Publishing it"). Chromium keeps the code it compiles (Pyodide's WebAssembly,
# the JavaScript) with a cached file; with "no-cache" every file was asked for again and its
# traces showed none of that code reused: Pyodide compiled anew on every visit, about 0.8 s
# more to a second visit on a 2-core machine (docs/performance.md, "Opening the page").
CACHE_SECONDS = 600


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the module/wasm MIME types, cached as a static host caches them
    (after a rebuild, a reload that bypasses the cache shows it at once)."""

    extensions_map = _EXTENSIONS_MAP
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietSiteHandler(SiteHandler):
    quiet = True


class SiteServer(http.server.ThreadingHTTPServer):
    """Threaded server that does not print a traceback when a client hangs up early."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(root: Path, port: int = 8000, *, quiet: bool = False) -> SiteServer:
    """An HTTP server for root on 127.0.0.1:port (port 0 picks a free port); not started.
    It only ever listens on the loopback address."""
    handler_class = QuietSiteHandler if quiet else SiteHandler
    handler = functools.partial(handler_class, directory=os.fspath(root))
    return SiteServer(("127.0.0.1", port), handler)


def server_url(server: http.server.HTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


def serve(root: Path, port: int = 8000) -> None:
    """Serve root on 127.0.0.1 until Ctrl-C."""
    try:
        server = make_server(root, port)
    except (OSError, OverflowError) as exc:
        detail = getattr(exc, "strerror", None) or exc
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {detail}") from exc
    with server:
        print(f"Serving {root} at {server_url(server)} (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nstopped", flush=True)
