"""The visualizer's Export and Solve's Download GIF: a step, or a run of them, as files.

From Step through: the step shown as a picture (its board and counters, its lists, or its
search tree) saved as SVG or PNG, and a range of steps as an animated GIF, one frame a step;
from Solve's playback: the solution as an animated GIF, one frame a move. Every file is made
in the page, offline, with nothing from outside: the pictures are SVG text drawn by the
package (``npuzzle.teach.pictures``; the tree's by the worker, which holds it), a PNG is
that SVG drawn on a canvas by the browser at twice its size, and a GIF's frames are drawn
the same way, one at a time, their pixels written by the package's own GIF writer
(``npuzzle.teach.gif``). Files are named after the board and the step
(``npuzzle-8,6,7-2,5,4-3,0,1-step-12.svg``).

A GIF holds at most ``MAX_FRAMES`` frames. It is made a frame at a time, each drawn, read and
written in a short task of its own, so the page answers meanwhile; a progress bar and a line
say how far it is, and the button reads Stop until it is done. A range of steps is taken by
stepping the visualizer's own search through it (the worker's, as Play does), and the search
then goes back to the step it showed.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import js
from controls import SearchControls, listen
from download import blob, download
from grid import GridView
from playback import Playback
from protocol import Reply, TreeRequest, automatic_choice
from pyodide.ffi import create_once_callable
from stepper import Model
from visualizer import Visualizer
from vocabulary import style

from npuzzle import ALGORITHMS, HEURISTICS, Algorithm, Board
from npuzzle.play.game import slides
from npuzzle.teach.gif import MAX_FRAMES, Animation
from npuzzle.teach.moves import move_short
from npuzzle.teach.pictures import (
    COLOURS,
    Entry,
    Section,
    Theme,
    board_svg,
    file_name,
    lists_svg,
    wrap,
)

PNG_SCALE = 2  # a PNG is drawn at twice the SVG's size: sharp on a slide or a projector
MAX_PNG_SIDE = 16000  # pixels: browsers draw no larger canvas
LIST_ENTRIES = 24  # entries of each list a picture of the lists draws (the rest counted)
COLUMNS = 44  # characters a frame's line holds: the counters are wrapped to it
HOLD = 150  # hundredths of a second the last frame of a GIF stays, before it loops
ADDED = ("added", "updated", "reopened")  # the children's outcomes that joined the open list


@dataclass(frozen=True)
class Frame:
    """One frame of a GIF: a board, the lines beneath it, the tile that moved."""

    tiles: tuple[int, ...]
    lines: list[str]
    moved: int | None = None
    solved: bool = False


def frame_svgs(frames: Sequence[Frame], width: int, title: str, theme: Theme) -> list[str]:
    """Each frame as SVG, all of one size: room for the longest line and the most lines."""
    rows = max(len(frame.lines) for frame in frames)
    columns = max([COLUMNS, *(len(line) for frame in frames for line in frame.lines)])
    return [
        board_svg(
            frame.tiles,
            width,
            title=title,
            lines=frame.lines,
            theme=theme,
            moved=frame.moved,
            solved=frame.solved,
            columns=columns,
            rows=rows,
        )
        for frame in frames
    ]


def step_frame(model: Model, board: Board, goal: Board) -> Frame:
    """A step of the visualizer as a frame: the node it expanded (step 0: the start), its
    counters."""
    node = model.get("current")
    tiles = tuple(node["tiles"]) if node else board.tiles
    moved = node["moved"] if node else None
    lines = wrap(str(model["counters"]).split(" · "), COLUMNS)
    return Frame(tiles, lines, moved, tiles == goal.tiles)


def solution_frames(board: Board, goal: Board, moves: str, words: Any) -> list[Frame]:
    """Solve's solution as frames: the board, then after each move, named as the page names
    moves (``words``, a MoveStyle)."""
    n = len(moves)
    frames = [Frame(board.tiles, [f"Start: {n} move{'' if n == 1 else 's'} to the goal"])]
    for number, slide in enumerate(slides(board, moves), 1):
        board = board.move(slide.move)
        line = f"Move {number} of {n}: {move_short(slide.move, slide.tile, words)}"
        frames.append(Frame(board.tiles, [line], slide.tile, board == goal))
    return frames


def lists_sections(model: Model) -> list[Section]:
    """The step's lists as a picture draws them: the node expanded, its children, the open
    and the closed list (in the search's own words)."""

    def entries(nodes: list[Model], note: str = "") -> list[Entry]:
        return [
            Entry(
                tuple(n["tiles"]),
                n["g"],
                n["h"],
                n["f"],
                n.get(note, "") if note else "",
                (n.get(note) in ADDED) if note == "outcome" else None,
            )
            for n in nodes[:LIST_ENTRIES]
        ]

    current = model.get("current")
    (open_title, *_), (closed_title, *_) = model["words"]
    sections = []
    if current:
        sections.append(Section("Expanded node", entries([current], "note"), 1))
        children = model["children"]
        sections.append(Section("Its children", entries(children, "outcome"), len(children)))
    sections.append(Section(open_title, entries(model["open"]), int(model["open_size"])))
    sections.append(Section(closed_title, entries(model["closed"]), int(model["closed_size"])))
    return sections


def search_title(controls: SearchControls, board: Board, goal: Board) -> str:
    """The search chosen, in the page's words: "A* · Manhattan distance" (Automatic's: the
    search it picks for the board)."""
    algorithm = controls.algorithm_choice()
    if algorithm is None:
        return f"Automatic: {automatic_choice(board, goal)['title']}"
    info = ALGORITHMS[Algorithm(algorithm)]
    parts = [info.title]
    if info.uses_heuristic:
        name = str(controls.heuristic.value)
        known = HEURISTICS.get(name)
        parts.append(known.info.title if known is not None else name)
    if info.takes_weight:
        parts.append(f"weight {controls.read_weight() or 1:g}")
    return " · ".join(parts)


def page_theme(window: Any) -> Theme:
    """The colour scheme the page is shown in."""
    try:
        dark = bool(window.matchMedia("(prefers-color-scheme: dark)").matches)
    except Exception:  # no matchMedia (the views' tests)
        dark = False
    return Theme.DARK if dark else Theme.LIGHT


def size_text(n: int) -> str:
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MB"


class ExportView:
    """``#export`` in the Step through panel and ``#playback-gif`` in Solve's playback."""

    def __init__(
        self,
        document: Any,
        window: Any,
        visualizer: Visualizer,
        playback: Playback,
        grid: GridView,
        controls: SearchControls,
    ) -> None:
        self.document, self.window = document, window
        self.visualizer, self.playback, self.grid = visualizer, playback, grid
        self.controls = controls
        get = document.getElementById
        self.fold = get("export")
        self.what = get("export-what")
        self.theme = get("export-theme")
        self.theme_chosen = False  # the user chose the Colours: they stay as chosen
        self.svg_button = get("export-svg")
        self.png_button = get("export-png")
        self.first = get("export-from")
        self.last = get("export-to")
        self.gif_button = get("export-gif")
        self.line = get("export-status")
        self.bar = get("export-progress")
        self.playback_button = get("playback-gif")
        self.playback_line = get("playback-gif-status")
        self.playback_bar = get("playback-gif-progress")
        self.task: asyncio.Future[None] | None = None  # a GIF being made
        self.button: Any = None  # and the button that reads Stop meanwhile
        self.saving: set[asyncio.Future[None]] = set()  # pictures on their way to a file
        self.proxies: list[Any] = []
        listen(
            self.proxies,
            [
                (self.svg_button, "click", lambda _e: self.run(self.save_picture("svg"))),
                (self.png_button, "click", lambda _e: self.run(self.save_picture("png"))),
                (self.gif_button, "click", self.on_steps_gif),
                (self.fold, "toggle", self.on_fold),
                (self.theme, "change", self.on_theme),
                (self.playback_button, "click", self.on_playback_gif),
            ],
        )

    def enable(self) -> None:
        self.theme.value = page_theme(self.window).value
        for button in (self.svg_button, self.png_button, self.gif_button, self.playback_button):
            button.disabled = False

    def on_fold(self, event: Any) -> None:
        """Export opened: the Colours are the page's, unless the user chose them."""
        if self.fold.open and not self.theme_chosen:
            self.theme.value = page_theme(self.window).value

    def on_theme(self, event: Any) -> None:
        self.theme_chosen = True

    def run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self.saving.add(task)  # kept until done
        task.add_done_callback(self.saving.discard)
        task.add_done_callback(lambda done: self.failed(done, self.line))

    def failed(self, task: asyncio.Future[None], line: Any) -> None:
        """A file that could not be made is said in the panel's line, in words, the details
        on the console (a task's failure, which no handler's guard sees: boundary.py)."""
        if task.cancelled() or task.exception() is None:
            return
        error = task.exception()
        assert error is not None
        details = "".join(traceback.format_exception(error))
        js.console.error(f"npuzzle: Export could not make its file:\n{details}")
        line.textContent = f"The file could not be made ({type(error).__name__}: {error})."

    # ----- pictures of the step --------------------------------------------------------------
    def search_title(self) -> str:
        return search_title(self.controls, self.grid.board, self.grid.goal)

    def chosen_theme(self) -> Theme:
        value = str(self.theme.value)
        return Theme(value) if value in tuple(Theme) else Theme.LIGHT

    async def picture(self) -> tuple[str, str] | None:
        """The step shown, as the chosen picture's SVG, and its name; None (said) if none."""
        model = self.visualizer.model
        if model is None:
            self.line.textContent = "No step to export yet: the search opens in a moment."
            return None
        steps, theme = int(model["steps"]), self.chosen_theme()
        what = str(self.what.value)
        board = self.grid.board
        title = f"{self.search_title()} · step {steps:,}"
        if what == "lists":
            svg = lists_svg(lists_sections(model), board.width, title=title, theme=theme)
            return svg, file_name(board, f"step-{steps}-lists", "svg")
        if what == "tree":
            tree = await self.tree_svg(title, theme)
            return (tree, file_name(board, f"step-{steps}-tree", "svg")) if tree else None
        frame = step_frame(model, board, self.grid.goal)
        svg = frame_svgs([frame], board.width, self.search_title(), theme)[0]
        return svg, file_name(board, f"step-{steps}", "svg")

    async def tree_svg(self, title: str, theme: Theme) -> str | None:
        """The tree, as the tree view shows it open, drawn by the worker that holds it."""
        request: TreeRequest = {
            "action": "picture",
            "theme": theme.value,
            "words": style(self.document).value,
            "title": title,
        }
        async with self.visualizer.tree.lock:
            while True:
                answer = await self.visualizer.bridge.steps_tree({**request, "seconds": 0.05})
                if answer.get("status") != Reply.GROWING:
                    break
                self.line.textContent = f"Growing the tree: {answer['behind']:,} steps to go..."
        if answer.get("status") != Reply.OK:
            self.line.textContent = str(answer.get("message"))
            return None
        return str(answer["svg"])

    async def save_picture(self, kind: str) -> None:
        made = await self.picture()
        if made is None:
            return
        svg, name = made
        if kind == "svg":
            self.save(svg.encode(), name, "image/svg+xml", self.line)
            return
        name = name.removesuffix(".svg") + ".png"
        try:
            png = await self.png(svg)
        except Exception as error:
            self.line.textContent = f"The PNG could not be drawn: {error}"
            return
        self.save(png, name, "image/png", self.line)

    # ----- GIFs --------------------------------------------------------------------------------
    def on_steps_gif(self, event: Any) -> None:
        if self.stop_gif(self.gif_button):
            return
        try:
            first, last = int(self.first.value), int(self.last.value)
        except ValueError:
            self.line.textContent = "From step and To step take whole numbers."
            return
        if not 0 <= first <= last:
            self.line.textContent = "To step must be at least From step, and both 0 or more."
            return
        if last - first + 1 > MAX_FRAMES:
            self.line.textContent = (
                f"A GIF holds at most {MAX_FRAMES} frames: choose at most {MAX_FRAMES} steps."
            )
            return
        self.start_gif(self.steps_gif(first, last), self.gif_button)

    def on_playback_gif(self, event: Any) -> None:
        if self.stop_gif(self.playback_button):
            return
        self.start_gif(self.playback_gif(), self.playback_button)

    def start_gif(self, coroutine: Coroutine[Any, Any, None], button: Any) -> None:
        self.stop_gif(None)
        self.button = button
        button.textContent = "Stop"
        task = asyncio.ensure_future(coroutine)
        self.task = task
        task.add_done_callback(lambda _t: self.gif_ended(task, button))

    def stop_gif(self, button: Any) -> bool:
        """Stop the GIF under way (True if ``button`` is the one that started it)."""
        if self.task is None or self.task.done():
            return False
        mine = button is self.button
        self.task.cancel()
        return mine

    def gif_ended(self, task: asyncio.Future[None], button: Any) -> None:
        button.textContent = "Download GIF"
        for bar in (self.bar, self.playback_bar):
            bar.hidden = True
        line = self.line if button is self.gif_button else self.playback_line
        if task.cancelled():
            line.textContent = "The GIF was stopped: no file made."
        else:
            self.failed(task, line)
        if self.task is task:
            self.task, self.button = None, None

    async def steps_gif(self, first: int, last: int) -> None:
        """Steps ``first`` to ``last`` of the visualizer's search, one frame each (fewer if
        the search ends before), at the Play speed."""
        vis, board, goal = self.visualizer, self.grid.board, self.grid.goal
        frames: list[Frame] = []
        self.line.textContent = f"Taking steps {first:,} to {last:,}..."
        vis.stop()  # Play or Run to end would step the search on meanwhile
        async with vis.lock:
            if not await vis.ensure_search():
                self.line.textContent = "There is no search to take the steps of."
                return
            was = vis.steps
            try:
                model = await self.go_to(first)
                while model is not None:
                    frames.append(step_frame(model, board, goal))
                    self.progress(self.bar, len(frames), last - first + 1)
                    if model["steps"] >= last or model["done"] or model["at_limit"]:
                        break
                    model = await vis.go({"by": 1})
            finally:
                back = await self.go_to(was)
                if back is not None:
                    vis.draw(back)
        if not frames:
            return
        speed = vis.speed.value or 8
        name = file_name(board, f"steps-{first}-to-{first + len(frames) - 1}", "gif")
        look = (board.width, self.search_title(), self.chosen_theme())
        await self.make_gif(frames, name, int(100 / max(1, int(speed))), look, self.line, self.bar)

    async def go_to(self, number: int) -> Model | None:
        """Move the visualizer's search to step ``number`` (short calls): its model there."""
        vis = self.visualizer
        while True:
            answer = await vis.go({"to": number, "draw": False})
            if answer is None:
                return None
            if answer["arrived"]:
                return await vis.go({"by": 0})

    async def playback_gif(self) -> None:
        """Solve's solution, one frame a move, at the playback speed."""
        playback, grid = self.playback, self.grid
        moves = playback.moves
        if playback.board is None:
            self.playback_line.textContent = "No solution to make a GIF of."
            return
        if len(moves) + 1 > MAX_FRAMES:
            self.playback_line.textContent = (
                f"A GIF holds at most {MAX_FRAMES} frames: this solution has "
                f"{len(moves):,} moves, too many to show one a frame."
            )
            return
        start = playback.board
        if start is None:
            return
        frames = solution_frames(start, grid.goal, moves, style(self.document))
        delay = int(100 / playback.moves_a_second())
        name = file_name(start, "solution", "gif")
        title = f"A solution in {len(moves)} move{'' if len(moves) == 1 else 's'}"
        look = (start.width, title, page_theme(self.window))
        await self.make_gif(frames, name, delay, look, self.playback_line, self.playback_bar)

    async def make_gif(
        self,
        frames: list[Frame],
        name: str,
        delay: int,
        look: tuple[int, str, Theme],
        line: Any,
        bar: Any,
    ) -> None:
        """Draw each frame (``look``: the board's width, the title, the colours), write it
        into the GIF (a short task each), then save the file."""
        width, title, theme = look
        svgs = frame_svgs(frames, width, title, theme)
        movie: Animation | None = None
        for number, svg in enumerate(svgs, 1):
            canvas = await self.draw(svg)
            w, h = int(canvas.width), int(canvas.height)
            if movie is None:
                movie = Animation(w, h, COLOURS[theme].all())
            pixels = canvas.getContext("2d").getImageData(0, 0, w, h).data.to_bytes()
            movie.add(pixels, delay + (HOLD if number == len(svgs) else 0))
            line.textContent = f"Making the GIF: frame {number:,} of {len(svgs):,}..."
            self.progress(bar, number, len(svgs))
            await asyncio.sleep(0)  # the page answers between two frames
        assert movie is not None
        self.save(movie.finish(), name, "image/gif", line, f"{len(svgs):,} frames, ")

    def progress(self, bar: Any, done: int, total: int) -> None:
        bar.hidden = False
        bar.max, bar.value = max(1, total), min(done, total)

    # ----- the browser's part: drawing and saving ------------------------------------------------
    async def draw(self, svg: str, scale: float = 1, max_side: float | None = None) -> Any:
        """``svg`` drawn on a new canvas, ``scale`` times its size (less where its longer
        side would pass ``max_side``): the SVG is decoded once."""
        window = self.window
        url = window.URL.createObjectURL(blob(window, svg, "image/svg+xml"))
        try:
            image = window.Image.new()
            image.src = url
            await image.decode()
            width, height = int(image.naturalWidth), int(image.naturalHeight)
            if max_side is not None:
                scale = min(scale, max_side / max(width, height, 1))
            canvas = self.document.createElement("canvas")
            canvas.width = round(width * scale)
            canvas.height = round(height * scale)
            canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height)
        finally:
            window.URL.revokeObjectURL(url)
        return canvas

    async def png(self, svg: str) -> Any:
        """``svg`` as PNG bytes (a Blob), drawn at ``PNG_SCALE`` times its size (less where
        that would pass the largest canvas)."""
        canvas = await self.draw(svg, PNG_SCALE, MAX_PNG_SIDE)
        done: asyncio.Future[Any] = asyncio.get_event_loop().create_future()
        canvas.toBlob(create_once_callable(done.set_result), "image/png")
        png = await done
        if not png:
            raise ValueError("the browser drew no PNG")
        return png

    def save(self, data: Any, name: str, kind: str, line: Any, about: str = "") -> None:
        """Save ``data`` (bytes, or a Blob) as the file ``name``, and say so."""
        if isinstance(data, bytes):
            data = blob(self.window, data, kind)
        download(self.window, data, name)
        line.textContent = f"Saved {name} ({about}{size_text(int(data.size))})."
