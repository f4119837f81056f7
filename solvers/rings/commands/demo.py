"""Ready traces for the demo tour and for the scene author.

`demo_trace()`: the original puzzle, shuffled, solved by the practical solver and replayed
move by move (about 35 rotations). `search_demo_trace()`: a short scramble solved by the
thesis' best-first search, showing expansions (Examine events) and then the solution.
"""

from __future__ import annotations

from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.shuffle import random_moves, uniform_shuffle
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


def search_demo_trace(config: str = DEMO_CONFIG, turns: int = 5, seed: int = 15) -> Trace:
    ring_config = RingConfig.parse(config)
    model = RingsModel(ring_config)
    state = ring_config.solved_state()
    for ring, f in random_moves(ring_config, turns, seed):
        model.rotate(state, ring, f)
    tracer = recording_tracer(ring_config, state, "best-first", seed=seed)
    solve(ring_config, state, "best-first", tracer=tracer)
    return tracer.finish()
