"""Hungarian rings (seed 001): the original puzzle, the 3-ring chains and the Olympic rings.

Configurations (solvers.rings.config.RingConfig, text 'K/G/C/B' or a preset): Ksz rings
of Gsz positions, Szsz = 1 or 2 colours per ring, Bg inner balls per lens; the thesis'
43 settings x 2 colour counts, plus 2-ring extensions down to Gsz 6 (the thesis' 2/6/2
diagram). Presets: original 2/20/2/4, three 3/20/1/4, three-2, olympic 5/18/1/2,
olympic-2.

State layout (model kind "rings"): int32 array of N colours (1..Ksz*Szsz), one per ball,
balls numbered ring by ring in the thesis' own-ball order: index config.ball(r, j) is
C{r+1}_{j}. A ring's circuit (config.circuits[r], position p at column p-1) lists the
balls along the ring, counter-clockwise; own balls plus one foreign slot (end rings,
position Gsz) or two (middle rings, positions m and Gsz) where a neighbour's ball sits.
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

Geometry for drawing (geometry.layout(config)): ring centres (radius 1, y up), the angle of
every (fractional) position, ball_xy for every ball at rest, the Olympic W (rings 1, 3, 5
above, 2 and 4 below; layout.top_row).

Helpers: RingsModel.parse/format (STATE text), is_goal, heuristic (the thesis' h),
circuit_colours, colour_at, describe; goal.goal_states; ranking.rank/unrank;
shuffle.thesis_shuffle/uniform_shuffle/random_moves; search.solve (bfs, dfs, iddfs,
best-first, astar, idastar, practical); background.BackgroundSearch and drive_job for a
live window; statespace.state_space_stats; demo.demo_trace / search_demo_trace.
"""

from solvers.rings import cli as cli  # registers `solve rings` and `rings stats`
from solvers.rings import model as model  # registers the "rings" model
from solvers.rings.demo import demo_trace as demo_trace
