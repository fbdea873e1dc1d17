"""Share links: round trips, and every kind of malformed link answered with a message."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from npuzzle import ALGORITHMS, HEURISTICS, Algorithm, Board, PuzzleError, lab, random_board
from npuzzle.search.bestfirst import TieBreak
from npuzzle.teach.entrants import Entrant
from npuzzle.teach.link import (
    MAX_CHALLENGE,
    MAX_LINK_STEP,
    MAX_PROBLEMS,
    MAX_QUIZ_EXERCISE,
    MAX_YOURS_LENGTH,
    LabLink,
    LinkState,
    Mode,
    PlayLink,
    QuizLink,
    encode_source,
    implied_mode,
    make_fragment,
    opens,
    parse_fragment,
)
from npuzzle.teach.quiz import DEFAULT_DEPTH, DEPTHS

EXAMPLE = (
    "#board=1,3,4/8,0,5/7,2,6&goal=1,2,3/8,0,4/7,6,5&algorithm=astar&heuristic=manhattan&step=12"
)

_ALL_ENTRANTS = {
    Entrant(a, h if info.uses_heuristic else "zero", w if info.takes_weight else 3.0)
    for a, info in ALGORITHMS.items()
    for h in HEURISTICS
    for w in (1.0, 2.5, 100.0)
}


def test_the_documented_example_reads_as_written():
    state = parse_fragment(EXAMPLE)
    assert state.problems == []
    assert state.board == Board.parse("134 8b5 726")
    assert state.goal == Board.parse("123 8b4 765")
    assert (state.algorithm, state.heuristic, state.step) == ("astar", "manhattan", 12)
    assert make_fragment(state) == EXAMPLE[1:]


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([(3, 3), (4, 4), (2, 5), (5, 3)]),
    seed=st.integers(0, 10_000),
    goal_name=st.sampled_from(["standard", "blank-first", "snail", None]),
    algorithm=st.sampled_from([*ALGORITHMS, None]),  # None: Automatic, algorithm=auto
    heuristic=st.sampled_from(list(HEURISTICS)),
    weight=st.sampled_from([1.0, 1.5, 3.0, 7.25]) | st.floats(min_value=1, max_value=100),
    step=st.integers(0, MAX_LINK_STEP),
)
def test_round_trip(size, seed, goal_name, algorithm, heuristic, weight, step):
    w, h = size
    goal = Board.goal(goal_name, w, h) if goal_name else random_board(w, h, seed=seed + 1)
    board = random_board(w, h, seed=seed, goal=goal)
    state = LinkState(board, goal, goal_name, algorithm, heuristic, weight, step)
    back = parse_fragment("#" + make_fragment(state))
    assert back.problems == []
    assert (back.board, back.goal, back.goal_name) == (board, goal, goal_name)
    assert (back.algorithm, back.heuristic, back.step) == (algorithm, heuristic, step)
    if algorithm is not None and ALGORITHMS[algorithm].takes_weight:
        assert back.weight == weight


def test_automatic_is_written_auto_and_is_what_a_link_without_algorithm_opens():
    state = parse_fragment("#board=1,2,3/4,5,6/7,0,8")
    assert state.algorithm is None and state.problems == []
    assert "algorithm=auto&" in make_fragment(state)
    assert parse_fragment("#board=1,2,3/4,5,6/7,0,8&algorithm=AUTO").algorithm is None
    old = parse_fragment("#board=1,2,3/4,5,6/7,0,8&algorithm=astar&heuristic=manhattan")
    assert old.algorithm is Algorithm.ASTAR  # links made before Automatic keep their search
    unknown = parse_fragment("#board=1,2,3/4,5,6/7,0,8&algorithm=quantum")
    assert unknown.algorithm is None and "using Automatic" in unknown.problems[0]


def test_an_unsolvable_board_is_kept_and_said_to_be_so():
    state = parse_fragment("#board=2,1,3/4,5,6/7,8,0")
    assert state.board == Board.parse("2,1,3/4,5,6/7,8,0")
    assert [p for p in state.problems if "cannot reach its goal" in p]


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#board=1,2,3/4,5,6/7,8,8", "duplicate tile 8"),
        ("#board=1,2,3/4,5,6/7,8", "ragged rows"),
        ("#board=1,2,3,4,5,6,7,0", "flat list"),
        ("#board=1,2,3/4,5,6/7,9,0", "out of range"),
        ("#board=1,2,3/4,5,6/8,7,0", "cannot reach its goal"),
        ("#board=" + "/".join(",".join("1" * 9) for _ in range(9)), "out of range"),
        ("#board=<script>alert(1)</script>", "cannot read tile"),
        ("#board=%E2%91%A0,2/3,0", "cannot read tile"),
        ("#board=%FF%FE", "not valid text"),
        ("#algorithm=quantum", "unknown algorithm"),
        ("#heuristic=oracle", "unknown heuristic"),
        ("#weight=0.2", "weight"),
        ("#weight=nan", "weight"),
        ("#step=-3", "step"),
        ("#step=99999999999999999999", "step"),
        ("#step=%D9%A3", "step"),
        ("#challenge=0", "challenge '0' is not a number of moves"),
        ("#challenge=-3", "challenge"),
        ("#challenge=31.5", "challenge"),
        ("#challenge=%D9%A3", "challenge"),
        (f"#challenge={MAX_CHALLENGE + 1}", "no challenge"),
        ("#goal=fancy", "goal was not used"),
        ("#board=1,2/3,0&goal=1,2,3/4,5,6/7,8,0", "goal was not used"),
        ("#" + "x" * 5000, "too long"),
        ("#b=1,2,3/4,5,6/7,0,8&Algo=bfs", "nothing this page reads (algo, b)"),
    ],
)
def test_malformed_links_give_a_message_and_a_usable_state(fragment, words):
    state = parse_fragment(fragment)
    assert any(words in p for p in state.problems), state.problems
    assert isinstance(state.board, Board) and isinstance(state.goal, Board)
    assert (state.board.width, state.board.height) == (state.goal.width, state.goal.height)
    assert (state.algorithm is None or state.algorithm in ALGORITHMS) and (
        state.heuristic in HEURISTICS
    )
    assert 0 <= state.step <= MAX_LINK_STEP and 1 <= state.weight <= 100
    assert state.challenge is None
    for problem in state.problems:
        assert problem.isprintable() and len(problem) < 600


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    challenge=st.integers(1, MAX_CHALLENGE),
    algorithm=st.sampled_from([*ALGORITHMS, None]),
    step=st.integers(0, 50),
)
def test_a_challenge_round_trips_beside_every_other_key(seed, challenge, algorithm, step):
    board = random_board(4, 4, seed=seed)
    entrants = [Entrant.parse("astar:misplaced"), Entrant.parse("idastar:manhattan")]
    state = LinkState(
        board, Board.goal("standard", 4, 4), algorithm=algorithm, step=step, compare=entrants
    )
    state.challenge = challenge
    fragment = make_fragment(state)
    assert f"challenge={challenge}" in fragment.split("&")
    back = parse_fragment(fragment)
    assert back.problems == [] and back.challenge == challenge
    assert (back.board, back.algorithm, back.step, back.compare) == (
        board,
        algorithm,
        step,
        entrants,
    )
    state.challenge = None  # and without one, no key at all
    assert "challenge" not in make_fragment(state)
    assert parse_fragment(make_fragment(state)).challenge is None


def test_a_challenge_link_reads_as_documented():
    state = parse_fragment("#board=8,6,7/2,5,4/3,0,1&Challenge=31")
    assert state.problems == [] and state.challenge == 31
    assert state.board == Board.parse("8,6,7/2,5,4/3,0,1")
    assert parse_fragment("#challenge=31").problems == []  # a key this page reads


def test_unknown_keys_and_case_are_tolerated():
    state = parse_fragment("#BOARD=134 8b5 726&Goal=snail&theme=dark&future=1")
    assert state.problems == []
    assert state.board == Board.parse("134 8b5 726")
    assert state.goal == Board.goal("snail", 3, 3) and state.goal_name == "snail"


def test_empty_fragment_is_the_default_page():
    state = parse_fragment("")
    assert state.problems == [] and state.board == state.goal == Board.goal("standard", 3, 3)


# ----- the Lab view's experiment --------------------------------------------------------------


def _option_values(option):
    """Strategies for valid values of one experiment option (as parse returns them)."""
    if option.kind == "names":
        return st.lists(st.sampled_from(option.choices), min_size=1, unique=True)
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    if option.kind == "flag":
        return st.booleans()
    if option.kind == "size":
        return st.builds("{}x{}".format, st.integers(2, 8), st.integers(2, 8))
    low, high = int(option.minimum or 0), int(min(option.maximum or 10**6, 10**6))
    # mostly small counts: the lab refuses plans of more than MAX_SEARCHES searches
    numbers = st.integers(low, min(high, low + 20)) | st.integers(low, high)
    if option.kind == "moves":
        return st.none() | numbers
    if option.kind == "float":
        return st.floats(low, high, allow_nan=False)  # any float: links write them exactly
    return numbers


@st.composite
def _lab_links(draw):
    name = draw(st.sampled_from(list(lab.EXPERIMENTS)))
    options = {o.name: draw(_option_values(o)) for o in lab.EXPERIMENTS[name].options}
    try:
        lab.resolve(name, options)
    except PuzzleError:  # fine one by one, not together (tested below)
        assume(False)
    seed = draw(st.from_regex(r"[A-Za-z0-9_.-]{1,40}", fullmatch=True))
    return LabLink(name, options, seed)


@settings(max_examples=80, deadline=None)
@given(link=_lab_links())
def test_lab_settings_round_trip(link):
    state = LinkState(Board.goal("standard", 3, 3), Board.goal("standard", 3, 3), lab=link)
    back = parse_fragment("#" + make_fragment(state))
    assert back.problems == []
    assert back.lab is not None
    assert (back.lab.experiment, back.lab.seed) == (link.experiment, link.seed)
    assert back.lab.options == lab.resolve(link.experiment, link.options)


def test_lab_link_reads_the_documented_keys():
    state = parse_fragment(
        "#lab=RN&lab-seed=7&lab-per-depth=10&lab-max-depth=12&lab-heuristics=manhattan"
    )
    assert state.problems == []
    assert state.lab == LabLink(
        "rn",
        {**lab.EXPERIMENTS["rn"].defaults(), "per_depth": 10, "max_depth": 12,
         "heuristics": ["manhattan"]},
        "7",
    )  # fmt: skip
    # keys the experiment does not have are ignored, as the board's unknown keys are
    assert parse_fragment("#lab=kunkle&lab-per-depth=3&lab-colour=red").problems == []


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#lab=alchemy", "unknown experiment 'alchemy'"),
        ("#lab=%3Cscript%3E", "unknown experiment '<script>'"),
        ("#lab=rn&lab-per-depth=0", "per depth was not used"),
        ("#lab=rn&lab-per-depth=1e9", "per depth was not used"),
        ("#lab=rn&lab-per-depth=%D9%A3", "per depth was not used"),
        ("#lab=rn&lab-heuristics=manhattan,oracle", "unknown heuristic 'oracle'"),
        ("#lab=rn&lab-heuristics=", "heuristics was not used"),
        ("#lab=compare&lab-size=99x2", "size was not used"),
        ("#lab=compare&lab-algorithms=astar,magic", "unknown algorithm 'magic'"),
        ("#lab=compare&lab-weight=inf", "weight was not used"),
        ("#lab=nayak&lab-pdb=perhaps", "pdb was not used"),
        ("#lab=riggs&lab-walk=backwards", "walk was not used"),
        ("#lab=riggs&lab-seed=%3Cb%3E", "seed '<b>'"),
        ("#lab=riggs&lab-seed=" + "9" * 41, "seed"),
        ("#lab=rn&lab-per-depth=" + "9" * 400, "per depth was not used"),
        ("#lab=rn&lab-per-depth=" + "9" * 3900, "per depth was not used"),
        ("#lab=riggs&lab-moves=" + "9" * 400, "moves was not used"),
        ("#lab=rn&lab-min-depth=24&lab-max-depth=2", "--min-depth is larger than --max-depth"),
        ("#lab=rn&lab-min-depth=3&lab-max-depth=3", "no even depth from 3 to 3"),
        ("#lab=compare&lab-algorithms=human&lab-heuristics=pdb", "nothing to compare"),
        ("#lab=rn&lab-per-depth=10000&lab-heuristics=misplaced,manhattan", "at most 100,000"),
    ],
)
def test_malformed_lab_settings_give_a_message_and_the_default(fragment, words):
    state = parse_fragment(fragment)
    assert any(words in p for p in state.problems), state.problems
    if state.lab is not None:  # every option is usable: the defaults stand in for bad ones
        exp = lab.EXPERIMENTS[state.lab.experiment]
        assert set(state.lab.options) == {o.name for o in exp.options}
        assert state.lab.options == lab.resolve(exp.name, state.lab.options)
        assert state.lab.seed == "1" or "seed" not in fragment
    for problem in state.problems:
        assert problem.isprintable() and len(problem) < 600


_NUMBERS = st.integers().map(str) | st.integers(0, 10**600).map(str)
_ENTRANT = st.tuples(
    st.sampled_from([*ALGORITHMS, "x"]), st.sampled_from([*HEURISTICS, ""]), _NUMBERS
).map(lambda t: ":".join(t))
_TEXT = (
    st.text(max_size=40)
    | _NUMBERS
    | st.sampled_from(["rn", "kunkle", "riggs", "nayak", "compare"])
    | st.lists(_ENTRANT, max_size=6).map(",".join)
)
_KEYS = st.sampled_from(
    ["board", "goal", "algorithm", "heuristic", "weight", "step", "lab", "lab-seed", "compare"]
    + ["embed", "speed", "autoplay", "loop"]
    + [f"lab-{o.flag[2:]}" for e in lab.EXPERIMENTS.values() for o in e.options]
) | st.text(max_size=8)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(
    pairs=st.lists(st.tuples(_KEYS, _TEXT), max_size=8),
    encode=st.booleans(),
    junk=st.text(alphabet="%&=#+ \u0000\ud7ff\U0001f600", max_size=6),
)
def test_any_fragment_is_read_without_raising(pairs, encode, junk):
    from urllib.parse import quote

    fragment = "&".join(f"{k}={quote(v, safe='') if encode else v}" for k, v in pairs) + junk
    state = parse_fragment("#" + fragment)
    assert isinstance(state.board, Board)
    assert state.algorithm is None or state.algorithm in ALGORITHMS
    assert all(isinstance(p, str) and p.isprintable() for p in state.problems)
    assert len(state.problems) <= MAX_PROBLEMS and all(len(p) < 400 for p in state.problems)
    parse_fragment("#" + make_fragment(state))  # and what it writes, it reads


def test_a_link_without_lab_has_no_experiment():
    assert parse_fragment(EXAMPLE).lab is None
    assert "lab" not in make_fragment(parse_fragment(EXAMPLE))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(_ALL_ENTRANTS, key=Entrant.format)), min_size=2, max_size=4))
def test_compared_searches_round_trip(entrants):
    state = parse_fragment(EXAMPLE)
    state.compare = entrants
    fragment = make_fragment(state)
    again = parse_fragment(fragment)
    assert again.compare == entrants and not again.problems
    assert "%3A" not in fragment  # the searches stay readable in the link


def test_the_documented_compare_link_opens_those_searches():
    state = parse_fragment("#board=8,6,7/2,5,4/3,0,1&compare=astar:misplaced,astar:manhattan")
    assert [(e.algorithm, e.heuristic) for e in state.compare] == [
        ("astar", "misplaced"),
        ("astar", "manhattan"),
    ]
    assert not state.problems


@pytest.mark.parametrize(
    ("value", "kept", "words"),
    [
        ("astar:manhattan,foo:manhattan,bfs", 2, "unknown algorithm 'foo'"),
        ("astar:manhattan,astar:nope,greedy:misplaced", 2, "unknown heuristic 'nope'"),
        ("astar:manhattan,astar:manhattan:3,bfs", 2, "A* takes no weight"),
        ("wastar:manhattan:0.5,astar:manhattan,bfs", 2, "not a number from 1 to 100"),
        ("bfs,dfs,greedy:misplaced,astar,idastar:pdb", 4, "at most 4 searches"),
        ("astar:manhattan", 2, "comparing astar:misplaced,astar:manhattan instead"),
        ("a:b:c:d,", 2, "not algorithm:heuristic"),
    ],
)
def test_bad_compared_searches_are_left_out_with_a_message(value, kept, words):
    state = parse_fragment(f"#compare={value}")
    assert len(state.compare) == kept
    assert any(words in p for p in state.problems), state.problems


def test_many_bad_compared_searches_give_one_message_and_a_count():
    """Issue 35: a 3,997-character ``#compare=x,x,...`` gave 1,996 messages."""
    fragment = "compare=" + ",".join(["x"] * 1995)
    assert len(fragment) == 3_997
    state = parse_fragment("#" + fragment)
    assert len(state.compare) == 2  # the default comparison
    assert state.problems[0].startswith("the comparison left out 'x': unknown algorithm 'x'")
    assert state.problems[1] == "and 1,994 more searches it could not read"
    assert len(state.problems) == 3 and sum(len(p) for p in state.problems) < 400


@pytest.mark.parametrize("key", ["lab-heuristics", "lab-tie-break", "lab-goal", "lab-size"])
def test_a_long_bad_lab_setting_is_quoted_cut(key):
    state = parse_fragment(f"#lab=compare&{key}=" + "x" * 3000)
    assert len(state.problems) == 1 and len(state.problems[0]) < 250, state.problems
    assert "'xxxxxxxxxxxxxxxxxxxxxxxx...' (3,000 characters)" in state.problems[0]


def test_past_a_few_problems_a_link_counts_the_rest():
    keys = ["board", "goal", "algorithm", "heuristic", "weight", "step", "challenge", "mode"]
    state = parse_fragment("#" + "&".join(f"{key}=?" + "y" * 400 for key in keys))
    assert len(state.problems) == MAX_PROBLEMS
    assert state.problems[-1] == f"and {len(keys) - MAX_PROBLEMS + 1} more"
    assert "board" in state.problems[0]  # in the order of the link's keys


def test_a_link_without_compare_opens_no_comparison():
    assert parse_fragment(EXAMPLE).compare is None
    assert "compare" not in make_fragment(parse_fragment(EXAMPLE))


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("step", [0, 7])
def test_a_mode_round_trips_and_is_written_only_when_not_implied(mode, step):
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    state = LinkState(board, Board.goal("standard", 3, 3), step=step, mode=mode)
    fragment = make_fragment(state)
    assert ("mode=" in fragment) == (mode != implied_mode(state))
    assert opens(parse_fragment(fragment)) == mode


def test_what_a_link_carries_implies_its_mode():
    start = "board=8,6,7/2,5,4/3,0,1"
    assert opens(parse_fragment(start)) == Mode.PLAY
    assert opens(parse_fragment(f"{start}&step=3")) == Mode.STEP
    assert opens(parse_fragment(f"{start}&compare=astar:misplaced,astar:manhattan")) == Mode.COMPARE
    assert opens(parse_fragment(f"{start}&lab=rn")) == Mode.LAB
    assert opens(parse_fragment(f"{start}&step=3&MODE=Solve")) == Mode.SOLVE  # asked wins


def test_an_unknown_mode_is_said_and_the_implied_one_opens():
    state = parse_fragment("board=8,6,7/2,5,4/3,0,1&step=2&mode=dance")
    assert state.mode is None and opens(state) == Mode.STEP
    assert state.problems == ["unknown mode 'dance': choose one of play, solve, step, compare, lab"]


def test_every_mode_has_a_label_of_its_own():
    labels = [mode.label for mode in Mode]
    assert len(set(labels)) == len(Mode) and all(labels)


def test_a_link_to_an_unknown_experiment_still_opens_the_lab():
    state = parse_fragment("lab=nosuch&lab-seed=3")
    assert state.lab is None and opens(state) == Mode.LAB
    assert any("unknown experiment 'nosuch'" in p for p in state.problems)


@settings(max_examples=60, deadline=None)
@given(
    tie=st.sampled_from(list(TieBreak)),
    quiz=st.none()
    | st.builds(
        QuizLink,
        st.from_regex(r"[A-Za-z0-9_.-]{1,40}", fullmatch=True),
        st.integers(0, MAX_QUIZ_EXERCISE),
        st.sampled_from(DEPTHS),
    ),
    step=st.integers(0, 50),
)
def test_the_tie_break_and_the_quiz_round_trip(tie, quiz, step):
    board = Board.parse("8,6,7/2,5,4/3,0,1")
    state = LinkState(board, Board.goal("standard", 3, 3), step=step, tie_break=tie, quiz=quiz)
    back = parse_fragment(make_fragment(state))
    assert back.problems == []
    assert (back.tie_break, back.quiz, back.step) == (tie, quiz, step)


def test_the_tie_break_and_the_quiz_read_as_documented_and_defaults_are_not_written():
    state = parse_fragment(
        "board=8,6,7/2,5,4/3,0,1&tie-break=FIFO&quiz=on&quiz-seed=class-1&quiz-exercise=3"
        "&quiz-depth=10"
    )
    assert state.problems == []
    assert state.tie_break is TieBreak.FIFO
    assert state.quiz == QuizLink("class-1", 3, 10)
    assert opens(state) == Mode.STEP  # the quiz is Step through's
    plain = LinkState(Board.parse("8,6,7/2,5,4/3,0,1"), Board.goal("standard", 3, 3))
    assert "tie-break" not in make_fragment(plain) and "quiz" not in make_fragment(plain)
    plain.quiz = QuizLink()
    assert make_fragment(plain).endswith("&quiz=on")
    assert QuizLink().depth == DEFAULT_DEPTH
    assert parse_fragment("board=8,6,7/2,5,4/3,0,1&quiz=off&quiz-seed=9").quiz is None


@pytest.mark.parametrize(
    ("fragment", "words", "quiz"),
    [
        ("tie-break=oldest", "unknown tie-break 'oldest': choose one of high-g", None),
        ("quiz=maybe", "quiz 'maybe' is neither on nor off", QuizLink()),
        ("quiz=on&quiz-seed=a%20b", "the quiz's seed 'a b' is not 1 to 40", QuizLink()),
        ("quiz=on&quiz-exercise=-1", "exercise '-1' is not a whole number", QuizLink()),
        (f"quiz=on&quiz-exercise={MAX_QUIZ_EXERCISE + 1}", "is not a whole number", QuizLink()),
        ("quiz=on&quiz-depth=7", "the quiz's depth '7' is not one of 4, 6", QuizLink()),
        ("quiz=on&quiz-seed=ok&quiz-depth=x", "depth 'x'", QuizLink(seed="ok")),
    ],
)
def test_a_bad_tie_break_or_quiz_gives_a_message_and_the_default(fragment, words, quiz):
    state = parse_fragment(f"board=8,6,7/2,5,4/3,0,1&{fragment}")
    assert any(words in p for p in state.problems), state.problems
    assert state.tie_break is TieBreak.HIGH_G
    assert state.quiz == quiz


@settings(max_examples=60, deadline=None)
@given(
    embed=st.booleans(),
    speed=st.integers(PlayLink.MIN_SPEED, PlayLink.MAX_SPEED),
    autoplay=st.booleans(),
    loop=st.none() | st.tuples(st.integers(0, MAX_LINK_STEP - 1), st.integers(1, MAX_LINK_STEP)),
    step=st.integers(0, 50),
    mode=st.sampled_from([None, *Mode]),
)
def test_an_embedded_visualizer_round_trips_beside_the_rest(
    embed, speed, autoplay, loop, step, mode
):
    assume(loop is None or loop[0] < loop[1])
    board = random_board(3, 3, seed=step)
    play = PlayLink(speed, autoplay, loop)
    state = LinkState(board, Board.goal("standard", 3, 3), step=step, mode=mode)
    state.embed, state.play = embed, play
    back = parse_fragment("#" + make_fragment(state))
    assert back.problems == []
    assert (back.embed, back.play, back.step, back.board) == (embed, play, step, board)
    assert opens(back) == opens(state)


def test_an_embed_link_reads_as_documented():
    state = parse_fragment(
        "#board=1,3,4/8,0,5/7,2,6&goal=1,2,3/8,0,4/7,6,5&algorithm=astar&step=4&embed=1&speed=20"
        "&autoplay=1&loop=2-9"
    )
    assert state.problems == []
    assert state.embed and state.step == 4 and opens(state) == Mode.STEP
    assert state.play == PlayLink(speed=20, autoplay=True, loop=(2, 9))


def test_the_defaults_of_play_and_embed_are_not_written():
    state = parse_fragment("#board=1,3,4/8,0,5/7,2,6&goal=snail&embed=0&speed=8&autoplay=0")
    assert state.problems == [] and not state.embed and state.play == PlayLink()
    written = make_fragment(state)
    for key in ("embed", "speed", "autoplay", "loop"):
        assert f"{key}=" not in written


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#embed=yes", "embed 'yes' is not 1 (on) or 0 (off): embed is off"),
        ("#autoplay=true", "autoplay 'true' is not 1 (on) or 0 (off): autoplay is off"),
        ("#speed=0", "speed '0' is not a whole number of steps a second from 1 to 60"),
        ("#speed=61", "using 8"),
        ("#speed=2.5", "speed '2.5'"),
        ("#speed=%D9%A3", "speed"),
        ("#loop=9-3", "the first below the last"),
        ("#loop=4-4", "no loop"),
        ("#loop=3", "as in 'loop=10-30'"),
        ("#loop=-3-9", "no loop"),
        (f"#loop=0-{MAX_LINK_STEP + 1}", "from 0 to 1,000,000"),
        ("#loop=%D9%A3-%D9%A9", "no loop"),
    ],
)
def test_bad_play_and_embed_values_give_a_message_and_their_default(fragment, words):
    state = parse_fragment("#board=1,2,3/4,5,6/7,0,8&" + fragment[1:])
    assert any(words in p for p in state.problems), state.problems
    assert len(state.problems) == 1
    assert not state.embed and state.play == PlayLink()


def test_a_heuristic_of_yours_travels_in_the_link():
    source = "def h(tiles, goal, width, height):\n    # ünïcode too\n    return 0\n" * 40
    state = parse_fragment("board=1,2,3/4,5,6/7,0,8")
    state.heuristic, state.yours = "yours", source
    fragment = make_fragment(state)
    assert len(fragment) < len(source) / 4  # compact: repetitive code packs well
    back = parse_fragment(fragment)
    assert back.yours == source and back.heuristic == "yours" and back.problems == []


def test_a_bad_heuristic_in_a_link_gives_a_message():
    state = parse_fragment("heuristic=yours&yours=not-code")
    assert state.yours is None and state.heuristic == "manhattan"
    assert any("heuristic of yours was not used" in p for p in state.problems)
    state = parse_fragment("heuristic=yours")
    assert any("carries no code" in p for p in state.problems)
    long = parse_fragment("yours=" + "A" * (MAX_YOURS_LENGTH + 1))
    assert any("more than a link carries" in p for p in long.problems)
    bomb = encode_source("#" * 200_000)  # small in the link, too large unpacked
    assert len(bomb) < MAX_YOURS_LENGTH
    assert parse_fragment("yours=" + bomb).yours is None
