"""The glossary: every term the page shows has a plain explanation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from npuzzle.teach.glossary import GLOSSARY, define

ROOT = Path(__file__).resolve().parents[2]

# The terms issue 33 names as shown on the page without an explanation
PAGE_TERMS = (
    "open list",
    "closed list",
    "g",
    "h",
    "f",
    "expanded",
    "generated",
    "duplicate",
    "pruned",
    "reopened",
    "EBF",
    "largest open list",
    "iteration",
    "threshold",
    "admissible",
    "Workers",
)


@pytest.mark.parametrize("term", PAGE_TERMS)
def test_every_term_the_page_shows_is_explained(term: str) -> None:
    text = define(term)
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
    assert 1 <= len(sentences) <= 3
    assert text[0].isupper() or text[0] in "gf"  # "g + h: ..." starts with the term itself
    assert text.endswith(".")


def test_every_term_a_page_file_asks_for_is_in_the_glossary() -> None:
    """Terms the page's files name (data-term="..." in the page, term("...") in its views)."""
    asked = set()
    for path in [ROOT / "web" / "index.html", *sorted((ROOT / "web" / "page").glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        asked |= set(re.findall(r'data-term="([\w ]+)"', text))
        asked |= set(re.findall(r"\bterm_button\([^,]+, \"([^\"]+)\"", text))
    assert asked, "the page asks for no term"
    missing = [t for t in asked if t.casefold() not in {g.casefold() for g in GLOSSARY}]
    assert not missing


def test_terms_are_found_in_any_case_and_unknown_ones_are_refused() -> None:
    assert define("ebf") == define("EBF") == GLOSSARY["EBF"]
    with pytest.raises(KeyError):
        define("heuristic thingy")


def test_no_two_terms_share_an_explanation() -> None:
    assert len(set(GLOSSARY.values())) == len(GLOSSARY)
