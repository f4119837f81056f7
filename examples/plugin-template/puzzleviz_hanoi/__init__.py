"""The Tower of Hanoi: move a tower of disks from the left peg to the right one, one disk
at a time, never a larger disk on a smaller one.

This file is what `puzzleviz solve --help` imports to list the puzzle, so it stays light:
the spec names the other parts ("module:attribute"), which load when they are used.
"""

from puzzleviz import Method, PuzzleSpec, Ref

MAX_DISKS = 12  # 4,095 moves: a long but watchable trace
COUNTERS = ("moves",)

PUZZLE = PuzzleSpec(
    kind="hanoi",
    name="hanoi",
    title="Tower of Hanoi",
    help="move a tower of disks to the right peg, never a larger disk on a smaller one",
    description="Move a tower of disks from the left peg to the right one, one disk at a "
    "time, never a larger disk on a smaller one: the shortest way, 2^n - 1 moves.",
    model=Ref("puzzleviz_hanoi.model:HanoiModel"),
    methods=(
        Method(
            "recursive",
            Ref("puzzleviz_hanoi.search:recursive"),
            "the n - 1 disks above out of the way, the largest across, the n - 1 back on it",
            COUNTERS,
        ),
    ),
    add_arguments=Ref("puzzleviz_hanoi.options:add_arguments"),
    problems=Ref("puzzleviz_hanoi.options:problems"),
    scene=Ref("puzzleviz_hanoi.scene:HanoiScene"),
    demo=Ref("puzzleviz_hanoi.demo:demo_trace"),
)
