r"""Cube solvers against peers: BurrTools on its own puzzles, xcover, and the seed's method.

1. BurrTools (section `burrtools`, the default): the packing-puzzle people's solver, on the
   same .xmpuzzle files (assets/puzzles/cube/*.xmpuzzle: the seed's cube, Conway,
   Slothouber-Graatsma, Soma, Bedlam). Per puzzle and mode:
   - whole process, CPU (user + system) seconds of the child and its peak memory (max RSS):
     BurrTools' command-line solver `burrTxt -q FILE` (its default: one assembly per class
     under rotations and, where they are fillings, mirror images), against
     `puzzleviz solve cube --xmpuzzle FILE --classes` (the same classes, every filling
     counted) and `--all` (every filling listed, with its classes);
   - search only, CPU seconds: ours in this process after a warm-up (search, classes,
     expansion, facts), BurrTools' from `btsolve` (a small timing driver around libburr,
     prints `RESULT ... cpu_s=`) when it is there;
   - every filling from BurrTools (`btsolve-all`: libburr with its symmetry breaking
     switched off), where it is quick; Bedlam takes about 1,600 s and needs --slow;
   - counts compared: BurrTools' assemblies against our classes (and all fillings).
   Targets (issue 22): Conway, all 27,456 fillings and their classes, whole process, at
   least 2x faster than BurrTools' default; the seed's cube and every shipped puzzle faster
   than BurrTools, whole process; Bedlam's 19,186 classes solved in full; peak memory under
   200 MB.
   Our whole-process runs use a fresh numba cache folder and bytecode folder that one
   untimed run fills first, so they show a user's second run (the first one compiles the
   kernels).

   BurrTools is found in $BURRTOOLS_BIN (a folder with burrTxt, optionally btsolve and
   btsolve-all), else on PATH, else in /work/peers/bin; without it the section says so and
   only our side runs. It is never a dependency, and no build script ships here. To build
   the command-line solver from upstream (no GUI libraries needed; zlib is):

       git clone https://github.com/burr-tools/burr-tools && cd burr-tools
       g++ -O3 -std=c++11 -pthread -w -Isrc -o burrTxt src/burrTxt.cpp \
           src/tools/fileexists.cpp src/tools/gzstream.cpp src/tools/xml.cpp \
           src/halfedge/*.cpp src/lib/*.cpp -lz
       export BURRTOOLS_BIN=$PWD

   (upstream builds with Meson, which also wants FLTK and OpenGL for the GUI; these are
   the sources its meson.build lists for burrTxt, with the flags of its release build).
   `btsolve`/`btsolve-all` are optional local drivers: the first reports the search CPU
   time, the second is the same search with the `unSymmetric` check of assembler_0.cpp and
   assembler_1.cpp disabled, so every assembly is kept.

2. All solutions of the seed's cube (section `xcover`): our exact solver against xcover
   (PyPI, Knuth's dancing cells in numba) on the usual exact-cover formulation: one primary
   item per cell and per piece instance, and secondary items that order identical pieces
   (instance k+1 must have a later anchor, its lowest cell, than instance k) so each filling
   is found once. Target (issue 3): >= 500x faster, in the same run. When xcover does not
   finish within --xcover-timeout, the ratio printed is a lower bound.
3. Time to the first solution (section `stochastic`): our exact solver against the seed's
   collision-removal search, over several seeds (median). Stochastic runs are capped at
   --max-steps; a capped run counts as "at least" its time, and the ratio is then a lower
   bound (said so). Target: >= 1000x sooner.

All times are CPU seconds of the process doing the work, which the shared machine's load
disturbs less than wall time (the load average is printed with the results). Measured
figures: benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/cube.py [--sections burrtools,xcover,stochastic]
        [--puzzles conway,bedlam] [--slow] [--seeds 5] [--max-steps 2e9]
        [--xcover-timeout 1800]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.facts import solution_facts
from puzzleviz.solvers.cube.files import load_puzzle, puzzle_folder
from puzzleviz.solvers.cube.placements import build_placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.search import warm_up
from puzzleviz.solvers.cube.stochastic import StochasticParams, solve_stochastic
from puzzleviz.solvers.cube.xmpuzzle import load_xmpuzzle


def xcover_options(puzzle: CubePuzzle) -> tuple[list[list[str]], list[str], list[str]]:
    """Options, primary and secondary items of the instance formulation with ordering:
    instance k+1 of a type must have a later anchor (lowest cell) than instance k."""
    pl = build_placements(puzzle)
    n = puzzle.n_cells
    primary = [f"c{c}" for c in range(n)]
    secondary: list[str] = []
    options: list[list[str]] = []
    for t, ptype in enumerate(puzzle.types):
        primary += [f"p{t}.{k}" for k in range(ptype.count)]
        for k in range(ptype.count - 1):
            secondary += [f"o{t}.{k}.{c}" for c in range(n)]
        for p in np.flatnonzero(pl.type == t):
            cells = pl.cells[p, : pl.volume[p]]
            anchor = int(cells.min())
            names = [f"c{c}" for c in cells]
            for k in range(ptype.count):
                # instance k claims the order slots c <= anchor of pair (k, k+1); instance
                # k+1 claims c >= its anchor: they clash unless its anchor is later
                order = []
                if k + 1 < ptype.count:
                    order += [f"o{t}.{k}.{c}" for c in range(anchor + 1)]
                if k > 0:
                    order += [f"o{t}.{k - 1}.{c}" for c in range(anchor, n)]
                options.append([f"p{t}.{k}", *names, *order])
    return options, primary, secondary


def _xcover_worker(name: str, out: multiprocessing.Queue) -> None:
    from xcover import covers

    tiny = load_puzzle("slothouber-graatsma")
    options, primary, secondary = xcover_options(tiny)
    list(covers(options, primary=primary, secondary=secondary))  # compile xcover first
    options, primary, secondary = xcover_options(load_puzzle(name))
    out.put(("ready", time.process_time()))
    start = time.process_time()
    count = sum(1 for _ in covers(options, primary=primary, secondary=secondary))
    out.put(("done", time.process_time() - start, count))


def time_xcover(name: str, timeout: float) -> tuple[float, int | None] | None:
    """(CPU seconds, solutions) of xcover's enumeration, in a child process stopped after
    `timeout` wall seconds (then the count is None and the time a lower bound)."""
    try:
        import xcover  # noqa: F401
    except ImportError:
        print("  xcover is not installed (pip install xcover into the venv): skipped")
        return None
    queue: multiprocessing.Queue = multiprocessing.Queue()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    child = multiprocessing.Process(target=_xcover_worker, args=(name, queue))
    child.start()
    _, setup_cpu = queue.get()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return used - setup_cpu, None
    _, seconds, count = queue.get()
    return seconds, count


def median_cpu_time(fn, repeats: int) -> float:
    """CPU seconds, not wall: the machine is shared, and CPU time is what the work costs."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


SHIPPED = ["fakocka", "slothouber-graatsma", "soma", "conway", "bedlam"]
BT_KNOWN = {"bedlam": "1576 s CPU (/work/peers/NOTES.md)"}  # said when btsolve-all is skipped
PEAK_TARGET_MB = 200


def burrtools_bin() -> Path | None:
    """The folder of BurrTools' burrTxt: $BURRTOOLS_BIN, else PATH, else /work/peers/bin."""
    given = os.environ.get("BURRTOOLS_BIN")
    if given:
        return Path(given) if (Path(given) / "burrTxt").is_file() else None
    found = shutil.which("burrTxt")
    if found:
        return Path(found).parent
    peers = Path("/work/peers/bin")
    return peers if (peers / "burrTxt").is_file() else None


def run_child(argv: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float]:
    """(stdout, CPU seconds user + system, peak memory MB) of one child process. The peak
    comes from /usr/bin/time where there is one: the rusage of a child that this (large)
    process forks counts the pages it shared with us before it ran its program."""
    timer = shutil.which("time") or ("/usr/bin/time" if Path("/usr/bin/time").is_file() else None)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        wrapped = [timer, "-f", "%U %S %M", "-o", report.name, *argv] if timer else argv
        child = subprocess.Popen(wrapped, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 env=env)  # fmt: skip
        assert child.stdout is not None
        out = child.stdout.read().decode(errors="replace")
        _, status, usage = os.wait4(child.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        child.returncode = code
        if code != 0:
            raise RuntimeError(f"{' '.join(argv)} exited with {code}: {out[-300:]}")
        if timer:
            user, system, peak_kb = report.read().split()[-3:]
            return out, float(user) + float(system), float(peak_kb) / 1024
    return out, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _number(pattern: str, text: str) -> int | None:
    match = re.search(pattern, text)
    return int(match.group(1).replace(",", "")) if match else None


def _solve_cube(path: Path, *options: str) -> list[str]:
    """`puzzleviz solve cube --xmpuzzle PATH OPTIONS` as a child process runs it."""
    return [sys.executable, "-m", "puzzleviz.viz.cli", "solve", "cube", "--xmpuzzle", str(path),
            *options]  # fmt: skip


def ours_whole(path: Path, mode: str, env: dict[str, str]) -> tuple[float, float, int, int]:
    """(CPU s, peak MB, fillings, classes) of `puzzleviz solve cube` as a user runs it."""
    out, cpu, peak = run_child(_solve_cube(path, mode), env)
    count = _number(r"([\d,]+) solutions", out)
    classes = _number(r"rotations, ([\d,]+) under all", out)
    return cpu, peak, count or 0, classes or 0


def ours_search(path: Path, every: bool) -> tuple[float, int]:
    """CPU seconds of search, classes, expansion and facts in this process (warm)."""
    puzzle, _ = load_xmpuzzle(path)
    start = time.process_time()
    result = solve_exact(puzzle, every=every)
    solution_facts(result)
    return time.process_time() - start, result.count


def bt_search(folder: Path, tool: str, path: Path) -> tuple[float, int] | None:
    """(search CPU s, assemblies) from the btsolve driver's RESULT line, if it is there."""
    exe = folder / tool
    if not exe.is_file():
        return None
    out, _, _ = run_child([str(exe), str(path)])
    cpu = re.search(r"cpu_s=([\d.]+)", out)
    count = _number(r"assemblies=(\d+)", out)
    return (float(cpu.group(1)) if cpu else float("nan")), count or 0


def burrtools_section(args: argparse.Namespace) -> None:
    folder = burrtools_bin()
    names = [n for n in args.puzzles.split(",") if n]
    print("\nours vs BurrTools on the same .xmpuzzle files (CPU s; peak memory of the process)")
    if folder is None:
        print("  BurrTools not found ($BURRTOOLS_BIN, PATH, /work/peers/bin): only ours runs; "
              "see this script's docstring to build it")  # fmt: skip
    cache = tempfile.mkdtemp(prefix="puzzleviz-bench-numba-")
    # a user's second run also finds Python's bytecode cached: written to a temporary
    # folder, even where PYTHONDONTWRITEBYTECODE is set (the first, untimed run fills it)
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPYCACHEPREFIX=os.path.join(cache, "pycache"))  # fmt: skip
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for first in ("slothouber-graatsma", "fakocka"):  # the one-word and the general kernel
        path = puzzle_folder() / f"{first}.xmpuzzle"
        run_child(_solve_cube(path, "--all"), env)  # fills the fresh caches: not timed
        warm_up(load_puzzle(first))
    rows = []
    for name in names:
        path = puzzle_folder() / f"{name}.xmpuzzle"
        bt = None
        if folder is not None:
            out, cpu, peak = run_child([str(folder / "burrTxt"), "-q", str(path)])
            bt = (cpu, peak, _number(r"(\d+) assemblies", out) or 0)
        bt_s = bt_search(folder, "btsolve", path) if folder else None
        slow = name in BT_KNOWN and not args.slow
        bt_all = None if slow or folder is None else bt_search(folder, "btsolve-all", path)
        for mode in ("--classes", "--all"):
            cpu, peak, count, classes = ours_whole(path, mode, env)
            search, _ = ours_search(path, every=mode == "--all")
            rows.append((name, mode, bt, bt_s, bt_all, cpu, peak, count, classes, search))
            _print_row(rows[-1], slow)
    shutil.rmtree(cache, ignore_errors=True)
    print(f"  load average now {os.getloadavg()[0]:.1f}")


def _print_row(row: tuple, slow: bool) -> None:
    name, mode, bt, bt_s, bt_all, cpu, peak, count, classes, search = row
    print(f"\n  {name} {mode}: ours {count:,} fillings, {classes:,} classes")
    print(f"    ours whole process   {cpu:8.2f} s   peak {peak:6.0f} MB"
          f"  ({'under' if peak < PEAK_TARGET_MB else 'OVER'} {PEAK_TARGET_MB} MB)")  # fmt: skip
    print(f"    ours search only     {search:8.2f} s   (search, classes, expansion, facts)")
    if bt is None:
        return
    bt_cpu, bt_peak, bt_count = bt
    agree = "counts agree" if bt_count == classes else f"COUNTS DIFFER ({bt_count} vs {classes})"
    ratio = bt_cpu / cpu if cpu else float("inf")
    print(f"    BurrTools burrTxt -q {bt_cpu:8.2f} s   peak {bt_peak:6.0f} MB  {bt_count:,} "
          f"assemblies: {agree}; ratio {ratio:.2f}x "
          f"({'faster' if ratio > 1 else 'SLOWER'}, whole process)")  # fmt: skip
    if bt_s is not None:
        print(f"    BurrTools search     {bt_s[0]:8.2f} s   (btsolve cpu_s); "
              f"ratio {bt_s[0] / search if search else float('inf'):.2f}x")  # fmt: skip
    if mode == "--all":
        if bt_all is not None:
            same = "agree" if bt_all[1] == count else f"DIFFER ({bt_all[1]} vs {count})"
            ratio_all = bt_all[0] / search if search else float("inf")
            print(
                f"    BurrTools all        {bt_all[0]:8.2f} s   (btsolve-all, every assembly: "
                f"{bt_all[1]:,}, counts {same}); ratio {ratio_all:.1f}x search"
            )
        elif slow:
            print(f"    BurrTools all        skipped (--slow runs it; {BT_KNOWN[name]})")


def xcover_section(args: argparse.Namespace) -> None:
    puzzle = load_puzzle("fakocka")
    load = os.getloadavg()[0]
    print(f"\ncube vs xcover: {puzzle.describe()}; load average {load:.1f}")
    solve_exact(puzzle)  # compile or load the numba cache
    result = solve_exact(puzzle)
    ours_all = median_cpu_time(lambda: solve_exact(puzzle), 9)
    print(f"  all solutions ({result.count}, {result.nodes:,} nodes)")
    print(f"  puzzleviz exact   {ours_all * 1e3:9.1f} ms  (median of 9)")
    peer = time_xcover("fakocka", args.xcover_timeout)
    if peer is not None:
        seconds, count = peer
        ratio = seconds / ours_all
        verdict = "met" if ratio >= 500 else "NOT met"
        if count is None:
            print(f"  xcover            stopped unfinished after {seconds:,.0f} CPU s")
            print(f"  ratio             at least {ratio:,.0f}x  (target >= 500x: {verdict})")
        else:
            print(f"  xcover            {seconds * 1e3:9.1f} ms  ({count} solutions)")
            print(f"  ratio             {ratio:9,.0f}x  (target >= 500x: {verdict})")


def stochastic_section(args: argparse.Namespace) -> None:
    puzzle = load_puzzle("fakocka")
    ours_first = median_cpu_time(lambda: solve_exact(puzzle, max_solutions=1), 21)
    print(f"\ntime to the first solution (stochastic capped at {args.max_steps:,.0f} steps)")
    print(f"  puzzleviz exact   {ours_first * 1e3:9.2f} ms  (median of 21)")
    if args.seeds < 1:
        return
    solve_stochastic(puzzle, StochasticParams(max_steps=10))  # compile
    runs = []
    for seed in range(args.seeds):
        params = StochasticParams(seed=seed, max_steps=int(args.max_steps), sample_every=0)
        start = time.process_time()
        r = solve_stochastic(puzzle, params)
        seconds = time.process_time() - start
        runs.append((seconds, r.solved))
        state = "solved" if r.solved else f"NOT solved (best error {r.best_error})"
        print(
            f"  stochastic seed {seed}: {seconds:8.1f} s, {r.steps:,} steps "
            f"({r.steps / seconds / 1e6:.1f} M steps/s), {r.restarts:,} restarts, {state}"
        )
    med = statistics.median(s for s, _ in runs)
    capped = sum(1 for _, solved in runs if not solved)
    bound = "at least " if capped > len(runs) // 2 else ""
    ratio = med / ours_first
    note = f" ({capped} of {len(runs)} runs hit the cap: a lower bound)" if capped else ""
    verdict = "met" if ratio >= 1000 else "NOT met"
    print(f"  stochastic median {bound}{med:.1f} s{note}")
    print(f"  ratio             {bound}{ratio:,.0f}x  (target >= 1000x: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sections", default="burrtools", help="comma-separated: burrtools, xcover, stochastic"
    )
    parser.add_argument(
        "--puzzles", default=",".join(SHIPPED), help=f"shipped puzzles ({', '.join(SHIPPED)})"
    )
    parser.add_argument(
        "--slow", action="store_true", help="also BurrTools without symmetry breaking on Bedlam"
    )
    parser.add_argument(
        "--seeds", type=int, default=5, help="stochastic runs (seeds 0..N-1; 0 skips them)"
    )
    parser.add_argument("--max-steps", type=float, default=2e9, help="cap per stochastic run")
    parser.add_argument(
        "--xcover-timeout", type=float, default=1800, help="stop xcover after this many seconds"
    )
    args = parser.parse_args()
    sections = args.sections.split(",")
    load = os.getloadavg()[0]
    print(f"cube benchmark; load average {load:.1f} on {os.cpu_count()} cores")
    if "burrtools" in sections:
        burrtools_section(args)
    if "xcover" in sections:
        xcover_section(args)
    if "stochastic" in sections:
        stochastic_section(args)


if __name__ == "__main__":
    main()
