"""The process pool behind --jobs: answers in the order asked, whatever the timing."""

from __future__ import annotations

import os
import time

import pytest

from npuzzle.search import parallel


def _late_for_small(n: int) -> tuple[int, int]:
    # the first items take longest, so a pool that yielded answers as they came would reorder
    time.sleep(0.05 * (4 - n))
    return n * n, os.getpid()


def test_answers_come_in_the_order_asked_from_several_processes():
    answers = list(parallel.ordered_map(_late_for_small, range(4), jobs=2))
    assert [a for a, _pid in answers] == [0, 1, 4, 9]
    pids = {pid for _a, pid in answers}
    assert os.getpid() not in pids and len(pids) == 2


def test_one_job_works_in_this_process():
    answers = list(parallel.ordered_map(_late_for_small, range(3), jobs=1))
    assert answers == [(0, os.getpid()), (1, os.getpid()), (4, os.getpid())]


@pytest.mark.parametrize("jobs", [0, -1, parallel.MAX_JOBS + 1])
def test_a_number_of_jobs_out_of_range_is_refused(jobs):
    with pytest.raises(ValueError, match="number of processes"):
        list(parallel.ordered_map(abs, [1], jobs=jobs))
