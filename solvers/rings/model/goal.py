"""The goal test, the goal set, and the thesis' heuristic (pure Python, the reference; the
goal set is listed by a small numba walk over the rings).

Goal (spec 2.5): every ring's own sequence, read in index order (not cyclically), has
exactly Szsz - 1 colour changes. Colours may be permuted between rings when the counts
allow, so the goal set holds more than the 'own colours' arrangement.

Heuristic (spec 3, variant Q): for ring r take its own balls in index order plus the ball
in its wrap slot (position Gsz) and read the sequence cyclically; score the squares of the
lengths of maximal runs whose colour belongs to ring r; h = maxH - score with
maxH = sum of count_c squared. Not admissible: it is the thesis' greedy guide.
"""

from __future__ import annotations

import functools
import io
import itertools
import os
import stat
from pathlib import Path

import numpy as np
from numba.typed import Dict
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.cachefiles import DamagedCache, cache_home, damaged, replace_file, unwritable
from puzzleviz.solvers.jit import njit, types
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState


def own_changes(config: RingConfig, state: RingState, ring: int) -> int:
    seq = state[config.offsets[ring] : config.offsets[ring + 1]]
    return int(np.count_nonzero(seq[1:] != seq[:-1]))


def is_goal(config: RingConfig, state: RingState) -> bool:
    want = config.colours_per_ring - 1
    return all(own_changes(config, state, r) == want for r in range(config.rings))


@functools.lru_cache(maxsize=32)
def _goal_states(config: RingConfig) -> np.ndarray:
    """Every goal state, read from the user's cache folder when a large set was listed
    before (the Olympic two-colour rings' 322,560 goals: about 2 s to list and sort, 0.1 s
    to read and check). A damaged file is said and listed again."""
    path = _cache_path(config)
    try:
        out = _load_goals(config, path)
    except DamagedCache as exc:
        damaged(path, exc, "goal set", "listing the goals again")
        out = None
    if out is None:
        out = _list_goal_states(config)
        if len(out) >= CACHE_GOALS:
            _save_goals(out, path)
    out.setflags(write=False)
    return out


CACHE_GOALS = 20_000  # smaller goal sets are listed faster than read


def _cache_path(config: RingConfig) -> Path:
    return cache_home() / "rings-goals" / f"v1-{str(config).replace('/', '-')}.npy"


def _load_goals(config: RingConfig, path: Path) -> np.ndarray | None:
    """The cached set, or None if there is none. DamagedCache, saying what is wrong, unless
    every row is a goal with the right colour counts, rows sorted and distinct. (A file
    holding some of the goals would pass: telling takes the walk that lists them.)"""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise DamagedCache(exc.strerror or str(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise DamagedCache("not a regular file")
    if info.st_size > MAX_GOALS * config.n_balls + _NPY_HEADER:
        raise DamagedCache(f"{info.st_size:,} bytes, more than any goal set takes")
    try:
        raw = np.load(path, allow_pickle=False)
    except Exception as exc:  # EOFError on an empty file, ValueError on garbage, ...
        raise DamagedCache(f"not a goal list: {' '.join(str(exc).split()) or 'empty'}") from None
    if not isinstance(raw, np.ndarray) or raw.ndim != 2 or raw.shape[1] != config.n_balls:
        raise DamagedCache("not a goal list of this configuration")
    if raw.dtype != np.int8 or not len(raw):
        raise DamagedCache("not a goal list of this configuration")
    out = raw.astype(np.int32)
    want = config.colours_per_ring - 1
    for r in range(config.rings):
        seq = out[:, config.offsets[r] : config.offsets[r + 1]]
        if np.any(np.count_nonzero(seq[:, 1:] != seq[:, :-1], axis=1) != want):
            raise DamagedCache("a row that is not a goal")
    for c, count in enumerate(config.colour_counts):
        if np.any(np.count_nonzero(out == c + 1, axis=1) != count):
            raise DamagedCache("a row with the wrong colour counts")
    step = out[1:] != out[:-1]
    first = step.argmax(axis=1)  # the first column where neighbouring rows differ
    rows = np.arange(len(first))
    if not step.any(axis=1).all() or np.any(out[rows, first] > out[rows + 1, first]):
        raise DamagedCache("rows out of order or repeated")
    return out


_NPY_HEADER = 4096  # bytes of an .npy header, at most
MAX_GOALS = 10_000_000  # far more than any configuration here has (the most: 322,560)


def _save_goals(out: np.ndarray, path: Path) -> None:
    buffer = io.BytesIO()
    np.save(buffer, out.astype(np.int8))
    try:
        replace_file(path, [buffer.getbuffer()])
    except OSError as exc:
        unwritable(path.parent, exc, "rings goal sets", "they are listed again on every run")


def _list_goal_states(config: RingConfig) -> np.ndarray:
    """Every goal state: each ring filled with Szsz monochrome blocks (neighbouring blocks of
    different colours), every colour used exactly as often as it has balls.

    The rings' choices are listed once per ring and combined by a numba walk over the rings
    (`_combine`): the Olympic two-colour rings have 322,560 goal states, which a Python
    recursion building each state took 35 s to list."""
    options = [_ring_options(config.own_count(r), config.colours_per_ring,
                             len(config.colour_counts)) for r in range(config.rings)]  # fmt: skip
    most = max(len(seqs) for seqs, _ in options)
    usage = np.zeros((config.rings, most, len(config.colour_counts)), dtype=np.int64)
    for r, (_, use) in enumerate(options):
        usage[r, : len(use)] = use
    n_options = np.array([len(seqs) for seqs, _ in options], dtype=np.int64)
    counts = np.array(config.colour_counts, dtype=np.int64)
    chosen = _combine(usage, n_options, counts)
    n = len(chosen)
    out = np.hstack([seqs[chosen[:, r]] for r, (seqs, _) in enumerate(options)])
    out = out.reshape(n, config.n_balls).astype(np.int32)
    return out[np.lexsort(out.T[::-1])] if n else out  # rows in lexicographic order


def _ring_options(n: int, blocks: int, colours: int) -> tuple[np.ndarray, np.ndarray]:
    """One ring's fillings (1-based colours, (K, n)) and the balls of each colour they use."""
    seqs: list[list[int]] = []
    uses: list[list[int]] = []
    for sizes in _compositions(n, blocks):
        for picks in itertools.product(range(colours), repeat=blocks):
            if any(a == b for a, b in itertools.pairwise(picks)):
                continue
            use = [0] * colours
            seq: list[int] = []
            for colour, size in zip(picks, sizes, strict=True):
                use[colour] += size
                seq += [colour + 1] * size
            seqs.append(seq)
            uses.append(use)
    return np.array(seqs, dtype=np.int32).reshape(len(seqs), n), np.array(uses, dtype=np.int64)


@njit(cache=True)
def _fits(use: Int64Array, left: Int64Array) -> bool:
    for c in range(left.shape[0]):  # noqa: SIM110  (numba: no generators)
        if use[c] > left[c]:
            return False
    return True


@njit(cache=True)
def _all_zero(left: Int64Array) -> bool:
    for c in range(left.shape[0]):  # noqa: SIM110  (numba: no generators)
        if left[c]:
            return False
    return True


@njit(cache=True)
def _combine(usage: Int64Array, n_options: Int64Array, counts: Int64Array) -> Int64Array:
    """Choices of one option per ring that use every colour's balls exactly: (n, rings).

    A walk over the rings that remembers the dead ends: (ring, balls left) pairs below which
    nothing was found are never entered again, so the walk costs about what it finds."""
    rings, _, n_colours = usage.shape
    base = counts.max() + 1
    weight = np.ones(n_colours, dtype=np.int64)
    for c in range(1, n_colours):
        weight[c] = weight[c - 1] * base
    level = weight[n_colours - 1] * base  # keys: ring * level + the balls left, in base `base`
    use_key = np.zeros(usage.shape[:2], dtype=np.int64)
    for r in range(rings):
        for o in range(n_options[r]):
            use_key[r, o] = np.sum(usage[r, o] * weight)
    dead = Dict.empty(key_type=types.int64, value_type=types.boolean)
    chosen = np.full(rings, -1, dtype=np.int64)
    entered_with = np.zeros(rings, dtype=np.int64)  # `found` when the ring's node was entered
    key = np.zeros(rings, dtype=np.int64)  # each ring's node: its key
    left = counts.copy()
    out = np.empty((64, rings), dtype=np.int64)  # doubled when full: one walk, any count
    key[0] = np.sum(left * weight)
    found = 0
    r = 0
    while r >= 0:
        if chosen[r] >= 0:
            left += usage[r, chosen[r]]  # take the previous option back
        chosen[r] += 1
        while chosen[r] < n_options[r] and (
            not _fits(usage[r, chosen[r]], left)
            or (r < rings - 1 and (key[r] + level - use_key[r, chosen[r]]) in dead)
        ):
            chosen[r] += 1
        if chosen[r] == n_options[r]:
            if found == entered_with[r]:
                dead[key[r]] = True
            chosen[r] = -1
            r -= 1
            continue
        left -= usage[r, chosen[r]]
        if r < rings - 1:
            key[r + 1] = key[r] + level - use_key[r, chosen[r]]
            r += 1
            entered_with[r] = found
        elif _all_zero(left):
            if found == out.shape[0]:
                grown = np.empty((2 * found, rings), dtype=np.int64)
                grown[:found] = out
                out = grown
            out[found] = chosen
            found += 1
    return out[:found]


def goal_states(config: RingConfig) -> np.ndarray:
    """(n_goals, N) int32, sorted; read-only and cached."""
    return _goal_states(config)


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(a, *rest) for a in range(1, n) for rest in _compositions(n - a, parts - 1)]


def max_heuristic(config: RingConfig) -> int:
    """maxH of the thesis: the largest score, reached when every colour is one run."""
    return sum(c * c for c in config.colour_counts)


def heuristic_sequence(config: RingConfig, ring: int) -> list[int]:
    """State indices read (cyclically) by the heuristic for `ring`: own balls, wrap slot."""
    own = list(range(config.offsets[ring], config.offsets[ring + 1]))
    return [*own, int(config.circuits[ring, config.size - 1])]


def thesis_heuristic(config: RingConfig, state: RingState) -> int:
    score = 0
    for r in range(config.rings):
        seq = [int(state[i]) for i in heuristic_sequence(config, r)]
        mine = set(config.ring_colours(r))
        n = len(seq)
        start = next(i for i in range(n) if seq[i] != seq[i - 1])
        run = 0
        for k in range(n):
            colour = seq[(start + k) % n]
            if k and colour != seq[(start + k - 1) % n]:
                score += run * run if seq[(start + k - 1) % n] in mine else 0
                run = 0
            run += 1
        score += run * run if seq[(start - 1) % n] in mine else 0
    return max_heuristic(config) - score
