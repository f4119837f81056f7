"""Sudoku by human techniques (seed 004): candidates, named techniques, every step shown.

Sizes: box size b = 2, 3, 4 (4x4, 9x9, 16x16); n = b*b digits, n*n cells numbered row by
row (cell = row * n + col, 0-based). Houses: rows 0..n-1, columns n..2n-1, boxes 2n..3n-1.
Names follow the seed: A1..I9 (column letter + row number), a box by its corners ("G1I3").

State (flat int32; offsets in `SudokuModel.layout`, read it with the model's helpers):
    [0]                 b
    values[n*n]         digit of each cell, 0 = empty                    model.values(s)
    cands[n*n]          candidate bitmask (bit d-1 = digit d), 0 if filled  model.candidates(s)
    origin[n*n]         0 empty, 1 given, 2 placed by logic, 3 by a guess,  model.origin(s)
                        4 by the student in the window
    cell_marks[n*n]     roles.CELL_*: pattern, target, pivot, guess, conflict
    cand_marks[n*n*n]   roles.ROLE_*: pattern (green), eliminate (red), place, on/off
                        (chain and colouring colours), peer   model.candidate_marks(s)
    house_marks[3n]     roles.HOUSE_*: base, cover, conflict (houses to outline)
    links[96]           chain links shown now: model.links(s) -> (cell, digit, cell,
                        digit, kind 1 strong / 2 weak)
    tech_count[T]       steps per technique so far: the side list, model.techniques_used(s)
    current_tech        the technique of the current step (-1 before the first)
    depth               guesses in force

Events (solvers.sudoku.model; all invertible from the event alone):
    Place(cell, digit, previous_mask, origin)   a digit pops in (origin 2 logic, 3 guess,
                                                4 the student)
    Unplace(cell, digit, mask, origin)          backtracking takes it out again
    Eliminate(cell, digit)                      a candidate is struck out
    Restore(cell, digit)                        backtracking gives it back
    Mark(layer, index, value, previous)         highlight on/off: layer 0 cell, 1 candidate
                                                (index cell*n+d-1), 2 house, 3 link slot
    UseTechnique(technique, previous)           a step of this technique starts
    SetDepth(depth, previous)                   a guess or a backtrack

Each trace step is one technique application with its caption: first the previous step's
marks are cleared, then the technique is counted, houses/cells/pattern candidates marked,
the eliminated candidates marked red (ROLE_ELIMINATE) and then removed; placements come
last (each followed by the peer eliminations it causes, marked ROLE_PEER). So at the end of
a step the state still shows what the step used and did. Milestones: "guess",
"contradiction", "backtrack", and at the end "solved" or "stalled".

Guessing: when no enabled technique applies, the solver guesses the first candidate of
the first cell with the fewest candidates ("guess" step, milestone "guess"), carries on
with logic inside the branch (chains left out there, to fail fast), and on a contradiction
records it ("contradiction"), undoes the branch ("backtrack") and removes the refuted
candidate ("guess_refuted", a sound step again). Steps inside a branch list the guesses
they assume (`Step.assumptions`) and their captions start with "(assuming B3=5)".
In JSON these special steps appear with those technique names.

Entry points: `solve(puzzle, techniques)` (solvers.sudoku.search), `solve_and_record`,
`record(result)`, `techniques_used_at(trace, cursor)`, `resolve_trace(trace, techniques)` and
`enabled_techniques(trace)` for technique toggles (solvers.sudoku.record), `parse_text` /
`read_puzzles` / `load_argument` (solvers.sudoku.parse), the technique registry with titles
and ratings (solvers.sudoku.techniques: BY_NAME[name].title), `demo_trace()`
(solvers.sudoku.demo) for the demo.
"""

from puzzleviz.solvers.plugin import Command, Method, PuzzleSpec, Ref

PUZZLE = PuzzleSpec(
    kind="sudoku",
    name="sudoku",
    title="Sudoku",
    help="solve a sudoku with human techniques, step by step",
    description="Solve by human techniques, easiest first, every step explained: what it "
    "looks at and what it removes. A guess, labelled, only when logic stalls.",
    model=Ref("puzzleviz.solvers.sudoku.model:SudokuModel"),
    methods=(
        Method(
            "human",
            Ref("puzzleviz.solvers.sudoku.search:human"),
            "human techniques in order of difficulty",
            ("placed", "candidates", "depth", "guesses"),
        ),
    ),
    add_arguments=Ref("puzzleviz.solvers.sudoku.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.sudoku.options:problems"),
    answer=Ref("puzzleviz.solvers.sudoku.options:answer"),
    inputs=("puzzle",),
    texts=("techniques",),
    scene=Ref("puzzleviz.scenes.sudoku:SudokuScene"),
    judge=Ref("puzzleviz.solvers.sudoku.judge:judge_for"),
    practice=Ref("puzzleviz.solvers.sudoku.practice:practice_for"),
    demo=Ref("puzzleviz.solvers.sudoku.demo:demo_trace"),
    commands=(
        Command(
            ("sudoku", "hint"),
            "the next step from a position, as a hint in three levels (name, where, all)",
            Ref("puzzleviz.solvers.sudoku.hint_command:add_arguments"),
            Ref("puzzleviz.solvers.sudoku.hint_command:run"),
        ),
        Command(
            ("sudoku", "generate"),
            "practice puzzles that need one technique (--needs X-Wing), where it applies",
            Ref("puzzleviz.solvers.sudoku.generate_command:add_arguments"),
            Ref("puzzleviz.solvers.sudoku.generate_command:run"),
            outputs=("json",),
        ),
    ),
)
