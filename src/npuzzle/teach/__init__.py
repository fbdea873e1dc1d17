"""What a learner sees of a search: a step explained in sentences, the search tree, several
searches stepped in lockstep, and share links (the page's state in an address). The layer
above lab, whose options a link carries."""
