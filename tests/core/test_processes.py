"""Child processes that stop with their parent, and the signals that stop the parent."""

from __future__ import annotations

import os
import signal

import pytest

from npuzzle.core import processes


def test_within_a_stopping_signal_is_stopped_and_the_handlers_come_back():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(processes.Stopped) as stopped, processes.stopping_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(10**6):  # the handler runs between two bytecodes
            pass
    assert stopped.value.signum == signal.SIGTERM and stopped.value.name == "SIGTERM"
    assert isinstance(stopped.value, KeyboardInterrupt)  # what a Ctrl+C's cleanup catches
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_signal_ignored_from_the_start_stays_ignored(monkeypatch):
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as nohup starts a command
    try:
        with processes.stopping_on_signals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    finally:
        signal.signal(signal.SIGHUP, before)


def _handlers(_item: int) -> tuple[object, object]:
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


def test_children_ignore_ctrl_c_and_die_of_the_others():
    with processes.stopping_on_signals(), processes.pool(2) as workers:
        assert set(workers.map(_handlers, range(4))) == {(signal.SIG_IGN, signal.SIG_DFL)}
