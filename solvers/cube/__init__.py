"""The cube: fill a box with bricks (seed 000, "Fakocka", and other packing puzzles).

Puzzle: a box of X x Y x Z unit cells and piece types with counts (cuboids or polycubes),
read from assets/puzzles/cube/*.json or from BurrTools .xmpuzzle files (`files.load_puzzle`,
`xmpuzzle`: there the result may be another shape, with cells that may stay empty).
Identical pieces are one type with a count; for drawing, the pieces of a type are
numbered (instances): instance i has type `puzzle.instance_type[i]`, named
`puzzle.instance_name(i)` ("2x2x3 #2").

Model (`model.CubeModel`, kind "cube"), state = flat int32:

    state[0 : N]       pose of piece instance i, or -1 while it is out of play
    state[N : N + S]   coverage: how many pieces cover each cell of the space, x fastest,
                       z slowest; `model.coverage(state)` gives the (SZ, SY, SX) view

The space is the box plus `model.margin` cells on each side: 0 for the exact search and
the assembly, 3 for the seed's stochastic search (its pieces may stick out, -3..7 per
axis around a box 0..4). A pose packs (orientation, x, y, z) of the piece's min corner:
`model.space.unpack_pose(pose)`, `model.space.pose(o, x, y, z)`; `model.piece_at(i, pose)`
and `model.pieces(state)` give `PlacedPiece`s (type, name, number, origin, extent, cells).

Events:

    Place(piece, pose)               a piece enters play at `pose`
    Remove(piece, pose)              it leaves play (it was at `pose`)
    Move(piece, old_pose, new_pose)  the stochastic search's jump (kept, or undone by a
                                     second Move back when rejected moves are recorded)
    Slide(pieces, direction, amount) a disassembly's move: the pieces of a bit mask slide
                                     together by whole units (model.apart: the space's
                                     margin is room for the parts taken out)

Traces (solver name in the header):

    cube.exact       the search (always the plain one, every filling: the symmetry-broken
                     search of `breaking` runs only untraced): a step per placement
                     ("Cell (2,0,1) has the fewest options: try a 1x2x4 brick there") and
                     per removal (with the reason); milestone "solution" per filling;
                     counters nodes, depth, solutions, options (choices at the branch)
    cube.assembly    one filling laid bottom-up, a step per piece ("Layer z=0: 2x2x3 #1
                     standing at x 0..1, y 0..1, z 0..2"), milestones "layer" and
                     "solution"; counters placed, layer
    cube.disassemble the first solution's disassembly (`apart.disassembly_trace`, from
                     `solve cube --all|--classes --disassemble --trace`): a step per move
                     ("Move 37 of 98: S3 #1 and S8 #1 slide up 1 unit"), milestone "apart"
                     per separation and "solution" at the end; counters move, parts;
                     cube.assemble (--assemble) the same moves reversed, milestones "join"
    cube.stochastic  the seed's search: a step per kept move (Move), a step with one Move
                     per piece for the random start / each restart (milestones "start",
                     "restart"), milestones "best" (new lowest error) and "solution";
                     counters step, error, best, restarts, repeats, limit (IMax)

Helpers for scenes: `model.solution_state(solution)` (a filling as a state),
`views.slices(model, state)` (z-slices of coverage counts, seed cell
codes, types, instances and the seed's red cells), `views.state_face_groups(model, state,
"z" | "x")` and `solution.face_groups` (bottom / top / inside, left / right / inside),
`views.seed_error`, `model.describe(event)`, `facts.facts_caption` (the header of an
assembly trace carries `params["caption"]`, e.g. "8 solutions: 1 up to the 24 rotations, 1
up to all 48 symmetries; the unit cubes lie on a space diagonal in every one"), and
`demo.demo_trace()` (the assembly of the seed's cube), `demo.demo_search_trace()`,
`demo.demo_stochastic_trace(part="end" | "start")` (the winning run of seed 4 to
error 0, or the first steps with restarts).
"""

from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

PUZZLE = PuzzleSpec(
    kind="cube",
    name="cube",
    title="Cube packing",
    help="fill a box with bricks: exact solver or the seed's stochastic search",
    description="Fill a box with pieces. The exact solver finds every filling (identical "
    "pieces are never told apart) and groups them by the box's symmetries, searching one "
    "filling per class and counting the rest by symmetry (--classes lists one per class, "
    "--all every filling); it reads and writes BurrTools .xmpuzzle files; --method "
    "stochastic runs the seed's collision-removal search (random moves, keep if not worse, "
    "restarts).",
    model=Ref("puzzleviz.solvers.cube.model:CubeModel"),
    methods=(
        Method(
            "exact",
            Ref("puzzleviz.solvers.cube.search:exact"),
            "every filling, by exact cover with bounds (default)",
            ("nodes", "depth", "solutions", "options"),
            200_000_000,  # about five minutes here
        ),
        Method(
            "stochastic",
            Ref("puzzleviz.solvers.cube.search:stochastic"),
            "the seed's collision-removal search",
            ("step", "error", "best", "restarts", "repeats", "limit"),
        ),
    ),
    add_arguments=Ref("puzzleviz.solvers.cube.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.cube.options:problems"),
    finish=Ref("puzzleviz.solvers.cube.options:finish"),
    outputs=("assembly", "write_solutions"),
    inputs=("puzzle", "xmpuzzle"),
    texts=("problem",),
    scene=Ref("puzzleviz.scenes.cube:CubeScene"),
    demo=Ref("puzzleviz.solvers.cube.demo:demo_trace"),
    judge=Ref("puzzleviz.solvers.cube.judge:judge_for"),
    seeded=True,
)
