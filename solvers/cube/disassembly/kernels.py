"""The hot loops of the disassembler: how far each piece can slide, and the moves of one
position, in the order BurrTools tries them (so a search finds the same first separation).

A position is the offset (n, 3) of every piece from where the assembly put it. Piece i's
voxels are voxels[spans[i, 0] : spans[i, 1]] (a part of an assembly picks its rows of the
whole's spans, without copying voxels). Directions
are numbered as BurrTools numbers them: 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z.

Movement analysis (Bill Cutler's): `limits[d, i, j]` is how far piece i can slide in
direction d while piece j stays (`INF` if it never meets j). A set S of pieces can slide k
units in d when no piece of S meets a piece outside S within k units; the smallest such set
holding piece p is p's closure (add every piece that p's set would hit, until none is hit).
Every set that can slide is a union of closures, so the moves of a position are the
closures of each piece for each k, and their unions (merges) of equal k. A closure larger
than half the pieces is skipped: its complement sliding the other way is the same relative
position, and that complement is found from its own pieces. A set whose closure can slide
`INF` separates the assembly.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit

INF = 1 << 40
DIRECTIONS = np.array(
    [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], dtype=np.int64
)
KIND_MOVES, KIND_SEPARATION, KIND_FULL = 0, 1, 2


@njit(cache=True)
def slide_limits(voxels: Int64Array, spans: Int64Array, pos: Int64Array) -> Int64Array:
    """(6, n, n): how far piece i slides in direction d before it meets piece j.

    Two voxels on one line along an axis, gap g cells apart, let the one behind slide g
    units toward the other; the limit is the least gap over all such pairs."""
    n = spans.shape[0]
    lim = np.full((6, n, n), INF, dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            _pair_limits(voxels, spans, pos, lim, i, j)
    return lim


@njit(cache=True)
def _pair_limits(
    voxels: Int64Array, spans: Int64Array, pos: Int64Array, lim: Int64Array, i: int, j: int
) -> None:
    """lim[:, i, j] and lim[:, j, i] (which start at INF) from the voxels of the pair."""
    for a in range(spans[i, 0], spans[i, 1]):
        ax = voxels[a, 0] + pos[i, 0]
        ay = voxels[a, 1] + pos[i, 1]
        az = voxels[a, 2] + pos[i, 2]
        for b in range(spans[j, 0], spans[j, 1]):
            dx = voxels[b, 0] + pos[j, 0] - ax
            dy = voxels[b, 1] + pos[j, 1] - ay
            dz = voxels[b, 2] + pos[j, 2] - az
            if dy == 0 and dz == 0:
                _meet(lim, 0, i, j, dx)
            elif dx == 0 and dz == 0:
                _meet(lim, 2, i, j, dy)
            elif dx == 0 and dy == 0:
                _meet(lim, 4, i, j, dz)


# A piece's voxels by line (`voxel_lines`): along axis a, each voxel as one key
# ((u + LINE_BIAS) * LINE_BASE + v + LINE_BIAS) * LINE_BASE + w + LINE_BIAS, with u, v the
# other two coordinates and w its own, sorted, so the voxels of one line are consecutive and
# in order. A move shifts every key of a piece by one constant, which keeps the order, so two
# pieces' limits along an axis are one merge of their keys (`_pair_limits_lines`): linear,
# where voxel against voxel is quadratic (Dracula's 152-voxel pieces: 23,000 pairs).
LINE_BITS = 12
LINE_BASE = 1 << LINE_BITS
LINE_BIAS = 1 << (LINE_BITS - 1)  # coordinates and offsets stay within +-2048
OTHER_AXES = np.array([[1, 2], [0, 2], [0, 1]], dtype=np.int64)
MERGE_FACTOR = 6  # merge when vi * vj > MERGE_FACTOR * (vi + vj): the loop costs that much more


@njit(cache=True)
def voxel_lines(voxels: Int64Array, spans: Int64Array) -> Int64Array:
    """(3, V): per axis, each piece's voxels (its rows of `spans`) as sorted line keys."""
    lines = np.zeros((3, voxels.shape[0]), dtype=np.int64)
    for a in range(3):
        u, v = OTHER_AXES[a, 0], OTHER_AXES[a, 1]
        for p in range(spans.shape[0]):
            lo, hi = spans[p, 0], spans[p, 1]
            for r in range(lo, hi):
                lines[a, r] = ((voxels[r, u] + LINE_BIAS) * LINE_BASE + voxels[r, v]
                               + LINE_BIAS) * LINE_BASE + voxels[r, a] + LINE_BIAS  # fmt: skip
            lines[a, lo:hi] = np.sort(lines[a, lo:hi])
    return lines


@njit(cache=True)
def _pair_limits_lines(
    lines: Int64Array, spans: Int64Array, pos: Int64Array, lim: Int64Array, i: int, j: int
) -> None:
    """`_pair_limits` by merging the two pieces' line keys, axis by axis: on one line, the
    nearest voxels of the two pieces are neighbours in the merged order. An equal key, the
    pieces overlapping (which no position of a search has), counts as `_pair_limits` counts
    it: the x axis stops, along y and z each voxel meets the other's before it."""
    mask = LINE_BASE - 1
    for a in range(3):
        u, v = OTHER_AXES[a, 0], OTHER_AXES[a, 1]
        shift = ((pos[i, u] - pos[j, u]) * LINE_BASE + pos[i, v] - pos[j, v]) * LINE_BASE + (
            pos[i, a] - pos[j, a]
        )
        p, p_end = spans[i, 0], spans[i, 1]
        q, q_end = spans[j, 0], spans[j, 1]
        line_i = -1
        line_j = -1
        at_i = 0
        at_j = 0
        while p < p_end or q < q_end:
            if p < p_end and q < q_end and lines[a, p] + shift == lines[a, q]:  # an overlap
                k = lines[a, q]
                line, at = k >> LINE_BITS, k & mask
                if a == 0:
                    _meet(lim, 0, i, j, 0)
                else:  # each against the other's voxel before it on the line
                    if line == line_j:
                        _meet(lim, 2 * a, i, j, at_j - at)
                    if line == line_i:
                        _meet(lim, 2 * a, i, j, at - at_i)
                line_i, at_i, line_j, at_j = line, at, line, at
                p += 1
                q += 1
            elif q == q_end or (p < p_end and lines[a, p] + shift < lines[a, q]):
                k = lines[a, p] + shift
                line, at = k >> LINE_BITS, k & mask
                if line == line_j:
                    _meet(lim, 2 * a, i, j, at_j - at)
                line_i, at_i = line, at
                p += 1
            else:
                k = lines[a, q]
                line, at = k >> LINE_BITS, k & mask
                if line == line_i:
                    _meet(lim, 2 * a, i, j, at - at_i)
                line_j, at_j = line, at
                q += 1


# The movement cache: a pair's limits depend only on how far apart the two pieces are, and
# a search meets the same few offsets again and again. An open-addressing table (keys -1
# when free) maps (pair, offset) to the pair's six limits i->j packed in 10 bits each.
PACK_BITS = 10
PACK_INF = (1 << PACK_BITS) - 1  # a limit of INF; real limits stay below (spaces <= 64)
OFFSET_BITS = 12  # each offset coordinate + 2048 in 12 bits; 62 * 62 pairs above them
HASH_MUL = -7046029254386353131  # 0x9E3779B97F4A7C15 (Fibonacci hashing) as an int64


def new_cache(size: int = 1 << 12) -> tuple[Int64Array, Int64Array]:
    """An empty movement cache (keys, values) of `size` slots, a power of two."""
    return np.full(size, -1, dtype=np.int64), np.zeros(size, dtype=np.int64)


@njit(cache=True)
def piece_bounds(voxels: Int64Array, spans: Int64Array) -> Int64Array:
    """(n, 6): each piece's bounding box, low x y z and high x y z (inclusive)."""
    n = spans.shape[0]
    out = np.empty((n, 6), dtype=np.int64)
    for i in range(n):
        for c in range(3):
            out[i, c] = voxels[spans[i, 0] : spans[i, 1], c].min()
            out[i, 3 + c] = voxels[spans[i, 0] : spans[i, 1], c].max()
    return out


@njit(cache=True, inline="always")
def _apart(bounds: Int64Array, pos: Int64Array, i: int, j: int) -> bool:
    """True if pieces i and j cannot meet along any axis: for each axis, their boxes'
    spans across it are disjoint in some other axis (all six limits INF)."""
    overlap = 0
    for c in range(3):
        lo = max(bounds[i, c] + pos[i, c], bounds[j, c] + pos[j, c])
        hi = min(bounds[i, 3 + c] + pos[i, c], bounds[j, 3 + c] + pos[j, c])
        if lo <= hi:
            overlap += 1
    return overlap < 2  # sliding along an axis meets only with overlap across the other two


@njit(cache=True)
def cached_limits(
    voxels: Int64Array,
    spans: Int64Array,
    bounds: Int64Array,
    pos: Int64Array,
    keys: Int64Array,
    vals: Int64Array,
    lines: Int64Array,
) -> tuple[Int64Array, int]:
    """slide_limits through the cache; also how many entries it added (at most
    n * (n - 1) / 2 per call: the caller replaces the cache before it gets half full).
    Pairs whose boxes cannot meet (piece_bounds) are INF without a look; large pairs are
    computed from `lines` (voxel_lines; an empty (3, 0) array: never)."""
    n = spans.shape[0]
    lim = np.full((6, n, n), INF, dtype=np.int64)
    size = keys.shape[0]
    added = 0
    half = 1 << (OFFSET_BITS - 1)
    for i in range(n):
        for j in range(i + 1, n):
            if _apart(bounds, pos, i, j):
                continue
            key = i * n + j
            for c in range(3):
                key = (key << OFFSET_BITS) | (pos[j, c] - pos[i, c] + half)
            h = key * HASH_MUL
            slot = (h ^ (h >> 29)) & (size - 1)
            while keys[slot] != -1 and keys[slot] != key:
                slot = (slot + 1) & (size - 1)
            if keys[slot] == key:
                packed = vals[slot]
                for d in range(6):
                    v = (packed >> (PACK_BITS * d)) & PACK_INF
                    g = INF if v == PACK_INF else v
                    lim[d, i, j] = g
                    lim[d ^ 1, j, i] = g
                continue
            vi, vj = spans[i, 1] - spans[i, 0], spans[j, 1] - spans[j, 0]
            if lines.shape[1] > 0 and vi * vj > MERGE_FACTOR * (vi + vj):
                _pair_limits_lines(lines, spans, pos, lim, i, j)
            else:
                _pair_limits(voxels, spans, pos, lim, i, j)
            packed = 0
            for d in range(6):
                g = lim[d, i, j]
                packed |= (PACK_INF if g >= PACK_INF else g) << (PACK_BITS * d)
            keys[slot] = key
            vals[slot] = packed
            added += 1
    return lim, added


@njit(cache=True, inline="always")
def _meet(lim: Int64Array, d: int, i: int, j: int, delta: int) -> None:
    """j's voxel lies `delta` cells from i's along axis d // 2: i can slide delta - 1 toward
    it (j as far the other way), an overlap (delta 0) allows nothing either way."""
    if delta > 0:
        g = delta - 1
        lim[d, i, j] = min(lim[d, i, j], g)
        lim[d + 1, j, i] = min(lim[d + 1, j, i], g)
    elif delta < 0:
        g = -delta - 1
        lim[d + 1, i, j] = min(lim[d + 1, i, j], g)
        lim[d, j, i] = min(lim[d, j, i], g)
    else:
        for e in range(d, d + 2):
            lim[e, i, j] = 0
            lim[e, j, i] = 0


@njit(cache=True)
def closure(lim: Int64Array, d: int, p: int, k: int, most: int) -> int:
    """The bit mask of the smallest set holding piece p that slides k units in direction d,
    or 0 if it has more than `most` pieces."""
    n = lim.shape[1]
    mask = 1 << p
    todo = 1 << p
    count = 1
    while todo:
        i = 0
        while not (todo >> i) & 1:
            i += 1
        todo &= ~(1 << i)
        for j in range(n):
            if not (mask >> j) & 1 and lim[d, i, j] < k:
                mask |= 1 << j
                todo |= 1 << j
                count += 1
                if count > most:
                    return 0
    return mask


@njit(cache=True, inline="always")
def _emit(out: Int64Array, count: int, d: int, k: int, mask: int, weights: Int64Array) -> int:
    """Append the move (d, k, mask) unless the buffer is full; the heavier side stays (a
    set heavier than the rest moving is written as the rest moving the other way, as
    BurrTools does, so a frame or cage of weight 2 is the one that stays)."""
    n = weights.shape[0]
    moving = 0
    still = 0
    for i in range(n):
        if (mask >> i) & 1:
            moving = max(moving, weights[i])
        else:
            still = max(still, weights[i])
    if still < moving:
        mask = ((1 << n) - 1) & ~mask
        d ^= 1
    if count < out.shape[0]:
        out[count, 0] = d
        out[count, 1] = k
        out[count, 2] = mask
    return count + 1


@njit(cache=True)
def moves(
    voxels: Int64Array,
    spans: Int64Array,
    bounds: Int64Array,
    pos: Int64Array,
    weights: Int64Array,
    out: Int64Array,
    keys: Int64Array,
    vals: Int64Array,
    lines: Int64Array,
) -> tuple[int, int, int]:
    """The moves of one position as rows (direction, amount, mask) in `out`, in BurrTools'
    order: a single piece that comes out, else a group that comes out (the first one found
    is returned alone, kind KIND_SEPARATION, amount INF), else every slide: per direction,
    per piece, per amount 1, 2, ... its closure, each new one followed by its merges with
    the sets found before in that direction with the same amount. Returns (kind, count);
    kind KIND_FULL when `out` was too small for `count` rows. Also the count of entries
    added to the movement cache (keys, vals)."""
    n = spans.shape[0]
    lim, added = cached_limits(voxels, spans, bounds, pos, keys, vals, lines)
    for most in (1, n // 2):
        for d in range(6):
            for p in range(n):
                mask = closure(lim, d, p, INF, most)
                if mask:
                    _emit(out, 0, d, INF, mask, weights)
                    return KIND_SEPARATION, 1, added
    everyone = (1 << n) - 1
    count = 0
    found_mask = np.empty(out.shape[0] + 1, dtype=np.int64)
    found_k = np.empty(out.shape[0] + 1, dtype=np.int64)
    for d in range(6):
        nfound = 0
        for p in range(n):
            k = 1
            while True:
                mask = closure(lim, d, p, k, n // 2)
                if not mask:
                    break
                k += 1
                before = nfound
                count, nfound = _add(out, count, found_mask, found_k, nfound, d, k - 1, mask,
                                     weights)  # fmt: skip
                if count > out.shape[0]:
                    return KIND_FULL, count, added
                if nfound == before:
                    continue  # known already
                for f in range(nfound - 1):
                    union = mask | found_mask[f]
                    if found_k[f] != k - 1 or union in (everyone, mask, found_mask[f]):
                        continue
                    count, nfound = _add(out, count, found_mask, found_k, nfound, d, k - 1,
                                         union, weights)  # fmt: skip
                    if count > out.shape[0]:
                        return KIND_FULL, count, added
    return KIND_MOVES, count, added


@njit(cache=True, inline="always")
def _add(
    out: Int64Array,
    count: int,
    found_mask: Int64Array,
    found_k: Int64Array,
    nfound: int,
    d: int,
    k: int,
    mask: int,
    weights: Int64Array,
) -> tuple[int, int]:
    """Note the set `mask` sliding k in direction d among this direction's sets and emit it,
    unless it is known already: the new (count, nfound). The caller stops once count
    exceeds `out`, so nfound (at most count) stays within found_mask's length."""
    if _known(found_mask, found_k, nfound, mask, k):
        return count, nfound
    found_mask[nfound] = mask
    found_k[nfound] = k
    return _emit(out, count, d, k, mask, weights), nfound + 1


@njit(cache=True, inline="always")
def _known(masks: Int64Array, ks: Int64Array, n: int, mask: int, k: int) -> bool:
    """True if (mask, k) is among the first n sets found (a loop: numba has no any())."""
    f = 0
    while f < n and not (masks[f] == mask and ks[f] == k):
        f += 1
    return f < n
