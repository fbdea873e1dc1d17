"""Step through's quiz, Predict the next node (``#quiz``): before each step the learner picks,
among the open list's nodes (IDA*: the children waiting), the one the search expands next.

The question is the package's (``npuzzle.teach.quiz``), asked in the solver worker of the
search the visualizer steps through (web/worker/quiz_calls.py): the nodes in the order they
joined the list (the open list drawn beside it, next to expand first, would give the answer
away, so it is hidden while a question is asked), and the answer with Why this step's
reasons. A pick is graded here (``quiz.grade``), said in the quiz's own polite live region,
kept in a :class:`npuzzle.teach.quiz.Sheet` (Back shows the answer given and grades nothing
again, and the score stays), and the step is then taken. "New exercise" sets the next board of
the seeded bank (``quiz.Bank``: the seed, the depth, the board's size and goal, the search
settings), so a link with ``quiz=on``, the seed and the exercise gives a class the same set.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from bridge import Bridge
from controls import SearchControls, listen
from stepper import Model, mini_tiles
from vocabulary import style

from npuzzle import ALGORITHMS, Algorithm, Board
from npuzzle.core.board import GOAL_NAMES
from npuzzle.teach.link import LabLink, QuizLink
from npuzzle.teach.moves import after, moved_tile
from npuzzle.teach.quiz import DEPTHS, QUIZ_ALGORITHMS, Bank, Question, Setting, Sheet, grade

ASK = "Which node does {name} expand at step {step:,}? Its {words}, in the order they joined:"


class Page(Protocol):
    def new_board(self, board: Board, goal: Board, message: str) -> None: ...
    def changed(self, *, push: bool) -> None: ...


class Stepper(Protocol):
    """What the quiz needs of the visualizer: the search's key, whether a run is under way,
    a Step, and a hook called with each step drawn."""

    key: Any
    model: Model | None
    watchers: list[Any]

    @property
    def busy(self) -> bool: ...
    @property
    def steps(self) -> int: ...
    def on_step(self, event: Any) -> None: ...


class QuizView:
    """The ``#quiz`` region of the visualizer."""

    def __init__(
        self,
        document: Any,
        page: Page,
        bridge: Bridge,
        visualizer: Stepper,
        controls: SearchControls,
        position: Any,
    ) -> None:
        """``position()`` gives the board shown and its goal."""
        self.document, self.page, self.bridge = document, page, bridge
        self.visualizer, self.controls, self.position = visualizer, controls, position
        get = document.getElementById
        self.panel = get("visualizer")
        self.toggle = get("quiz-on")
        self.body = get("quiz-body")
        self.ask_line = get("quiz-question")
        self.choices = get("quiz-choices")
        self.said = get("quiz-said")
        self.score = get("quiz-score")
        self.depth = get("quiz-depth")
        self.seed = get("quiz-seed")
        self.new_button = get("quiz-new")
        self.exercise_out = get("quiz-exercise")
        for depth in DEPTHS:
            option = document.createElement("option")
            option.value = str(depth)
            option.textContent = f"{depth} moves"
            self.depth.appendChild(option)
        default = QuizLink()
        self.depth.value, self.seed.value = str(default.depth), default.seed
        self.exercise: int | None = None  # the bank's exercise shown (None: a board of one's own)
        self.sheet = Sheet()
        self.question: Question | None = None
        self.asking: set[asyncio.Future[None]] = set()
        self.proxies: list[Any] = []
        visualizer.watchers.append(self.drawn)
        listen(
            self.proxies,
            [
                (self.toggle, "change", self.on_toggle),
                (self.choices, "click", self.on_pick),
                (self.new_button, "click", self.on_new),
                (self.depth, "change", self.on_setting),
                (self.seed, "change", self.on_setting),
            ],
        )

    def enable(self) -> None:
        self.toggle.disabled = False

    @property
    def on(self) -> bool:
        return bool(self.toggle.checked)

    # ----- links ---------------------------------------------------------------------------
    def link(self) -> QuizLink | None:
        """What a share link carries of the quiz: None while it is off."""
        if not self.on:
            return None
        seed = str(self.seed.value)
        return QuizLink(
            seed if LabLink.valid_seed(seed) else QuizLink().seed,
            self.exercise or 0,
            int(self.depth.value or QuizLink().depth),
        )

    def apply(self, quiz: QuizLink | None) -> None:
        """Show a link's quiz (its board is the link's: the exercise's)."""
        self.toggle.checked = quiz is not None
        if quiz is not None:
            self.seed.value, self.depth.value = quiz.seed, str(quiz.depth)
            self.exercise = quiz.exercise
        self.show()

    # ----- drawing -------------------------------------------------------------------------
    def show(self) -> None:
        """The quiz's region follows the toggle; the open list is hidden while it asks."""
        self.body.hidden = not self.on
        self.show_score()
        if not self.on:
            self.set_question(None, "")
        self.exercise_out.textContent = (
            f"Exercise {self.exercise + 1:,}" if self.exercise is not None else ""
        )

    def show_score(self) -> None:
        self.score.textContent = f"Score: {self.sheet.score()}"

    def drawn(self, model: Model) -> None:
        """The visualizer drew a step: ask the question before the next one."""
        if not self.on:
            return
        if self.visualizer.busy:  # Play or Run to end: no questions on the way
            self.set_question(None, "The quiz waits while the search plays.")
            return
        task = asyncio.ensure_future(self.ask(int(model["steps"])))
        self.asking.add(task)
        task.add_done_callback(self.asking.discard)

    async def ask(self, shown: int) -> None:
        answer = await self.bridge.steps_quiz(shown)
        if self.visualizer.steps != shown or answer.get("stale") or not self.on:
            return  # another step is drawn by now: its own question follows
        if answer.get("status") != "ok":
            self.set_question(None, str(answer.get("message")))
            return
        data = answer.get("question")
        self.set_question(Question.from_json(data) if data else None, str(answer["reason"]))

    def set_question(self, q: Question | None, reason: str) -> None:
        """Draw ``q``'s nodes as buttons (answered already: disabled, the pick and the answer
        marked), or say why there is none."""
        self.question = q
        focused = self.choices.contains(self.document.activeElement)
        self.choices.replaceChildren()
        self.panel.setAttribute("data-quiz", "asking" if q is not None else "idle")
        if q is not None and len(q.candidates) == 1:  # nothing to choose: nothing graded
            one = "child waits" if ALGORITHMS[q.algorithm].walks_paths else "node is open"
            reason = f"Only one {one}: step {q.step:,} takes it. Step on."
            q = self.question = None
        if q is None:
            self.panel.setAttribute("data-quiz", "idle")
            self.ask_line.textContent = reason
            return
        info = ALGORITHMS[q.algorithm]
        words = "children waiting" if info.walks_paths else "open list's nodes"
        given = self.sheet.answered(self.visualizer.key, q.step)
        ask = ASK.format(name=q.name, step=q.step, words=words)
        if given is not None:
            verdict = "right" if given.right else "not the node taken"
            ask = f"Step {q.step:,}, answered: your pick was {verdict} (the score keeps it)."
        self.ask_line.textContent = ask
        width = self.position()[0].width
        for i in range(len(q.candidates)):
            self.choices.appendChild(self.choice(q, i, width, given))
        first = self.choices.querySelector("button")
        if focused and given is None and first:  # null (falsy): none
            first.focus()  # the next question, for the keyboard

    def choice(self, q: Question, i: int, width: int, given: Any) -> Any:
        """One node to pick: its board, g, h, f and when it joined, as a button."""
        doc = self.document
        c = q.candidates[i]
        node = c.node
        when, _place = c.joined
        joined = f"depth {node.g}" if ALGORITHMS[q.algorithm].walks_paths else f"step {when}"
        if not ALGORITHMS[q.algorithm].walks_paths and when == 0:
            joined = "the start"
        tile = moved_tile(node.tiles, width, node.move) if node.move else 0
        move = after(node.move, tile, style(doc)) if node.move else "the start"
        item = doc.createElement("li")
        button = doc.createElement("button")
        button.setAttribute("type", "button")
        button.setAttribute("data-index", str(i))
        button.className = "pick"
        f = f"{node.f:g}" if isinstance(node.f, float) else str(node.f)
        label = f"Node {i + 1}: g={node.g} h={node.h:g} f={f}, joined at {joined}, {move}"
        button.setAttribute("aria-label", label)
        board = doc.createElement("span")
        board.innerHTML = mini_tiles(node.tiles, width)
        vals = doc.createElement("span")
        vals.className = "vals"
        vals.textContent = f"g={node.g} h={node.h:g} f={f}"
        when_text = doc.createElement("span")
        when_text.className = "extra"
        when_text.textContent = f"joined: {joined}"
        button.append(board, vals, when_text)
        if given is not None:
            button.disabled = True
            marks = []
            if i == given.pick:
                marks.append("your pick")
            if i == given.answer:
                marks.append("taken")
            if marks:
                when_text.textContent += f" ({', '.join(marks)})"
                item.className = "taken" if i == given.answer else "picked"
        item.appendChild(button)
        return item

    # ----- handlers ------------------------------------------------------------------------
    def on_toggle(self, event: Any) -> None:
        self.show()
        model = self.visualizer.model
        if self.on and model is not None:
            self.drawn(model)
        if self.on:
            algorithm = self.controls.algorithm_choice()
            if algorithm not in QUIZ_ALGORITHMS:
                self.said.textContent = (
                    "The quiz asks about "
                    + ", ".join(ALGORITHMS[a].title for a in QUIZ_ALGORITHMS)
                    + ": choose one of them under Algorithm."
                )
        self.page.changed(push=False)

    def on_pick(self, event: Any) -> None:
        button = event.target.closest("button")
        q = self.question
        if not button or q is None or button.disabled:  # null (falsy): not on a button
            return
        pick = int(button.getAttribute("data-index") or 0)
        given = grade(q, pick, style(self.document))
        if not self.sheet.mark(self.visualizer.key, q.step, given):
            return  # answered already (Back): graded once
        head = "Right." if given.right else f"Not node {pick + 1}: node {given.answer + 1}."
        self.said.textContent = f"{head} {given.reason} Score: {self.sheet.score()}."
        self.show_score()
        self.visualizer.on_step(event)  # the step, as predicted (or not)

    def on_new(self, event: Any) -> None:
        """The next exercise of the bank: a new board, the search at its step 0."""
        algorithm = self.controls.algorithm_choice()
        settings = self.controls.settings()
        if algorithm not in QUIZ_ALGORITHMS or settings is None:
            self.said.textContent = (
                "Choose one of "
                + ", ".join(ALGORITHMS[a].title for a in QUIZ_ALGORITHMS)
                + " under Algorithm for an exercise."
            )
            return
        seed = str(self.seed.value)
        if not LabLink.valid_seed(seed):
            self.said.textContent = "The seed is 1 to 40 letters, digits, '.', '_' or '-'."
            return
        goal = self.position()[1]
        name = goal_name(goal)
        setting = Setting(
            Algorithm(algorithm),
            settings.heuristic,
            self.controls.tie_break_choice(),
            settings.weight,
            goal.width,
            goal.height,
            int(self.depth.value),
            name,
        )
        self.exercise = 0 if self.exercise is None else self.exercise + 1
        bank = Bank(seed, setting)
        exercise = bank.exercise(self.exercise)
        self.show()
        self.said.textContent = f"Exercise {self.exercise + 1:,}: {exercise.format('rows')}."
        self.page.new_board(exercise, bank.goal, f"Exercise {self.exercise + 1:,} of the quiz.")

    def on_setting(self, event: Any) -> None:
        """Another seed or depth: another bank, whose first exercise comes next."""
        self.exercise = None
        self.show()
        self.page.changed(push=False)


def goal_name(goal: Board) -> str:
    """The name of ``goal`` (an exercise's walk starts there): "standard" for a goal without
    one."""
    for name in GOAL_NAMES:
        if Board.goal(name, goal.width, goal.height) == goal:
            return name
    return "standard"
