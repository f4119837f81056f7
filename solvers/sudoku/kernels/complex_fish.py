"""Franken and Mutant fish: base and cover sets that may be boxes, and rows mixed with columns.

A fish on digit d picks k base houses and k cover houses (no house in both). Each base
house misses d, so it holds exactly one d. If no fin is true, those k truths are distinct
cells of the cover sets, one per cover house; every other cell of a cover house then loses
d. The fins are the base cells outside every cover house, and the endo-fins: base cells in
two base houses (they could be the truth of both). With fins the eliminations are the
cover cells outside the base that also see every fin (a true fin removes them itself).

- Franken fish: base from rows and boxes, cover from columns and boxes (or columns and
  boxes against rows and boxes), at least one box somewhere (else it is a basic fish).
- Mutant fish: any houses on either side, but not a basic or Franken fish: rows and
  columns mixed on one side.

Search: per digit, every k-set of base houses (at most MAX_ENDO endo-fins), then the cover
houses cell by cell: the lowest base cell not yet covered is either covered by one of its
(at most three) houses or made a fin. A fin is only kept if the fins still have a common
peer holding d outside the base, so the search stays small. Sizes 2 to 4 (Mutant to
MUTANT_MAX_SIZE), at most MAX_FINS fins; smaller fish first, the first found is taken.
Only for grids of up to 81 cells (a cell set is two 64-bit words); 16x16 is skipped.

Recorded step (items in this order):
    ITEM_ELIM    (cell, digit) for each elimination
    ITEM_HOUSE   base houses (HOUSE_BASE), cover houses (HOUSE_COVER)
    ITEM_CAND    every candidate of d in the base houses: ROLE_FIN for fins and endo-fins,
                 ROLE_PATTERN otherwise
Info: k, digit, base house mask, cover house mask (bit h = house h), fins, endo-fins.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.roles import (
    HOUSE_BASE,
    HOUSE_COVER,
    ITEM_CAND,
    ITEM_ELIM,
    ITEM_HOUSE,
    ROLE_FIN,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_FRANKEN_FISH, T_MUTANT_FISH

MAX_FINS = 3
MAX_ENDO = 2
MAX_SIZE = 4
MUTANT_MAX_SIZE = 3  # size 4 mutants cost too much for the solve
# Search frames one (size, digit, orientation) search may use: the search is bounded, so a
# very involved fish can be missed (never a wrong step); the solver is called hundreds of
# times a puzzle and the later techniques find what this one leaves.
MAX_FRAMES = 800
FRANKEN, MUTANT = 0, 1
CUT = 2
# A cell set is two int64 words: cells 0..62 in the first, 63.. in the second (the sign
# bit stays clear, so x & (x - 1) never overflows)
SPLIT = 63


@njit(cache=True)
def _lowest(lo: int, hi: int) -> int:
    """The lowest cell of a two-word cell set, -1 if empty."""
    if lo:
        return low_index(lo)
    if hi:
        return SPLIT + low_index(hi)
    return -1


@njit(cache=True)
def _bits(c: int) -> tuple[np.int64, np.int64]:
    """(lo, hi) words of the one-cell set {c}."""
    if c < SPLIT:
        return np.int64(1) << np.int64(c), np.int64(0)
    return np.int64(0), np.int64(1) << np.int64(c - SPLIT)


@njit(cache=True)
def _has(lo: int, hi: int, c: int) -> np.int64:
    if c < SPLIT:
        return (lo >> np.int64(c)) & 1
    return (hi >> np.int64(c - SPLIT)) & 1


@njit(cache=True)
def _category(n: int, base_houses: int, cover_houses: int) -> int:
    """FRANKEN if base and cover fit rows+boxes against columns+boxes (either way round)
    with a box somewhere; MUTANT if rows and columns mix on a side; -1 for a basic fish."""
    rows = (np.int64(1) << n) - 1
    cols = rows << n
    boxes = rows << (2 * n)
    rb, cb = rows | boxes, cols | boxes
    fits = (base_houses & ~rb == 0 and cover_houses & ~cb == 0) or (
        base_houses & ~cb == 0 and cover_houses & ~rb == 0
    )
    if not fits:
        return MUTANT
    if (base_houses | cover_houses) & boxes:
        return FRANKEN
    return -1


@njit(cache=True)
def new_memo(n: int) -> Int64Array:
    """The memo complex_fish keeps between calls of one logic run: per kind (Franken,
    Mutant) and digit, the digit's candidate cells when a search of every size found
    nothing (a search depends on those cells only, so it need not run again)."""
    memo = np.empty((2, n, 2), dtype=np.int64)
    memo[:] = -1
    return memo


@njit(cache=True)
def complex_fish(
    geo: Geo, cand: Candidates, pos: Positions, log: StepLog, mutant: bool, memo: Int64Array
) -> bool:
    """Find one Franken fish (mutant False) or Mutant fish (mutant True) and record it;
    `memo` (new_memo) skips digits whose candidates are those of a fruitless search."""
    if geo.ncell > 2 * SPLIT:
        return False
    kind = 1 if mutant else 0
    n = geo.n
    nh = 3 * n
    ncell = geo.ncell
    max_k = MUTANT_MAX_SIZE if mutant else MAX_SIZE
    # peer sets of every cell as two words
    peer_lo = np.zeros(ncell, dtype=np.int64)
    peer_hi = np.zeros(ncell, dtype=np.int64)
    for c in range(ncell):
        for j in range(geo.peers.shape[1]):
            lo, hi = _bits(geo.peers[c, j])
            peer_lo[c] |= lo
            peer_hi[c] |= hi
    unit_lo = np.zeros(nh, dtype=np.int64)
    unit_hi = np.zeros(nh, dtype=np.int64)
    st = np.zeros((S_WIDTH, 2 * max_k + MAX_FINS + 2), dtype=np.int64)
    m_lo = np.zeros(n, dtype=np.int64)  # candidate cells of each digit
    m_hi = np.zeros(n, dtype=np.int64)
    for c in range(ncell):
        lo, hi = _bits(c)
        for d in range(n):
            if (cand[c] >> d) & 1:
                m_lo[d] |= lo
                m_hi[d] |= hi
    cut = np.zeros(n, dtype=np.bool_)
    for k in range(2, max_k + 1):
        for d in range(n):
            if memo[kind, d, 0] == m_lo[d] and memo[kind, d, 1] == m_hi[d]:
                continue
            for h in range(nh):
                lo = np.int64(0)
                hi = np.int64(0)
                for i in range(n):
                    if (pos[h, d] >> i) & 1:
                        a, b2 = _bits(geo.house_cells[h, i])
                        lo |= a
                        hi |= b2
                unit_lo[h] = lo
                unit_hi[h] = hi
            for orient in range(1 if mutant else 2):
                got = _search(geo, cand, pos, log, k, d, mutant, orient, m_lo[d], m_hi[d],
                              unit_lo, unit_hi, peer_lo, peer_hi, st)  # fmt: skip
                if got == CUT:
                    cut[d] = True
                elif got:
                    return got > 0
    for d in range(n):
        if not cut[d]:  # searched in full, found nothing: skip while its candidates stay
            memo[kind, d, 0] = m_lo[d]
            memo[kind, d, 1] = m_hi[d]
    return False


# rows of the search's stack
S_BL, S_BH, S_EL, S_EH, S_CL, S_CH, S_FL, S_FH, S_PL, S_PH = range(10)
S_BM, S_HM, S_NB, S_NC, S_LAST, S_X, S_BR, S_FORBID = range(10, 18)
S_WIDTH = 18


@njit(cache=True)
def _allowed(n: int, h: int, mutant: bool, orient: int, base: bool) -> bool:
    """May house h be a base (base True) or cover house of this search?"""
    if mutant:
        return True
    kind = h // n
    if kind == 2:
        return True
    return (kind == orient) == base


@njit(cache=True)
def _search(
    geo: Geo,
    cand: Candidates,
    pos: Positions,
    log: StepLog,
    k: int,
    d: int,
    mutant: bool,
    orient: int,
    m_lo: int,
    m_hi: int,
    unit_lo: Int64Array,
    unit_hi: Int64Array,
    peer_lo: Int64Array,
    peer_hi: Int64Array,
    st: Int64Array,
) -> int:
    """Fish of size k on digit d, base and cover houses chosen together: base houses in
    increasing order, and after each one its cells not yet covered, lowest first, each
    covered by one of its houses or made a fin. A partial fish that needs too many cover
    houses or fins, or whose fins have no common peer holding d outside the base, is not
    extended (adding base houses only adds cells to cover). 1: a fish found and recorded;
    0: none; -1: the log is full; CUT: none in the first MAX_FRAMES frames."""
    n = geo.n
    nh = 3 * n
    want = MUTANT if mutant else FRANKEN
    for r in range(S_WIDTH):
        st[r, 0] = 0
    st[S_PL, 0] = m_lo  # common peers of the fins, holding d, outside the base
    st[S_PH, 0] = m_hi
    st[S_LAST, 0] = -1
    st[S_X, 0] = -1
    top = 0
    frames = 0
    while top >= 0:
        frames += 1
        if frames > MAX_FRAMES:
            return CUT
        x = st[S_X, top]
        br = st[S_BR, top]
        st[S_BR, top] = br + 1
        bl, bh, el, eh = st[S_BL, top], st[S_BH, top], st[S_EL, top], st[S_EH, top]
        cl, ch, fl, fh = st[S_CL, top], st[S_CH, top], st[S_FL, top], st[S_FH, top]
        pl, ph = st[S_PL, top], st[S_PH, top]
        bm, hm, nb, nc = st[S_BM, top], st[S_HM, top], st[S_NB, top], st[S_NC, top]
        last, forbid = st[S_LAST, top], st[S_FORBID, top]
        if x < 0:
            if nb == k:  # every base cell is covered or a fin
                if br == 0 and nc == k:
                    xl = cl & pl
                    xh = ch & ph
                    if (xl or xh) and _category(n, bm, hm) == want:
                        if not begin(log, T_MUTANT_FISH if mutant else T_FRANKEN_FISH):
                            return -1
                        _record(geo, cand, log, k, d, bm, hm, xl, xh, fl, fh, el, eh, bl, bh)
                        return 1
                top -= 1
                continue
            # add a base house after the last one
            h = last + 1 + br
            if h >= nh:
                top -= 1
                continue
            if pos[h, d] == 0 or (hm >> h) & 1 or not _allowed(n, h, mutant, orient, True):
                continue
            ul, uh = unit_lo[h], unit_hi[h]
            new_el = el | (bl & ul)
            new_eh = eh | (bh & uh)
            if new_el != el or new_eh != eh:
                if popcount(new_el) + popcount(new_eh) > MAX_ENDO:
                    continue
                for c in range(geo.ncell):
                    if _has(new_el & ~el, new_eh & ~eh, c):
                        pl &= peer_lo[c]
                        ph &= peer_hi[c]
                fl |= new_el
                fh |= new_eh
            pl &= ~ul
            ph &= ~uh
            fins = popcount(fl) + popcount(fh)
            if fins > MAX_FINS or (fins and pl == 0 and ph == 0):
                continue
            if nc == k and popcount(ul & ~cl & ~fl) + popcount(uh & ~ch & ~fh) + fins > MAX_FINS:
                continue  # no cover left: every new cell outside the cover would be a fin
            bl |= ul
            bh |= uh
            el, eh = new_el, new_eh
            bm |= np.int64(1) << h
            nb += 1
            last = h
        else:
            if br > 3:
                top -= 1
                continue
            if br < 3:  # cover x by its row, column or box
                h = geo.cell_houses[x, br]
                if nc >= k or (bm >> h) & 1 or (hm >> h) & 1 or (forbid >> h) & 1:
                    continue
                if not _allowed(n, h, mutant, orient, False):
                    continue
                cl |= unit_lo[h]
                ch |= unit_hi[h]
                hm |= np.int64(1) << h
                nc += 1
                # each cover set once: x's houses tried before h are not covers below
                for j in range(br):
                    forbid |= np.int64(1) << geo.cell_houses[x, j]
            else:  # or make x a fin, if the fins keep a common peer to remove d from
                if popcount(fl) + popcount(fh) >= MAX_FINS:
                    continue
                for j in range(3):  # a fin: none of its houses is a cover
                    forbid |= np.int64(1) << geo.cell_houses[x, j]
                a, b2 = _bits(x)
                fl |= a
                fh |= b2
                pl &= peer_lo[x]
                ph &= peer_hi[x]
                if pl == 0 and ph == 0:
                    continue
        t = top + 1
        st[S_BL, t] = bl
        st[S_BH, t] = bh
        st[S_EL, t] = el
        st[S_EH, t] = eh
        st[S_CL, t] = cl
        st[S_CH, t] = ch
        st[S_FL, t] = fl
        st[S_FH, t] = fh
        st[S_PL, t] = pl
        st[S_PH, t] = ph
        st[S_BM, t] = bm
        st[S_HM, t] = hm
        st[S_NB, t] = nb
        st[S_NC, t] = nc
        st[S_LAST, t] = last
        st[S_FORBID, t] = forbid
        st[S_X, t] = _lowest(bl & ~cl & ~fl, bh & ~ch & ~fh)
        st[S_BR, t] = 0
        top = t
    return 0


@njit(cache=True)
def _record(
    geo: Geo,
    cand: Candidates,
    log: StepLog,
    k: int,
    d: int,
    bm: int,
    cm: int,
    el: int,
    eh: int,
    fl: int,
    fh: int,
    e_lo: int,
    e_hi: int,
    b_lo: int,
    b_hi: int,
) -> None:
    n = geo.n
    for c in range(geo.ncell):
        if _has(el, eh, c):
            push(log, ITEM_ELIM, c, d + 1, 0)
    for h in range(3 * n):
        if (bm >> h) & 1:
            push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
    for h in range(3 * n):
        if (cm >> h) & 1:
            push(log, ITEM_HOUSE, h, HOUSE_COVER, 0)
    nfins = 0
    for c in range(geo.ncell):
        if _has(b_lo, b_hi, c) and cand[c] & (1 << d):
            fin = _has(fl, fh, c)
            nfins += int(fin)
            push(log, ITEM_CAND, c, d + 1, ROLE_FIN if fin else ROLE_PATTERN)
    set_info(log, 0, k)
    set_info(log, 1, d + 1)
    set_info(log, 2, bm)
    set_info(log, 3, cm)
    set_info(log, 4, nfins)
    set_info(log, 5, popcount(e_lo) + popcount(e_hi))
    commit(log)
