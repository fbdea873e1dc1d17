"""The figures the papers report: effective branching factor in both of its forms; and a
number written short when that reads back exactly (:func:`exact_number`: weights in links,
labels and the lab's options).

A search that generated 1,000 nodes to find a 10-move solution:

>>> round(ebf_simple(1000, 10), 3), round(ebf_exact(1000, 10), 3)
(1.995, 1.846)
>>> ebf_exact(1000, 0) is None
True
"""

from __future__ import annotations

__all__ = ["ebf_exact", "ebf_simple", "exact_number"]


def ebf_simple(generated: int, depth: int) -> float | None:
    """Riggs's ``b = N^(1/d)``; ``None`` at depth 0."""
    if depth <= 0 or generated <= 0:
        return None
    return float(generated ** (1.0 / depth))


def ebf_exact(generated: float, depth: int, *, tolerance: float = 1e-12) -> float | None:
    """The ``b*`` of Russell & Norvig: the root of ``N + 1 = 1 + b + b^2 + … + b^d``.

    ``N`` is the number of nodes generated and ``d`` the solution depth. The right-hand side
    grows monotonically with ``b > 0``, so bisection finds the unique positive root.
    ``None`` at depth 0 (no branching to speak of).
    """
    if depth <= 0 or generated <= 0:
        return None

    def total(b: float) -> float:
        # b + b^2 + ... + b^d, evaluated by Horner's rule
        acc = 0.0
        for _ in range(depth):
            acc = (acc + 1.0) * b
        return acc

    lo, hi = 0.0, max(1.0, float(generated))
    while hi - lo > tolerance * max(1.0, hi):
        mid = (lo + hi) / 2
        if total(mid) < generated:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def exact_number(x: float) -> str:
    """``x`` written short when that reads back exactly (``3``, ``2.5``), else in full.

    >>> exact_number(3.0), exact_number(95.38478784269591)
    ('3', '95.38478784269591')
    """
    short = f"{x:g}"
    return short if float(short) == x else repr(float(x))
