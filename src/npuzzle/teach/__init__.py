"""What a learner sees of a search: a step explained in sentences, the search tree, several
searches stepped in lockstep, and share links (the page's state in an address). The layer
above lab, whose options a link carries.

A share link opened at its step, and that step explained:

>>> from npuzzle import make_search
>>> from npuzzle.teach.explain import explain
>>> from npuzzle.teach.link import parse_fragment
>>> state = parse_fragment("board=1,3,4/8,0,5/7,2,6&goal=snail&step=2&heuristic=h9")
>>> state.problems
["unknown heuristic 'h9': using Manhattan distance"]
>>> search = make_search(state.board, state.goal, heuristic=state.heuristic)
>>> search.goto(state.step)
>>> for sentence in explain(search, search.last_step)[2:]:
...     print(sentence)
Tile 2 slides down: a duplicate, already known with g = 0 ≤ 2: dropped.
Tile 7 slides right: new, added to the open list with f = g + h = 2 + 6 = 8.
Tile 6 slides left: new, added to the open list with f = g + h = 2 + 4 = 6.
"""
