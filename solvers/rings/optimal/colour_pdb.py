"""Pattern databases per colour for two-ring configurations: where one colour's balls are.

A pattern is a set of t places (a bit mask over the N ball places) that t balls of one
colour occupy; its entry is the fewest turns that bring those balls into one goal block
(the places that colour fills in some goal state). Every real solution carries the
colour's balls into a goal block, so the entry is a lower bound on the real distance,
whichever colours the other balls have: the maximum over the colours is admissible. For
two colours per ring t is the colour's count and the blocks are the first or last k own
balls of either ring (9 or 10 for the original 2/20/2/4: C(38,10) = 472,733,756 and
C(38,9) = 163,011,640 entries). One colour per ring has two colours of Gsz - 1 balls;
where C(N, Gsz - 1) is too large (Gsz 18 and 20) the pattern is a subset of t of them
(still admissible: every subset must end inside the block too) and the search takes the
maximum over several subsets.

Layout, built for the search (solvers.rings.optimal.optimal): a mask splits into W, the Gsz bits
on ring 1's circuit (position p at bit p), and R, the other N - Gsz bits. Entries are
grouped by popcount(W) = j, then by R (its rank among the words of its popcount), then by
W in *orbit order*: the Gsz rotations of a circuit word lie next to each other. A turn of
ring 1 rotates W and keeps R, so the entries of all 19 children of a node for ring 1 lie
within 10 bytes of the table (4 bits per entry): one cache line instead of 19 misses.
Ring 2's turns are ring 1's turns conjugated by the ring swap S (ball C1_j <-> C2_j, the
two halves of the mask), and every table here is S-invariant (so are the goal blocks and
the moves), so the children for ring 2 are read in the orbit of S(mask).

Build: a layered BFS from every goal pattern over one byte per entry, in parallel chunks
(so Ctrl-C stops it between chunks and `on_progress(done, total)` counts the entries
reached). Push layers expand a frontier entry's orbit (contiguous) and close the new
entries under S (one scattered write per new entry); pull layers, once the frontier
outgrows what is left, look for a frontier entry in the orbits of x and S(x). The result
is packed 4 bits per entry (values above 15 stored as 15, still a lower bound) and cached
under $XDG_CACHE_HOME/puzzleviz/rings-pdb/, written atomically.

The cache file is the user's, so a load trusts nothing (`load_table`): the header must be
this table's, the size exact, the entries must match their CRC, their histogram the layers
of the header, and a random sample of 65,536 entries (fresh each load, so no file can be
made to pass a known sample) must keep the rules every BFS distance keeps: 0 exactly on the
goal patterns, the same value under the ring swap, no neighbour more than one away, and
one exactly one lower. A table edited with its CRC recomputed (entries lowered to nothing,
which made the search run for minutes) breaks them almost everywhere. A damaged file is
said in one line and built again with the usual progress; `tables_ready` reads headers and
sizes, so a file of garbage under a table's name no longer passes for a table ready to use.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import json
import math
import os
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int8Array, Int32Array, Int64Array, UInt8Array, UInt64Array
from puzzleviz.solvers.cachefiles import (
    DamagedCache,
    cache_home,
    damaged,
    open_regular,
    replace_file,
    unwritable,
)
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.jit import njit, prange
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states
from puzzleviz.solvers.rings.model.layouts import KernelInt

VERSION = 1
UNSEEN = 255
MAX_ENTRIES = 600_000_000  # the largest table built (C(38,10) = 472,733,756 fits)
CACHE_FROM = 4_000_000  # smaller tables are built in memory each time (well under a second)
_MAGIC = b"PUZZLEVIZ-RINGS-PDB\n"
_CHUNK = 1 << 23  # entries per kernel call of the BFS (a fraction of a second)
_HEAD_MAX = 1 << 16  # bytes of a header line, at most: what a damaged file may make us read
SAMPLE = 1 << 16  # entries checked against the BFS's rules on each load

ProgressFn = Callable[[int, int], None]


# ----- geometry: masks, the ring swap, turns, and the orbit layout ---------------------


class Geometry(NamedTuple):
    """Arrays describing one two-ring configuration's places for the kernels."""

    geo: Int64Array  # int64: [g, n, foreign bit of ring 1's circuit, h]
    posw: Int32Array  # int32 (2^g,): W's position among the words of its popcount
    tposw: Int8Array  # int8 (2^g,): t with W = rot_t(orbit representative)
    perw: Int8Array  # int8 (2^g,): W's period under rotation (divides g)
    wcodes: Int32Array  # int32 (2^g,): words by (popcount, position): the inverse of posw
    wstart: Int64Array  # int64 (g + 2,): start of each popcount in wcodes
    rankr: Int32Array  # int32 (2^(n-g),): R's rank among the words of its popcount
    rcodes: Int32Array  # int32 (2^(n-g),): words by (popcount, rank)
    rstart: Int64Array  # int64 (n - g + 2,)


def _check_two_rings(config: RingConfig) -> None:
    if config.rings != 2:
        raise ValueError(f"{config}: colour pattern databases are for two rings")


@functools.lru_cache(maxsize=8)
def geometry(config: RingConfig) -> Geometry:
    """The index tables of `config` (numpy, about a second for Gsz 20)."""
    _check_two_rings(config)
    g, n = config.size, config.n_balls
    circuit = np.asarray(config.circuits[0])
    foreign = int(circuit[g - 1])
    if not (np.array_equal(circuit[: g - 1], np.arange(g - 1)) and foreign >= g - 1):
        raise AssertionError(f"{config}: unexpected circuit of ring 1")
    words = np.arange(1 << g, dtype=np.int64)
    full = (1 << g) - 1

    def rot(f: int) -> np.ndarray:
        return ((words << f) | (words >> (g - f))) & full if f % g else words

    rep = words.copy()
    for f in range(1, g):
        np.minimum(rep, rot(f), out=rep)
    # t with W = rot_t(rep), i.e. rot_{g-t}(W) = rep (the smallest such t), and the period
    tpos = np.full(words.size, -1, dtype=np.int64)
    period = np.full(words.size, g, dtype=np.int64)
    for f in range(g - 1, -1, -1):
        tpos[rot(g - f) == rep] = f
    for f in range(g - 1, 0, -1):
        period[rot(f) == words] = f
    pop = np.array([bin(w).count("1") for w in range(1 << 16)], dtype=np.int64)
    popw = pop[words & 0xFFFF] + pop[words >> 16]
    order = np.lexsort((tpos, rep, popw))
    wstart = np.zeros(g + 2, dtype=np.int64)
    wstart[1:] = np.cumsum(np.bincount(popw, minlength=g + 1))
    posw = np.empty(words.size, dtype=np.int32)
    posw[order] = np.arange(words.size) - wstart[popw[order]]
    rbits = n - g
    rwords = np.arange(1 << rbits, dtype=np.int64)
    popr = pop[rwords & 0xFFFF] + pop[rwords >> 16]
    rorder = np.lexsort((rwords, popr))
    rstart = np.zeros(rbits + 2, dtype=np.int64)
    rstart[1:] = np.cumsum(np.bincount(popr, minlength=rbits + 1))
    rankr = np.empty(rwords.size, dtype=np.int32)
    rankr[rorder] = np.arange(rwords.size) - rstart[popr[rorder]]
    return Geometry(
        geo=np.array([g, n, foreign, config.h], dtype=np.int64),
        posw=posw,
        tposw=tpos.astype(np.int8),
        perw=period.astype(np.int8),
        wcodes=order.astype(np.int32),
        wstart=wstart,
        rankr=rankr,
        rcodes=rorder.astype(np.int32),
        rstart=rstart,
    )


@njit(cache=True, inline="always")
def popcount(v: KernelInt) -> np.int64:
    v = np.uint64(v)
    v = v - ((v >> np.uint64(1)) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> np.uint64(2)) & np.uint64(0x3333333333333333))
    v = (v + (v >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def split(m: KernelInt, geo: Int64Array) -> tuple[np.int64, np.int64]:
    """(W, R) of mask m: ring 1's circuit word and the rest."""
    one = np.uint64(1)
    g1 = np.uint64(geo[0] - 1)
    foreign = np.uint64(geo[2])
    fo = np.uint64(geo[2] - geo[0] + 1)
    m = np.uint64(m)
    w = (m & ((one << g1) - one)) | (((m >> foreign) & one) << g1)
    r = ((m >> g1) & ((one << fo) - one)) | ((m >> (foreign + one)) << fo)
    return np.int64(w), np.int64(r)


@njit(cache=True, inline="always")
def join(w: KernelInt, r: KernelInt, geo: Int64Array) -> np.uint64:
    """The mask of circuit word w and rest r (the inverse of split)."""
    one = np.uint64(1)
    g1 = np.uint64(geo[0] - 1)
    foreign = np.uint64(geo[2])
    fo = np.uint64(geo[2] - geo[0] + 1)
    w = np.uint64(w)
    r = np.uint64(r)
    m = w & ((one << g1) - one)
    m |= ((w >> g1) & one) << foreign
    m |= (r & ((one << fo) - one)) << g1
    m |= (r >> fo) << (foreign + one)
    return m


@njit(cache=True, inline="always")
def swap_rings(m: KernelInt, geo: Int64Array) -> np.uint64:
    """S: ball C1_j <-> C2_j, i.e. the two halves of the mask."""
    half = np.uint64(geo[0] - 1)
    m = np.uint64(m)
    low = m & ((np.uint64(1) << half) - np.uint64(1))
    return (low << half) | (m >> half)


@njit(cache=True, inline="always")
def rot_word(w: KernelInt, f: KernelInt, g: KernelInt) -> KernelInt:
    full = (np.int64(1) << g) - 1
    if f == 0:
        return w
    return ((w << f) | (w >> (g - f))) & full


@njit(cache=True, inline="always")
def turn_mask(m: KernelInt, ring: int, f: KernelInt, geo: Int64Array) -> np.uint64:
    """The mask after turning `ring` (0 or 1) by f (new[p] = old[p - f] on its circuit)."""
    if ring == 1:
        m = swap_rings(m, geo)
    w, r = split(m, geo)
    out = join(rot_word(w, f, geo[0]), r, geo)
    if ring == 1:
        out = swap_rings(out, geo)
    return out


@njit(cache=True, inline="always")
def orbit_base(
    m: KernelInt, geo: Int64Array, posw: Int32Array, tposw: Int8Array, perw: Int8Array,
    rankr: Int32Array, offsets: Int64Array, binomg: Int64Array,
) -> tuple[np.int64, np.int64, np.int64]:  # fmt: skip
    """(index of rot_0 of m's orbit, t of m in it, period): entry of rot_f(m) for ring 1
    is base + (t + f) % period."""
    w, r = split(m, geo)
    j = popcount(w)
    t = np.int64(tposw[w])
    base = offsets[j] + np.int64(rankr[r]) * binomg[j] + np.int64(posw[w]) - t
    return base, t, np.int64(perw[w])


@njit(cache=True, inline="always")
def index_of(
    m: KernelInt, geo: Int64Array, posw: Int32Array, tposw: Int8Array, perw: Int8Array,
    rankr: Int32Array, offsets: Int64Array, binomg: Int64Array,
) -> np.int64:  # fmt: skip
    base, t, _per = orbit_base(m, geo, posw, tposw, perw, rankr, offsets, binomg)
    return base + t


# ----- patterns ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Pattern:
    """t balls of one colour and the goal blocks they must end in (bit masks)."""

    config: RingConfig
    tokens: int
    blocks: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.comb(self.config.n_balls, self.tokens)

    @property
    def key(self) -> str:
        digest = hashlib.sha256(repr((self.tokens, self.blocks)).encode()).hexdigest()[:10]
        return f"{str(self.config).replace('/', '-')}-t{self.tokens}-{digest}-v{VERSION}"


def colour_blocks(config: RingConfig) -> list[tuple[int, ...]]:
    """For each colour (0-based) the masks of the places it fills in the goal states."""
    goals = goal_states(config) - 1
    weights = 1 << np.arange(config.n_balls, dtype=object)
    out = []
    for c in range(config.n_colours):
        masks = {int(((goals[k] == c).astype(object) * weights).sum()) for k in range(len(goals))}
        out.append(tuple(sorted(masks)))
    return out


def _largest_tokens(n: int, count: int, budget: int) -> int:
    t = count
    while t > 1 and math.comb(n, t) > budget:
        t -= 1
    return t


# Token subsets taken from a colour's mask when its whole set is too large a pattern:
SEL_ALL, SEL_LOW, SEL_HIGH, SEL_ENDS = 0, 1, 2, 3


@dataclasses.dataclass(frozen=True)
class Lookup:
    """One term of the heuristic's maximum: table `table` on the tokens `selector` picks
    from colour `colour`'s mask."""

    colour: int
    table: int
    selector: int
    tokens: int


def plan(config: RingConfig, budget: int = MAX_ENTRIES) -> tuple[list[Pattern], list[Lookup]]:
    """The distinct tables and the lookups of `config`'s heuristic."""
    _check_two_rings(config)
    blocks = colour_blocks(config)
    counts = config.colour_counts
    patterns: list[Pattern] = []
    lookups: list[Lookup] = []

    def table_of(p: Pattern) -> int:
        if p not in patterns:
            patterns.append(p)
        return patterns.index(p)

    for c, count in enumerate(counts):
        t = _largest_tokens(config.n_balls, count, budget)
        p = Pattern(config, t, blocks[c])
        if t == count:
            lookups.append(Lookup(c, table_of(p), SEL_ALL, t))
        else:
            for sel in (SEL_ENDS, SEL_LOW, SEL_HIGH):
                lookups.append(Lookup(c, table_of(p), sel, t))
    return patterns, lookups


# ----- building ------------------------------------------------------------------------


def class_offsets(config: RingConfig, tokens: int) -> tuple[np.ndarray, np.ndarray]:
    """(offsets by popcount j of W (g + 2 entries), C(g, j))."""
    g, n = config.size, config.n_balls
    offsets = np.zeros(g + 2, dtype=np.int64)
    for j in range(g + 1):
        count = math.comb(g, j) * math.comb(n - g, tokens - j) if tokens >= j else 0
        offsets[j + 1] = offsets[j] + count
    binomg = np.array([math.comb(g, j) for j in range(g + 1)], dtype=np.int64)
    return offsets, binomg


@njit(cache=True, inline="always")
def _unrank(
    i: KernelInt, j: int, tokens: int, offsets: Int64Array, binomg: Int64Array,
    wcodes: Int32Array, wstart: Int64Array, rcodes: Int32Array, rstart: Int64Array,
    geo: Int64Array,
) -> np.uint64:  # fmt: skip
    q = i - offsets[j]
    bj = binomg[j]
    rr = q // bj
    pw = q - rr * bj
    w = np.int64(wcodes[wstart[j] + pw])
    r = np.int64(rcodes[rstart[tokens - j] + rr])
    return join(w, r, geo)


@njit(cache=True, parallel=True, nogil=True)
def _layer_chunk(
    dist: UInt8Array, lo: int, hi: int, depth: int, pull: bool, tokens: int, gm: Geometry,
    offsets: Int64Array, binomg: Int64Array,
) -> int:  # fmt: skip
    """One BFS layer over entries lo..hi-1; returns how many entries were set (an
    overcount by the rare pairs of threads that set the same entry at once)."""
    geo, posw, tposw, perw, wcodes, wstart, rankr, rcodes, rstart = gm
    g = geo[0]
    nthreads = 64
    span = (hi - lo + nthreads - 1) // nthreads
    added = 0
    nxt = np.uint8(depth + 1)
    cur = np.uint8(depth)
    for part in prange(nthreads):
        a = lo + part * span
        b = min(hi, a + span)
        if a >= b:
            continue
        j = 0
        while offsets[j + 1] <= a:
            j += 1
        local = 0
        for i in range(a, b):
            while offsets[j + 1] <= i:
                j += 1
            v = dist[i]
            if pull:
                if v != UNSEEN:
                    continue
                m = _unrank(i, j, tokens, offsets, binomg, wcodes, wstart, rcodes, rstart, geo)
                base, t, per = orbit_base(m, geo, posw, tposw, perw, rankr, offsets, binomg)
                hit = False
                for q in range(per):
                    if dist[base + q] == cur:
                        hit = True
                        break
                if not hit:
                    s = swap_rings(m, geo)
                    base, t, per = orbit_base(s, geo, posw, tposw, perw, rankr, offsets, binomg)
                    for q in range(per):
                        if dist[base + q] == cur:
                            hit = True
                            break
                if hit:
                    dist[i] = nxt
                    local += 1
            else:
                if v != cur:
                    continue
                m = _unrank(i, j, tokens, offsets, binomg, wcodes, wstart, rcodes, rstart, geo)
                base, t, per = orbit_base(m, geo, posw, tposw, perw, rankr, offsets, binomg)
                w, r = split(m, geo)
                for f in range(1, per):
                    y = base + (t + f) % per
                    if dist[y] != UNSEEN:
                        continue
                    dist[y] = nxt
                    local += 1
                    s = swap_rings(join(rot_word(w, f, g), r, geo), geo)
                    z = index_of(s, geo, posw, tposw, perw, rankr, offsets, binomg)
                    if dist[z] == UNSEEN:
                        dist[z] = nxt
                        local += 1
        added += local
    return added


@njit(cache=True, nogil=True)
def _histogram(dist: UInt8Array) -> Int64Array:
    out = np.zeros(256, dtype=np.int64)
    for i in range(dist.shape[0]):
        out[dist[i]] += 1
    return out


@njit(cache=True, nogil=True)
def _pack4(dist: UInt8Array, out: UInt8Array) -> None:
    for k in range(out.shape[0]):
        a = dist[2 * k]
        b = dist[2 * k + 1] if 2 * k + 1 < dist.shape[0] else 0
        a = 15 if a > 15 else a
        b = 15 if b > 15 else b
        out[k] = np.uint8(a | (b << 4))


@njit(cache=True)
def _nibble_histogram(data: UInt8Array, size: int) -> Int64Array:
    out = np.zeros(16, dtype=np.int64)
    for i in range(size):
        out[(data[i >> 1] >> (4 * (i & 1))) & 15] += 1
    return out


@njit(cache=True, inline="always")
def _entry(data: UInt8Array, i: KernelInt) -> np.int64:
    return np.int64((data[i >> 1] >> (4 * (i & 1))) & 15)


@njit(cache=True, inline="always")
def _is_seed(m: KernelInt, seeds: UInt64Array) -> bool:
    lo, hi = 0, seeds.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if seeds[mid] < m:
            lo = mid + 1
        else:
            hi = mid
    return lo < seeds.shape[0] and bool(seeds[lo] == m)


@njit(cache=True)
def _spot_check(
    data: UInt8Array, picks: Int64Array, seeds: UInt64Array, tokens: int, gm: Geometry,
    offsets: Int64Array, binomg: Int64Array,
) -> int:  # fmt: skip
    """The first picked entry that breaks a rule of BFS distances (module docstring), or
    -1: its neighbours are its orbit under ring 1's turns and, by the swap's symmetry, the
    orbit of its swapped mask (ring 2's turns)."""
    geo, posw, tposw, perw, wcodes, wstart, rankr, rcodes, rstart = gm
    for s in range(seeds.shape[0]):
        if _entry(data, index_of(seeds[s], geo, posw, tposw, perw, rankr, offsets, binomg)):
            return int(index_of(seeds[s], geo, posw, tposw, perw, rankr, offsets, binomg))
    for k in range(picks.shape[0]):
        i = int(picks[k])
        j = 0
        while offsets[j + 1] <= i:
            j += 1
        m = _unrank(i, j, tokens, offsets, binomg, wcodes, wstart, rcodes, rstart, geo)
        d = _entry(data, i)
        if (d == 0) != _is_seed(m, seeds):
            return i
        lowest, highest = np.int64(99), np.int64(0)
        for side in range(2):
            x = m if side == 0 else swap_rings(m, geo)
            base, t, per = orbit_base(x, geo, posw, tposw, perw, rankr, offsets, binomg)
            for q in range(per):
                v = _entry(data, base + q)
                if q == t:
                    if side == 1 and v != d:  # the swap keeps every distance
                        return i
                    continue
                lowest = min(lowest, v)
                highest = max(highest, v)
        if d > 0 and (lowest < d - 1 or (d < 15 and lowest != d - 1)):
            return i
        if highest > d + 1:  # a neighbour is at most one turn further
            return i
    return -1


def seed_masks(pattern: Pattern) -> list[int]:
    """Every t-subset of every goal block (the blocks themselves when t is the count)."""
    out: set[int] = set()
    for block in pattern.blocks:
        places = [i for i in range(pattern.config.n_balls) if block >> i & 1]
        for combo in itertools.combinations(places, pattern.tokens):
            out.add(sum(1 << i for i in combo))
    return sorted(out)


@dataclasses.dataclass
class Table:
    """A built pattern database: entries packed 4 bits each (entry i at byte i // 2, low
    nibble first)."""

    pattern: Pattern
    data: UInt8Array  # uint8, (size + 1) // 2
    layers: list[int]  # entries at distance 0, 1, ... (15 stands for 15 or more)
    seconds: float = 0.0
    source: str = "built"  # "built" or "cache"

    def value(self, mask: int) -> int:
        gm = geometry(self.pattern.config)
        offsets, binomg = class_offsets(self.pattern.config, self.pattern.tokens)
        i = int(
            index_of(np.uint64(mask), gm.geo, gm.posw, gm.tposw, gm.perw, gm.rankr, offsets, binomg)
        )
        return int(self.data[i >> 1] >> (4 * (i & 1)) & 15)

    @property
    def mean(self) -> float:
        return sum(d * n for d, n in enumerate(self.layers)) / max(1, sum(self.layers))


def build_table(
    pattern: Pattern,
    *,
    on_progress: ProgressFn | None = None,
    control: np.ndarray | None = None,
) -> Table:
    """The BFS of the module docstring (one byte per entry while building)."""
    start = time.perf_counter()
    config = pattern.config
    control = current_control() if control is None else control
    gm = geometry(config)
    offsets, binomg = class_offsets(config, pattern.tokens)
    size = pattern.size
    if int(offsets[-1]) != size:
        raise AssertionError(f"{pattern.key}: {offsets[-1]} indices for {size} entries")
    memory.check(size + (size + 1) // 2, f"the pattern database of {config} ({size:,} entries)")
    dist = np.full(size, UNSEEN, dtype=np.uint8)
    seeds = seed_masks(pattern)
    for m in seeds:
        i = int(
            index_of(np.uint64(m), gm.geo, gm.posw, gm.tposw, gm.perw, gm.rankr, offsets, binomg)
        )
        dist[i] = 0
    reached = int(_histogram(dist)[0])
    frontier = reached
    depth = 0
    while reached < size:
        pull = frontier > 0.25 * (size - reached)
        added = 0
        for lo in range(0, size, _CHUNK):
            if control[0]:
                raise_if_stopped(control)
            added += _layer_chunk(dist, lo, min(size, lo + _CHUNK), depth, pull,
                                  pattern.tokens, gm, offsets, binomg)  # fmt: skip
            if on_progress is not None:
                on_progress(min(size, reached + added), size)
        if added == 0:
            break
        frontier = int(_histogram(dist)[depth + 1]) if not pull else added
        reached += frontier
        depth += 1
        if depth >= UNSEEN - 1:
            raise AssertionError(f"{pattern.key}: BFS deeper than {UNSEEN - 1}")
    counts = _histogram(dist)
    if counts[UNSEEN]:
        raise AssertionError(f"{pattern.key}: {counts[UNSEEN]} entries unreachable")
    layers = [int(v) for v in counts[: depth + 1]]
    packed = np.empty((size + 1) // 2, dtype=np.uint8)
    _pack4(dist, packed)
    del dist
    return Table(pattern, packed, layers, time.perf_counter() - start)


# ----- the cache -----------------------------------------------------------------------


def cache_folder() -> Path:
    return cache_home() / "rings-pdb"


def _header(pattern: Pattern, layers: list[int], crc: int) -> dict[str, object]:
    return {
        "version": VERSION,
        "config": str(pattern.config),
        "tokens": pattern.tokens,
        "blocks": [str(b) for b in pattern.blocks],
        "entries": pattern.size,
        "bits": 4,
        "layers": layers,
        "crc32": crc,
    }


def save_table(table: Table, path: Path) -> None:
    crc = zlib.crc32(table.data.data)
    head = json.dumps(_header(table.pattern, table.layers, crc)).encode() + b"\n"
    replace_file(path, [_MAGIC, head, table.data.data])


def _read_header(pattern: Pattern, f: BinaryIO) -> dict[str, Any]:
    """The header of an open table file, checked against `pattern`; DamagedCache if it is
    not this table's."""
    if f.readline(len(_MAGIC)) != _MAGIC:
        raise DamagedCache("not a pattern database")
    line = f.readline(_HEAD_MAX)
    try:
        head = json.loads(line)
    except ValueError:
        raise DamagedCache("its header is not readable") from None
    if not isinstance(head, dict):
        raise DamagedCache("its header is not readable")
    layers, crc = head.get("layers"), head.get("crc32")
    if not (isinstance(layers, list) and all(isinstance(v, int) and v >= 0 for v in layers)
            and isinstance(crc, int)):  # fmt: skip
        raise DamagedCache("its header is not this table's")
    if head != _header(pattern, layers, crc) or sum(layers) != pattern.size:
        raise DamagedCache("its header is not this table's")
    return head


def load_table(pattern: Pattern, path: Path) -> Table | None:
    """The cached table, or None if there is none. DamagedCache, saying what is wrong, for
    a file that is not this table (see the module docstring for the checks)."""
    nbytes = (pattern.size + 1) // 2
    try:
        f = open_regular(path)
    except FileNotFoundError:
        return None
    with f:
        try:
            head = _read_header(pattern, f)
            memory.check(nbytes, f"the pattern database of {pattern.config}")
            data = np.empty(nbytes, dtype=np.uint8)
            got = f.readinto(data.data) or 0
            extra = f.read(1)
        except OSError as exc:
            raise DamagedCache(exc.strerror or str(exc)) from None
    if got != nbytes or extra:
        raise DamagedCache(f"{'more' if extra else f'{got:,}'} bytes of entries where "
                           f"{nbytes:,} belong")  # fmt: skip
    if zlib.crc32(data.data) != head["crc32"]:
        raise DamagedCache("its entries do not match their checksum")
    layers = list(head["layers"])
    _verify(pattern, data, layers)
    return Table(pattern, data, layers, 0.0, "cache")


def _verify(pattern: Pattern, data: np.ndarray, layers: list[int]) -> None:
    """The histogram and the sampled BFS rules of the module docstring."""
    counts = _nibble_histogram(data, pattern.size)
    want = np.zeros(16, dtype=np.int64)
    want[: min(len(layers), 15)] = layers[:15]
    want[15] = sum(layers[15:])
    if not np.array_equal(counts, want):
        raise DamagedCache("its entries do not add up to the layers of its header")
    gm = geometry(pattern.config)
    offsets, binomg = class_offsets(pattern.config, pattern.tokens)
    seeds = np.array(seed_masks(pattern), dtype=np.uint64)
    if pattern.size <= 4 * SAMPLE:  # a small table is checked whole
        picks = np.arange(pattern.size, dtype=np.int64)
    else:
        picks = np.random.default_rng().integers(0, pattern.size, SAMPLE, dtype=np.int64)
    bad = _spot_check(data, picks, np.sort(seeds), pattern.tokens, gm, offsets, binomg)
    if bad >= 0:
        raise DamagedCache(f"entry {bad:,} breaks the rules of a distance table")


def _looks_whole(pattern: Pattern, path: Path) -> bool:
    """A header that is this table's and the size that goes with it: what `tables_ready`
    can afford to look at (the entries are checked when the table is loaded)."""
    try:
        with open_regular(path) as f:
            _read_header(pattern, f)
            return os.fstat(f.fileno()).st_size == f.tell() + (pattern.size + 1) // 2
    except (OSError, DamagedCache):
        return False


_loaded: dict[str, Table] = {}


def get_table(
    pattern: Pattern,
    *,
    on_progress: ProgressFn | None = None,
    control: np.ndarray | None = None,
    cache: bool = True,
) -> Table:
    """The table of `pattern`: from memory, from the cache folder, or built (and cached
    when it is large enough to be worth keeping); a damaged cache file is said and built
    again."""
    if pattern.key in _loaded:
        return _loaded[pattern.key]
    path = cache_folder() / f"{pattern.key}.pdb"
    keep = cache and pattern.size >= CACHE_FROM
    table = None
    if keep:
        try:
            table = load_table(pattern, path)
        except DamagedCache as exc:
            damaged(path, exc, "pattern database", "building it again")
    if table is None:
        table = build_table(pattern, on_progress=on_progress, control=control)
        if keep:
            _keep(table, path)
    _loaded[pattern.key] = table
    return table


def _keep(table: Table, path: Path) -> None:
    try:
        save_table(table, path)
    except OSError as exc:  # a read-only cache still solves
        unwritable(path.parent, exc, "rings pattern databases",
                   "they are built again on every run, minutes for the largest")  # fmt: skip


def tables_ready(config: RingConfig, budget: int = MAX_ENTRIES) -> bool:
    """Whether `config`'s tables are at hand without a long build: in memory, in the cache
    folder (a file whose header and size are right), or small enough to build in memory
    in a moment. A live window asks before it offers proven shortest solutions (the
    original's first build takes minutes)."""
    if config.rings != 2:
        return False
    patterns, _ = plan(config, budget)
    folder = cache_folder()
    return all(
        p.key in _loaded or p.size < CACHE_FROM or _looks_whole(p, folder / f"{p.key}.pdb")
        for p in patterns
    )


def forget_tables() -> None:
    """Drop the tables held in memory (tests; the next use loads them again)."""
    _loaded.clear()
