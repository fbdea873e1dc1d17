"""The published figures the experiments of :mod:`npuzzle.lab` are printed beside.

Copied from the papers (the installed package cannot read them): Russell & Norvig's A* table
(AIMA, as quoted by Navani, Kowalyshyn & Hameed), Kunkle 2001, Riggs 2018 and Nayak & Huang.
Plain data only; nothing here is computed.
"""

from __future__ import annotations

__all__ = [
    "KUNKLE_CAP",
    "KUNKLE_TESTS",
    "NAYAK",
    "RIGGS",
    "RIGGS_HEURISTICS",
    "RN",
    "RN_HEURISTICS",
]

#: Russell & Norvig, A* on the 8-puzzle, 100 boards per even depth (goal ``b12 345 678``):
#: depth -> (nodes generated with h1, with h2, b* with h1, b* with h2)
RN: dict[int, tuple[int, int, float, float]] = {
    2: (6, 6, 1.79, 1.79),
    4: (13, 12, 1.48, 1.45),
    6: (20, 18, 1.34, 1.30),
    8: (39, 25, 1.33, 1.24),
    10: (93, 39, 1.38, 1.22),
    12: (227, 73, 1.42, 1.24),
    14: (539, 113, 1.44, 1.23),
    16: (1301, 211, 1.45, 1.25),
    18: (3056, 363, 1.46, 1.26),
    20: (7276, 676, 1.47, 1.27),
    22: (18094, 1219, 1.48, 1.28),
    24: (39135, 1641, 1.48, 1.26),
}
#: our heuristic -> its column in :data:`RN` (h1: misplaced tiles, h2: Manhattan)
RN_HEURISTICS = {"misplaced": 0, "manhattan": 1}

#: Kunkle's examinations stopped here: his blind search never solved test 6
KUNKLE_CAP = 100_000

#: Kunkle's tests.txt: (start, goal, optimal length, {heuristic: (states examined, moves)});
#: ``None`` where his search gave up at the cap
KUNKLE_TESTS: tuple[tuple[str, str, int, dict[str, tuple[int | None, str | None]]], ...] = (
    (
        "134 8b5 726",
        "123 8b4 765",
        6,
        {"blind": (69, "DRUULD"), "manhattan": (6, "DRUULD"), "reversal": (6, "DRUULD")},
    ),
    (
        "231 7b8 654",
        "123 8b4 765",
        14,
        {
            "blind": (3685, "RULDRDLLURULDR"),
            "manhattan": (70, "RULDRDLLURULDR"),
            "reversal": (61, "RULDRDLLURULDR"),
        },
    ),
    (
        "231 8b4 765",
        "123 8b4 765",
        16,
        {
            "blind": (9137, "ULDRURDLLURDRULD"),
            "manhattan": (292, "RULLDRRULDLURRDL"),
            "reversal": (257, "RULLDRRULDLURRDL"),
        },
    ),
    (
        "123 8b4 765",
        "231 8b4 765",
        16,
        {
            "blind": (9137, "URDLULDRRULDLURD"),
            "manhattan": (292, "LURRDLLURDRULLDR"),
            "reversal": (257, "LURRDLLURDRULLDR"),
        },
    ),
    (
        "283 1b4 765",
        "123 8b4 765",
        4,
        {"blind": (21, "ULDR"), "manhattan": (4, "ULDR"), "reversal": (4, "ULDR")},
    ),
    (
        "876 1b5 234",
        "123 8b4 765",
        28,
        {
            "blind": (None, None),
            "manhattan": (10804, "DLURRDLUURDDLUULDDRUULDRRULD"),
            "reversal": (9176, "DLURRDLUURDDLUULDDRUULDRRULD"),
        },
    ),
)

#: Riggs's names of our heuristics
RIGGS_HEURISTICS = {"misplaced": "h1", "manhattan": "h2", "linear-conflict": "h3"}

#: Riggs, 100 boards: (statistic, his heuristic) -> (mean, median, min, max, standard deviation).
#: V = nodes expanded, N = nodes stored, d = depth, b = N^(1/d).
RIGGS: dict[tuple[str, str], tuple[float, float, float, float, float]] = {
    ("V", "h1"): (4947.63, 1588.5, 8, 40083, 7568.561),
    ("V", "h2"): (411.2, 183, 6, 2999, 570.9062),
    ("V", "h3"): (272.09, 118.5, 6, 1971, 367.7267),
    ("N", "h1"): (7753.52, 2547, 16, 59868, 11537.83),
    ("N", "h2"): (660.64, 311.5, 13, 4716, 898.8971),
    ("N", "h3"): (446.7, 199, 13, 3125, 590.1155),
    ("d", "h1"): (18.1, 18, 6, 26, 4.844032),
    ("d", "h2"): (18.1, 18, 6, 26, 4.844032),
    ("d", "h3"): (18.1, 18, 6, 26, 4.844032),
    ("b", "h1"): (1.518566, 1.51575, 1.43097, 1.70998, 0.032329),
    ("b", "h2"): (1.367008, 1.364635, 1.24679, 1.61887, 0.054951),
    ("b", "h3"): (1.345752, 1.338465, 1.23397, 1.61887, 0.057415),
}

#: Nayak & Huang, averages over random boards (A* on the 4x4: 10 boards):
#: (size, algorithm) -> (their "nodes expanded", their "nodes explored", moves)
NAYAK: dict[tuple[str, str], tuple[int, int, int]] = {
    ("3x3", "bfs"): (137_255, 102_631, 22),
    ("3x3", "astar"): (1_446, 911, 22),
    ("3x3", "greedy"): (420, 243, 64),
    ("3x3", "human"): (478, 288, 30),
    ("4x4", "astar"): (3_523_100, 2_272_498, 47),
    ("4x4", "greedy"): (5_409, 2_594, 259),
    ("4x4", "human"): (40_935, 19_308, 81),
    ("5x5", "greedy"): (38_780, 17_043, 618),
    ("5x5", "human"): (860_126, 355_714, 189),
}
