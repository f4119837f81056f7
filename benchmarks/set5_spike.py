"""Issue 37's spike: how much would the proof that no 46-cap exists in AG(5,3) cost?

    .venv/bin/python benchmarks/set5_spike.py                  # all three branches, sampled
    .venv/bin/python benchmarks/set5_spike.py --full 20        # the 20-card branch to the end
    .venv/bin/python benchmarks/set5_spike.py --m 19 --samples 400 --depth 4

What it does (solvers.setgame.five):
1. the counting argument: which sizes m the fullest hyperplane of a 46-cap can have;
2. classifies the m-caps of AG(4,3) for those m (fast.cap_classes), timed, with stabilizers;
3. for every class R, the extension branch (R in the slice x1 = 0, 46 - m cards in the other
   two, every hyperplane <= m) split into parts by the orbits of Stab(R); each part is run to
   the end (--full m) or sampled: its frontier at --depth is listed, --samples subtrees
   drawn uniformly are run, and nodes and seconds are extrapolated with the standard error;
4. prints per branch and in total: classes, parts, nodes, CPU seconds, and the wall time on
   2 cores and on N workers (the parts and frontier subtrees are independent, so linear).
The machine is shared; CPU seconds of one thread are what is measured.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzleviz.solvers.setgame.fast import cap_classes, fullest_sizes
from puzzleviz.solvers.setgame.five.extension import (
    ALL,
    make_branch,
    part_setup,
    run_part,
    sample_part,
)
from puzzleviz.solvers.setgame.geometry import affine_space

TARGET = 46
LITERATURE = """\
Literature (found with the search tool, 2026-12-02; what is from memory is marked so):
- AG(4,3): maximal caps have 20 points (Pellegrino 1970/71; cited by the Wikipedia "Cap set"
  page and by Follett, Kalail, McMahon, Pelland, Won, "Partitions of AG(4,3) into maximal
  caps", arXiv:1302.4703, Discrete Math. 2014). The 20-cap is unique up to affine maps (the
  brief; Hill 1983 from memory, not found in the stored pages). Ours: 1 class, stabilizer
  2,880 = |AGL(4,3)| / 682,344 (agrees with the 682,344 SET-free 20-card layouts).
- AG(5,3): 45 is the largest cap (mint.sbg.ac.at, "Hill-cap": the affine sub-cap of size 45
  of the 56-cap of PG(5,3) is the largest cap in AG(5,3), its reference [2]; the brief
  names Edel, Ferret, Landjev, Storme 2002). Thackeray, "The cap set problem: up to
  dimension 7" (arXiv:2206.09804): its first paper classified certain caps in dimensions up
  to 4, its second the caps of size >= 41 in dimension 5.
- Class counts of 18- and 19-caps of AG(4,3) were not in any page the search returned: our
  counts (1 class of 19 with stabilizer 144, 20 classes of 18) are checked only against our
  own second search (the extension machinery one dimension down), not a published table."""


def fmt_s(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.1f} s"
    if seconds < 7200:
        return f"{seconds / 60:.1f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def summarize(log: Path) -> None:
    """Totals per m from a log of full parts (what RESULTS.md quotes)."""
    recs = [json.loads(line) for line in log.read_text().splitlines()]
    by_m: dict[int, list[dict]] = {}
    for rec in recs:
        by_m.setdefault(rec["m"], []).append(rec)
    total_nodes = total_s = 0.0
    for m in sorted(by_m, reverse=True):
        rs = by_m[m]
        nodes = sum(r["nodes"] for r in rs)
        secs = sum(r["seconds"] for r in rs)
        big = max(rs, key=lambda r: r["seconds"])
        print(f"m = {m}: {len({r['class'] for r in rs})} classes, {len(rs)} parts "
              f"({sum(r['nodes'] > 1 for r in rs)} not closed at their root), {nodes:,} nodes, "
              f"{secs:,.1f} s in the kernel (wall, one thread); largest part "
              f"{big['seconds']:.1f} s (class {big['class']} "
              f"part {big['part']}); caps met {sum(r['solutions'] for r in rs)}; "
              f"all finished: {all(r['finished'] for r in rs)}")  # fmt: skip
        total_nodes += nodes
        total_s += secs
    print(f"total: {total_nodes:,.0f} nodes, {fmt_s(total_s)} in the kernel in {len(recs)} parts")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--m", type=int, nargs="*", help="branches (default: all the counting allows)")
    ap.add_argument("--full", type=int, nargs="*", default=[], help="run these m to the end")
    ap.add_argument("--depth", type=int, default=3, help="frontier depth for sampling")
    ap.add_argument("--samples", type=int, default=200, help="subtrees sampled per part")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, nargs="*", default=[2, 8, 32, 128])
    ap.add_argument("--classes", type=int, default=0, help="only the first k classes per m")
    ap.add_argument("--json", type=Path, help="write the figures here")
    ap.add_argument("--no-bound", action="store_true", help="ablation: hyperplane sums off")
    ap.add_argument("--log", type=Path, help="JSONL of finished full parts (resumable)")
    ap.add_argument("--summary", type=Path, help="only summarize this log of full parts")
    args = ap.parse_args()
    if args.summary:
        summarize(args.summary)
        return
    done: dict[tuple[int, int, int], dict] = {}
    if args.log and args.log.exists():
        for line in args.log.read_text().splitlines():
            rec = json.loads(line)
            done[(rec["m"], rec["class"], rec["part"])] = rec
    wall0, cpu0 = time.perf_counter(), time.process_time()

    space5 = affine_space(5)
    sizes = fullest_sizes(space5, TARGET, 20)
    print(f"a {TARGET}-cap of AG(5,3) has a hyperplane with m cards, m in {sizes}")
    ms = args.m or sorted(sizes, reverse=True)
    report: dict = {"target": TARGET, "sizes": sizes, "branches": []}
    total_s = total_err2 = total_nodes = total_nerr2 = 0.0
    for m in ms:
        t0 = time.process_time()
        classes = cap_classes(4, m)
        t_class = time.process_time() - t0
        stabs = [c.stabilizer for c in classes]
        print(f"\nm = {m}: {len(classes)} classes of {m}-caps in AG(4,3) ({t_class:.1f} s CPU), "
              f"stabilizers {stabs}")  # fmt: skip
        chosen = classes[: args.classes] if args.classes else classes
        for index, cls in enumerate(chosen, start=1):
            t0 = time.process_time()
            branch = make_branch(5, TARGET, cls.canonical)
            t_stab = time.process_time() - t0
            assert branch.stabilizer == cls.stabilizer
            row = {"m": m, "class": index, "stabilizer": branch.stabilizer,
                   "orbits": [len(o) for o in branch.orbits], "parts": []}  # fmt: skip
            for part in range(branch.parts):
                setup = part_setup(branch, part)
                key = (m, index, part + 1)
                if m in args.full and key in done:
                    est = done[key]
                elif m in args.full:
                    r = run_part(branch, setup, mode=ALL, keep=10, use_bound=not args.no_bound)
                    est = {"nodes": r.nodes, "nodes_err": 0.0, "seconds": r.seconds,
                           "seconds_err": 0.0, "solutions": r.solutions, "full": True,
                           "finished": r.finished, "caps": r.caps}  # fmt: skip
                    if args.log:
                        rec = {"m": m, "class": index, "part": part + 1,
                               "rep": list(branch.rep), "orbit_rep": branch.orbits[part][0],
                               "stabilizer": branch.stabilizer, **est}  # fmt: skip
                        with args.log.open("a") as f:
                            f.write(json.dumps(rec) + "\n")
                else:
                    e = sample_part(branch, setup, args.depth, args.samples, seed=args.seed,
                                    use_bound=not args.no_bound)  # fmt: skip
                    est = {"nodes": e.nodes, "nodes_err": e.nodes_err, "seconds": e.seconds,
                           "seconds_err": e.seconds_err, "solutions": e.solutions,
                           "full": False, "frontier": e.frontier, "samples": e.samples,
                           "depth": e.depth}  # fmt: skip
                row["parts"].append(est)
                total_s += est["seconds"]
                total_err2 += est["seconds_err"] ** 2
                total_nodes += est["nodes"]
                total_nerr2 += est["nodes_err"] ** 2
                how = "run to the end" if est["full"] else (
                    f"frontier {est['frontier']:,} at depth {est['depth']}, "
                    f"{est['samples']} sampled")  # fmt: skip
                print(f"  class {index} (stab {branch.stabilizer}, stabilizer {t_stab:.1f} s) "
                      f"part {part + 1}/{branch.parts}: {est['nodes']:.3g} ± "
                      f"{est['nodes_err']:.2g} nodes, {fmt_s(est['seconds'])} ± "
                      f"{fmt_s(est['seconds_err'])}; {how}; caps met: {est['solutions']}",
                      flush=True)  # fmt: skip
            report["branches"].append(row)
        if args.classes and len(classes) > args.classes:
            print(f"  (only {args.classes} of {len(classes)} classes measured)")
    err = math.sqrt(total_err2)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    print(f"\nthis run: {fmt_s(wall)} wall, {fmt_s(cpu)} CPU (classification included)")
    print(f"\ntotal: {total_nodes:.3g} ± {math.sqrt(total_nerr2):.2g} nodes, "
          f"{fmt_s(total_s)} ± {fmt_s(err)} CPU on one core")  # fmt: skip
    for w in args.workers:
        print(f"  on {w} workers (linear): {fmt_s(total_s / w)} ± {fmt_s(err / w)}")
    print("(a heavy-tailed tree makes the sampled error bars optimistic)")
    print()
    print(LITERATURE)
    report.update(total_seconds=total_s, total_seconds_err=err, total_nodes=total_nodes)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
