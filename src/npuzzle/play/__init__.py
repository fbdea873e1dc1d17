"""A player's side: a game of moves with undo and redo, and hints. Imports core, heuristics and
search only."""
