"""The searches: the engine every search shares (:mod:`.engine`: run, step, back; its records
in :mod:`.records`; a learner's search recorded up to a limit, then run on, :mod:`.recording`),
one module per family (:mod:`.bestfirst`, :mod:`.idastar`, :mod:`.anytime`, :mod:`.human`,
the last two made of phases, :mod:`.phased`), IDA* split among processes (:mod:`.split`,
:mod:`.parallel`), what each algorithm is (:mod:`.algorithms`) and the solver that builds them
from options (:mod:`.solver`). Imports core and heuristics only.

Every search steps forward and back through the same API it runs with:

>>> from npuzzle import Board, make_search
>>> search = make_search(Board.parse("134 8b5 726"), Board.goal("snail", 3, 3))
>>> step = search.step()  # expand the start: its four children join the open list
>>> step.node.f, [(child.node.move, str(child.outcome)) for child in step.children]
(6, [('U', 'added'), ('D', 'added'), ('L', 'added'), ('R', 'added')])
>>> search.step().node.move, search.open_size, search.closed_size
('D', 5, 2)
>>> search.back(), search.open_size  # the second step undone
(True, 4)
>>> search.run().result().moves, search.steps
('DRUULD', 7)
"""
