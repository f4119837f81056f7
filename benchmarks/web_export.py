"""The browser player's sizes and export times (issue 33): `puzzleviz export` of each
trace named (default: the demo traces shipped in assets/demos, the README's puzzles),
printing the HTML file's size, the gzip payload inside it, the frames baked (and how many
are distinct), the export's wall time and its CPU time (the export is one thread: on a
shared machine the CPU time is what it takes on an idle one). The long traces are not
shipped; make them first (about 16 s each):

    puzzleviz solve set --count --trace set.pzt                  # 108,929 steps
    puzzleviz solve rings --config olympic --scramble 12 --method best-first --trace rings.pzt
                                                                 # 36,640 steps

Targets (issue 33): at most 1.5 MB for the README's sudoku, rings, digits, SET and queens
traces, 3 MB for the cube assembly, 10 MB for the 108,929-step SET count and the
36,640-step rings search; any README trace exported in under 20 s. The cube's demo is the
README's assembly (`puzzleviz solve cube --all --json cube.json --assembly cube.pzt`): its
HTML holds the 3D layers too (viz/web/frames3d.py), which the payload column leaves out.

    .venv/bin/python benchmarks/web_export.py [TRACE ...] [--size WxH]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli_view import parse_size
from puzzleviz.viz.web.export import ExportError, render_page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("traces", nargs="*", type=Path)
    parser.add_argument("--size", type=parse_size, default=(1280, 720))
    parser.add_argument(
        "--languages",
        default=None,
        metavar="LANGS",
        help="the menu's languages, e.g. en (default all four, as export)",
    )
    args = parser.parse_args()
    languages = args.languages.split(",") if args.languages else None
    traces = args.traces or sorted(Path(asset_path("demos")).glob("*.pzt"))
    print(
        f"load average {os.getloadavg()[0]:.1f}; size {args.size[0]}x{args.size[1]}; "
        f"languages {args.languages or 'all four'}"
    )
    print(f"{'trace':<28} {'steps':>7} {'frames':>7} {'distinct':>8} {'payload':>10} "
          f"{'html':>10} {'seconds':>8} {'CPU s':>6}")  # fmt: skip
    for path in traces:
        trace = load_trace(path)
        started, cpu = time.perf_counter(), time.process_time()
        try:
            result = render_page(trace, args.size, languages=languages, lang=None)
        except ExportError as exc:
            print(f"{path.name:<28} {trace.n_steps:>7,} not exported: {exc}")
            continue
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        html = len(result.html.encode())
        print(f"{path.name:<28} {trace.n_steps:>7,} {result.frames:>7,} "
              f"{result.unique_frames:>8,} {result.payload_bytes / 1e3:>8,.0f}kB "
              f"{html / 1e3:>8,.0f}kB {seconds:>8.1f} {cpu:>6.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
