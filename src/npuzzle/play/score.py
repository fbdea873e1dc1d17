"""A player's score: a puzzle solved by hand, in moves and time, beside the shortest solution
and a challenge's count to beat.

An :class:`Attempt` is one puzzle played against the clock. Its rules:

- the clock starts at the player's first move (not when the board is shown: a player may
  look before playing) and stops when the board is solved;
- Undo and Redo are moves of the attempt: the clock runs on, and the moves counted are those
  made from the start to the board shown (the page's move counter), undone ones not counted;
- undoing away from the solved board starts the clock again from where it stopped (the time
  spent looking at the solved board is not counted), and solving again gives a new score;
- Restart is a new attempt: the clock is cleared and starts again at the next move (the
  fewest moves the player solved the puzzle in is kept);
- a solution played back by the page (Solve's playback) helps: an attempt it moved tiles in
  gets no score, until Restart;
- moves that come several at once before the clock started (the page's opening takes moves
  while the page loads, and hands them over together) were made off the clock: the attempt's
  score has no time, until Restart.

A challenge (a share link's ``challenge=``) is the fewest moves so far: the player is asked
to solve the puzzle in that many, and told whether they beat it, met it or missed it. The
link they share in turn carries the best count of the two, :attr:`Attempt.record`.

>>> attempt = Attempt(to_beat=31)
>>> attempt.moved(1, solved=False, now=100.0)  # the first move starts the clock
False
>>> attempt.moved(24, solved=True, now=112.5)  # solved: a score
True
>>> for sentence in attempt.score(shortest=20).sentences:
...     print(sentence)
Solved in 24 moves and 12.5 s: 1.9 moves a second.
Your 24 moves; the shortest is 20.
Challenge beaten: 24 moves, 7 fewer than 31.
>>> attempt.record, challenge_text(attempt.record)
(24, 'solve it in 24 moves')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Attempt", "Score", "Verdict", "challenge_text", "clock_text"]


def _moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


def clock_text(seconds: float) -> str:
    """``"12.5 s"`` under a minute, ``"2 min 05 s"`` above."""
    if seconds < 59.95:
        return f"{seconds:.1f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


def challenge_text(count: int) -> str:
    """What a challenge asks: ``"solve it in 31 moves"``."""
    return f"solve it in {_moves(count)}"


class Verdict(StrEnum):
    """A solve against a challenge's count."""

    BEATEN = "beaten"  # fewer moves
    MET = "met"  # as many
    MISSED = "missed"  # more


@dataclass(frozen=True)
class Score:
    """A puzzle solved by the player: ``moves`` in ``seconds`` (None: not all timed); beside
    it the ``shortest`` solution's length when it is known exactly, and the challenge's count
    ``to_beat``."""

    moves: int
    seconds: float | None
    shortest: int | None = None
    to_beat: int | None = None

    @property
    def rate(self) -> float | None:
        """Moves a second; None when no time passed (a puzzle solved by its first move)."""
        return self.moves / self.seconds if self.seconds else None

    @property
    def verdict(self) -> Verdict | None:
        if self.to_beat is None:
            return None
        if self.moves < self.to_beat:
            return Verdict.BEATEN
        return Verdict.MET if self.moves == self.to_beat else Verdict.MISSED

    @property
    def headline(self) -> str:
        """``"Solved in 24 moves and 12.5 s: 1.9 moves a second."``"""
        if self.seconds is None:
            return f"Solved in {_moves(self.moves)} (some made while the page loaded: not timed)."
        said = f"Solved in {_moves(self.moves)} and {clock_text(self.seconds)}"
        rate = self.rate
        return f"{said}: {rate:.1f} moves a second." if rate is not None else f"{said}."

    @property
    def against_shortest(self) -> str:
        """``"Your 24 moves; the shortest is 20."`` ("" while the shortest is not known)."""
        if self.shortest is None:
            return ""
        if self.moves == self.shortest:
            return f"Your {_moves(self.moves)}: the shortest there is."
        return f"Your {_moves(self.moves)}; the shortest is {self.shortest}."

    @property
    def against_challenge(self) -> str:
        """Beaten, met or missed ("" without a challenge)."""
        n, beat = self.moves, self.to_beat
        if beat is None:
            return ""
        if n < beat:
            return f"Challenge beaten: {_moves(n)}, {beat - n} fewer than {beat}."
        if n == beat:
            return f"Challenge met: {_moves(n)}, as asked."
        return f"Challenge missed by {_moves(n - beat)}: {challenge_text(beat)}."

    @property
    def sentences(self) -> list[str]:
        """The score in words: moves and time, the shortest, the challenge (those known)."""
        said = (self.headline, self.against_shortest, self.against_challenge)
        return [sentence for sentence in said if sentence]

    @property
    def text(self) -> str:
        return " ".join(self.sentences)


class Attempt:
    """One puzzle played against the clock (the module's rules); ``to_beat`` is a
    challenge's count, None without one."""

    def __init__(self, to_beat: int | None = None) -> None:
        self.to_beat = to_beat
        self.elapsed = 0.0  # seconds the clock ran before it last stopped
        self.since: float | None = None  # when the clock last started, while it runs
        self.started = False  # the player has moved since the start or Restart
        self.untimed = False  # moves were made before the clock could start
        self.helped = False  # a playback moved tiles in this attempt
        self.solved: tuple[int, float | None] | None = None  # (moves, seconds) while solved
        self.fewest: int | None = None  # the fewest moves the player solved it in

    def seconds(self, now: float) -> float:
        """The time on the clock at ``now``."""
        return self.elapsed + (now - self.since if self.since is not None else 0.0)

    @property
    def running(self) -> bool:
        return self.since is not None

    def moved(self, made: int, *, solved: bool, now: float, by_player: bool = True) -> bool:
        """The board changed: ``made`` moves from the start lead to it, ``solved`` or not,
        by the player or by a playback. True when this solves the puzzle with a score."""
        if not by_player:
            self.helped = True
        elif made > 1 and not self.started:
            self.untimed = True  # several moves at once, the first: the opening's
        if not solved:
            self.solved = None
            if self.since is None and (made or self.started):
                self.since, self.started = now, True
            return False
        if self.since is not None:
            self.elapsed, self.since = self.seconds(now), None
        elif self.started or not made:
            return False  # already stopped: a solved board opened, or told twice
        self.started = True  # (a puzzle one move from solved: no time on the clock)
        if self.helped:
            return False
        self.solved = (made, None if self.untimed else self.elapsed)
        self.fewest = made if self.fewest is None else min(self.fewest, made)
        return True

    def restart(self) -> None:
        """A new attempt at the same puzzle: the clock cleared, no help counted."""
        self.elapsed, self.since, self.started = 0.0, None, False
        self.helped, self.untimed, self.solved = False, False, None

    @property
    def record(self) -> int | None:
        """The fewest moves known for this puzzle: the player's or the challenge's (the
        count a challenge link from here carries), None before either."""
        counts = [n for n in (self.fewest, self.to_beat) if n is not None]
        return min(counts) if counts else None

    @property
    def goal_text(self) -> str:
        """What the challenge asks, ``"Challenge: solve it in 31 moves."`` ("" without one)."""
        return f"Challenge: {challenge_text(self.to_beat)}." if self.to_beat is not None else ""

    def score(self, shortest: int | None = None) -> Score | None:
        """The score while the board shown is solved by the player, None otherwise."""
        if self.solved is None:
            return None
        return Score(*self.solved, shortest=shortest, to_beat=self.to_beat)
