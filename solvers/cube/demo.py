"""Ready-made, short traces of the cube for the demo tour and for scene development."""

from __future__ import annotations

from solvers.cube.assembly import assembly_trace
from solvers.cube.exact import EXACT_COUNTERS, solve_exact
from solvers.cube.facts import facts_caption, solution_facts
from solvers.cube.files import DEFAULT_PUZZLE, load_puzzle
from solvers.cube.model import CubeModel
from solvers.cube.stochastic import StochasticParams, record_stochastic
from solvers.trace import Trace
from solvers.tracer import RecordingTracer


def demo_trace(puzzle_name: str = DEFAULT_PUZZLE, solution: int = 1) -> Trace:
    """The seed's cube assembled layer by layer (17 steps): the scene's main act. The
    header's params carry the facts of the full enumeration and a caption stating them."""
    puzzle = load_puzzle(puzzle_name)
    result = solve_exact(puzzle)
    facts = solution_facts(result)
    summary = {k: v for k, v in facts.items() if not k.startswith("class_")}
    params = {"solution": solution, "facts": summary, "caption": facts_caption(facts)}
    return assembly_trace(puzzle, result.solutions[solution - 1], params=params)


def demo_search_trace(puzzle_name: str = DEFAULT_PUZZLE) -> Trace:
    """The exact search up to its first solution (about 800 events for the seed's cube)."""
    puzzle = load_puzzle(puzzle_name)
    tracer = RecordingTracer(
        CubeModel(puzzle, 0),
        solver="cube.exact",
        params={"all": False, "max_solutions": 1},
        counters=EXACT_COUNTERS,
    )
    solve_exact(puzzle, max_solutions=1, tracer=tracer)
    return tracer.finish()


def demo_stochastic_trace(
    puzzle_name: str = DEFAULT_PUZZLE, *, seed: int = 1, window: int = 1500
) -> Trace:
    """The first steps of the seed's search on its cube: a random start with pieces
    sticking out, the error falling as pieces jump into the box, and restarts (PMax is
    lowered to 4000 so that restarts come within the window)."""
    puzzle = load_puzzle(puzzle_name)
    params = StochasticParams(seed=seed, pmax=4000, max_steps=200_000, sample_every=0)
    _, trace = record_stochastic(puzzle, params, part="start", window=window)
    return trace
