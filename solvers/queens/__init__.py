"""N queens: place N queens on an N x N board so that no two attack each other.

The sixth puzzle, written only against the public plugin API (solvers.plugin) as its proof
and worked example: docs/write-your-own-puzzle.md walks through it file by file.

Modules: model (the board as a flat state, and its four events), kernels (the classroom
search that records its trace, and the fast bitmask counter, both numba), search (the
method: the one solver signature), results, options (the command line), reference (a
pure-Python counter for tests), demo (a short trace for the demo tour); the scene is
scenes/queens.py.

This file must stay light: listing the puzzles and answering --help import it, so it
imports nothing but solvers.plugin (no numpy, no numba).
"""

from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

MAX_N = 20  # board sizes the command accepts; 20 x 20 already has 39 billion solutions
COUNTERS = ("nodes", "queens", "solutions")  # kernels.NODES, QUEENS, SOLUTIONS index these
NODE_LIMIT = 5_000_000_000  # ~40 s: N = 17 (95,815,104 solutions, 3.8e9 nodes) finishes

PUZZLE = PuzzleSpec(
    kind="queens",
    name="queens",
    title="N queens",
    help="place N queens on an N x N board, no two attacking each other",
    description="Place N queens on an N x N board so that no queen attacks another: the "
    "first solution of a backtracking search, row by row, and the number of all solutions "
    "(--all lists them). With --trace or --play, every square tried is recorded.",
    model=Ref("puzzleviz.solvers.queens.model:QueensModel"),
    methods=(
        Method(
            "backtracking",
            Ref("puzzleviz.solvers.queens.search:backtracking"),
            "row by row, the first safe square first; counted by a bitmask kernel",
            COUNTERS,
            NODE_LIMIT,
        ),
    ),
    add_arguments=Ref("puzzleviz.solvers.queens.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.queens.options:problems"),
    scene=Ref("puzzleviz.scenes.queens:QueensScene"),
    demo=Ref("puzzleviz.solvers.queens.demo:demo_trace"),
    judge=Ref("puzzleviz.solvers.queens.judge:judge_for"),
)
