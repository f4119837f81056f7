r"""Our Sudoku Explainer rating against SE 1.2.1 itself (issue 35), band by band.

The peer: Sudoku Explainer 1.2.1's jar (the copy kept in denis-berthier/CSP-Rules-V2.1 at
XTERNS/SER/SudokuExplainer.jar), run with Debian's Java as `java -cp JAR
diuf.sudoku.test.serate --format="%r"`, fed one puzzle at a time on its standard input so
that a puzzle SE cannot rate within --se-timeout seconds is dropped (SE spends minutes on
the nested forcing chains of the hardest famous puzzles) and the next one goes on.
It is found in $SE_JAR, else /work/peers/se/SudokuExplainer.jar.

The puzzles: our generator's minimal puzzles (seeds 0..--generated-1, mostly the easy
band), and the files of assets/puzzles/sudoku (generated_hard, hodoku_extreme: HoDoKu's
own EXTREME puzzles, examples, famous_hard: top95 and the published hardest), in that
order. Ours is `rate_puzzle(puzzle).se`, the number the JSON's `rating.se` holds (a solve,
then SE's walk, solvers.sudoku.se).

Targets: exact on >= 97% of SE <= 6.6; within 0.1 on >= 80% of 6.7-8.9; within 0.2 on
>= 75% of SE >= 9.0.

    .venv/bin/python benchmarks/sudoku.py --se [--generated 800] [--se-timeout 90]
                                               [--files NAME ...] [--show-misses]
"""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from puzzleviz.solvers.sudoku.generate import generate
from puzzleviz.solvers.sudoku.parse import Puzzle, read_puzzles
from puzzleviz.solvers.sudoku.rated import rate_puzzle

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles" / "sudoku"
FILES = ("generated_hard", "hodoku_extreme", "examples", "famous_hard")
BANDS = (("SE <= 6.6", 0.0, 6.65, 0.0, 0.97), ("6.7 - 8.9", 6.65, 8.95, 0.1, 0.80),
         ("SE >= 9.0", 8.95, 99.0, 0.2, 0.75))  # fmt: skip


def se_jar() -> Path | None:
    given = os.environ.get("SE_JAR")
    path = Path(given) if given else Path("/work/peers/se/SudokuExplainer.jar")
    return path if path.is_file() else None


def grid_line(puzzle: Puzzle) -> str:
    return "".join(str(int(v)) if v else "." for v in puzzle.givens)


class SudokuExplainer:
    """SE's serate as a long-lived child, one puzzle in, one rating out, restarted after
    a puzzle it does not finish in time."""

    def __init__(self, jar: Path, timeout: float):
        self.jar, self.timeout = jar, timeout
        self.child: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str] = queue.Queue()

    def _start(self) -> subprocess.Popen[str]:
        java = shutil.which("java") or "java"
        child = subprocess.Popen(
            [java, "-cp", str(self.jar), "diuf.sudoku.test.serate", "--format=%r", "--input=-"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        lines = self.lines

        def pump(out=child.stdout) -> None:  # type: ignore[no-untyped-def]
            for line in out:
                lines.put(line.strip())

        threading.Thread(target=pump, daemon=True).start()
        return child

    def rate(self, line: str) -> tuple[float | None, float]:
        """SE's rating of one puzzle line and the wall time it took (None: timed out)."""
        if self.child is None or self.child.poll() is not None:
            self.child = self._start()
        assert self.child.stdin is not None
        start = time.perf_counter()
        self.child.stdin.write(line + "\n")
        self.child.stdin.flush()
        try:
            answer = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            self.close()
            return None, time.perf_counter() - start
        return float(answer), time.perf_counter() - start

    def close(self) -> None:
        if self.child is not None:
            self.child.kill()
            self.child.wait()
            self.child = None
            self.lines = queue.Queue()


def puzzle_set(generated: int, files: tuple[str, ...]) -> Iterator[tuple[str, Puzzle]]:
    for seed in range(generated):
        yield "generated", generate(3, seed)
    for name in files:
        for puzzle in read_puzzles(ASSETS / f"{name}.txt"):
            if puzzle.b == 3:
                yield name, puzzle


def run(generated: int, timeout: float, files: tuple[str, ...], show_misses: bool) -> int:
    jar = se_jar()
    if jar is None:
        print("Sudoku Explainer's jar not found ($SE_JAR, /work/peers/se/SudokuExplainer.jar);"
              " see this script's docstring")  # fmt: skip
        return 1
    rate_puzzle(generate(3, 0))  # numba warmed up
    peer = SudokuExplainer(jar, timeout)
    rows: list[tuple[str, float, float, float, float]] = []  # source, theirs, ours, times
    dropped: dict[str, int] = {}
    try:
        for k, (source, puzzle) in enumerate(puzzle_set(generated, files)):
            theirs, their_time = peer.rate(grid_line(puzzle))
            if theirs is None:
                dropped[source] = dropped.get(source, 0) + 1
                continue
            start = time.process_time()
            ours = rate_puzzle(puzzle).se
            rows.append((source, theirs, ours, their_time, time.process_time() - start))
            if show_misses and abs(ours - theirs) > 0.05:
                print(f"  {source:15s} SE {theirs:4.1f} ours {ours:4.1f}  {grid_line(puzzle)}")
            if k % 100 == 99:
                print(f"  ... {k + 1} puzzles", flush=True)
    finally:
        peer.close()
    report(rows, dropped, timeout)
    return 0


def report(rows, dropped: dict[str, int], timeout: float) -> None:  # type: ignore[no-untyped-def]
    sources = sorted({r[0] for r in rows})
    print(f"\n{len(rows)} puzzles rated by both: "
          + ", ".join(f"{s} {sum(r[0] == s for r in rows)}" for s in sources))  # fmt: skip
    if dropped:
        print(f"SE did not finish within {timeout:.0f} s (left out): "
              + ", ".join(f"{s} {n}" for s, n in sorted(dropped.items())))  # fmt: skip
    print("| band | puzzles | exact | within 0.1 | within 0.2 | target | SE time | ours | ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, low, high, tolerance, goal in BANDS:
        band = [r for r in rows if low < r[1] <= high or (low == 0.0 and r[1] <= high)]
        if not band:
            print(f"| {name} | 0 | | | | | | | |")
            continue
        n = len(band)
        within = [sum(abs(r[2] - r[1]) <= t + 1e-9 for r in band) / n for t in (0.0, 0.1, 0.2)]
        reached = {0.0: within[0], 0.1: within[1], 0.2: within[2]}[tolerance]
        theirs, ours = sum(r[3] for r in band), sum(r[4] for r in band)
        verdict = "met" if reached >= goal else "missed"
        print(f"| {name} | {n} | {within[0]:.0%} | {within[1]:.0%} | {within[2]:.0%} | "
              f"{goal:.0%} {'exact' if not tolerance else f'within {tolerance}'}: {verdict} | "
              f"{theirs:.1f} s | {ours:.1f} s | {theirs / max(ours, 1e-9):.1f}x |")  # fmt: skip
    higher = sum(r[2] > r[1] + 1e-9 for r in rows)
    lower = sum(r[2] < r[1] - 1e-9 for r in rows)
    print(f"ours higher than SE on {higher}, lower on {lower} of {len(rows)}")
