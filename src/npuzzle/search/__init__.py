"""The searches: the engine every search shares (:mod:`.engine`: run, step, back; its records
in :mod:`.records`), one module per family (:mod:`.bestfirst`, :mod:`.idastar`,
:mod:`.anytime`, :mod:`.human`, the last two made of phases, :mod:`.phased`), IDA* split among
processes (:mod:`.split`, :mod:`.parallel`), what each algorithm is (:mod:`.algorithms`) and
the solver that builds them from options (:mod:`.solver`). Imports core and heuristics only."""
