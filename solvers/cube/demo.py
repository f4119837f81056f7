"""Ready-made, short traces of the cube for the demo tour and for scene development."""

from __future__ import annotations

from puzzleviz.solvers.cube.assembly import assembly_trace
from puzzleviz.solvers.cube.exact import EXACT_COUNTERS, solve_exact
from puzzleviz.solvers.cube.facts import facts_caption, solution_facts
from puzzleviz.solvers.cube.files import DEFAULT_PUZZLE, load_puzzle
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.stochastic import StochasticParams, stochastic_trace
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer


def demo_trace(puzzle_name: str = DEFAULT_PUZZLE, solution: int = 1) -> Trace:
    """The seed's cube assembled layer by layer (17 steps): the scene's main act. The
    header's params carry the facts of the full enumeration and a caption stating them."""
    puzzle = load_puzzle(puzzle_name)
    # the plain search lists the fillings in its own order: solution 1 is the one it finds
    # first, as every earlier version of this demo showed (symmetry breaking would list
    # them class by class)
    result = solve_exact(puzzle, symmetry=False)
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


def demo_stochastic_trace(puzzle_name: str = DEFAULT_PUZZLE, *, part: str = "end") -> Trace:
    """The seed's search on its cube, with the seed's own settings (PMax 100,000).

    part "end": seed 4, which solves the cube after 17.2 million steps and 479 restarts;
    the trace is its winning run, from its random restart (pieces sticking out everywhere)
    to error 0: about 450 steps, two seconds to compute.
    part "start": the first 1500 kept moves of seed 1 with PMax lowered to 4000, so that
    several restarts come within the window.
    """
    puzzle = load_puzzle(puzzle_name)
    if part == "end":
        params = StochasticParams(seed=4, sample_every=0)
        _, trace = stochastic_trace(puzzle, params, part="end", window=3000)
    else:
        params = StochasticParams(seed=1, pmax=4000, max_steps=200_000, sample_every=0)
        _, trace = stochastic_trace(puzzle, params, part="start", window=1500)
    return trace
