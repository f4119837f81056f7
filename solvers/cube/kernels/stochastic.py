"""The seed's collision-removal search as a numba kernel, rule for rule.

The seed (a Delphi program) keeps one random individual: every piece at a random position
and orientation, sticking out of the box allowed. Each step moves one random piece to a
random new position and orientation; the move is undone if the error got worse, kept if not
(equal error is kept too). When the same error has repeated IMax times the individual is
thrown away and a fresh random one starts (a restart); IMax shrinks as the error grows:
errors 0-6 get PMax, 7-12 PMax/2, ..., 31-36 PMax/32, and above 36 IMax keeps its value.

The whole search state is one int64 array (`blob`, laid out by `Layout`) plus the random
generator's state, so the kernel can stop at any step boundary and resume, and a snapshot
of the blob at the last restart lets a second pass replay the winning run with recording.
The random generator is splitmix64: the same seed gives the same run on every machine.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import (
    KernelBuffer,
    record_event,
    record_milestone,
    record_step,
)

# registers at the start of the blob
(ITER, ERR, PREV_ERR, REPEATS, IMAX, BEST, RESTARTS, LONGEST, PENDING, STEPS, DONE, N_SAMPLES,
 ACCEPTED, IMPROVED, STARTED, SAMPLED) = range(16)  # fmt: skip
N_REGS = 16
# layout entries (offsets into the blob, and sizes)
L_POSES, L_ORIENTS, L_HELPED, L_BEST_POSES, L_COVER, L_HIST, L_SAMPLES = range(7)
L_N, L_S, L_HLEN, L_SLEN = range(7, 11)
# counters recorded with each event
C_STEP, C_ERROR, C_BEST, C_RESTARTS, C_REPEATS, C_LIMIT = range(6)
# captions / milestone kinds (indices into the `text` id array)
T_START, T_RESTART, T_BETTER, T_EQUAL, T_WORSE, T_MS_START, T_MS_RESTART, T_MS_SOLVED = range(8)
T_MS_BEST, T_CAP_SOLVED, T_PACKED = 8, 9, 10
OP_PLACE, OP_MOVE = 0, 2

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _next(rng: UInt64Array) -> np.uint64:
    rng[0] += GOLDEN
    z: np.uint64 = rng[0]
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(rng: UInt64Array, n: int) -> int:
    """A uniform integer in 0..n-1 (n < 2**31)."""
    below = np.int64(((_next(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))
    return int(below)  # numba's int() keeps an int64 as it is: this one is for mypy


@njit(cache=True, inline="always")
def _cover(
    blob: Int64Array, cover: int, inside: BoolArray, lin: Int64Array, ovol: Int64Array, row: int,
    anchor: int, delta: int, weight: int,
) -> int:  # fmt: skip
    """Add `delta` to the cover of the cells of orientation `row` placed at space cell
    `anchor`; return the error change. Branch-free and division-free: this is the loop the
    search spends its time in."""
    change = 0
    for k in range(ovol[row]):
        cell = anchor + lin[row, k]
        ins = int(inside[cell])  # numba: int(bool) is an int64, as np.int64(bool) was
        before = int(blob[cover + cell] != 1)
        blob[cover + cell] += delta
        after = int(blob[cover + cell] != 1)
        change += ins * (after - before) + (1 - ins) * delta * weight
    return change


@njit(cache=True, inline="always")
def _random_pose(
    rng: UInt64Array, t: int, n_orient: Int64Array, pos_hi: Int64Array, dims: Int64Array
) -> tuple[int, int]:
    """The seed's ElemMake: a random orientation, then x, y, z in the type's range.
    Returns (orientation, anchor space cell)."""
    orient = _below(rng, n_orient[t]) if n_orient[t] > 1 else 0
    x = _below(rng, pos_hi[t, 0] + 1)
    y = _below(rng, pos_hi[t, 1] + 1)
    z = _below(rng, pos_hi[t, 2] + 1)
    return orient, x + dims[0] * (y + dims[1] * z)


@njit(cache=True)
def stochastic_run(
    # tables
    inst_type: Int64Array, obase: Int64Array, n_orient: Int64Array, ovol: Int64Array,
    lin: Int64Array, dims: Int64Array, inside: BoolArray, wout: Int64Array, pos_hi: Int64Array,
    # state
    blob: Int64Array, lay: Int64Array, rng: UInt64Array, snap: Int64Array,
    snap_rng: UInt64Array,
    # limits
    pmax: int, max_steps: int, sample_every: int, stop_iter: int, stop_steps: int,
    record_rejected: bool,
    # recording
    rec: bool, buf: KernelBuffer, text: Int32Array,
) -> None:  # fmt: skip
    """Run until solved, `max_steps` steps, step `stop_iter`, or `stop_steps` recordable
    steps (each returns at a step boundary, so a later call resumes exactly)."""
    n = lay[L_N]
    poses = lay[L_POSES]
    hist = lay[L_HIST]
    hist_len = lay[L_HLEN]
    orients = lay[L_ORIENTS]
    cover = lay[L_COVER]
    n_space = lay[L_S]
    while blob[DONE] == 0:
        if blob[STEPS] >= stop_steps or blob[ITER] >= stop_iter:
            return
        if blob[PENDING]:
            # the seed's General: a fresh random individual (snapshot first, for replays)
            snap[:] = blob
            snap_rng[0] = rng[0]
            blob[PENDING] = 0
            blob[STEPS] += 1
            first = blob[STARTED] == 0
            blob[STARTED] = 1
            if rec:
                buf.current[C_RESTARTS] = blob[RESTARTS]
                buf.current[C_REPEATS] = 0
                record_step(buf, text[T_START] if first else text[T_RESTART])
            for i in range(n):
                t = inst_type[i]
                old = blob[poses + i]
                if old >= 0:
                    o = blob[orients + i]
                    blob[ERR] += _cover(blob, cover, inside, lin, ovol, obase[t] + o,
                                        old - o * n_space, -1, wout[t])  # fmt: skip
                o, anchor = _random_pose(rng, t, n_orient, pos_hi, dims)
                new = o * n_space + anchor
                blob[poses + i] = new
                blob[orients + i] = o
                blob[ERR] += _cover(blob, cover, inside, lin, ovol, obase[t] + o, anchor, 1,
                                    wout[t])  # fmt: skip
                if rec:
                    buf.current[C_ERROR] = blob[ERR]
                    if old >= 0:
                        record_event(buf, OP_MOVE, i, old, new)
                    else:
                        record_event(buf, OP_PLACE, i, new)
            if rec:
                record_milestone(buf, text[T_MS_START] if first else text[T_MS_RESTART], -1)
            continue
        if sample_every > 0 and blob[ITER] % sample_every == 0 and blob[SAMPLED] != blob[ITER]:
            # the seed showed the current error every million steps
            blob[SAMPLED] = blob[ITER]
            k = blob[N_SAMPLES]
            if blob[ITER] > 0 and k < lay[L_SLEN]:
                blob[lay[L_SAMPLES] + k] = blob[ERR]
                blob[N_SAMPLES] = k + 1
        h = blob[ERR]
        if h == 0 or blob[ITER] >= max_steps:
            blob[DONE] = 1
            return
        # IMax depends on the error; above 36 it keeps its last value (as in the seed)
        if h <= 6:
            blob[IMAX] = pmax
        elif h <= 12:
            blob[IMAX] = pmax // 2
        elif h <= 18:
            blob[IMAX] = pmax // 4
        elif h <= 24:
            blob[IMAX] = pmax // 8
        elif h <= 30:
            blob[IMAX] = pmax // 16
        elif h <= 36:
            blob[IMAX] = pmax // 32
        blob[hist + min(h, hist_len - 1)] += 1
        blob[ITER] += 1
        if blob[PREV_ERR] == h:
            blob[REPEATS] += 1
        else:
            if blob[REPEATS] > blob[LONGEST]:
                blob[LONGEST] = blob[REPEATS]
            blob[REPEATS] = 0
        blob[PREV_ERR] = h
        if h < blob[BEST]:
            blob[BEST] = h
            for i in range(n):
                blob[lay[L_BEST_POSES] + i] = blob[poses + i]
        a = _below(rng, n)
        t = inst_type[a]
        old = blob[poses + a]
        old_o = blob[orients + a]
        old_row = obase[t] + old_o
        old_anchor = old - old_o * n_space
        new_o, new_anchor = _random_pose(rng, t, n_orient, pos_hi, dims)
        new_row = obase[t] + new_o
        new = new_o * n_space + new_anchor
        e = h
        e += _cover(blob, cover, inside, lin, ovol, old_row, old_anchor, -1, wout[t])
        e += _cover(blob, cover, inside, lin, ovol, new_row, new_anchor, 1, wout[t])
        kept = e <= h
        if kept:
            blob[poses + a] = new
            blob[orients + a] = new_o
            blob[ERR] = e
            blob[ACCEPTED] += 1
            if e < h:
                blob[lay[L_HELPED] + a] += 1
                blob[IMPROVED] += 1
        else:
            _cover(blob, cover, inside, lin, ovol, new_row, new_anchor, -1, wout[t])
            _cover(blob, cover, inside, lin, ovol, old_row, old_anchor, 1, wout[t])
        if kept or record_rejected:
            blob[STEPS] += 1
            if rec:
                buf.current[C_STEP] = blob[ITER]
                buf.current[C_REPEATS] = blob[REPEATS]
                buf.current[C_LIMIT] = blob[IMAX]
                buf.current[C_BEST] = min(blob[BEST], blob[ERR])
                if kept:
                    buf.current[C_ERROR] = e
                    said = T_PACKED if e == 0 else T_BETTER if e < h else T_EQUAL
                    record_step(buf, text[said])
                    record_event(buf, OP_MOVE, a, old, new)
                    if e < blob[BEST]:
                        record_milestone(buf, text[T_MS_BEST], -1)
                else:
                    buf.current[C_ERROR] = e
                    record_step(buf, text[T_WORSE])
                    record_event(buf, OP_MOVE, a, old, new)
                    buf.current[C_ERROR] = h
                    record_event(buf, OP_MOVE, a, new, old)
        if blob[ERR] == 0 and rec:
            record_milestone(buf, text[T_MS_SOLVED], text[T_CAP_SOLVED])
        if blob[REPEATS] == blob[IMAX]:
            # the seed's restart: same error IMax times in a row
            blob[RESTARTS] += 1
            if blob[LONGEST] == blob[IMAX]:
                blob[LONGEST] = 0
            blob[REPEATS] = 0
            blob[PENDING] = 1
