"""The documentation holds: every ``>>>`` example in README.md and docs/*.md runs, and every
relative link in them points at a file that exists (and at a heading that exists, for the
``#...`` part), as GitHub renders them."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NAMES = [str(p.relative_to(ROOT)) for p in DOCS]

FENCE = re.compile(r"^\s*(```|~~~)")
# [text](target) and ![alt](target); a target has no spaces (a title after one is dropped)
LINK = re.compile(r"!?\[(?:[^\]`]|`[^`]*`)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"`+[^`]*`+")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto:, ...
DOTTED = re.compile(r"\bnpuzzle(?:\.[A-Za-z_]\w*)+")
# paths of the repository that code spans name
PATH = re.compile(r"\b(?:src|tests|benchmarks|scripts|web|buildsite|typings)/[\w./*-]*[\w*]")
NOT_NAMES = {"npuzzle.zip"}  # the site's zip of the package, a file


def prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a markdown text outside fenced code blocks, with their numbers."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text lower-cased, markup and punctuation dropped
    (letters, digits, ``_``, ``-`` and spaces stay), spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text stays
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in a markdown text; a repeated one gets ``-1``, ``-2``, ... as on
    GitHub."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose_lines(text):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[tuple[int, str]]:
    """The targets of the links of a markdown text, with their lines; code is not prose, so
    links in fenced blocks and in code spans are left out."""
    found = []
    for number, line in prose_lines(text):
        for match in LINK.finditer(CODE_SPAN.sub("", line)):
            found.append((number, match.group(1)))
    return found


def broken_links(path: Path) -> list[str]:
    """Every relative link of the markdown file ``path`` whose file or heading is missing."""
    problems = []
    for line, target in links(path.read_text(encoding="utf-8")):
        if EXTERNAL.match(target):
            continue
        file_part, _, anchor = target.partition("#")
        where = (path.parent / file_part).resolve() if file_part else path
        if not where.exists():
            problems.append(f"{path.name}:{line}: {target}: no file {file_part}")
        elif anchor and where.suffix == ".md":
            if anchor not in anchors(where.read_text(encoding="utf-8")):
                problems.append(f"{path.name}:{line}: {target}: no heading #{anchor}")
        elif anchor and where.is_dir():
            problems.append(f"{path.name}:{line}: {target}: an anchor in a folder")
    return problems


def code_spans(text: str) -> list[tuple[int, str]]:
    """The inline code of a markdown text's prose, with its lines."""
    return [(n, m) for n, line in prose_lines(text) for m in CODE_SPAN.findall(line)]


def resolves(dotted: str) -> bool:
    """Whether ``npuzzle.a.b.c`` names something: the longest importable module, then
    attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def unknown_names(path: Path) -> list[str]:
    """The package's dotted names and the repository's paths a document's code spans name
    that do not exist."""
    problems = []
    for line, span in code_spans(path.read_text(encoding="utf-8")):
        for name in DOTTED.findall(span):
            if name not in NOT_NAMES and not resolves(name):
                problems.append(f"{path.name}:{line}: {name}")
        for where in PATH.findall(span):
            if "NAME" not in where and not any(ROOT.glob(where)):  # a glob: test_*.py
                problems.append(f"{path.name}:{line}: {where}")
    return problems


@pytest.mark.parametrize("path", DOCS, ids=NAMES)
def test_examples_run(path: Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_docs_have_examples() -> None:
    def attempted(path: Path) -> int:
        parser = doctest.DocTestParser()
        test = parser.get_doctest(path.read_text(encoding="utf-8"), {}, path.name, None, 0)
        return len(test.examples)

    counts = {p.name: attempted(p) for p in DOCS}
    assert counts["README.md"] >= 2
    assert counts["library.md"] >= 20
    assert counts["lab.md"] >= 3


@pytest.mark.parametrize("path", DOCS, ids=NAMES)
def test_relative_links_point_at_what_exists(path: Path) -> None:
    assert broken_links(path) == []


@pytest.mark.parametrize("path", DOCS, ids=NAMES)
def test_named_modules_and_files_exist(path: Path) -> None:
    assert unknown_names(path) == []


def test_a_wrong_name_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "`npuzzle.search.solver.make_search` `npuzzle.core.board.Board.parse` "
        "`src/npuzzle/core/board.py`\n"
        "`npuzzle.search.nowhere` `npuzzle.core.board.Nothing` `src/npuzzle/board.py` "
        "`npuzzle.zip`\n",
        encoding="utf-8",
    )
    assert [p.split(": ")[1] for p in unknown_names(page)] == [
        "npuzzle.search.nowhere",
        "npuzzle.core.board.Nothing",
        "src/npuzzle/board.py",
    ]


def test_the_docs_are_linked_from_the_readme() -> None:
    readme = {target.partition("#")[0] for _, target in links(DOCS[0].read_text("utf-8"))}
    missing = [str(p.relative_to(ROOT)) for p in DOCS[1:] if str(p.relative_to(ROOT)) not in readme]
    assert missing == []


def test_readme_is_a_front_door() -> None:
    assert len(DOCS[0].read_text(encoding="utf-8").splitlines()) <= 200


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading\n\n## Twice\n\n## Twice\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n"
        "[ok](there.md) [ok](there.md#a-heading) [ok](there.md#twice-1) [ok](#page)\n"
        "[gone](missing.md) [no anchor](there.md#nowhere) [self](#nothing)\n"
        "![image](missing.png) [web](https://example.org/x.md) `[code](nowhere.md)`\n"
        "```\n[fenced](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    found = broken_links(page)
    assert [p.split(": ")[1] for p in found] == [
        "missing.md",
        "there.md#nowhere",
        "#nothing",
        "missing.png",
    ]


def test_slugs_are_githubs() -> None:
    assert slug("Opening at once: what runs where") == "opening-at-once-what-runs-where"
    assert slug("Pattern databases (`pdb`)") == "pattern-databases-pdb"
    assert slug("Experiments (npuzzle lab)") == "experiments-npuzzle-lab"
    assert slug("Add a [view](architecture.md)") == "add-a-view"
    assert slug("1. Solve, from click to answer") == "1-solve-from-click-to-answer"


def test_code_is_not_taken_for_headings_or_links() -> None:
    text = "# Title\n\n```\n#board=1,2,3\n[x](y.md)\n```\n\n## Title\n"
    assert anchors(text) == {"title", "title-1"}
    assert links(text) == []
