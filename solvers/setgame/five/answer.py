"""`puzzleviz solve set --prove K` as the SET method answers it: the proof (proof.py), its
story on the trace when one is recorded (story.py), and the largest cap known beside it, as
the SetResult every `solve set` prints and writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzleviz.solvers.setgame.fast import known_maximum
from puzzleviz.solvers.setgame.five.proof import prove
from puzzleviz.solvers.setgame.five.story import tell
from puzzleviz.solvers.setgame.results import SetResult

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.options import SplitOptions
    from puzzleviz.solvers.tracer import Tracer


def proof_result(
    n: int, target: int, split: SplitOptions, tracer: Tracer, progress: Progress,
    node_limit: int | None,
) -> SetResult:  # fmt: skip
    """`solve set --prove K`: the proof, the largest cap known beside it, and (with
    --trace) the proof told as a trace (story.py)."""
    proof = prove(n, target, split, progress, node_limit)
    best = known_maximum(n)
    if tracer.enabled:
        tell(proof, tracer, best.caps[0] if best.caps else ())
    caps = proof.caps[:1] if proof.caps else best.caps[:1]
    size = max(best.size, target) if proof.caps else best.size
    finished = not any(p.stopped for p in proof.parts)
    notes = [f"{s.m}-card slices: {s.classes:,} class{'es' if s.classes != 1 else ''}, "
             f"{s.parts:,} parts, {s.nodes:,} nodes, {s.cpu_s:,.0f} CPU s"
             for s in proof.slices()]  # fmt: skip
    if split.log_path is not None and finished:
        notes.append(f"the certificate: {split.log_path} (recheck it: puzzleviz set verify "
                     f"{split.log_path})")  # fmt: skip
    return SetResult(
        3, n, size, proof.holds and size == target - 1, None, None, caps,
        target - 1 if proof.holds else best.upper_bound, proof.nodes, "fast",
        proof.summary(), notes, finished=finished,
    )  # fmt: skip
