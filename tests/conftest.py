"""Fixtures shared by the unit tests."""

from __future__ import annotations

import pytest
from oracles import SHARED


@pytest.fixture(scope="session")
def kunkle_pairs() -> list[tuple[str, str]]:
    path = SHARED / "reference" / "kunkle_tests.txt"
    lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    return list(zip(lines[::2], lines[1::2], strict=True))
