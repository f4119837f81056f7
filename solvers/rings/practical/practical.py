"""The practical solver: beam searches towards the goal ball, then down the ball.

- Guide: twice the number of rings each ball still has to cross to reach a ring its colour
  belongs to, less one per gate (a foreign slot) holding a ball that belongs elsewhere
  (it can leave with the next turn), weighted; plus, on three and five rings, the relaxed
  ring tables (solvers.rings.practical.relaxed: the moves each ring needs if its neighbours could
  hand it any ball), which made the beam's solutions about a quarter shorter there. Two
  rings keep the guide of before: the thesis' run-length h for the arrangement inside
  each ring added to the travel, or the thesis' h alone with 2 colours per ring. Five
  one-colour rings aim at the nearest of their 12 goals (the end rings' colours may trade
  places, and so may the middle rings'): the guide is the least over those goals.
- Stage A: a beam search over single turns (no ring twice in a row); every state ever
  kept is remembered, so the beam never walks in circles. It stops when its best guide
  has not improved for a while.
- Stage B: the same beam over single turns and commutators R_a^i R_b^j R_a^-i R_b^-j of
  neighbouring rings: 4 turns that move only 4 to 6 balls, the tool that swaps the last
  misplaced balls without disturbing the rest. Stages alternate until done.
- Goal ball (solvers.rings.practical.goalball): all states within 3 moves of a goal. When any
  candidate lies in the ball, the rest of the way is read off the ball.
- Two colours per ring: whenever the beam stalls (five rings: within 8 rounds) the state
  is solved by reduction (solvers.rings.practical.reduction): the beam puts every ball on its ring,
  then conjugated commutators sort each ring. Without the relaxed tables the beam is lost
  on five two-colour rings, and those went to the reduction at once.
- Polish: consecutive turns of one ring are merged (a full turn disappears), and every
  stretch of the solution that a depth-2 probe can bridge in fewer moves is replaced.
"""

from __future__ import annotations

import functools
import itertools
import time
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int8Array, Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import (
    Circuits,
    KernelInt,
    KernelState,
    PackedKey,
    RingState,
    Status,
)
from puzzleviz.solvers.rings.model.macros import Turn, all_turns, commutators, sequence_gather
from puzzleviz.solvers.rings.practical.goalball import ball_find, descend, goal_ball
from puzzleviz.solvers.rings.practical.reduction import reduction_moves
from puzzleviz.solvers.rings.practical.relaxed import RelaxedTables, relaxed_sum, relaxed_tables
from puzzleviz.solvers.rings.search.graphsearch import (
    CANCELLED,
    FOUND,
    ST_EXPANDED,
    ST_H,
    ST_OPEN,
    STALLED,
)
from puzzleviz.solvers.rings.search.kernels import (
    Tables,
    hash_words,
    pack,
    rotate,
    tables,
    thesis_h,
    to_kernel_state,
)

GUIDE_THESIS, GUIDE_TRAVEL, GUIDE_TRAVEL_CHANGES, GUIDE_RELAXED, GUIDE_ANY_GOAL = 0, 1, 2, 3, 4


@njit(cache=True)
def _travel(
    x: KernelState, cost: Int64Array, gates: Int64Array, gate_cost: Int64Array,
    changes_weight: int, ring_start: BoolArray,
) -> int:  # fmt: skip
    """One pass: cost[colour, i] is the weighted rings the ball still has to cross;
    gate_cost[colour, j] the bonus for a misplaced ball in gate j; plus weighted colour
    changes along the own sequences (ring_start[i] marks a ring's first ball)."""
    total = 0
    prev = -1
    for i in range(x.shape[0]):
        c = x[i]
        total += cost[c, i]
        if c != prev and not ring_start[i]:
            total += changes_weight
        prev = c
    for j in range(gates.shape[0]):
        total += gate_cost[x[gates[j]], j]
    return total


class GuideParams(NamedTuple):
    kind: int
    cost: Int64Array  # (C, N) int64
    gates: Int64Array  # (G,) int64 state indices of the gates
    gate_cost: Int64Array  # (C, G) int64
    changes_weight: int
    ring_start: BoolArray  # (N,) bool
    relaxed: RelaxedTables  # GUIDE_RELAXED and GUIDE_ANY_GOAL only (else empty tables)
    relaxed_weight: int
    # GUIDE_ANY_GOAL only (else empty): assign[p, r] the colour ring r holds in goal p (one
    # row per way to hand the rings their colours), ring_cost[r, o] what a ball owned by
    # ring o costs if its colour belongs to ring r, owner[i] the ring owning ball i,
    # gate_owner[j] the ring owning gate j, gate_bonus what a gate's ball saves there if
    # its colour belongs to another ring
    assign: Int64Array  # (P, R) int64
    ring_cost: Int64Array  # (R, R) int64
    owner: Int64Array  # (N,) int64
    gate_owner: Int64Array  # (G,) int64
    gate_bonus: int


@njit(cache=True)
def _any_goal(x: KernelState, circuits: Circuits, gp: GuideParams) -> int:
    """The relaxed guide towards the nearest of the goals that hand the rings their colours
    in any order the counts allow (one colour per ring): the least over the rows of
    gp.assign of the travel and relaxed tables each colour would score at its ring.

    A beam aimed at one goal (colour c to ring c) walks past a goal that swaps two
    same-sized colours however near it is; on uniform Olympic states the nearest of the 12
    goals is often 10-20 moves nearer."""
    k, g = circuits.shape
    rt = gp.relaxed
    count = np.zeros((k, k), dtype=np.int64)  # [colour, owner ring]
    for i in range(x.shape[0]):
        count[x[i], gp.owner[i]] += 1
    score = np.zeros((k, k), dtype=np.int64)  # [colour, ring it would belong to]
    for c in range(k):
        for r in range(k):
            v = 0
            for o in range(k):
                v += count[c, o] * gp.ring_cost[r, o]
            score[c, r] = v
    for j in range(gp.gates.shape[0]):
        c = x[gp.gates[j]]
        for r in range(k):
            if r != gp.gate_owner[j]:
                score[c, r] += gp.gate_bonus
    pattern = np.zeros(k, dtype=np.int64)
    for r in range(k):
        pattern[:] = 0
        for p in range(g):
            pattern[x[circuits[r, p]]] |= 1 << p
        for c in range(k):
            score[c, r] += gp.relaxed_weight * rt.scale[r] * rt.flat[rt.offset[r] + pattern[c]]
    best: KernelInt = np.int64(1) << 62
    for p in range(gp.assign.shape[0]):
        v = 0
        for r in range(k):
            v += score[gp.assign[p, r], r]
        best = min(best, v)
    return int(best)


@njit(cache=True)
def guide(x: KernelState, tab: Tables, gp: GuideParams) -> int:
    if gp.kind == GUIDE_THESIS:
        return thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)
    if gp.kind == GUIDE_ANY_GOAL:
        return _any_goal(x, tab.circuits, gp)
    value = _travel(x, gp.cost, gp.gates, gp.gate_cost, gp.changes_weight, gp.ring_start)
    if gp.kind == GUIDE_RELAXED:
        return value + gp.relaxed_weight * relaxed_sum(x, tab.circuits, gp.relaxed)
    if gp.kind == GUIDE_TRAVEL:
        value += thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)
    return value


@njit(cache=True, nogil=True)
def beam_macros(
    x0: KernelState, tab: Tables, gp: GuideParams, src: Int32Array, first_ring: Int64Array,
    last_ring: Int64Array, m_lo: int, m_hi: int, width: int, max_levels: int, patience: int,
    ball_keys: PackedKey, ball_dist: Int8Array, ball_index: Int64Array, out_macro: Int64Array,
    out_ring: Int64Array, out_f: Int64Array, control: Int64Array, status: Status,
) -> tuple[int, int, int]:  # fmt: skip
    """Beam search whose steps are the macros m_lo..m_hi-1 (src[m] gathers a state).

    Returns (code, levels, descent): FOUND with the macro path in out_macro[:levels] and
    the ball's descent in out_ring/out_f[:descent]; or STALLED with the macro path to the
    best state seen, when the best guide has not improved for `patience` levels."""
    n = x0.shape[0]
    beam_x = np.empty((width, n), dtype=np.int8)
    beam_last = np.empty(width, dtype=np.int64)
    beam_x[0] = x0
    beam_last[0] = -1
    nb = 1
    per = m_hi - m_lo
    ncap = width * per
    cand_x = np.empty((ncap, n), dtype=np.int8)
    cand_h = np.empty(ncap, dtype=np.int64)
    cand_par = np.empty(ncap, dtype=np.int64)
    cand_mv = np.empty(ncap, dtype=np.int64)
    par = np.empty((max_levels, width), dtype=np.int64)
    mv = np.empty((max_levels, width), dtype=np.int64)
    bits = 12
    while (1 << bits) < 2 * ncap * min(max_levels, 16) and bits < 24:
        bits += 1
    room = (1 << bits) * 3 // 4  # beyond this load the table stops remembering
    seen = np.zeros(1 << bits, dtype=np.uint64)
    smask = np.uint64((1 << bits) - 1)
    key = np.empty(tab.words, dtype=np.uint64)
    y = np.empty(n, dtype=np.int8)
    expanded = 0
    best_h = guide(x0, tab, gp)
    best_level = -1
    best_index = 0
    pack(x0, tab.bits, key)
    if ball_find(ball_keys, ball_index, key) >= 0:
        y[:] = x0
        return FOUND, 0, descend(y, tab, ball_keys, ball_dist, ball_index, out_ring, out_f)
    for level in range(max_levels):
        if control[0] != 0:
            return CANCELLED, 0, 0
        nc = 0
        for b in range(nb):
            expanded += 1
            for m in range(m_lo, m_hi):
                if first_ring[m] == beam_last[b] and last_ring[m] == first_ring[m]:
                    continue  # a single turn of the ring just turned
                for i in range(n):
                    y[i] = beam_x[b, src[m, i]]
                pack(y, tab.bits, key)
                hh = hash_words(key) | np.uint64(1)
                slot = hh & smask
                dup = False
                while seen[slot] != 0:
                    if seen[slot] == hh:
                        dup = True
                        break
                    slot = (slot + np.uint64(1)) & smask
                if dup:
                    continue
                if ball_find(ball_keys, ball_index, key) >= 0:
                    out_macro[level] = m
                    p = b
                    for lv in range(level - 1, -1, -1):
                        out_macro[lv] = mv[lv, p]
                        p = par[lv, p]
                    rest = descend(y, tab, ball_keys, ball_dist, ball_index, out_ring, out_f)
                    return FOUND, level + 1, rest
                if room > 0:
                    seen[slot] = hh
                    room -= 1
                cand_x[nc] = y
                cand_par[nc] = b
                cand_mv[nc] = m
                cand_h[nc] = guide(y, tab, gp)
                nc += 1
        if nc == 0:
            break
        order = np.argsort(cand_h[:nc], kind="mergesort")
        nb = min(width, nc)
        for j in range(nb):
            c = order[j]
            beam_x[j] = cand_x[c]
            beam_last[j] = last_ring[cand_mv[c]]
            par[level, j] = cand_par[c]
            mv[level, j] = cand_mv[c]
        status[ST_EXPANDED] = expanded
        status[ST_OPEN] = nb
        status[ST_H] = cand_h[order[0]]
        if cand_h[order[0]] < best_h:
            best_h = cand_h[order[0]]
            best_level = level
            best_index = 0
        elif level - best_level >= patience:
            break
    # stalled: the path to the best state seen
    p = best_index
    for lv in range(best_level, -1, -1):
        out_macro[lv] = mv[lv, p]
        p = par[lv, p]
    return STALLED, best_level + 1, 0


class MacroLibrary:
    """Single turns (first) and commutators of neighbouring rings, as gather tables."""

    def __init__(self, config: RingConfig):
        n = config.n_balls
        sequences: list[tuple[Turn, ...]] = [(t,) for t in all_turns(config)]
        self.n_single = len(sequences)
        sequences += commutators(config)
        perms = [sequence_gather(config, seq) for seq in sequences]
        support = [0 if len(seq) == 1 else int(np.count_nonzero(total != np.arange(n)))
                   for seq, total in zip(sequences, perms, strict=True)]  # fmt: skip
        # singles first, then commutators by how few balls they move: the first n_small
        # entries (those moving at most 5) are tried before the rest
        order = sorted(range(len(sequences)), key=lambda m: support[m])
        sequences = [sequences[m] for m in order]
        src = np.array([perms[m] for m in order], dtype=np.int32)
        self.n_small = sum(1 for v in support if v <= 5)
        self.sequences = sequences
        self.src = src
        self.first_ring = np.array([s[0][0] for s in sequences], dtype=np.int64)
        self.last_ring = np.array([s[-1][0] for s in sequences], dtype=np.int64)


@functools.lru_cache(maxsize=8)
def macro_library(config: RingConfig) -> MacroLibrary:
    return MacroLibrary(config)


def guide_params(
    config: RingConfig,
    weight: int = 40,
    relaxed: bool = True,
    any_goal: bool = True,
    travel: float = 2.0,
) -> GuideParams:
    """The guide for `config` (see the module docstring); `relaxed=False`: the guide
    before the relaxed tables (travel and the thesis' h), kept for comparison;
    `any_goal=False`: five one-colour rings aim at the one goal that gives ring r colour r
    (the guide before the nearest goal was sought). `travel`: five one-colour rings
    weigh the rings a ball must cross `travel` times as much as the other variants (2:
    balls cross up to four rings there; 1 gives other, often shorter, solutions)."""
    n = config.n_balls
    colour_ring = np.array([c // config.colours_per_ring for c in range(config.n_colours)])
    owner = np.repeat(np.arange(config.rings), np.diff(config.offsets))
    cost = weight * 2 * np.abs(colour_ring[:, None] - owner[None, :]).astype(np.int64)
    gates = np.array(
        [config.circuits[lens.ring, lens.end - 1] for lens in config.lenses], dtype=np.int64
    )
    gate_cost = -weight * (colour_ring[:, None] != owner[gates][None, :]).astype(np.int64)
    ring_start = np.zeros(n, dtype=np.bool_)
    ring_start[list(config.offsets[:-1])] = True
    changes = 0
    if relaxed and config.rings >= 3:
        # the relaxed tables, one unit per move; five one-colour rings weigh the travel
        # twice as much (balls cross up to four rings there), tuned on uniform states
        rt = relaxed_tables(config)
        if config.rings >= 5 and config.colours_per_ring == 1:
            cost, gate_cost = 2 * cost, 2 * gate_cost
            if any_goal:
                rings = np.arange(config.rings)
                ring_cost = np.rint(travel * weight * 2 * np.abs(rings[:, None] - rings[None, :]))
                return GuideParams(GUIDE_ANY_GOAL, cost, gates, gate_cost, changes,
                                   ring_start, rt, weight, goal_assignments(config),
                                   ring_cost.astype(np.int64), owner.astype(np.int64),
                                   owner[gates].astype(np.int64),
                                   -round(travel * weight))  # fmt: skip
        return GuideParams(GUIDE_RELAXED, cost, gates, gate_cost, changes, ring_start, rt, weight,
                           *_NO_ASSIGN)  # fmt: skip
    kind = GUIDE_THESIS if (config.rings == 2 and config.colours_per_ring == 2) else GUIDE_TRAVEL
    return GuideParams(kind, cost, gates, gate_cost, changes, ring_start, _NO_TABLES, 0,
                       *_NO_ASSIGN)  # fmt: skip


def goal_assignments(config: RingConfig) -> Int64Array:
    """(P, R): every way to give the rings their colours (one per ring, 0-based) that the
    colours' counts allow; the first row is colour r to ring r."""
    counts = config.colour_counts
    rows = [
        perm
        for perm in itertools.permutations(range(config.rings))
        if all(counts[c] == counts[r] for r, c in enumerate(perm))
    ]
    return np.array(rows, dtype=np.int64)


_NO_ASSIGN = (
    np.zeros((0, 0), dtype=np.int64),
    np.zeros((0, 0), dtype=np.int64),
    np.zeros(0, dtype=np.int64),
    np.zeros(0, dtype=np.int64),
    0,
)
_NO_TABLES = RelaxedTables(
    np.zeros(0, dtype=np.uint8),
    np.zeros(0, dtype=np.int64),
    np.zeros(0, dtype=np.int64),
    np.zeros((0, 0), dtype=np.bool_),
    np.zeros(0, dtype=np.int64),
)


def simplify(config: RingConfig, moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge consecutive turns of one ring; drop full turns."""
    out: list[tuple[int, int]] = []
    for ring, f in moves:
        if out and out[-1][0] == ring:
            f = (out.pop()[1] + f) % config.size
        if f % config.size:
            out.append((ring, f % config.size))
    return out


@njit(cache=True)
def _shortcut_pass(
    states: KernelState, tab: Tables, out_ring: Int64Array, out_f: Int64Array
) -> int:
    """Greedy shortcuts along a path of states: from each state jump to the farthest later
    path state reachable in 1 or 2 turns. Returns the new number of moves."""
    count, n = states.shape
    k, g = tab.circuits.shape
    words = tab.words
    keys = np.empty((count, words), dtype=np.uint64)
    size = 1
    while size < 4 * count:
        size *= 2
    index = np.full(size, -1, dtype=np.int64)
    for i in range(count):
        pack(states[i], tab.bits, keys[i])
        slot = np.int64(hash_words(keys[i]) & np.uint64(size - 1))
        while index[slot] >= 0:
            slot = (slot + 1) & (size - 1)
        index[slot] = i  # a state that recurs is kept once per visit; the lookup takes the last
    key = np.empty(words, dtype=np.uint64)
    tmp = np.empty(g, dtype=np.int8)
    y = np.empty(n, dtype=np.int8)
    z = np.empty(n, dtype=np.int8)
    i = 0
    moves = 0
    while i < count - 1:
        best_saving = -1
        best_j = -1
        b0, b1, b2, b3 = -1, -1, -1, -1
        y[:] = states[i]
        for r1 in range(k):
            for f1 in range(1, g):
                rotate(y, tab.circuits, r1, 1, tmp)
                j = _farthest(keys, index, y, tab, key)
                if j > i and (j - i - 1 > best_saving or (j - i - 1 == best_saving and j > best_j)):
                    best_saving, best_j = j - i - 1, j
                    b0, b1, b2, b3 = r1, f1, -1, -1
                z[:] = y
                for r2 in range(k):
                    if r2 == r1:
                        continue
                    for f2 in range(1, g):
                        rotate(z, tab.circuits, r2, 1, tmp)
                        j = _farthest(keys, index, z, tab, key)
                        if j > i + 1 and j - i - 2 > best_saving:
                            best_saving, best_j = j - i - 2, j
                            b0, b1, b2, b3 = r1, f1, r2, f2
                    rotate(z, tab.circuits, r2, 1, tmp)
            rotate(y, tab.circuits, r1, 1, tmp)
        if best_j < 0:
            return -1  # not a path of single turns: leave it alone
        out_ring[moves] = b0
        out_f[moves] = b1
        moves += 1
        if b2 >= 0:
            out_ring[moves] = b2
            out_f[moves] = b3
            moves += 1
        i = best_j
    return moves


@njit(cache=True)
def _farthest(
    keys: PackedKey, index: Int64Array, y: KernelState, tab: Tables, key: PackedKey
) -> int:
    """The largest path index holding state y, or -1."""
    pack(y, tab.bits, key)
    mask = index.shape[0] - 1
    slot = np.int64(hash_words(key) & np.uint64(mask))
    best = -1
    while index[slot] >= 0:
        node = index[slot]
        same = True
        for w in range(key.shape[0]):
            if keys[node, w] != key[w]:
                same = False
                break
        if same and node > best:
            best = node
        slot = (slot + 1) & mask
    return best


def shorten(
    config: RingConfig, state: RingState, moves: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The solution with every stretch a 1- or 2-turn probe can bridge replaced."""
    tab = tables(config)
    x = to_kernel_state(state)
    states = np.empty((len(moves) + 1, len(x)), dtype=np.int8)
    states[0] = x
    tmp = np.empty(config.size, dtype=np.int8)
    for i, (r, f) in enumerate(moves):
        x = x.copy()
        rotate(x, tab.circuits, r, f, tmp)
        states[i + 1] = x
    out_ring = np.zeros(len(moves) + 1, dtype=np.int64)
    out_f = np.zeros(len(moves) + 1, dtype=np.int64)
    count = _shortcut_pass(states, tab, out_ring, out_f)
    if count < 0 or count >= len(moves):
        return moves
    return [(int(r), int(f)) for r, f in zip(out_ring[:count], out_f[:count], strict=True)]


def _settings(config: RingConfig) -> tuple[int, int, int, int]:
    """(stage A width, stage B width, patience, goal-ball radius), tuned on random
    scrambles of the original, the 3-ring chains and the Olympic rings."""
    if config.rings == 2:
        return 200, 20, 6, 3
    if config.rings == 3:
        return 100, 20, 4, 2
    return 50, 20, 4, 2


def practical_moves(
    config: RingConfig,
    state: RingState,
    *,
    max_rounds: int = 24,
    time_limit: float = 60.0,
    control: Int64Array | None = None,
    status: Status | None = None,
    width: int = 1,
    relaxed: bool = True,
    travel: float = 2.0,
) -> tuple[int, list[tuple[int, int]]]:
    """(code, moves): FOUND with the moves (ring 0-based, f), or STALLED / CANCELLED.
    `width` multiplies the beams' widths: wider beams find shorter solutions, slower.
    `travel`: the guide's weight of the rings a ball must cross (guide_params).
    `relaxed=False` runs the guide of before the relaxed tables (the benchmarks' "before":
    five two-colour rings then go to the reduction at once, the beam being lost there)."""
    control = np.zeros(1, dtype=np.int64) if control is None else control
    status = np.zeros(6, dtype=np.int64) if status is None else status
    _compiled(config, relaxed)
    deadline = time.perf_counter() + time_limit

    def beam(cfg: RingConfig, st: RingState) -> tuple[int, list[tuple[int, int]]]:
        return beam_moves(cfg, st, max_rounds=max_rounds, deadline=deadline, control=control,
                          status=status, width=width, relaxed=relaxed,
                          travel=travel)  # fmt: skip

    two_colours = config.colours_per_ring == 2
    code = STALLED
    if relaxed or not (two_colours and config.rings >= 5):
        code, moves = beam(config, state)
    if code == STALLED and two_colours:
        code, moves = reduction_moves(config, state, beam, control, status)
    if code != FOUND:
        return code, []
    moves = simplify(config, moves)
    branching = config.rings * (config.size - 1)
    if len(moves) * branching * branching <= 400_000:  # the probe's cost
        moves = simplify(config, shorten(config, state, moves))
    return FOUND, moves


def prepare(config: RingConfig) -> None:
    """Compile the beam and build its tables (see `_compiled`), e.g. before threads that
    run beams share them."""
    _compiled(config, True)


@functools.lru_cache(maxsize=16)
def _compiled(config: RingConfig, relaxed: bool) -> None:
    """Compile the beam (a first use on a cold numba cache can take half a minute on a
    loaded machine) and build its tables before the clock starts: the time limit is for
    searching, and a solve must not give up because the compiler was slow."""
    status = np.zeros(6, dtype=np.int64)
    _attempt(config, config.solved_state(), True, 1, np.inf, np.zeros(1, dtype=np.int64),
             status, 1, relaxed)  # fmt: skip


def beam_moves(
    config: RingConfig,
    state: RingState,
    *,
    max_rounds: int,
    deadline: float,
    control: Int64Array,
    status: Status,
    width: int = 1,
    relaxed: bool = True,
    travel: float = 2.0,
) -> tuple[int, list[tuple[int, int]]]:
    """The beam alone (unpolished moves). A first attempt tries the commutators that move
    at most 5 balls (fast); if it stalls the search starts over with every commutator from
    the first stage B on."""
    code: int = STALLED
    moves: list[tuple[int, int]] = []
    firsts: tuple[bool, ...] = (True, False)
    if relaxed and config.rings >= 5:
        # the relaxed guide on five rings: every commutator at once (the small ones alone
        # can creep for a minute), and a two-colour beam that stalls soon hands over to
        # the reduction
        firsts = (False,)
        if config.colours_per_ring == 2:
            max_rounds = min(max_rounds, 8)
    for small_first in firsts:
        code, moves = _attempt(config, state, small_first, max_rounds, deadline, control, status,
                               width, relaxed, travel)  # fmt: skip
        if code != STALLED:
            break
    return code, moves


def _attempt(
    config: RingConfig, state: RingState, small_first: bool, max_rounds: int, deadline: float,
    control: Int64Array, status: Status, scale: int = 1, relaxed: bool = True,
    travel: float = 2.0,
) -> tuple[int, list[tuple[int, int]]]:  # fmt: skip
    tab = tables(config)
    gp = guide_params(config, relaxed=relaxed, travel=travel)
    width_a, width_b, patience, radius = _settings(config)
    width_a, width_b = width_a * scale, width_b * scale
    ball = goal_ball(config, radius)
    lib = macro_library(config)
    x = to_kernel_state(state)
    levels = 400
    out_macro = np.zeros(levels, dtype=np.int64)
    out_ring = np.zeros(64, dtype=np.int64)
    out_f = np.zeros(64, dtype=np.int64)
    moves: list[tuple[int, int]] = []
    for round_ in range(max_rounds):
        if time.perf_counter() > deadline:
            break
        stage_b = round_ % 2 == 1
        m_hi = lib.n_single
        if stage_b:
            m_hi = lib.n_small if small_first else len(lib.sequences)
        width = (width_b if stage_b else width_a) * (1 + round_ // 6)
        code, length, rest = beam_macros(
            x, tab, gp, lib.src, lib.first_ring, lib.last_ring, 0, m_hi, width, levels,
            patience, ball.keys, ball.dist, ball.slots, out_macro, out_ring, out_f, control,
            status,
        )  # fmt: skip
        if code == CANCELLED:
            return code, []
        for m in out_macro[:length]:
            moves.extend(lib.sequences[int(m)])
            x = x[lib.src[int(m)]]
        if code == FOUND:
            tail = zip(out_ring[:rest], out_f[:rest], strict=True)
            moves.extend((int(r), int(f)) for r, f in tail)
            return FOUND, moves
    return STALLED, []
