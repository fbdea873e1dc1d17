"""A player's score: the clock's rules (first move to solved, Undo, Restart, a playback's
help), the score's words and the challenge's count."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from npuzzle import Board
from npuzzle.play.game import Game
from npuzzle.play.score import Attempt, Score, Verdict, challenge_text, clock_text

START = Board.parse("1,2,3/4,5,6/0,7,8")  # two moves from the standard goal: R, R
GOAL = Board.goal("standard", 3, 3)


def play(game: Game, attempt: Attempt, moves: str, now: float, step: float = 1.0) -> float:
    """Make ``moves`` one a ``step`` apart from ``now``, telling the attempt as the page
    does; the time after the last."""
    for move in moves:
        assert game.move(move)
        now += step
        attempt.moved(game.at, solved=game.solved, now=now)
    return now


def test_the_clock_starts_at_the_first_move_and_stops_when_solved() -> None:
    game, attempt = Game(START, GOAL), Attempt()
    attempt.moved(0, solved=False, now=5.0)  # the board shown: no clock yet
    assert not attempt.running and attempt.seconds(50.0) == 0
    assert game.move("R")
    assert not attempt.moved(1, solved=False, now=60.0)  # looked for 55 s: not counted
    assert attempt.running
    assert game.move("R") and game.solved
    assert attempt.moved(2, solved=True, now=64.0)
    assert not attempt.running and attempt.seconds(1000.0) == 4.0
    score = attempt.score()
    assert score == Score(2, 4.0) and score.rate == 0.5


def test_undo_runs_on_and_leaving_the_solved_board_resumes_the_clock() -> None:
    game, attempt = Game(START, GOAL), Attempt()
    now = play(game, attempt, "RU", 0.0)  # the clock starts at t=1, U at t=2
    game.undo()
    attempt.moved(game.at, solved=game.solved, now=now + 3)  # undo at t=5: runs on
    assert attempt.running
    now = play(game, attempt, "R", now + 3)  # solved at t=6, in 2 moves
    assert attempt.score() == Score(2, 5.0)
    game.undo()
    assert not attempt.moved(game.at, solved=False, now=100.0)  # 94 s on the solved board
    assert attempt.score() is None and attempt.running
    game.redo()
    assert attempt.moved(game.at, solved=True, now=102.0)  # counted: 5 s, then 2 s
    assert attempt.score() == Score(2, 7.0)


def test_restart_is_a_new_attempt_that_keeps_the_fewest_moves() -> None:
    game, attempt = Game(START, GOAL), Attempt()
    play(game, attempt, "RLRR", 0.0)
    assert attempt.score() == Score(4, 3.0) and attempt.fewest == 4
    game.restart()
    attempt.moved(0, solved=False, now=10.0)
    attempt.restart()
    assert not attempt.running and attempt.seconds(20.0) == 0 and attempt.score() is None
    play(game, attempt, "RR", 30.0, step=0.5)
    assert attempt.score() == Score(2, 0.5) and attempt.fewest == 2
    game.restart()
    attempt.restart()
    play(game, attempt, "RLRR", 40.0)
    assert attempt.score() == Score(4, 3.0) and attempt.fewest == 2  # the best is kept


def test_a_playback_that_moved_tiles_leaves_the_attempt_without_a_score() -> None:
    game, attempt = Game(START, GOAL), Attempt()
    play(game, attempt, "R", 0.0)
    assert game.move("R")
    assert not attempt.moved(2, solved=True, now=2.0, by_player=False)
    assert attempt.score() is None and attempt.fewest is None and attempt.record is None
    game.undo()
    attempt.moved(1, solved=False, now=3.0)
    game.redo()
    assert not attempt.moved(2, solved=True, now=4.0)  # still the playback's help
    game.restart()
    attempt.restart()
    play(game, attempt, "RR", 10.0)
    assert attempt.score() == Score(2, 1.0)


def test_moves_handed_over_together_at_first_were_not_timed() -> None:
    game, attempt = Game(START, GOAL), Attempt()
    attempt.moved(0, solved=False, now=0.0)
    game.move("R")
    game.move("L")  # two moves made while the page loaded, handed over at once
    attempt.moved(game.at, solved=False, now=5.0)
    now = play(game, attempt, "RR", 5.0)
    score = attempt.score()
    assert score == Score(4, None) and score.rate is None and attempt.fewest == 4
    assert score.headline == "Solved in 4 moves (some made while the page loaded: not timed)."
    game.restart()
    attempt.restart()
    play(game, attempt, "RR", now)
    assert attempt.score() == Score(2, 1.0)


def test_a_board_shown_solved_has_no_score() -> None:
    attempt = Attempt()
    assert not attempt.moved(0, solved=True, now=1.0)
    assert attempt.score() is None and not attempt.started


def test_a_puzzle_solved_by_its_first_move_has_no_rate() -> None:
    attempt = Attempt()
    attempt.moved(0, solved=False, now=0.0)
    assert attempt.moved(1, solved=True, now=1.0)  # the first move started and stopped it
    score = attempt.score()
    assert score is not None and score.rate is None
    assert score.headline == "Solved in 1 move and 0.0 s."
    assert not attempt.moved(1, solved=True, now=2.0)  # told again: the same score
    assert attempt.score() == score


def test_the_score_in_words() -> None:
    score = Score(24, 12.5, shortest=20)
    assert score.headline == "Solved in 24 moves and 12.5 s: 1.9 moves a second."
    assert score.against_shortest == "Your 24 moves; the shortest is 20."
    assert score.against_challenge == "" and score.verdict is None
    assert score.text == f"{score.headline} {score.against_shortest}"
    assert Score(20, 10.0, shortest=20).against_shortest == "Your 20 moves: the shortest there is."
    assert Score(1, 2.0).headline == "Solved in 1 move and 2.0 s: 0.5 moves a second."
    assert Score(24, 12.5).sentences == [score.headline]  # the shortest not known


@pytest.mark.parametrize(
    ("moves", "verdict", "words"),
    [
        (24, Verdict.BEATEN, "Challenge beaten: 24 moves, 7 fewer than 31."),
        (31, Verdict.MET, "Challenge met: 31 moves, as asked."),
        (33, Verdict.MISSED, "Challenge missed by 2 moves: solve it in 31 moves."),
    ],
)
def test_a_solve_against_a_challenge(moves: int, verdict: Verdict, words: str) -> None:
    score = Score(moves, 20.0, shortest=31, to_beat=31)
    assert score.verdict is verdict and score.against_challenge == words
    assert score.sentences[-1] == words and len(score.sentences) == 3


def test_the_record_is_the_fewer_of_the_players_and_the_challenges() -> None:
    attempt = Attempt(to_beat=3)
    assert attempt.record == 3  # a link made now passes the challenge on
    game = Game(START, GOAL)
    play(game, attempt, "RLRR", 0.0)
    assert attempt.fewest == 4 and attempt.record == 3
    game.restart()
    attempt.restart()
    play(game, attempt, "RR", 10.0)
    assert attempt.fewest == attempt.record == 2
    assert Attempt().record is None


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0.0 s"),
        (12.345, "12.3 s"),
        (59.9, "59.9 s"),
        (59.96, "1 min 00 s"),
        (125.4, "2 min 05 s"),
    ],
)
def test_clock_text(seconds: float, text: str) -> None:
    assert clock_text(seconds) == text


def test_challenge_text() -> None:
    assert challenge_text(31) == "solve it in 31 moves"
    assert challenge_text(1) == "solve it in 1 move"
    assert Attempt(to_beat=31).goal_text == "Challenge: solve it in 31 moves."
    assert Attempt().goal_text == ""


@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.booleans(), st.floats(0, 100), st.booleans()),
        max_size=30,
    )
)
def test_the_clock_never_runs_back_nor_faster_than_time(
    events: list[tuple[int, bool, float, bool]],
) -> None:
    attempt, now, first = Attempt(), 0.0, None
    shown = 0.0
    for made, solved, gap, restart in events:
        now += gap
        if restart:
            attempt.restart()
            first, shown = None, 0.0
            continue
        attempt.moved(made, solved=solved, now=now)
        if attempt.started and first is None:
            first = now
        seconds = attempt.seconds(now)
        assert shown <= seconds <= (now - first if first is not None else 0.0) + 1e-9
        shown = seconds
        score = attempt.score()
        assert score is None or (solved and score.seconds == (None if attempt.untimed else seconds))
