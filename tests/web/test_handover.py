"""The page's imports in short tasks (web/page/handover.py), in CPython: a stand-in clock
that each module advances as it runs, and a pause that records when it was made."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Clock:
    """Modules ``slow_a`` .. ``slow_e`` on sys.path, each 20 ms long on the clock (``slow_c``
    imports ``slow_d`` as it runs); the clock is ``handover_clock.CLOCK``."""
    clock = Clock()
    stand_in = type(sys)("handover_clock")
    stand_in.CLOCK = clock  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "handover_clock", stand_in)
    for name in "abcde":
        body = "import handover_clock\nhandover_clock.CLOCK.now += 0.02\n"
        if name == "c":
            body += "import slow_d\n"
        (tmp_path / f"slow_{name}.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in "abcde":
        monkeypatch.delitem(sys.modules, f"slow_{name}", raising=False)
    return clock


def test_a_pause_comes_once_the_budget_has_passed(web: Any, modules: Clock) -> None:
    handover = web.handover
    made: list[float] = []
    finder = handover.Pauses(lambda: made.append(modules.now), modules, budget=0.03)
    finder.find_spec("x")  # at once: no pause
    assert made == []
    modules.now += 0.029
    finder.find_spec("x")
    assert made == []
    modules.now += 0.001
    finder.find_spec("x")  # 30 ms since it was made
    assert made == [pytest.approx(100.03)]
    modules.now += 0.02
    finder.find_spec("x")  # 20 ms since the pause: the budget counts from there
    assert made == [pytest.approx(100.03)] and finder.count == 1


def test_imports_inside_pause_between_modules_and_the_finder_goes_after(
    web: Any, modules: Clock
) -> None:
    handover = web.handover
    made: list[str] = []

    def pause() -> None:
        made.append(",".join(sorted(n for n in sys.modules if n.startswith("slow_"))))

    before = list(sys.meta_path)
    with handover.short_imports(pause, lambda: True, modules) as pauses:
        assert sys.meta_path[0] is pauses  # asked before Python's own finders
        import slow_a  # noqa: F401
        import slow_b  # noqa: F401
        import slow_c  # noqa: F401
        import slow_e  # noqa: F401

        modules.now += 0.03  # what follows the imports, inside the with
    assert sys.meta_path == before
    # Each module takes 20 ms and the budget is 30 ms: a pause before slow_c (40 ms in), one
    # before slow_e (slow_d, which slow_c imports as it runs, took the 40 ms since), and one
    # on leaving, 50 ms after that (so that what the page does next is a task of its own).
    assert made == [
        "slow_a,slow_b",
        "slow_a,slow_b,slow_c,slow_d",
        "slow_a,slow_b,slow_c,slow_d,slow_e",
    ]
    assert pauses is not None and pauses.count == 3
    assert {"slow_a", "slow_b", "slow_c", "slow_d", "slow_e"} <= set(sys.modules)


def test_without_jspi_the_imports_run_in_one_go(web: Any, modules: Clock) -> None:
    handover = web.handover
    before = list(sys.meta_path)
    with handover.short_imports() as pauses:  # the stand-in pyodide.ffi: can_run_sync() False
        assert pauses is None and sys.meta_path == before
        import slow_a  # noqa: F401
    assert "slow_a" in sys.modules


def test_the_finder_goes_even_when_an_import_fails(web: Any) -> None:
    handover = web.handover
    before = list(sys.meta_path)
    with pytest.raises(ImportError), handover.short_imports(lambda: None, lambda: True):
        import no_such_module_here  # noqa: F401
    assert sys.meta_path == before
