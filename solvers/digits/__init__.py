"""Digits: pack ten seven-segment digit pieces into a 9 x 11-block frame (seed 002).

The pieces are made of triangles: every block (2 x 2 squares of the original picture) is cut
by both diagonals into L, B, R, T triangles. Pieces may be turned and flipped. The frame has
396 triangles, the pieces 296: every packing leaves 100 empty (the digits' windows and the
notches along the edges). The post searched only "mesh" positions (even block offsets) and
found 12 solutions with the 0 fixed, 48 in all, 3 up to symmetry and swapping the 2/5 and
6/9. Here the same search runs at three granularities: "mesh", "block" (any block offset)
and "half" (offsets of half a block, on the grid of unit squares).

The search (kernels.py and exact.py; search.py is the plugin's entry): placements are
bitboards over the frame's triangles (7 uint64 words for the 396 block triangles, 25 for the
1584 quarter triangles of the half grid); depth-first over "cover this triangle with one of
the placements still possible, or leave it empty", branching on the first live triangle in
reading order (or, by choice, on one only one or two placements can still cover); a node is
cut when the triangles proved empty (dead, left empty, and the waste each remaining piece
forces, see waste.py) exceed the 100 spare ones, or when a piece has no room left; a piece
with one placement left goes there at once; positions already searched are remembered by
their live triangles; the 8 goes only to one position per symmetry orbit of the frame and
the solutions are mapped back by the symmetries. Each position of the 8 is a search of its
own: parallel.py runs them in worker processes. The block and half-block searches are long,
so what they found is recorded once for the scene (known.py).

For scene authors
-----------------
Model: `DigitsModel(puzzle, granularity)` (kind "digits"; see model.py).

State (flat int32), P pieces (P = 10; piece k is the digit k for the shipped set), C cells:
    state[3k : 3k+3]   orientation, x, y of piece k (grid squares), or -1, -1, -1 in the tray
    state[3P + c]      who covers cell c: a piece index, FREE (-1), LEFT_EMPTY (-2: the search
                       chose to leave it empty) or OUTSIDE (-3: not part of the frame)
    Cell c = 4 * (y * grid.width + x) + side, side 0..3 = L, B, R, T. `model.grid.square_size`
    is the size of a grid square in blocks (1 for mesh/block, 0.5 for half).

Events (all invertible, each carries what it changes):
    Place(piece, orientation, x, y)    a piece goes from the tray onto the board
    Remove(piece, orientation, x, y)   and back to the tray (search backtracking)
    LeaveEmpty(cell)                   the search gives up covering this triangle
    Reopen(cell)                       ... and takes that back
Steps: one per decision ("Place the 7", "Leave this triangle empty"), one per run of undos
("Dead end: take back the last choices"). Milestones: "solution" when all pieces are in.
Counters: nodes, placed, left_empty, waste_bound (proved empty triangles at that node, out of
the slack of 100), solutions.

Helpers (DigitsModel):
    placement_triangles(piece, orientation, x, y) -> [(c0, c1, c2)]  corners in BLOCK units
    tray_triangles(piece)                       the upright base shape at (0, 0)
    orientation_turn(piece, orientation) -> (clockwise degrees, flipped)  flip comes first
    orientation_affine(piece, orientation)      the exact map tray point -> placed point
    frame_triangles(), cell_triangle(cell), placement_of(state, k), owners(state), label(k)
    describe(event)                             one plain line
Elsewhere:
    solvers.digits.exact.solve(puzzle, granularity, tracer) -> results.DigitsResult
    solvers.digits.demo.demo_trace()             the post's CHECK #12 replayed: 8 solutions,
                                                 about 1,400 events (a Trace)
    solvers.digits.demo.class_representatives()  one solution per class (the three classes;
                                                 block and half: as recorded, known.py)
    solvers.digits.parallel.solve_in_parts(puzzle, granularity, workers)  the same search
                                                 split over processes
    solvers.digits.demo.final_state(model, result)  the board where a stopped search left it
"""

from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

PUZZLE = PuzzleSpec(
    kind="digits",
    name="digits",
    title="Digits",
    help="pack the ten seven-segment digits into their frame, exactly",
    description="Pack the ten seven-segment digit pieces into their frame, turning and "
    "flipping them: every packing, grouped into classes by the frame's symmetry.",
    model=Ref("puzzleviz.solvers.digits.model:DigitsModel"),
    methods=(
        Method(
            "exact",
            Ref("puzzleviz.solvers.digits.search:exact"),
            "depth-first search with waste and band bounds",
            ("nodes", "placed", "left_empty", "waste_bound", "solutions"),
            500_000_000,  # 3.5 times the whole half-block search (143 M nodes)
        ),
    ),
    add_arguments=Ref("puzzleviz.solvers.digits.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.digits.options:problems"),
    answer=Ref("puzzleviz.solvers.digits.options:answer"),
    inputs=("puzzle",),
    scene=Ref("puzzleviz.scenes.digits:DigitsScene"),
    demo=Ref("puzzleviz.solvers.digits.demo:demo_trace"),
    judge=Ref("puzzleviz.solvers.digits.judge:judge_for"),
)
