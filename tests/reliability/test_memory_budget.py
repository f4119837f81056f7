"""The memory budget (--max-memory, issue 31): searches that grew to gigabytes stop at it
with their partial result and one line saying why, and the memory each took is measured
(tests/reliability/forked.py: peak resident memory above the test process's) and held to
the budget it was given. What the budget cannot see coming (kernels loaded, Python's
own objects) leaves a little over: SLACK."""

from __future__ import annotations

import argparse
import re

import pytest
from puzzleviz.solvers import memory
from puzzleviz.solvers.tracefile import load_trace

from tests.reliability.forked import preload, run_forked

MB = 1 << 20
SLACK = 64 * MB


@pytest.fixture(scope="module", autouse=True)
def _warm():
    preload()


def _run(tmp_path, *argv: str):
    return run_forked(list(argv), cwd=tmp_path, timeout=300)


def test_a_search_that_keeps_every_node_stops_where_the_budget_is_full(tmp_path):
    """rings bfs with no node limit grew to 6 GB: its store holds what the budget allows."""
    outcome = _run(tmp_path, "solve", "rings", "--method", "bfs", "--shuffle", "3",
                   "--max-nodes", "0", "--max-memory", "256M")  # fmt: skip
    assert outcome.code == 2 and len(outcome.err_lines) == 1, outcome.err
    line = outcome.err_lines[0]
    assert "bfs found no solution in the" in line and "the memory budget of 256 MB holds" in line
    assert outcome.peak_growth < 256 * MB + SLACK, f"{outcome.peak_growth / MB:.0f} MB"


def test_a_trace_stops_at_the_budget_and_is_written_with_what_it_holds(tmp_path):
    """--max-events 1e8 takes 20 to 37 GB: the trace keeps what half the budget holds, the
    search runs to its end, and both say so."""
    trace = tmp_path / "all.pzt"
    outcome = _run(tmp_path, "solve", "cube", "--puzzle", "conway", "--all", "--node-limit",
                   "0", "--trace", str(trace), "--max-events", "1e8", "--max-memory", "200M",
                   "-q")  # fmt: skip
    assert outcome.code == 0, outcome.err
    assert "27,456 solutions" in outcome.out  # the whole search: only the trace is cut short
    assert "events are what the memory budget holds; --max-memory raises it" in outcome.out
    kept = load_trace(trace)
    assert kept.header.truncated and 0 < kept.n_events < 100_000_000
    assert f"({kept.n_events:,} events" in outcome.out
    assert outcome.peak_growth < 200 * MB + SLACK, f"{outcome.peak_growth / MB:.0f} MB"


def test_a_search_past_the_budget_is_stopped_and_says_where(tmp_path):
    """Memory no allocation announces is watched: the placements of a 64 x 64 digits
    frame outgrow 100 MB while the search prepares, and it stops there in one line."""
    frame = tmp_path / "huge.json"
    frame.write_text('{"name": "huge", "frame": {"width": 64, "height": 64}}')
    outcome = _run(tmp_path, "solve", "digits", "--puzzle", str(frame), "--max-memory", "100M")
    assert outcome.code == 2 and len(outcome.err_lines) == 1, outcome.err
    assert "the search reached its memory budget of 100 MB and stopped" in outcome.err
    assert outcome.peak_growth < 100 * MB + SLACK + 128 * MB, f"{outcome.peak_growth / MB:.0f} MB"


def test_work_that_cannot_fit_is_refused_before_it_starts(tmp_path):
    outcome = _run(tmp_path, "rings", "stats", "--config", "2/18/1/2", "--max-states", "2.5e9",
                   "--max-memory", "64M")  # fmt: skip
    assert outcome.code == 2 and len(outcome.err_lines) == 1
    assert re.search(r"the full BFS of 2/18/1/2's 2,333,606,220 states needs 8\d\d MB", outcome.err)
    assert "more than the memory budget of 64.0 MB (--max-memory raises it)" in outcome.err
    assert outcome.peak_growth < 64 * MB


@pytest.mark.parametrize(
    ("text", "size"),
    [("2G", 2 << 30), ("500M", 500 << 20), ("1.5 GiB", int(1.5 * (1 << 30))),
     ("3e9", 3 * 10**9), ("1_000_000_000", 10**9), ("0", 0), ("none", 0)],
)  # fmt: skip
def test_sizes_are_read_as_people_write_them(text, size):
    assert memory.parse_size(text) == size


@pytest.mark.parametrize("text", ["abc", "-1G", "1k", "nan", "inf", "200%", "0%", "1e30", ""])
def test_a_size_that_is_no_budget_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError):
        memory.parse_size(text)


def test_a_share_is_of_the_memory_available_now():
    available = memory.available()
    assert available is not None
    assert abs(memory.parse_size("25%") - available / 4) < available / 50


def test_the_default_budget_is_said_in_the_help_and_keeps_within_the_process_limits():
    assert "default: half the memory available" in memory.help_text()
    budget = memory.default_budget()
    available = memory.available()
    assert budget is not None and available is not None
    assert memory.SMALLEST <= budget <= available // 2 + 1
