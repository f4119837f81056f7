"""`puzzleviz solve set --prove K` and `--classify K` as the SET method answers them: the
proof (proof.py) with its story on the trace when one is recorded (story.py), or the
classification (classify.py), and the largest cap known beside them, as the SetResult every
`solve set` prints and writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzleviz.solvers.setgame.fast import known_maximum
from puzzleviz.solvers.setgame.five.classify import classify
from puzzleviz.solvers.setgame.five.proof import prove, slice_summaries
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
    notes = [s.note() for s in proof.slices()]
    if split.log_path is not None and finished:
        notes.append(f"the certificate: {split.log_path} (recheck it: puzzleviz set verify "
                     f"{split.log_path})")  # fmt: skip
    return SetResult(
        3, n, size, proof.holds and size == target - 1, None, None, caps,
        target - 1 if proof.holds else best.upper_bound, proof.nodes, "fast",
        proof.summary(), notes, finished=finished,
    )  # fmt: skip


def classify_result(
    n: int, target: int, split: SplitOptions, progress: Progress, node_limit: int | None
) -> SetResult:
    """`solve set --classify K`: every K-cap compared with the largest known cap."""
    best = known_maximum(n)
    found = classify(n, target, best.caps[0], split, progress, node_limit)
    notes = [s.note() for s in slice_summaries(found.parts)]
    notes.append(f"caps found, up to the symmetries of each slice: {found.caps:,}, of them "
                 f"the known cap relabelled: {found.like_known:,}")  # fmt: skip
    caps = [best.caps[0], *found.others]
    return SetResult(
        3, n, best.size, best.proven, None, None, caps, best.upper_bound, found.nodes,
        "fast", found.summary(), notes, finished=found.finished,
        class_count=1 if found.one_class else None,
    )  # fmt: skip
