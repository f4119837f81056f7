"""Files and invocations from anyone (issue 31): every case of the hostile corpus ends with
exit code 2 and one line on stderr naming what is wrong, no traceback, nothing on stdout,
every file it found exactly as it was, under 1 GB of memory, within its deadline, and no
process of its own left behind. Each case runs as its own forked process
(tests/reliability/forked.py), so a crash or a hang is an outcome, not the end of the run."""

from __future__ import annotations

import importlib
import os
import pkgutil
from pathlib import Path

import pytest

from tests.reliability import hostile
from tests.reliability.forked import preload, run_forked
from tests.reliability.hostile.case import Case
from tests.reliability.test_corpus import _snapshot

MEMORY = 1 << 30  # bytes a case may take above the test process
MINIMUM_CASES = 400

AREAS = [
    importlib.import_module(f"{hostile.__name__}.{info.name}")
    for info in pkgutil.iter_modules(hostile.__path__)
    if info.name != "case"
]
CASES: list[Case] = [case for area in AREAS for case in area.CASES]


@pytest.fixture(scope="module")
def hostile_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for area in AREAS:
        area.make_files(folder)
    preload()
    return folder


def test_the_corpus_is_large():
    assert len(CASES) >= MINIMUM_CASES, f"{len(CASES)} cases"


@pytest.mark.parametrize("case", CASES, ids=[f"{c.group}-{i}" for i, c in enumerate(CASES)])
def test_a_hostile_input_is_one_clear_line_and_harms_nothing(hostile_folder, case):
    before = _snapshot(hostile_folder)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update((name, value.format(folder=hostile_folder)) for name, value in case.env)
    outcome = run_forked(case.argv, cwd=hostile_folder, timeout=case.timeout,
                         stdin=hostile_folder / case.stdin if not case.stdin.startswith("/")
                         else case.stdin, env=env)  # fmt: skip
    shown = f"{' '.join(case.argv)}: {outcome.err[-600:]!r}"
    assert not outcome.timed_out, f"hung past {case.timeout:g} s: {shown}"
    assert outcome.signal is None, f"killed by signal {outcome.signal}: {shown}"
    assert outcome.code == case.code, f"exit {outcome.code}: {shown}"
    assert "Traceback" not in outcome.err, shown
    if case.code == 2:
        assert len(outcome.err_lines) == 1, shown
        assert case.match in outcome.err_lines[0], f"{case.match!r} not said: {shown}"
        assert outcome.out == "", f"printed {outcome.out[:200]!r} before failing: {shown}"
    else:  # a case that succeeds may still have to say something (a cache rebuilt)
        assert case.match in outcome.out + outcome.err, f"{case.match!r} not said: {shown}"
    assert outcome.peak_growth < MEMORY, f"{outcome.peak_growth >> 20} MB: {shown}"
    assert outcome.leftovers == 0, f"{outcome.leftovers} processes left behind: {shown}"
    assert _snapshot(hostile_folder) == before, f"files changed: {shown}"
