r"""The disassembler against BurrTools' `burrTxt -d` (issue 36), on BurrTools' cube-grid
example files and the shipped cube puzzles.

Per file, whole process, CPU seconds (user + system) of the child, the least of REPEAT runs:
- BurrTools: `burrTxt -d FILE` (solve, then take every assembly apart; it prints a level per
  solution and "N assemblies and M solutions found");
- ours: `puzzleviz solve cube --puzzle FILE --classes --disassemble --json OUT` (the same
  classes; assemblies, solutions and levels from the JSON), and the seconds our disassembly
  itself took (its line in the output).
Counts and levels are compared; a file we refuse says so. A file with several problems is
run once per problem (ours `--problem N`, BurrTools `-o N-1`). Our runs follow one untimed
run that fills numba's cache and Python's bytecode cache (a user's second run). The
examples are BurrTools' cube-grid examples (every file of its examples/ folder whose
gridType is 0), copied to tests/solvers/burrtools.

BurrTools is found as in benchmarks/cube.py ($BURRTOOLS_BIN, PATH, /work/peers/bin; its
docstring says how to build burrTxt from upstream).

    .venv/bin/python benchmarks/disassembly.py [FILE.xmpuzzle ...]
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cube import burrtools_bin, run_child

ROOT = Path(__file__).parents[1]
EXAMPLES = sorted((ROOT / "tests" / "solvers" / "burrtools").glob("*.xmpuzzle"))
REPEAT = 3  # runs of each side, the least CPU time kept (the shared machine's load varies)
# a user's second run also finds Python's bytecode cached (as benchmarks/cube.py): written
# to a temporary folder even where PYTHONDONTWRITEBYTECODE is set; numba's cache is the
# user's own (filled by the untimed first run of each file)
ENV = dict(os.environ, PYTHONPYCACHEPREFIX=tempfile.mkdtemp(prefix="puzzleviz-bench-pycache-"))
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
SHIPPED = [ROOT / "assets" / "puzzles" / "cube" / f"{n}.xmpuzzle"
           for n in ("fakocka", "slothouber-graatsma", "soma", "conway", "loves-dozen",
                     "computers-choice-unique-10")]  # fmt: skip


def problems(path: Path) -> int:
    """How many problems the file holds."""
    from puzzleviz.solvers.cube.xmpuzzle import problem_names, read_xml

    return len(problem_names(read_xml(path)))


def ours(path: Path, problem: int = 1) -> tuple[float, dict | None, float | None, str]:
    """(CPU s, JSON or None, our disassembly's own seconds, error line)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.json"
        argv = [sys.executable, "-m", "puzzleviz.viz.cli", "solve", "cube", "--puzzle",
                str(path), "--problem", str(problem), "--classes", "--disassemble", "--json",
                str(out)]  # fmt: skip
        try:
            subprocess.run(argv, capture_output=True, check=True, env=ENV)  # fills the caches
            text, cpu, _ = run_child(argv, ENV)
            for _ in range(REPEAT - 1):
                cpu = min(cpu, run_child(argv, ENV)[1])
        except (RuntimeError, subprocess.CalledProcessError) as exc:
            err = getattr(exc, "stderr", b"") or str(exc).encode()
            return 0.0, None, None, err.decode(errors="replace").strip().splitlines()[-1][:90]
        found = re.search(r"disassembled: .*\(([\d.]+) s\)", text)
        return cpu, json.loads(out.read_text()), float(found.group(1)) if found else None, ""


def burrtools(folder: Path, path: Path, problem: int = 1
              ) -> tuple[float, int | None, int | None, list[str]]:  # fmt: skip
    argv = [str(folder / "burrTxt"), "-d", "-o", str(problem - 1), str(path)]
    text, cpu, _ = run_child(argv)
    for _ in range(REPEAT - 1):
        cpu = min(cpu, run_child(argv)[1])
    counts = re.search(r"(\d+) assemblies and (\d+) solutions", text)
    levels = re.findall(r"^level: (\S+)", text, re.MULTILINE)
    if not counts:
        return cpu, None, None, levels
    return cpu, int(counts.group(1)), int(counts.group(2)), levels


def main() -> None:
    files = [Path(a) for a in sys.argv[1:]] or [*EXAMPLES, *SHIPPED]
    folder = burrtools_bin()
    print(f"load average {os.getloadavg()[0]:.1f}; CPU seconds, whole process "
          "(ours: in parentheses the disassembly alone)")  # fmt: skip
    print(f"{'file':24} {'BurrTools -d':>22} | {'ours --disassemble':>29} | levels")
    for path in files:
        many = problems(path)
        for problem in range(1, many + 1):
            name = path.stem if many == 1 else f"{path.stem} #{problem}"
            row(folder, path, problem, name)


def row(folder: Path | None, path: Path, problem: int, name: str) -> None:
    """One line of the table: a file's problem, BurrTools against ours."""
    cpu, data, own, error = ours(path, problem)
    theirs, bt_levels = "not found", None
    if folder is not None:
        bt_cpu, asm, sol, found = burrtools(folder, path, problem)
        bt_levels = sorted(found)
        a, b = ("-" if v is None else v for v in (asm, sol))
        theirs = f"{bt_cpu:6.2f} s {a:>6} {b:>6}"
    if data is None:
        print(f"{name[:24]:24} {theirs:>22} | refused: {error}")
        return
    levels = sorted(data["levels"])
    mine = f"{cpu:5.2f} s ({own or 0:.2f} s) {data['assemblies']:>6} {data['solutions']:>6}"
    same = (
        ""
        if bt_levels is None
        else ("same: " if levels == bt_levels else f"BurrTools {_shown(bt_levels)}, ours: ")
    )
    print(f"{name[:24]:24} {theirs:>22} | {mine:>29} | {same}{_shown(levels)}")


def _shown(levels: list[str]) -> str:
    """Each level once, with how many solutions have it when more than one."""
    seen = {v: levels.count(v) for v in sorted(set(levels))}
    return ", ".join(v if n == 1 else f"{v} x{n}" for v, n in seen.items())


if __name__ == "__main__":
    main()
