"""The searches: the engine every search shares (run, step, back), one module per family
(best-first in the engine, IDA*, the anytime search, the human-like search), IDA* split among
processes, and the solver that builds them from options. Imports core and heuristics only."""
