"""Predict the next node: the engine's answer, the rule the reasons explain, grades, the bank."""

from __future__ import annotations

import pytest

from npuzzle import Board, make_search
from npuzzle.search.bestfirst import TieBreak
from npuzzle.teach.quiz import (
    DEPTHS,
    MAX_CHOICES,
    QUIZ_ALGORITHMS,
    Bank,
    Question,
    Setting,
    Sheet,
    grade,
    question,
    unasked,
)

SETTINGS = [
    (algorithm, tie)
    for algorithm in QUIZ_ALGORITHMS
    for tie in (TieBreak if algorithm in ("astar", "greedy", "bfs") else [TieBreak.HIGH_G])
]


def _heuristic(algorithm: str) -> str:
    return "zero" if algorithm in ("bfs", "dfs") else "manhattan"


def _key(q: Question) -> tuple[object, ...]:
    return tuple((c.node.tiles, c.node.g) for c in q.candidates), q.answer


@pytest.mark.parametrize(("algorithm", "tie"), SETTINGS)
def test_a_bank_holds_over_100_distinct_questions_per_setting(algorithm, tie):
    bank = Bank("class-1", Setting(algorithm, _heuristic(algorithm), tie))
    questions = list(bank.questions(130))
    distinct = {_key(q) for q in questions}
    assert len(distinct) >= 100
    assert all(2 <= len(q.candidates) <= MAX_CHOICES for q in questions)


@pytest.mark.parametrize(("algorithm", "tie"), SETTINGS)
def test_the_rule_the_reasons_explain_picks_the_engines_next_node(algorithm, tie):
    """The answer is the engine's step; the rule (smallest f, then the tie rule on g and the
    order the nodes joined) must name the same node, or the reasons would be wrong."""
    bank = Bank("rule", Setting(algorithm, _heuristic(algorithm), tie, depth=10))
    for q in bank.questions(60):
        by_rule = min(range(len(q.candidates)), key=lambda i: q.rule_order(q.candidates[i]))
        assert by_rule == q.answer


def test_the_answer_is_the_node_the_next_step_expands_and_the_search_stays_put():
    search = make_search(Board.parse("8,6,7/2,5,4/3,0,1"), tie_break="fifo")
    for _ in range(30):
        search.step()
    before = (search.steps, search.expanded, search.open_list(0, 100))
    q = question(search)
    assert q is not None and q.step == 31
    assert (search.steps, search.expanded, search.open_list(0, 100)) == before
    step = search.step()
    assert step is not None and step.node is not None
    taken = q.candidates[q.answer].node
    assert (taken.tiles, taken.g) == (step.node.tiles, step.node.g)
    # the candidates are the open list, in the order they joined it (not the drawn order)
    assert {c.node.tiles for c in q.candidates} == {n.tiles for n in before[2]}
    assert [c.joined for c in q.candidates] == sorted(c.joined for c in q.candidates)


def test_a_right_pick_says_why_this_step_and_a_wrong_one_how_it_differs():
    search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
    search.step()
    q = question(search)
    assert q is not None
    right = grade(q, q.answer)
    assert right.right and right.reason.startswith("Step 2 expands")
    wrong_pick = next(i for i in range(len(q.candidates)) if i != q.answer)
    wrong = grade(q, wrong_pick)
    mine = q.candidates[wrong_pick].node
    assert not wrong.right and wrong.answer == q.answer
    assert f"It has f = {mine.f}" in wrong.reason and "smallest f" in wrong.reason
    assert wrong.reason.endswith(" ".join(q.why))


def test_a_tie_is_explained_by_the_tie_rule():
    """On a tie in f, the reason names the tie rule and the fact that decides it."""
    found = {tie: 0 for tie in TieBreak}
    for tie in TieBreak:
        for q in Bank("ties", Setting(tie_break=tie, depth=12)).questions(80):
            taken = q.candidates[q.answer].node
            for i, c in enumerate(q.candidates):
                if i != q.answer and c.node.f == taken.f:
                    reason = grade(q, i).reason
                    assert reason.startswith(f"It ties with the node taken at f = {taken.f}")
                    decided_by_g = tie in (TieBreak.HIGH_G, TieBreak.LOW_G) and (
                        c.node.g != taken.g
                    )
                    if decided_by_g:
                        assert f"it has g = {c.node.g}, the node taken g = {taken.g}" in reason
                    else:
                        assert "joined" in reason
                    found[tie] += 1
    assert all(found.values()), found


def test_ida_star_asks_among_the_children_waiting():
    search = make_search(Board.parse("8,6,7/2,5,4/3,0,1"), algorithm="idastar")
    asked = 0
    for _ in range(200):
        q = question(search)
        waiting = search.open_list(0, 100)
        if q is not None:
            asked += 1
            assert {c.node.tiles for c in q.candidates} == {n.tiles for n in waiting}
            assert q.answer == max(
                range(len(q.candidates)),
                key=lambda i: (q.candidates[i].node.g, -q.candidates[i].joined[1]),
            )
        else:  # nothing waits: the next step starts the next iteration at the start
            assert not waiting or search.done
            assert unasked(search).startswith(("No child is waiting", "The search has ended"))
        if search.step() is None:
            break
    assert asked > 100


def test_no_question_where_there_is_nothing_to_predict():
    board = Board.parse("1,2,3/4,5,6/7,0,8")
    anytime = make_search(board, algorithm="anytime")
    assert question(anytime) is None  # phases of its own
    assert "Anytime (weighted IDA*) changes its rule" in unasked(anytime)
    search = make_search(board)
    assert question(search) is not None and unasked(search) == ""
    search.run()
    assert question(search) is None  # ended
    assert unasked(search).startswith("The search has ended")
    wide = make_search(Board.parse("8,6,7/2,5,4/3,0,1"), algorithm="bfs")
    while len(wide.open_list(0, MAX_CHOICES + 1)) <= MAX_CHOICES:
        wide.step()
    assert question(wide) is None  # too many nodes to choose among
    assert unasked(wide).startswith(f"More than {MAX_CHOICES} nodes on the open list")
    assert question(wide, limit=10**6) is not None


def test_a_question_crosses_as_json_and_back():
    search = make_search(Board.parse("8,6,7/2,5,4/3,0,1"), algorithm="greedy", tie_break="lifo")
    search.goto(5)
    q = question(search)
    assert q is not None
    assert Question.from_json(q.to_json()) == q


def test_the_same_seed_gives_the_same_exercises_and_another_seed_others():
    setting = Setting(depth=6)
    one, again, other = Bank("a", setting), Bank("a", setting), Bank("b", setting)
    boards = [one.exercise(i) for i in range(20)]
    assert boards == [again.exercise(i) for i in range(20)]
    assert boards != [other.exercise(i) for i in range(20)]
    assert len(set(boards)) >= 15


@pytest.mark.parametrize("depth", DEPTHS)
def test_exercises_are_their_depth_from_the_goal_at_most(depth):
    bank = Bank("depth", Setting(depth=depth))
    for i in range(10):
        board = bank.exercise(i)
        length = make_search(board).run().solution
        assert length is not None and len(length) <= depth and len(length) % 2 == depth % 2


def test_a_sheet_grades_each_question_once():
    search = make_search(Board.parse("134 8b5 726"), Board.parse("123 8b4 765"))
    q = question(search)
    assert q is not None
    sheet = Sheet()
    assert sheet.mark("board", q.step, grade(q, q.answer))
    assert not sheet.mark("board", q.step, grade(q, q.answer + 1))  # again: not graded
    assert sheet.answered("board", q.step) == grade(q, q.answer)
    assert sheet.mark("board", q.step + 1, grade(q, q.answer + 1))
    assert (sheet.right, sheet.asked, sheet.score()) == (1, 2, "1 right of 2")
