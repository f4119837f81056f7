"""The demo tour's ready trace.

`demo_trace()`: the original puzzle, shuffled, solved by the practical solver and replayed
move by move (about 35 rotations).
"""

from __future__ import annotations

from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.shuffle import uniform_shuffle
from puzzleviz.solvers.rings.search.methods import recording_tracer, solve
from puzzleviz.solvers.trace import Trace

DEMO_CONFIG = "2/20/2/4"
DEMO_SEED = 7


def demo_trace(config: str = DEMO_CONFIG, seed: int = DEMO_SEED) -> Trace:
    ring_config = RingConfig.parse(config)
    state = uniform_shuffle(ring_config, seed)
    tracer = recording_tracer(ring_config, state, "practical", seed=seed)
    # the same demo on every machine: pattern tables a user has built would shorten it
    solve(ring_config, state, "practical", tracer=tracer, use_tables=False)
    return tracer.finish()
