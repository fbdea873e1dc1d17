"""Share links: the page's state in a URL fragment, and back, never failing on bad input.

``#board=1,3,4/8,0,5/7,2,6&goal=1,2,3/8,0,4/7,6,5&algorithm=astar&heuristic=manhattan&step=12``
(also ``weight=``). ``goal`` may be a name (``standard``, ``blank-first``, ``snail``).
``algorithm=auto`` is the page's Automatic choice (:mod:`npuzzle.search.automatic`), and what
a link without ``algorithm`` opens with.
``compare=astar:misplaced,astar:manhattan`` opens the Compare view with those searches
(:mod:`npuzzle.teach.entrants`: ``algorithm:heuristic[:weight]``, two to four).
``challenge=31`` is a player's challenge: solve the link's board in 31 moves, the fewest so
far (:mod:`npuzzle.play.score`).
``yours=...`` carries the source of a heuristic of yours (:mod:`npuzzle.heuristics.yours`),
zlib-compressed and in URL-safe base64 (:func:`encode_source`), up to
:data:`MAX_YOURS_LENGTH` characters so; ``heuristic=yours`` needs it. The page shows that
code and runs it only once its user agrees.
The Lab view adds ``lab=rn&lab-seed=1&lab-per-depth=10&...``: the experiment, its seed and
each of its options (:mod:`npuzzle.lab`), written as the command line's flags without ``--``.
``tie-break=fifo`` (``high-g``, the default and not written, ``low-g``, ``fifo``, ``lifo``) is
the order among open nodes of equal f (the command line's ``--tie-break``).
``quiz=on&quiz-seed=class-1&quiz-exercise=3&quiz-depth=10`` opens Step through's quiz,
Predict the next node, at exercise 3 of the bank of that seed and depth
(:mod:`npuzzle.teach.quiz`; the seed ``1``, exercise 0 and depth 8 are not written).
``mode=solve`` (``play``, ``solve``, ``step``, ``compare``, ``lab``) opens the page in that
mode; it is written only when the rest of the link does not imply it (:func:`implied_mode`:
a step opens Step through, searches to compare open Compare, an experiment opens the Lab).
``embed=1`` shows the stage alone, for an ``<iframe>``; ``speed=20`` (steps a second),
``autoplay=1`` and ``loop=10-30`` set the visualizer's Play (:class:`PlayLink`).

Reading is forgiving so that links made today keep working as the format grows: keys are
matched case-insensitively, unknown keys are ignored, and each bad value is replaced by its
default with a message saying what was wrong. Every message is plain text for a person.

>>> state = parse_fragment("#Board=1,3,4/8,0,5/7,2,6&goal=snail&algorithm=wastar&weight=2.5")
>>> state.board.format("kunkle"), state.goal_name, str(state.algorithm), state.weight
('134 8b5 726', 'snail', 'wastar', 2.5)
>>> make_fragment(state)
'board=1,3,4/8,0,5/7,2,6&goal=snail&algorithm=wastar&heuristic=manhattan&weight=2.5'
>>> parse_fragment("board=1,2,3/4,5,6/7,0,8&algorithm=auto").algorithm is None  # Automatic
True
>>> bad = parse_fragment("board=1,2,3/4,5,6/7,0,8&step=x&colour=red")  # colour: not a key
>>> bad.board.format(), bad.step, bad.problems
('1,2,3/4,5,6/7,0,8', 0, ["step 'x' is not a whole number from 0 to 1,000,000"])
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar
from urllib.parse import quote, unquote

from npuzzle import lab
from npuzzle.core.board import GOAL_NAMES, Board, PuzzleError
from npuzzle.core.metrics import exact_number
from npuzzle.core.solvability import solvability
from npuzzle.heuristics import HEURISTICS, YOURS
from npuzzle.search.algorithms import ALGORITHMS, DEFAULT_WEIGHT, MAX_WEIGHT, Algorithm
from npuzzle.search.automatic import AUTO
from npuzzle.search.bestfirst import TIE_BREAKS, TieBreak
from npuzzle.teach.entrants import (
    DEFAULT_ENTRANTS,
    MAX_ENTRANTS,
    MIN_ENTRANTS,
    Entrant,
    format_entrants,
)
from npuzzle.teach.quiz import DEFAULT_DEPTH, DEPTHS

__all__ = [
    "MAX_CHALLENGE",
    "MAX_LINK_LENGTH",
    "MAX_LINK_STEP",
    "MAX_QUIZ_EXERCISE",
    "MAX_YOURS_LENGTH",
    "LabLink",
    "LinkState",
    "Mode",
    "PlayLink",
    "QuizLink",
    "decode_source",
    "encode_source",
    "implied_mode",
    "make_fragment",
    "opens",
    "parse_fragment",
]

MAX_YOURS_LENGTH = 6000  # a heuristic of yours, encoded: about 10,000 characters of Python
MAX_LINK_LENGTH = 4000  # besides a heuristic of yours
MAX_LINK_STEP = lab.PAGE_MAX_NODES  # the visualizer steps no further
MAX_CHALLENGE = 1_000_000  # moves a challenge may ask for (a bound on what a link carries)
# The problems a link's message lists; the rest are counted ("and 1,995 more"): a message is
# read aloud whole by a screen reader. Each quotes at most ECHO_LIMIT characters of a value.
MAX_PROBLEMS = 5
_SAFE = ",/:"  # kept readable in links: board rows, compared searches
_LAB = "lab-"  # prefix of an experiment's keys
_QUIZ = "quiz-"  # prefix of the quiz's keys
MAX_QUIZ_EXERCISE = 1_000_000  # the highest exercise index a link may carry
_SEED = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_LOOP = re.compile(r"([0-9]{1,7})-([0-9]{1,7})")


class Mode(StrEnum):
    """What the page's user is doing: one tab of the page each, and a link's ``mode=``."""

    PLAY = "play"
    SOLVE = "solve"
    STEP = "step"
    COMPARE = "compare"
    LAB = "lab"

    @property
    def label(self) -> str:
        """The mode's name on the page: its tab's."""
        return _MODE_LABELS[self]


_MODE_LABELS = {
    Mode.PLAY: "Play",
    Mode.SOLVE: "Solve",
    Mode.STEP: "Step through",
    Mode.COMPARE: "Compare",
    Mode.LAB: "Lab",
}


@dataclass
class LabLink:
    """An experiment of the Lab view: its name, seed and every option (parsed values)."""

    experiment: str
    options: dict[str, Any]
    seed: str = str(lab.DEFAULT_SEED)

    @staticmethod
    def valid_seed(seed: str) -> bool:
        """Seeds in links are 1 to 40 letters, digits, ``.``, ``_`` or ``-``."""
        return bool(_SEED.fullmatch(seed))


@dataclass(frozen=True)
class PlayLink:
    """The visualizer's Play as a link sets it: its speed (steps a second), whether it starts
    by itself once the page has opened (``autoplay``), and the steps it repeats (``loop``:
    the first and the last, played from the first to the last, then again)."""

    MIN_SPEED: ClassVar[int] = 1
    MAX_SPEED: ClassVar[int] = 60
    DEFAULT_SPEED: ClassVar[int] = 8

    speed: int = DEFAULT_SPEED
    autoplay: bool = False
    loop: tuple[int, int] | None = None


@dataclass
class QuizLink:
    """Step through's quiz, Predict the next node: the bank's seed (valid as
    :meth:`LabLink.valid_seed` says), the exercise shown and the depth of the bank's boards."""

    seed: str = "1"
    exercise: int = 0
    depth: int = DEFAULT_DEPTH


@dataclass
class LinkState:
    """What a share link carries. ``goal`` is a board; ``goal_name`` names it when it has one;
    ``algorithm`` None is the Automatic choice (``algorithm=auto``)."""

    board: Board
    goal: Board
    goal_name: str | None = "standard"
    algorithm: Algorithm | None = None
    heuristic: str = "manhattan"
    weight: float = DEFAULT_WEIGHT
    step: int = 0
    problems: list[str] = field(default_factory=list)
    lab: LabLink | None = None
    compare: list[Entrant] | None = None
    challenge: int | None = None  # the moves to beat on ``board``, None without a challenge
    mode: Mode | None = None  # None: the mode the rest implies
    tie_break: TieBreak = TieBreak.HIGH_G  # the order among open nodes of equal f
    quiz: QuizLink | None = None  # the quiz is on
    embed: bool = False  # the stage alone, for an <iframe>
    play: PlayLink = PlayLink()
    yours: str | None = None  # the source of a heuristic of yours


def encode_source(source: str) -> str:
    """A heuristic's source as a link carries it: zlib, then URL-safe base64, no padding.

    >>> encode_source("def h(tiles, goal, width, height):\\n    return 0\\n")
    'eNpLSU1TyNAoycxJLdZRSM9PzNFRKM9MKcnQUchIzUzPKNG04lIAgqLUktKiPAUDLgCEow8I'
    >>> decode_source(_) == "def h(tiles, goal, width, height):\\n    return 0\\n"
    True
    """
    return base64.urlsafe_b64encode(zlib.compress(source.encode(), 9)).decode().rstrip("=")


def decode_source(text: str) -> str:
    """What :func:`encode_source` made, back (PuzzleError if it is not that)."""
    if len(text) > MAX_YOURS_LENGTH:
        raise PuzzleError(
            f"it has {len(text):,} characters, more than a link carries ({MAX_YOURS_LENGTH:,})"
        )
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        # at most 64 kB unpacked: a link cannot make the page unpack a bomb
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, 65536)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError
        return raw.decode()
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        raise PuzzleError("it is not a heuristic's code as the page writes it") from None


def implied_mode(state: LinkState) -> Mode:
    """The mode a link opens without ``mode=``: what else it carries says what it is for.

    >>> implied_mode(parse_fragment("board=1,2,3/4,5,6/7,0,8&step=4"))
    <Mode.STEP: 'step'>
    """
    if state.compare:
        return Mode.COMPARE
    if state.lab is not None:
        return Mode.LAB
    if state.step or state.quiz is not None:
        return Mode.STEP
    return Mode.PLAY


def opens(state: LinkState) -> Mode:
    """The mode a link opens: its ``mode=``, else the one the rest implies."""
    return state.mode if state.mode is not None else implied_mode(state)


def make_fragment(state: LinkState) -> str:
    """The fragment (without ``#``) for ``state``; :func:`parse_fragment` reads it back."""
    goal = state.goal_name or state.goal.format("rows")
    parts = [
        ("board", state.board.format("rows")),
        ("goal", goal),
        ("algorithm", AUTO if state.algorithm is None else state.algorithm),
        ("heuristic", state.heuristic),
    ]
    if state.algorithm is not None and ALGORITHMS[state.algorithm].takes_weight:
        parts.append(("weight", exact_number(state.weight)))
    if state.tie_break != TieBreak.HIGH_G:
        parts.append(("tie-break", state.tie_break.value))
    if state.step:
        parts.append(("step", str(state.step)))
    if state.quiz is not None:
        parts += _quiz_parts(state.quiz)
    if state.compare:
        parts.append(("compare", format_entrants(state.compare)))
    if state.challenge is not None:
        parts.append(("challenge", str(state.challenge)))
    if state.yours is not None:
        parts.append(("yours", encode_source(state.yours)))
    if state.lab is not None:
        parts += _lab_parts(state.lab)
    if state.mode is not None and state.mode != implied_mode(state):
        parts.append(("mode", state.mode.value))
    parts += _play_parts(state)
    return "&".join(f"{k}={quote(v, safe=_SAFE)}" for k, v in parts)


def _quiz_parts(quiz: QuizLink) -> list[tuple[str, str]]:
    """``quiz=on`` and what differs from the defaults: the seed, the exercise, the depth."""
    parts = [("quiz", "on")]
    default = QuizLink()
    if quiz.seed != default.seed:
        parts.append((_QUIZ + "seed", quiz.seed))
    if quiz.exercise != default.exercise:
        parts.append((_QUIZ + "exercise", str(quiz.exercise)))
    if quiz.depth != default.depth:
        parts.append((_QUIZ + "depth", str(quiz.depth)))
    return parts


def _read_quiz(fields: dict[str, str], problems: list[str]) -> QuizLink | None:
    value = fields["quiz"].lower()
    if value == "off":
        return None
    quiz = QuizLink()
    if value != "on":
        problems.append(f"quiz {_short(value)!r} is neither on nor off: the quiz is on")
    seed = fields.get(_QUIZ + "seed", quiz.seed)
    if LabLink.valid_seed(seed):
        quiz.seed = seed
    else:
        problems.append(
            f"the quiz's seed {_short(seed)!r} is not 1 to 40 letters, digits, '.', '_' or "
            f"'-': using {quiz.seed}"
        )
    exercise = fields.get(_QUIZ + "exercise", "0")
    if exercise.isascii() and exercise.isdigit() and int(exercise) <= MAX_QUIZ_EXERCISE:
        quiz.exercise = int(exercise)
    else:
        problems.append(
            f"the quiz's exercise {_short(exercise)!r} is not a whole number from 0 to "
            f"{MAX_QUIZ_EXERCISE:,}: exercise 0"
        )
    depth = fields.get(_QUIZ + "depth", str(quiz.depth))
    if depth in {str(d) for d in DEPTHS}:
        quiz.depth = int(depth)
    else:
        depths = ", ".join(str(d) for d in DEPTHS)
        problems.append(
            f"the quiz's depth {_short(depth)!r} is not one of {depths}: using {quiz.depth}"
        )
    return quiz


def _play_parts(state: LinkState) -> list[tuple[str, str]]:
    """``embed``, ``speed``, ``autoplay`` and ``loop``: each only when not its default."""
    play, parts = state.play, []
    if state.embed:
        parts.append(("embed", "1"))
    if play.speed != PlayLink.DEFAULT_SPEED:
        parts.append(("speed", str(play.speed)))
    if play.autoplay:
        parts.append(("autoplay", "1"))
    if play.loop is not None:
        parts.append(("loop", f"{play.loop[0]}-{play.loop[1]}"))
    return parts


def _read_switch(fields: dict[str, str], key: str, problems: list[str]) -> bool:
    """A key that is on (``1``) or off (``0``, or absent)."""
    value = fields.get(key, "0")
    if value not in ("0", "1"):
        problems.append(f"{key} {_short(value)!r} is not 1 (on) or 0 (off): {key} is off")
    return value == "1"


def _read_play(fields: dict[str, str], problems: list[str]) -> PlayLink:
    speed = PlayLink.DEFAULT_SPEED
    autoplay = _read_switch(fields, "autoplay", problems)
    if "speed" in fields:
        value = fields["speed"]
        if (
            value.isascii()
            and value.isdigit()
            and (PlayLink.MIN_SPEED <= int(value) <= PlayLink.MAX_SPEED)
        ):
            speed = int(value)
        else:
            problems.append(
                f"speed {_short(value)!r} is not a whole number of steps a second from "
                f"{PlayLink.MIN_SPEED} to {PlayLink.MAX_SPEED}: using {speed}"
            )
    loop: tuple[int, int] | None = None
    if "loop" in fields:
        value = fields["loop"]
        match = _LOOP.fullmatch(value)
        first, last = (int(match[1]), int(match[2])) if match else (0, 0)
        if match and first < last <= MAX_LINK_STEP:
            loop = (first, last)
        else:
            problems.append(
                f"loop {_short(value)!r} is not two step numbers, the first below the last, "
                f"from 0 to {MAX_LINK_STEP:,} (as in 'loop=10-30'): no loop"
            )
    return PlayLink(speed, autoplay, loop)


def _lab_key(option: lab.Option) -> str:
    """``lab-`` and the option's command-line flag without ``--``: ``lab-per-depth``."""
    return _LAB + option.flag.removeprefix("--")


def _lab_parts(link: LabLink) -> list[tuple[str, str]]:
    """The keys and values of an experiment: ``lab``, ``lab-seed`` and one per option (all
    of them, so a link keeps its meaning if a default changes)."""
    exp = lab.EXPERIMENTS[link.experiment]
    values = lab.resolve(link.experiment, link.options)
    parts = [("lab", exp.name), (_LAB + "seed", str(link.seed))]
    for option in exp.options:
        parts.append((_lab_key(option), option.format(values[option.name])))
    return parts


def _read_lab(fields: dict[str, str], problems: list[str]) -> LabLink | None:
    name = fields["lab"].lower()
    if name not in lab.EXPERIMENTS:
        problems.append(
            f"unknown experiment {_short(name)!r}: choose one of {', '.join(lab.EXPERIMENTS)}"
        )
        return None
    exp = lab.EXPERIMENTS[name]
    options: dict[str, Any] = {}
    for option in exp.options:
        key = _lab_key(option)
        if key not in fields:
            continue
        try:
            options[option.name] = option.parse(fields[key])
        except PuzzleError as exc:
            problems.append(f"the experiment's {option.name.replace('_', ' ')} was not used: {exc}")
    seed = fields.get(_LAB + "seed", str(lab.DEFAULT_SEED))
    if not LabLink.valid_seed(seed):
        problems.append(
            f"seed {_short(seed)!r} is not 1 to 40 letters, digits, '.', '_' or '-': using "
            f"{lab.DEFAULT_SEED}"
        )
        seed = str(lab.DEFAULT_SEED)
    try:
        values = lab.resolve(name, options)
    except PuzzleError as exc:  # options fine one by one but not together, or too many runs
        problems.append(f"the experiment's settings were not used: {exc}")
        values = lab.resolve(name)
    return LabLink(name, values, seed)


# The keys parse_fragment reads (besides the lab's own, lab-...).
_KEYS = frozenset(
    {
        "board",
        "goal",
        "algorithm",
        "heuristic",
        "weight",
        "step",
        "lab",
        "compare",
        "challenge",
        "mode",
        "tie-break",
        "quiz",
        "embed",
        "speed",
        "autoplay",
        "loop",
        "yours",
    }
)


def _short(text: str, limit: int = 24) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit] + "..."


def parse_fragment(fragment: str) -> LinkState:
    """Read a fragment (with or without ``#``). Never raises: problems are listed instead."""
    problems: list[str] = []
    fields: dict[str, str] = {}
    text = fragment[1:] if fragment.startswith("#") else fragment
    yours = re.search(r"(?:^|&)yours=([^&]*)", text, re.IGNORECASE)
    if len(text) - (len(yours.group(1)) if yours else 0) > MAX_LINK_LENGTH:
        problems.append(f"the link is too long ({len(text):,} characters): it was ignored")
        text = ""
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        try:
            fields[unquote(key).strip().lower()] = unquote(value, errors="strict").strip()
        except UnicodeDecodeError:
            problems.append(f"the link's {_short(key)!r} is not valid text")

    if fields and not any(key in _KEYS or key.startswith((_LAB, _QUIZ)) for key in fields):
        names = ", ".join(sorted(_short(key) for key in fields))
        problems.append(
            f"the link has nothing this page reads ({names}): showing the solved 3x3 board"
        )

    default = Board.goal("standard", 3, 3)
    board: Board | None = None
    if "board" in fields:
        try:
            board = Board.parse(fields["board"])
        except PuzzleError as exc:
            problems.append(f"the link's board was not used: {exc}")

    goal_name: str | None = "standard"
    goal: Board | None = None
    if "goal" in fields:
        value = fields["goal"]
        width, height = (board.width, board.height) if board else (3, 3)
        if value.lower() in GOAL_NAMES:
            goal_name = value.lower()
            goal = Board.goal(goal_name, width, height)
        else:
            try:
                goal = Board.parse(value, width, height)
                goal_name = None
            except PuzzleError as exc:
                problems.append(f"the link's goal was not used: {exc}")
    if board is None:
        board = goal or default
    if goal is None:
        goal_name = "standard"
        goal = Board.goal("standard", board.width, board.height)
    verdict = solvability(board, goal)
    if not verdict:
        problems.append(f"the link's board cannot reach its goal: {verdict.reason}")

    state = LinkState(board, goal, goal_name, problems=problems)
    algorithm = fields.get("algorithm", AUTO).lower()
    if algorithm in ALGORITHMS:
        state.algorithm = Algorithm(algorithm)
    elif algorithm != AUTO:
        problems.append(f"unknown algorithm {_short(algorithm)!r}: using Automatic")
    if "yours" in fields:
        try:
            state.yours = decode_source(fields["yours"])
        except PuzzleError as exc:
            problems.append(f"the link's heuristic of yours was not used: {exc}")
    heuristic = fields.get("heuristic", state.heuristic).lower()
    if heuristic in HEURISTICS or (heuristic == YOURS and state.yours is not None):
        state.heuristic = heuristic
    elif heuristic == YOURS:
        problems.append(
            "the link names a heuristic of yours but carries no code: using Manhattan distance"
        )
    else:
        problems.append(f"unknown heuristic {_short(heuristic)!r}: using Manhattan distance")
    if "weight" in fields:
        try:
            weight = float(fields["weight"])
            if not 1 <= weight <= MAX_WEIGHT:
                raise ValueError
            state.weight = weight
        except ValueError:
            problems.append(
                f"weight {_short(fields['weight'])!r} is not a number from 1 to {MAX_WEIGHT:g}"
            )
    if "tie-break" in fields:
        tie = fields["tie-break"].lower()
        if tie in TIE_BREAKS:
            state.tie_break = TieBreak(tie)
        else:
            problems.append(
                f"unknown tie-break {_short(tie)!r}: choose one of {', '.join(TIE_BREAKS)} "
                "(using high-g)"
            )
    if "quiz" in fields:
        state.quiz = _read_quiz(fields, problems)
    if "step" in fields:
        value = fields["step"]
        if value.isascii() and value.isdigit() and int(value) <= MAX_LINK_STEP:
            state.step = int(value)
        else:
            problems.append(
                f"step {_short(value)!r} is not a whole number from 0 to {MAX_LINK_STEP:,}"
            )
    if "challenge" in fields:
        value = fields["challenge"]
        if value.isascii() and value.isdigit() and 1 <= int(value) <= MAX_CHALLENGE:
            state.challenge = int(value)
        else:
            problems.append(
                f"challenge {_short(value)!r} is not a number of moves from 1 to "
                f"{MAX_CHALLENGE:,}: no challenge"
            )
    if "lab" in fields:
        state.lab = _read_lab(fields, problems)
        if state.lab is None:  # an experiment unknown here: the link still asked for the Lab
            state.mode = Mode.LAB
    if "compare" in fields:
        state.compare = _read_compare(fields["compare"], problems)
    if "mode" in fields:
        mode = fields["mode"].lower()
        if mode in Mode.__members__.values():
            state.mode = Mode(mode)
        else:
            names = ", ".join(m.value for m in Mode)
            problems.append(f"unknown mode {_short(mode)!r}: choose one of {names}")
    state.embed = _read_switch(fields, "embed", problems)
    state.play = _read_play(fields, problems)
    if len(problems) > MAX_PROBLEMS:
        problems[MAX_PROBLEMS - 1 :] = [f"and {len(problems) - MAX_PROBLEMS + 1:,} more"]
    return state


def _read_compare(value: str, problems: list[str]) -> list[Entrant]:
    """The searches to compare: each bad one is left out with a message; with fewer than
    two left, the default comparison."""
    entrants: list[Entrant] = []
    left_out = 0  # bad searches after the first, counted
    for text in value.split(","):
        if not text.strip():
            continue
        try:
            entrant = Entrant.parse(text)
        except PuzzleError as exc:
            if not left_out:
                problems.append(f"the comparison left out {_short(text)!r}: {exc}")
            left_out += 1
            continue
        if len(entrants) == MAX_ENTRANTS:
            problems.append(
                f"a comparison takes at most {MAX_ENTRANTS} searches: {_short(text)!r} and "
                "those after it were left out"
            )
            break
        entrants.append(entrant)
    if left_out > 1:
        problems.append(f"and {left_out - 1:,} more searches it could not read")
    if len(entrants) < MIN_ENTRANTS:
        problems.append(
            f"a comparison takes {MIN_ENTRANTS} to {MAX_ENTRANTS} searches: comparing "
            f"{DEFAULT_ENTRANTS} instead"
        )
        entrants = [Entrant.parse(t) for t in DEFAULT_ENTRANTS.split(",")]
    return entrants
