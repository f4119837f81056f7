"""Defaults the command line shows in its help and the viewer uses (no imports: --help must
answer without numpy or a GL context)."""

TOUR_SECONDS = 15.0  # each puzzle of the demo tour
READING_SPEED = 1.0  # beats a second by default: one explained step a second
LEVELS = ("event", "step", "milestone")  # timeline.Level, for --level
