"""The seed's collision-removal search (see `kernels.stochastic`), its statistics and its
traces.

A trace of this search shows pieces jumping (Move events), the error per step and the
restarts (milestones). Runs are long (10^7..10^9 steps), so a trace keeps a window of steps:
`part="start"` records the first steps (the random start, the error falling, the first
restarts); `part="end"` records the last steps before the search stopped, usually the
winning run from its random start to error 0 (found with a second, replaying pass from a
snapshot taken at the last restart, so it costs about one more run).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

import numpy as np
from puzzleviz.solvers.cube.arrays import CubeState
from puzzleviz.solvers.cube.kernels import stochastic as K
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.report import histogram_lines, slice_lines
from puzzleviz.solvers.cube.space import orientation_table
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.kernel_trace import FILL_TRUNCATED
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer, Tracer

STOCHASTIC_COUNTERS = ("step", "error", "best", "restarts", "repeats", "limit")
CHUNK = 1 << 22  # steps per kernel call between progress updates
MAX_SAMPLES = 100_000
NEVER = np.iinfo(np.int64).max
Outside = Literal["code", "volume"]


@dataclasses.dataclass(frozen=True)
class StochasticParams:
    """The seed's knobs. `pmax` is IMax for errors 0-6 (100,000 worked best for the seed);
    `outside` weighs a piece cell outside the box by its type's code (the seed's program,
    24 / 3 / 2) or by 1; `margin` is how far pieces may stick out (None: longest side - 1,
    3 for the seed, whose space is -2..8 around a box 1..5)."""

    seed: int = 0
    pmax: int = 100_000
    max_steps: int = 1_000_000_000
    outside: Outside = "code"
    margin: int | None = None
    sample_every: int = 1_000_000
    record_rejected: bool = False

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class StochasticResult:
    solved: bool
    steps: int
    error: int
    best_error: int
    restarts: int  # fresh random individuals after the first
    accepted: int  # moves kept (error not worse)
    improved: int  # moves that lowered the error
    longest_repeat: int  # the seed's "Változás maximuma" (MValt)
    histogram: np.ndarray  # steps spent at each error value (index = error)
    helped: np.ndarray  # per piece instance: moves of it that lowered the error (Eset)
    samples: np.ndarray  # the error every `sample_every` steps
    final_state: CubeState  # at the end
    best_poses: np.ndarray  # poses of the best individual seen
    model: CubeModel
    # How the command reports it (set by the plugin's method, cube.search.stochastic):
    name: str = ""
    params: StochasticParams | None = None
    seconds: float = 0.0

    @property
    def stopped(self) -> bool:
        return not self.solved

    def summary(self) -> str:
        if self.solved:
            return (f"solved after {self.steps:,} steps in {self.seconds:.2f} s, "
                    f"{self.restarts:,} restarts")  # fmt: skip
        return (f"not solved in {self.steps:,} steps ({self.seconds:.2f} s): best error "
                f"{self.best_error}, {self.restarts:,} restarts")  # fmt: skip

    def lines(self) -> list[str]:
        puzzle = self.model.puzzle
        lines = [f"{self.name}: {puzzle.describe()}"]
        if self.params is not None:
            lines.append(f"the seed's collision-removal search, seed {self.params.seed}, "
                         f"PMax {self.params.pmax:,}")  # fmt: skip
        names = [puzzle.instance_name(i) for i in range(len(self.helped))]
        return [
            *lines,
            self.summary(),
            f"moves kept {self.accepted:,}, of which lowered the error {self.improved:,}",
            "steps spent at each error:",
            *histogram_lines(self.histogram),
            "moves that lowered the error, per piece:",
            "  " + ", ".join(f"{n}: {int(v)}" for n, v in zip(names, self.helped, strict=True)),
            "the box's z-slices at the end (cell codes, ! = empty or overlapped):",
            *slice_lines(self.model, self.final_state),
        ]

    def to_json(self) -> dict[str, Any]:
        params = {} if self.params is None else {"params": self.params.to_json()}
        return {"box": list(self.model.puzzle.box), **params, **self.report()}

    def report(self) -> dict[str, Any]:
        hist = {int(e): int(c) for e, c in enumerate(self.histogram) if c}
        return {
            "solved": self.solved,
            "steps": self.steps,
            "error": self.error,
            "best_error": self.best_error,
            "restarts": self.restarts,
            "accepted_moves": self.accepted,
            "improving_moves": self.improved,
            "longest_repeat": self.longest_repeat,
            "error_histogram": hist,
            "improving_moves_per_piece": {
                self.model.puzzle.instance_name(i): int(v) for i, v in enumerate(self.helped)
            },
            "error_samples": [int(v) for v in self.samples],
        }


class _Run:
    """Tables and the resumable state of one stochastic search."""

    def __init__(self, puzzle: CubePuzzle, params: StochasticParams):
        if params.pmax < 32:
            raise PuzzleInputError(f"--pmax must be at least 32, not {params.pmax}")
        if params.max_steps < 0:
            raise PuzzleInputError("--max-steps cannot be negative")
        if params.outside not in ("code", "volume"):
            raise PuzzleInputError(f"outside weighting must be code or volume: {params.outside}")
        self.params = params
        self.holes = puzzle.holes
        puzzle = puzzle.without_holes()
        margin = params.margin
        if margin is None:
            margin = max(t.longest_side for t in puzzle.types) - 1
        self.model = CubeModel(puzzle, margin)
        space = self.model.space
        table = orientation_table(puzzle)
        self.inst_type = puzzle.instance_type.astype(np.int64)
        self.obase = table.base
        self.n_orient = table.n_orient
        self.ovol = table.volume
        sx, sy, _ = space.dims
        cells = table.cells
        self.lin = cells[:, :, 0] + sx * (cells[:, :, 1] + sy * cells[:, :, 2])
        self.dims = np.array(space.dims, dtype=np.int64)
        self.inside = space.box_mask().astype(np.bool_)
        weights = [t.code if params.outside == "code" else 1 for t in puzzle.types]
        self.wout = np.array(weights, dtype=np.int64)
        self.pos_hi = np.array(
            [[d - t.longest_side for d in space.dims] for t in puzzle.types], dtype=np.int64
        )
        n, s = puzzle.n_pieces, space.n_cells
        hist_len = (
            puzzle.n_cells
            + sum(t.count * t.volume * w for t, w in zip(puzzle.types, weights, strict=True))
            + 1
        )
        n_samples = 0
        if params.sample_every > 0:
            n_samples = min(params.max_steps // params.sample_every + 1, MAX_SAMPLES)
        sizes = [n, n, n, n, s, hist_len, n_samples]
        offsets = np.cumsum([K.N_REGS, *sizes[:-1]])
        self.lay = np.array([*offsets, n, s, hist_len, n_samples], dtype=np.int64)
        self.blob = np.zeros(K.N_REGS + sum(sizes), dtype=np.int64)
        self.blob[self.lay[K.L_POSES] : self.lay[K.L_POSES] + n] = -1
        self.blob[self.lay[K.L_BEST_POSES] : self.lay[K.L_BEST_POSES] + n] = -1
        self.blob[K.ERR] = puzzle.n_cells - self.holes
        self.blob[K.PREV_ERR] = -1
        self.blob[K.BEST] = NEVER
        self.blob[K.IMAX] = params.pmax
        self.blob[K.PENDING] = 1
        self.blob[K.SAMPLED] = -1
        self.rng = np.array([params.seed & (2**64 - 1)], dtype=np.uint64)
        self.snap = self.blob.copy()
        self.snap_rng = self.rng.copy()

    def section(self, entry: int, size: int) -> np.ndarray:
        return self.blob[self.lay[entry] : self.lay[entry] + self.lay[size]]

    def state(self) -> CubeState:
        """The model state (CubeModel layout) of the current individual."""
        poses = self.section(K.L_POSES, K.L_N)
        cover = self.section(K.L_COVER, K.L_S)
        return np.concatenate([poses, cover]).astype(np.int32)

    def counters(self) -> dict[str, int]:
        b = self.blob
        return {
            "step": int(b[K.ITER]),
            "error": int(b[K.ERR]),
            "best": int(min(b[K.BEST], b[K.ERR])),
            "restarts": int(b[K.RESTARTS]),
            "repeats": int(b[K.REPEATS]),
            "limit": int(b[K.IMAX]),
        }

    def run(
        self,
        tracer: Tracer = NULL_TRACER,
        *,
        record: bool = False,
        stop_steps: int = NEVER,
        progress: Progress | None = None,
    ) -> None:
        text = _texts(tracer) if record else np.full(10, -1, dtype=np.int32)
        p = self.params
        while not self.blob[K.DONE] and self.blob[K.STEPS] < stop_steps:
            stop_iter = int(self.blob[K.ITER]) + CHUNK
            buf = tracer.kernel_buffer() if record else NULL_TRACER.kernel_buffer()
            K.stochastic_run(
                self.inst_type, self.obase, self.n_orient, self.ovol, self.lin, self.dims,
                self.inside, self.wout, self.pos_hi,
                self.blob, self.lay, self.rng, self.snap, self.snap_rng,
                p.pmax, p.max_steps, p.sample_every, stop_iter, stop_steps, p.record_rejected,
                record, buf, text,
            )  # fmt: skip
            if record:
                tracer.absorb(buf)
            if progress is not None:
                progress.update(int(self.blob[K.ITER]))
            raise_if_stopped()  # a chunk is under half a second: Ctrl-C is heard in time

    def restore_snapshot(self) -> None:
        self.blob[:] = self.snap
        self.rng[:] = self.snap_rng

    def result(self) -> StochasticResult:
        b = self.blob
        n = int(self.lay[K.L_N])
        return StochasticResult(
            solved=bool(b[K.ERR] == 0),
            steps=int(b[K.ITER]),
            error=int(b[K.ERR]),
            best_error=int(min(b[K.BEST], b[K.ERR])),
            restarts=max(int(b[K.RESTARTS]), 0),
            accepted=int(b[K.ACCEPTED]),
            improved=int(b[K.IMPROVED]),
            longest_repeat=int(max(b[K.LONGEST], b[K.REPEATS])),
            histogram=self.section(K.L_HIST, K.L_HLEN).copy(),
            helped=self.section(K.L_HELPED, K.L_N).copy(),
            samples=self.section(K.L_SAMPLES, K.L_SLEN)[: int(b[K.N_SAMPLES])].copy(),
            final_state=self.state(),
            best_poses=self.blob[self.lay[K.L_BEST_POSES] : self.lay[K.L_BEST_POSES] + n].copy(),
            model=self.model,
        )


def _texts(tracer: Tracer) -> np.ndarray:
    texts = {
        K.T_START: msg(
            "Random start: every piece thrown anywhere, sticking out of the box allowed"
        ),
        K.T_RESTART: msg("Restart: the error repeated IMax times, so throw all the pieces again"),
        K.T_BETTER: msg("A random piece jumps to a random place: fewer errors, keep it"),
        K.T_EQUAL: msg("A random piece jumps to a random place: as many errors as before, keep it"),
        K.T_WORSE: msg("A random piece jumps to a random place: more errors, undo it"),
        K.T_MS_START: "start",
        K.T_MS_RESTART: "restart",
        K.T_MS_SOLVED: "solution",
        K.T_MS_BEST: "best",
        K.T_CAP_SOLVED: msg("Error 0: every cell of the box is covered exactly once"),
        K.T_PACKED: msg("A random piece jumps to a random place: error 0, the box is packed"),
    }
    return np.array([tracer.intern(texts[k]) for k in range(len(texts))], dtype=np.int32)


def solve_stochastic(
    puzzle: CubePuzzle,
    params: StochasticParams,
    *,
    tracer: Tracer = NULL_TRACER,
    progress: Progress | None = None,
) -> StochasticResult:
    """Run the seed's search; a recording tracer records it from the start."""
    run = _Run(puzzle, params)
    run.run(tracer, record=tracer.enabled, progress=progress)
    return run.result()


def stochastic_model(puzzle: CubePuzzle, params: StochasticParams) -> CubeModel:
    return _Run(puzzle, dataclasses.replace(params, max_steps=0, sample_every=0)).model


def record_stochastic(
    puzzle: CubePuzzle,
    params: StochasticParams,
    tracer: Tracer,
    *,
    part: Literal["start", "end"] = "end",
    window: int = 20_000,
    progress: Progress | None = None,
) -> StochasticResult:
    """Run the search and record a window of at most `window` steps of it (see above) into
    `tracer`, whose trace starts where the window starts."""
    if window < 1:
        raise PuzzleInputError("the trace window must be at least one step")
    if part not in ("start", "end"):
        raise PuzzleInputError(f"the trace part must be start or end, not {part!r}")
    run = _Run(puzzle, params)

    def begin_here() -> None:
        tracer.begin(run.state(), **params.to_json(), part=part, window=window)
        tracer.start_counts(**run.counters())  # the window's first frame shows its own error

    if part == "start":
        begin_here()
        run.run(tracer, record=True, stop_steps=window, progress=progress)
        if not run.blob[K.DONE] and tracer.enabled:
            # the search goes on past the window: the trace says so, as a kernel whose
            # buffer filled up would (the Tracer protocol's one way to mark it)
            cut = tracer.kernel_buffer(0)
            cut.fill[FILL_TRUNCATED] = 1
            tracer.absorb(cut)
        run.run(progress=progress)
        return run.result()
    run.run(progress=progress)
    result = run.result()
    total_steps = int(run.blob[K.STEPS])
    run.restore_snapshot()
    skip = total_steps - window
    if skip > run.blob[K.STEPS]:
        run.run(stop_steps=skip)
    begin_here()
    run.run(tracer, record=True)
    replayed = run.result()
    if not np.array_equal(replayed.final_state, result.final_state):
        raise AssertionError("the replaying pass did not reach the first pass's end")
    return result


def stochastic_trace(
    puzzle: CubePuzzle,
    params: StochasticParams,
    *,
    part: Literal["start", "end"] = "end",
    window: int = 20_000,
) -> tuple[StochasticResult, Trace]:
    """The search and the trace of a window of it, in one go (demos, tests)."""
    tracer = RecordingTracer(
        stochastic_model(puzzle, params), solver="cube.stochastic", seed=params.seed,
        counters=STOCHASTIC_COUNTERS,
    )  # fmt: skip
    result = record_stochastic(puzzle, params, tracer, part=part, window=window)
    return result, tracer.finish()
