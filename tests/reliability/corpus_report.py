"""The hostile corpus run once and summed up: `python -m tests.reliability.corpus_report`.

The test (test_hostile_corpus.py) says pass or fail case by case; an issue's note wants the
whole picture: how many cases each area holds, how they ended (a clear refusal, a right
result, or what went wrong), the peak memory a case took above the forked parent and the
slowest cases. Run by hand, like the benchmarks; it judges each case as the test does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.reliability.forked import Outcome, preload, run_forked
from tests.reliability.hostile.case import Case
from tests.reliability.test_corpus import _snapshot
from tests.reliability.test_hostile_corpus import AREAS, MEMORY


def verdict(case: Case, outcome: Outcome, changed: bool) -> str:
    """What the test would say of this case: 'refused', 'answered' or the first failure."""
    if outcome.timed_out:
        return "hung"
    if outcome.signal is not None:
        return f"signal {outcome.signal}"
    if outcome.code != case.code:
        return f"exit {outcome.code}"
    if "Traceback" in outcome.err:
        return "traceback"
    if case.code == 2 and (len(outcome.err_lines) != 1 or case.match not in outcome.err):
        return "unclear error"
    if case.code == 2 and outcome.out:
        return "printed before failing"
    if case.code != 2 and case.match not in outcome.out + outcome.err:
        return "did not say it"
    if outcome.peak_growth >= MEMORY:
        return "memory"
    if outcome.leftovers:
        return "left processes"
    if changed:
        return "changed files"
    return "refused" if case.code == 2 else "answered"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--area", action="append", help="only these areas (traces, limits, ...)")
    parser.add_argument("--group", action="append", help="only cases whose group has this text")
    args = parser.parse_args(argv)
    areas = [a for a in AREAS if not args.area or a.__name__.rsplit(".", 1)[1] in args.area]
    with tempfile.TemporaryDirectory(prefix="hostile-") as name:
        folder = Path(name)
        for area in areas:
            area.make_files(folder)
        preload()
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        rows: list[tuple[str, Case, Outcome, str]] = []
        for area in areas:
            short = area.__name__.rsplit(".", 1)[1]
            for case in area.CASES:
                if args.group and not any(text in case.group for text in args.group):
                    continue
                before = _snapshot(folder)
                case_env = env | {k: v.format(folder=folder) for k, v in case.env}
                stdin = case.stdin if case.stdin.startswith("/") else folder / case.stdin
                outcome = run_forked(case.argv, cwd=folder, timeout=case.timeout,
                                     stdin=stdin, env=case_env)  # fmt: skip
                said = verdict(case, outcome, _snapshot(folder) != before)
                rows.append((short, case, outcome, said))
                print(f"\r{len(rows)} cases", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    print(f"{'area':<10}{'cases':>7}{'refused':>9}{'answered':>10}{'failed':>8}"
          f"{'peak MB (median / max)':>25}")  # fmt: skip
    if not rows:
        print("no case matches", file=sys.stderr)
        return 2
    for short in dict.fromkeys(row[0] for row in rows):
        mine = [row for row in rows if row[0] == short]
        said = Counter(row[3] for row in mine)
        peaks = [row[2].peak_growth / 2**20 for row in mine]
        failed = len(mine) - said["refused"] - said["answered"]
        print(f"{short:<10}{len(mine):>7}{said['refused']:>9}{said['answered']:>10}{failed:>8}"
              f"{statistics.median(peaks):>15.0f} / {max(peaks):>6.0f}")  # fmt: skip
    failures = [row for row in rows if row[3] not in ("refused", "answered")]
    for short, case, outcome, said in failures:
        print(f"FAILED {short} {case.group}: {said}: {' '.join(case.argv)}: "
              f"{outcome.err.strip()[-300:]!r}")  # fmt: skip
    slowest = sorted(rows, key=lambda row: -row[2].seconds)[:5]
    print("slowest: " + ", ".join(f"{r[1].group} {r[2].seconds:.1f} s" for r in slowest))
    print(f"{len(rows)} cases, {len(failures)} failed, peak growth at most "
          f"{max(r[2].peak_growth for r in rows) / 2**20:.0f} MB")  # fmt: skip
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
