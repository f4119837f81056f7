"""The exact packing search, as one numba kernel over bitboards.

Depth-first search over decisions. At each node:

1. The union of every placement still possible for the pieces not yet placed, per piece
   and in all: cells no piece can cover any more are dead, and so are cells left empty.
2. A lower bound on the triangles that will stay empty: the dead ones, on the unit grid
   one more cell of each square with an odd number of live cells (pieces cover halves of
   squares), and per remaining piece the smallest term among its placements: the cells
   only that piece can cover beyond what the placement covers, and the placement's forced
   waste (waste.py). Above the slack, cut. Otherwise every placement whose own term, in
   place of its piece's smallest, takes the bound over the slack is in no completion:
   drop it from the lists (its children inherit them) and bound again, until none drops.
   Each round also checks the bottom bands (bands.py): for each remaining piece k, the
   pieces whose every placement lies in k's top row or below must fit together into the
   frame's rows from there down; `band_rows` says how many rows each set needs at least.
3. Otherwise branch: at the root on the positions of the piece kept to orbit
   representatives, then on the first live cell in reading order or, with the constrained
   strategy, on the one that the fewest placements can still cover (from bit-sliced 4-bit
   counters: a cell only one placement covers gives two choices, that placement or leave
   the cell empty). The choices are that cell's placements still in the lists, and last
   "leave it empty", which costs one unit of slack. Positions met before without a
   solution are skipped (a hash table keyed by the pieces placed and the live cells: see
   the comment there).

Each child filters its parent's lists of possible placements against what it just took,
one bit per placement from the precomputed rows of overlaps.py. A round of the bound
recomputes only the unions of the pieces whose lists the previous round shortened. Pieces
of the same shape (the 2 and the 5, the 6 and the 9) are placed only in one order of their
shapes, so a packing and its swap are not both searched. The search records its decisions
into a KernelBuffer (see solvers.kernel_trace) when asked to.

`run_kernel` explores only the root's choices number `root_lo` to `root_hi - 1`, so that a
caller can show progress between calls and continue the same trace.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import (
    BoolArray,
    Float64Array,
    Int32Array,
    Int64Array,
    UInt64Array,
)
from puzzleviz.solvers.bits import lowest_bit_index, popcount64
from puzzleviz.solvers.digits.arrays import CellBits, PlacementBits, PlacementSets
from puzzleviz.solvers.digits.overlaps import has_bit
from puzzleviz.solvers.interrupt import stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import (
    KernelBuffer,
    record_event,
    record_milestone,
    record_step,
)

# popcount64 and lowest_bit_index are numba @intrinsics: mypy reads them as their typing
# functions, (typingctx, x), hence the `type: ignore[call-arg]` where they are called.

OP_PLACE, OP_REMOVE, OP_LEAVE_EMPTY, OP_REOPEN = 0, 1, 2, 3
C_NODES, C_PLACED, C_EMPTY, C_WASTE, C_SOLUTIONS = 0, 1, 2, 3, 4
COUNTERS = ("nodes", "placed", "left_empty", "waste_bound", "solutions")

# Indices into the `captions` array handed to the kernel (string ids of the tracer).
CAP_EMPTY, CAP_BACK, CAP_SOLUTION_KIND, CAP_SOLUTION, CAP_MORE, CAP_FIRST_PIECE = 0, 1, 2, 3, 4, 5

# How to pick the cell to branch on: the most constrained one (covered by the fewest
# placements still possible: 1, else 2, else any), or the first free one in reading order.
STRATEGY_MOST_CONSTRAINED, STRATEGY_FIRST_CELL = 0, 1

# Indices into the `result` array.
R_SOLUTIONS, R_NODES, R_STORED, R_ROOT_OPTIONS, R_STOPPED, R_DEPTH = 0, 1, 2, 3, 4, 5


@njit(cache=True, inline="always")
def _mix(h: np.uint64) -> np.uint64:
    """A 64-bit finaliser (splitmix64): every input bit affects every output bit."""
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


@njit(cache=True, nogil=True)
def run_kernel(
    # the placements (placements.PlacementTable, exact.SearchSetup)
    bits: PlacementBits, blo: Int64Array, bhi: Int64Array, forced: PlacementBits,
    flo: Int64Array, fhi: Int64Array, cover: PlacementSets, overlap: PlacementSets,
    piece: Int32Array, orientation: Int32Array, px: Int32Array, py: Int32Array,
    piece_start: Int64Array, twin_next: Int64Array, twin_prev: Int64Array, rank: Int64Array,
    # the search
    frame: CellBits, slack: int, paired: bool, allowed: BoolArray, present: BoolArray,
    root_piece: int, root_lo: int, root_hi: int, stop_after: int, node_limit: int,
    strategy: int, memo_keys: UInt64Array, memo_solutions: Int64Array, probe: Float64Array,
    band_rows: Int64Array, top_row: Int64Array, height: int,
    # what it gives back
    solutions: Int64Array, path: Int64Array, record: bool, buf: KernelBuffer,
    captions: Int32Array, result: Int64Array, control: Int64Array,
) -> None:  # fmt: skip
    """Search; store solutions (placement per piece) into `solutions` while room remains.

    `path` receives the decisions on the stack when the search stops early (placement
    index, or -2 - cell for a triangle left empty), so the caller can rebuild that state.
    It stops early after `stop_after` solutions (0: never) or `node_limit` nodes, or when
    asked to through `control` (solvers.interrupt).

    `root_piece` >= 0: the root branches on that piece's placements (see below). Pieces not
    `present` count as placed from the start (bands.py searches sets of pieces this way).
    `band_rows` (indexed by a bit mask of pieces; empty: no such check) and `top_row` (per
    placement, the first grid row it covers, of `height`) are the bottom-band bound.
    `paired`: every placement and the frame cover an even number of the four cells of
    each square (cells 4g to 4g + 3), so every square ends with an even number empty.

    Pieces of the same shape (the 2 and the 5, the 6 and the 9) are chained by `twin_next`
    and `twin_prev` (-1: none), and `rank` numbers their placements by shape: the search
    keeps only the packings where the ranks grow along each chain, one of every set that
    differ only by swapping same-shaped pieces (the caller swaps them back).
    """
    n, n_words = bits.shape
    n_pieces = piece_start.shape[0] - 1
    max_depth = n_pieces + slack + 2
    lists = np.empty((max_depth, n), dtype=np.int32)
    seg_start = np.zeros((max_depth, n_pieces), dtype=np.int64)
    seg_len = np.zeros((max_depth, n_pieces), dtype=np.int64)
    options = np.empty((max_depth, n + 1), dtype=np.int32)
    n_options = np.zeros(max_depth, dtype=np.int64)
    cursor = np.zeros(max_depth, dtype=np.int64)
    branch_cell = np.zeros(max_depth, dtype=np.int64)
    memo_slot = np.full(max_depth, -1, dtype=np.int64)  # where to remember this node
    memo_h1 = np.zeros(max_depth, dtype=np.uint64)
    memo_h2 = np.zeros(max_depth, dtype=np.uint64)
    solutions_before = np.zeros(max_depth, dtype=np.int64)
    use_memo = memo_keys.shape[0] > 0
    memo_mask = np.uint64(memo_keys.shape[0] - 1) if use_memo else np.uint64(0)
    taken = np.full(max_depth, -1, dtype=np.int64)  # placement, or -2 - cell, or -1
    # probe = [seed, estimate]: with seed >= 0, walk one random path (see estimate_nodes).
    probing = probe[0] >= 0
    probe_weight = np.ones(max_depth + 1, dtype=np.float64)
    if probing:
        np.random.seed(np.int64(probe[0]))
    occupied = np.zeros((max_depth, n_words), dtype=np.uint64)
    empties = np.zeros(max_depth, dtype=np.int64)
    # A 4-bit counter per cell, bit-sliced over four words (plus a sticky "16 or more").
    bit0 = np.zeros(n_words, dtype=np.uint64)
    bit1 = np.zeros(n_words, dtype=np.uint64)
    bit2 = np.zeros(n_words, dtype=np.uint64)
    bit3 = np.zeros(n_words, dtype=np.uint64)
    many = np.zeros(n_words, dtype=np.uint64)
    live = np.zeros(n_words, dtype=np.uint64)
    # Per remaining piece, the cells its still-possible placements cover; the cells in one
    # such union only (private to that piece), and those in two or more.
    union = np.zeros((n_pieces, n_words), dtype=np.uint64)
    once = np.zeros(n_words, dtype=np.uint64)
    twice = np.zeros(n_words, dtype=np.uint64)
    term = np.zeros(n, dtype=np.int64)  # per placement: its term of the bound (step 2)
    least = np.zeros(n_pieces, dtype=np.int64)  # per piece: its smallest term
    changed = np.ones(n_pieces, dtype=np.bool_)  # per piece: its union is to be remade
    nibble_low = np.uint64(0x1111111111111111)
    placed = ~present
    rank_of = np.zeros(n_pieces, dtype=np.int64)  # the rank of each placed piece
    n_placed = n_pieces - np.count_nonzero(present)
    top = np.zeros(n_pieces, dtype=np.int64)  # per piece: the top row of its placements
    use_bands = band_rows.shape[0] > 0
    n_solutions = result[R_SOLUTIONS]
    nodes = result[R_NODES]
    stored = result[R_STORED]
    undoing = False
    found_one = False  # the next take-back follows a solution: "look for more", not a dead end

    m = 0
    for k in range(n_pieces):
        seg_start[0, k] = m
        for p in range(piece_start[k], piece_start[k + 1]):
            if allowed[p]:
                lists[0, m] = p
                m += 1
        seg_len[0, k] = m - seg_start[0, k]

    d = 0
    fresh = True
    stopped = False
    while d >= 0:
        if fresh:
            fresh = False
            nodes += 1
            if nodes > node_limit or stop_requested(control, nodes):
                stopped = True
                break
            if probing:
                probe[1] += probe_weight[d]
            if record:
                buf.current[C_NODES] = nodes
            if n_placed == n_pieces:
                if stored < solutions.shape[0]:
                    for i in range(d):
                        if taken[i] >= 0:
                            solutions[stored, piece[taken[i]]] = taken[i]
                    stored += 1
                n_solutions += 1
                if record:
                    buf.current[C_SOLUTIONS] = n_solutions
                    record_milestone(buf, captions[CAP_SOLUTION_KIND], captions[CAP_SOLUTION])
                    found_one = True
                if stop_after > 0 and n_solutions >= stop_after:
                    stopped = True
                    break
                d -= 1
                continue
            # 1-2. Bound the waste; then drop every placement whose own term alone would
            # take the bound over the slack, and bound again, until nothing drops.
            cut = False
            rounds = 0
            for k in range(n_pieces):
                changed[k] = True
            while True:
                rounds += 1
                # The cells that some still-possible placement covers, per piece and in all.
                for w in range(n_words):
                    once[w] = 0
                    twice[w] = 0
                for k in range(n_pieces):
                    if placed[k]:
                        continue
                    if seg_len[d, k] == 0:
                        cut = True  # a piece with nowhere to go
                        break
                    if changed[k]:
                        s = seg_start[d, k]
                        for w in range(n_words):
                            union[k, w] = 0
                        t = height
                        for i in range(seg_len[d, k]):
                            p = lists[d, s + i]
                            t = min(t, top_row[p])
                            for w in range(blo[p], bhi[p]):
                                union[k, w] |= bits[p, w]
                        top[k] = t
                    for w in range(n_words):
                        twice[w] |= once[w] & union[k, w]
                        once[w] |= union[k, w]
                if cut:
                    break
                # Dead cells, and the first live one (the candidate for branching).
                waste = empties[d]
                first = -1
                for w in range(n_words):
                    free = frame[w] & ~occupied[d, w]
                    waste += popcount64(free & ~once[w])  # type: ignore[call-arg]
                    live[w] = free & once[w]
                    if first < 0 and live[w]:
                        first = 64 * w + lowest_bit_index(live[w])
                if rounds == 1:
                    memo_slot[d] = -1
                if rounds == 1 and use_memo and d > 0 and waste <= slack:
                    # Every packing that completes this position lies within its live cells
                    # (the placements still possible cover them; a placement dropped here or
                    # above is in no completion), so the rest of the search depends only on
                    # the pieces placed and the live cells, all of them from `first` on:
                    # remember subtrees by that. Two positions that differ only in which of
                    # their non-live cells are taken and which are dead (or left empty) have
                    # the same completions. Looked up before the finer bounds below, so that
                    # a position seen before costs no more than its dead cells.
                    h1 = np.uint64(0x9E3779B97F4A7C15)
                    h2 = np.uint64(0xC2B2AE3D27D4EB4F)
                    mask = np.uint64(0)
                    for k in range(n_pieces):
                        if placed[k]:
                            mask |= np.uint64(1) << np.uint64(k)
                    h1 = _mix(h1 ^ mask ^ np.uint64(first))
                    h2 = _mix(h2 + mask * np.uint64(31) + np.uint64(first))
                    # A placed piece whose twin is still to place bounds the twin's ranks, so
                    # where it lies matters even if that is before `first`.
                    for k in range(n_pieces):
                        if placed[k] and (
                            (twin_next[k] >= 0 and not placed[twin_next[k]])
                            or (twin_prev[k] >= 0 and not placed[twin_prev[k]])
                        ):
                            bound = np.uint64(rank_of[k] + 1) << np.uint64(4 * (k & 15))
                            h1 = _mix(h1 ^ bound)
                            h2 = _mix(h2 + bound * np.uint64(k + 7))
                    fw = first >> 6
                    low = (np.uint64(1) << np.uint64(first & 63)) - np.uint64(1)
                    for w in range(fw, n_words):
                        word = ~live[w] | low if w == fw else ~live[w]
                        h1 = _mix(h1 ^ word)
                        h2 = _mix(h2 + word + np.uint64(w))
                    slot = np.int64(h1 & memo_mask)
                    if (
                        memo_keys[slot, 0] == h1
                        and memo_keys[slot, 1] == h2
                        and memo_solutions[slot] == 0
                    ):
                        cut = True  # seen before, and nothing came of it
                        break
                    memo_slot[d] = slot
                    memo_h1[d] = h1
                    memo_h2[d] = h2
                    solutions_before[d] = n_solutions
                if waste <= slack and use_bands:
                    for k in range(n_pieces):
                        if placed[k]:
                            continue
                        below = 0  # the pieces that must lie in the band from k's top row
                        for j in range(n_pieces):
                            if not placed[j] and top[j] >= top[k]:
                                below |= 1 << j
                        if height - top[k] < band_rows[below]:
                            cut = True  # they do not fit there
                            break
                    if cut:
                        break
                if waste > slack:
                    if record:
                        buf.current[C_WASTE] = waste
                    cut = True
                    break
                if paired:
                    # A square with an odd number of live cells has an odd number of cells
                    # known to stay empty (dead or left empty: placed pieces cover an even
                    # number) and ends with an even number empty, so one of its live cells
                    # stays empty too. Its cells are left out of the terms below, which then
                    # count other cells.
                    for w in range(n_words):
                        x = live[w] ^ (live[w] >> np.uint64(1))
                        x = (x ^ (x >> np.uint64(2))) & nibble_low
                        waste += popcount64(x)  # type: ignore[call-arg]
                        odd = x * np.uint64(15)
                        once[w] &= ~odd
                        twice[w] &= ~odd
                for w in range(n_words):
                    once[w] &= ~twice[w]  # from here on: the cells private to one piece
                # Per remaining piece k and each placement p it may take, p's term: the
                # cells only k can still cover that p does not (k is placed once), and p's
                # forced waste among the cells that two or more pieces could cover. Private
                # cells of different pieces are disjoint, forced sets of compatible
                # placements too (waste.py), and neither meets the cells counted above: the
                # smallest term of each piece adds up to a bound.
                for k in range(n_pieces):
                    if placed[k]:
                        continue
                    mine = 0
                    for w in range(n_words):
                        mine += popcount64(union[k, w] & once[w])  # type: ignore[call-arg]
                    s = seg_start[d, k]
                    smallest = 1 << 30
                    for i in range(seg_len[d, k]):
                        p = lists[d, s + i]
                        c = mine
                        if mine:
                            for w in range(blo[p], bhi[p]):
                                c -= popcount64(bits[p, w] & once[w])  # type: ignore[call-arg]
                        for w in range(flo[p], fhi[p]):
                            c += popcount64(forced[p, w] & twice[w])  # type: ignore[call-arg]
                        term[p] = c
                        smallest = min(smallest, c)
                    least[k] = smallest
                    waste += smallest
                    if waste > slack:
                        break  # the other pieces' terms can only add to it
                if waste > slack:
                    if record:
                        buf.current[C_WASTE] = waste
                    cut = True
                    break
                # The same sum with k's own term in place of its smallest bounds every
                # packing in which k takes p: where that is over the slack, p is in no
                # completion of this position, here or below. Fewer placements leave more
                # cells dead or private, so bound again (about half the nodes of the half-
                # block search go, most of them at once).
                dropped = 0
                for k in range(n_pieces):
                    if placed[k]:
                        continue
                    most = slack - waste + least[k]
                    s = seg_start[d, k]
                    m = s
                    for i in range(seg_len[d, k]):
                        p = lists[d, s + i]
                        if term[p] <= most:
                            lists[d, m] = p
                            m += 1
                    dropped += seg_len[d, k] - (m - s)
                    changed[k] = m - s < seg_len[d, k]
                    seg_len[d, k] = m - s
                if dropped == 0:
                    break
            if record and not cut:
                buf.current[C_WASTE] = waste
            if cut:
                d -= 1
                continue
            # 3. Branch on the most constrained free cell.
            cell = first
            if strategy == STRATEGY_MOST_CONSTRAINED:
                # Bit-sliced counts of the placements still possible over each cell.
                for w in range(n_words):
                    bit0[w] = 0
                    bit1[w] = 0
                    bit2[w] = 0
                    bit3[w] = 0
                    many[w] = 0
                for k in range(n_pieces):
                    if placed[k]:
                        continue
                    s = seg_start[d, k]
                    for i in range(seg_len[d, k]):
                        p = lists[d, s + i]
                        for w in range(blo[p], bhi[p]):
                            b = bits[p, w]
                            carry = bit0[w] & b
                            bit0[w] ^= b
                            b = bit1[w] & carry
                            bit1[w] ^= carry
                            carry = bit2[w] & b
                            bit2[w] ^= b
                            many[w] |= bit3[w] & carry
                            bit3[w] ^= carry
                # A free cell only one placement can still cover, else one only two can
                # (first in reading order), else the first free cell: forced moves first,
                # otherwise fill the frame from its top-left corner.
                pair = -1
                for w in range(n_words):
                    x = live[w] & ~many[w] & ~bit2[w] & ~bit3[w]
                    if x == 0:
                        continue
                    y = x & bit0[w] & ~bit1[w]
                    if y:
                        cell = 64 * w + lowest_bit_index(y)  # type: ignore[call-arg]
                        pair = -2
                        break
                    y = x & ~bit0[w] & bit1[w]
                    if y and pair == -1:
                        pair = 64 * w + lowest_bit_index(y)  # type: ignore[call-arg]
                if pair >= 0:
                    cell = pair
            no = 0
            # A piece with one possible placement left goes there: no other choice exists.
            for k in range(n_pieces):
                if not placed[k] and seg_len[d, k] == 1:
                    options[d, 0] = lists[d, seg_start[d, k]]
                    no = 1
                    break
            if no == 0 and d == 0 and root_piece >= 0:
                # At the root, the positions of the piece kept to orbit representatives: each
                # is a search of its own (the caller can show progress between them), and
                # the 8 with its two windows pins down much of the frame.
                s = seg_start[0, root_piece]
                for i in range(seg_len[0, root_piece]):
                    options[0, i] = lists[0, s + i]
                no = seg_len[0, root_piece]
            if no == 0:
                over = cover[cell]
                for k in range(n_pieces):
                    if placed[k]:
                        continue
                    s = seg_start[d, k]
                    for i in range(seg_len[d, k]):
                        p = lists[d, s + i]
                        if has_bit(over, p):
                            options[d, no] = p
                            no += 1
                options[d, no] = -2 - cell  # last choice: leave the cell empty
                no += 1
            branch_cell[d] = cell
            cursor[d] = 0
            if d == 0:
                if root_lo > 0:
                    nodes -= 1  # the root was counted by the call that explored choice 0
                result[R_ROOT_OPTIONS] = no
                cursor[0] = min(root_lo, no)
                no = min(root_hi, no)
            if probing:
                # Knuth's estimate of the tree size: follow one random choice, and count
                # each node reached as many times as the choices made on the way multiply.
                pick = np.random.randint(0, no)
                probe_weight[d + 1] = probe_weight[d] * no
                cursor[d] = pick
                no = pick + 1
            n_options[d] = no
            taken[d] = -1
        # Undo the previous choice at this node, then take the next one.
        t = taken[d]
        if t != -1:
            if t >= 0:
                placed[piece[t]] = False
                n_placed -= 1
            if record:
                if not undoing:
                    record_step(buf, captions[CAP_MORE if found_one else CAP_BACK])
                    undoing = True
                    found_one = False
                buf.current[C_PLACED] = n_placed
                buf.current[C_EMPTY] = empties[d]
                if t >= 0:
                    record_event(buf, OP_REMOVE, piece[t], orientation[t], px[t], py[t])
                else:
                    record_event(buf, OP_REOPEN, -2 - t)
            taken[d] = -1
        if cursor[d] >= n_options[d]:
            slot = memo_slot[d]
            if slot >= 0:
                memo_keys[slot, 0] = memo_h1[d]
                memo_keys[slot, 1] = memo_h2[d]
                memo_solutions[slot] = n_solutions - solutions_before[d]
            d -= 1
            continue
        q = options[d, cursor[d]]
        cursor[d] += 1
        if q < -1:
            cell = -2 - q
            if empties[d] + 1 > slack:
                continue
            cw = cell >> 6
            cb = np.uint64(1) << np.uint64(cell & 63)
            for w in range(n_words):
                occupied[d + 1, w] = occupied[d, w]
            occupied[d + 1, cw] |= cb
            empties[d + 1] = empties[d] + 1
            gone = cover[cell]  # the placements over the cell left empty
            m = 0
            for k in range(n_pieces):
                seg_start[d + 1, k] = m
                if placed[k]:
                    seg_len[d + 1, k] = 0
                    continue
                s = seg_start[d, k]
                for i in range(seg_len[d, k]):
                    p = lists[d, s + i]
                    if not has_bit(gone, p):
                        lists[d + 1, m] = p
                        m += 1
                seg_len[d + 1, k] = m - seg_start[d + 1, k]
            taken[d] = q
            if record:
                undoing = False
                record_step(buf, captions[CAP_EMPTY])
                buf.current[C_EMPTY] = empties[d + 1]
                record_event(buf, OP_LEAVE_EMPTY, cell)
        else:
            placed[piece[q]] = True
            rank_of[piece[q]] = rank[q]
            n_placed += 1
            for w in range(n_words):
                occupied[d + 1, w] = occupied[d, w] | bits[q, w]
            empties[d + 1] = empties[d]
            gone = overlap[q]  # the placements that overlap q
            m = 0
            for k in range(n_pieces):
                seg_start[d + 1, k] = m
                if placed[k]:
                    seg_len[d + 1, k] = 0
                    continue
                s = seg_start[d, k]
                above = rank[q] if k == twin_next[piece[q]] else -2
                below = rank[q] if k == twin_prev[piece[q]] else 1 << 62
                for i in range(seg_len[d, k]):
                    p = lists[d, s + i]
                    if above < rank[p] < below and not has_bit(gone, p):
                        lists[d + 1, m] = p
                        m += 1
                seg_len[d + 1, k] = m - seg_start[d + 1, k]
            taken[d] = q
            if record:
                undoing = False
                record_step(buf, captions[CAP_FIRST_PIECE + piece[q]])
                buf.current[C_PLACED] = n_placed
                record_event(buf, OP_PLACE, piece[q], orientation[q], px[q], py[q])
        d += 1
        fresh = True

    result[R_SOLUTIONS] = n_solutions
    result[R_NODES] = nodes
    result[R_STORED] = stored
    result[R_STOPPED] = 1 if stopped else 0
    depth = 0
    if stopped:
        for i in range(d + 1):
            if taken[i] != -1:
                path[depth] = taken[i]
                depth += 1
    result[R_DEPTH] = depth
