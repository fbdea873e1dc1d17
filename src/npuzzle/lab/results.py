"""An experiment's table: made from the rows of its searches, written as markdown, CSV or
JSON, with the data of its charts.

Any prefix of the rows makes a table, here the first two of Kunkle's six boards:

>>> from npuzzle.lab import runner
>>> options = {"heuristics": "manhattan"}
>>> rows = [runner.run_job(job) for job in list(runner.plan("kunkle", options))[:2]]
>>> result = summarize("kunkle", rows, options)
>>> print(result.to_markdown().splitlines()[0])
### kunkle: Kunkle's six boards: states examined and moves
>>> print(result.to_csv().splitlines()[2])
2,231 7b8 654,123 8b4 765,manhattan,14,14,70,70,121,RULDRDLLURULDR,RULDRDLLURULDR,True
>>> cell_text(20040.3), cell_text(True), cell_text(None)
('20,040.3', 'yes', '')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from npuzzle.lab.options import DEFAULT_SEED, Row
from npuzzle.lab.registry import experiment, resolve

__all__ = ["LabResult", "cell_text", "summarize"]


def summarize(
    name: str,
    rows: Iterable[Row],
    options: Mapping[str, Any] | None = None,
    seed: int | str = DEFAULT_SEED,
) -> LabResult:
    """The experiment's table from the rows of its jobs (all of them, or the first few)."""
    exp = experiment(name)
    opts = resolve(name, options)
    table = exp.summary(opts, list(rows))
    return LabResult(
        exp.name,
        exp.title,
        seed,
        opts,
        table.columns,
        table.rows,
        [*table.notes, f"seed {seed}"],
        table.charts,
    )


@dataclass
class LabResult:
    """An experiment's table: ``rows`` are plain dicts keyed by ``columns`` (``published_*``
    columns hold the paper's figure beside ours; ``None`` where it has none)."""

    experiment: str
    title: str
    seed: int | str
    options: dict[str, Any]
    columns: list[str]
    rows: list[Row]
    notes: list[str]
    chart_data: list[dict[str, Any]]

    def charts(self) -> list[dict[str, Any]]:
        """Plain data for charts: ``kind`` (``line`` or ``bar``), ``title``, axis names ``x``
        and ``y``, ``log_y``, and ``series`` of ``{"name", "points": [[x, y], ...],
        "published"}`` (published: the paper's figures)."""
        return self.chart_data

    def to_markdown(self) -> str:
        head = f"### {self.experiment}: {self.title}\n\n"
        lines = [
            "| " + " | ".join(self.columns) + " |",
            "|" + "|".join("---" for _ in self.columns) + "|",
        ]
        for row in self.rows:
            cells = (cell_text(row.get(c)).replace("|", "\\|") for c in self.columns)
            lines.append("| " + " | ".join(cells) + " |")
        notes = "".join(f"- {n}\n" for n in self.notes)
        return head + "\n".join(lines) + "\n" + (f"\n{notes}" if notes else "")

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        for row in self.rows:
            writer.writerow(["" if row.get(c) is None else row.get(c) for c in self.columns])
        return out.getvalue()

    def to_json(self) -> str:
        """The rows, as a JSON list of objects."""
        return json.dumps([{c: row.get(c) for c in self.columns} for row in self.rows])


def cell_text(value: Any) -> str:
    """A table cell as the markdown table and the page write it: 20,040.3; yes; empty for
    none (the summaries have rounded the numbers already)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:,}"
    return str(value)
