"""Hungarian rings (seed 001): the original puzzle, the 3-ring chains and the Olympic rings.

Configurations (solvers.rings.model.config.RingConfig, text 'K/G/C/B' or a preset): Ksz rings
of Gsz positions, Szsz = 1 or 2 colours per ring, Bg inner balls per lens; the thesis'
43 settings x 2 colour counts, plus 2-ring extensions down to Gsz 6 (the thesis' 2/6/2
diagram). Presets: original 2/20/2/4, three 3/20/1/4, three-2, olympic 5/18/1/2,
olympic-2.

State layout (model kind "rings"; model.layouts.RingState, beside the kernels' own
layouts): int32 array of N colours (1..Ksz*Szsz), one per ball, balls numbered ring by
ring in the thesis' own-ball order: index config.ball(r, j) is C{r+1}_{j}. A ring's
circuit (config.circuits[r], position p at column p-1) lists the balls along the ring,
counter-clockwise; own balls plus one foreign slot (end rings, position Gsz) or two
(middle rings, positions m and Gsz) where a neighbour's ball sits.
Shared balls lie on two circuits: config.rings_of_ball(i) -> [(ring, position), ...],
config.lenses (which positions of which ring face which neighbour), config.shared_balls.

Events:
- Rotate(ring, f), OP 0: ring 0-based, f in 1..Gsz-1; new[p] = old[p - f] on the ring's
  circuit, i.e. every ball on the circuit moves f positions forward (counter-clockwise,
  y up). Animate the short way: geometry.short_way(config, f) gives +f or -(Gsz - f)
  single steps. Revert is Rotate by Gsz - f.
- Examine(node, depth, h), OP 1: a search expands the node whose state is shown now; no
  change to the state (h = 0 for the uninformed BFS, DFS and iterative deepening).
Trace counters of searches: expanded, open, closed, depth, h, bound.

Geometry for drawing (model.geometry.layout(config)): ring centres (radius 1, y up), the
angle of every (fractional) position, ball_xy for every ball at rest, the Olympic W (rings
1, 3, 5 above, 2 and 4 below; layout.top_row).

Sub-packages by role (each one's docstring lists its modules):
- model/: the puzzle without search: RingsModel.parse/format (STATE text), is_goal,
  heuristic (the thesis' h), describe; goal.goal_states;
  ranking.rank/unrank; shuffle.thesis_shuffle/uniform_shuffle/random_moves.
- search/: methods.solve (bfs, dfs, iddfs, best-first, astar, idastar, practical,
  optimal), the numba kernels they share, background.BackgroundSearch and drive_job for a
  live window.
- optimal/: optimal.solve_optimal (proven shortest, two rings) on cached pattern databases.
- practical/: shorten.best_practical (the shortest found in a few seconds; the practical
  beam's guide on three and five rings reads relaxed.relaxed_tables).
- stats/: statespace.state_space_stats, exact distances, plain-Python references.
- commands/: the command line's options, `rings stats`, `rings sample`, demo.demo_trace.
"""

from puzzleviz.solvers.plugin import Command, Method, PuzzleSpec, Ref, Solver

COUNTERS = ("expanded", "open", "closed", "depth", "h", "bound")  # search.methods.COUNTERS
_SEARCH_LIMIT = 2_000_000  # nodes the exact searches may expand by default


_GRAPH_NODE = 60  # bytes a node of bfs, best-first and astar takes (search.methods._graph's store)


def _method(
    name: str, help: str, node_limit: int | None = _SEARCH_LIMIT, node_bytes: int = 0
) -> Method:
    attribute = name.replace("-", "_")
    ref: Ref[Solver] = Ref(f"puzzleviz.solvers.rings.search.methods:{attribute}")
    return Method(name, ref, help, COUNTERS, node_limit, node_bytes)


PUZZLE = PuzzleSpec(
    kind="rings",
    name="rings",
    title="Hungarian rings",
    help="solve a Hungarian rings state (original, 3-ring chains, Olympic rings)",
    description="Turn the rings back to their colours. Every method records what it does: "
    "the exact searches every position they expand, then the solution move by move.",
    model=Ref("puzzleviz.solvers.rings.model.model:RingsModel"),
    methods=(
        _method(
            "practical",
            "any configuration, short, in a few seconds: proven shortest "
            "where it can be, else not (default)",
            None,
        ),
        _method(
            "optimal",
            "proven shortest, two-ring configurations (pattern databases "
            "built once and cached: minutes for the original)",
            None,
        ),
        _method("bfs", "breadth-first: shortest, small puzzles only", node_bytes=_GRAPH_NODE),
        _method("best-first", "the thesis' best-first search", node_bytes=_GRAPH_NODE),
        _method("astar", "A* with pattern databases: shortest", node_bytes=_GRAPH_NODE),
        _method("idastar", "IDA*: shortest, little memory"),
        _method("dfs", "depth-first to --max-depth"),
        _method("iddfs", "iterative deepening to --max-depth"),
    ),
    add_arguments=Ref("puzzleviz.solvers.rings.commands.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.rings.commands.options:problems"),
    texts=("config", "state"),
    scene=Ref("puzzleviz.scenes.rings:RingsScene"),
    demo=Ref("puzzleviz.solvers.rings.commands.demo:demo_trace"),
    judge=Ref("puzzleviz.solvers.rings.judge:judge_for"),
    seeded=True,
    commands=(
        Command(
            ("rings", "stats"),
            "exact distance-to-goal distributions and heuristic histogram by full BFS",
            Ref("puzzleviz.solvers.rings.commands.options:add_stats_arguments"),
            Ref("puzzleviz.solvers.rings.commands.options:run_stats"),
            outputs=("json",),
        ),
        Command(
            ("rings", "sample"),
            "uniform random positions solved optimally (God's-number sampling), split "
            "over --workers or a Dask --scheduler",
            Ref("puzzleviz.solvers.rings.commands.sample_command:add_sample_arguments"),
            Ref("puzzleviz.solvers.rings.commands.sample_command:run_sample"),
            outputs=("json",),
        ),
    ),
)
