"""Shared codes: step items written by the kernels, and the roles of marks in the state.

One vocabulary for the solver kernels, the step objects and the model's Mark events, so a
pattern candidate in a step is the same number as a green candidate in a scene.
"""

from __future__ import annotations

# Items a kernel writes for a step: (kind, a, b, c)
ITEM_ELIM = 0  # (cell, digit): the step removes digit from cell
ITEM_PLACE = 1  # (cell, digit): the step places digit in cell
ITEM_CAND = 2  # (cell, digit, role): a candidate of the pattern
ITEM_CELL = 3  # (cell, role): a cell of the pattern
ITEM_HOUSE = 4  # (house, role): a house the step looks at
ITEM_LINK = 5  # (candidate a, candidate b, link kind); candidate = cell * n + digit - 1

# Roles of candidate marks (layer MARK_CANDIDATE)
ROLE_NONE = 0
ROLE_PATTERN = 1  # green: the candidates that make the pattern
ROLE_ELIMINATE = 2  # red, then struck out: removed by this step
ROLE_PLACE = 3  # the digit this step places
ROLE_ON = 4  # chains and colouring: "this candidate is true" side (colour A)
ROLE_OFF = 5  # chains and colouring: "this candidate is false" side (colour B)
ROLE_PEER = 6  # removed only because the same digit was just placed in a peer cell
ROLE_FIN = 7  # reserved for finned patterns

# Roles of cell marks (layer MARK_CELL)
CELL_PATTERN = 1  # a cell of the pattern (e.g. the three cells of a naked triple)
CELL_TARGET = 2  # a cell that loses candidates
CELL_PIVOT = 3  # the pivot of a wing
CELL_GUESS = 4  # a guessed cell
CELL_CONFLICT = 5  # a contradiction: no candidate left

# Roles of house marks (layer MARK_HOUSE)
HOUSE_BASE = 1  # the house the pattern lives in (fish: base sets)
HOUSE_COVER = 2  # the house eliminations happen in (fish: cover sets)
HOUSE_CONFLICT = 3  # a contradiction: a digit has no place left in it

# Link kinds (layer MARK_LINK)
LINK_STRONG = 1  # exactly one of the two is true (conjugate pair, bivalue cell)
LINK_WEAK = 2  # at most one of the two is true (same digit in peers)

ROLE_NAMES = {
    ROLE_PATTERN: "pattern",
    ROLE_ELIMINATE: "eliminated",
    ROLE_PLACE: "placed",
    ROLE_ON: "on",
    ROLE_OFF: "off",
    ROLE_PEER: "peer",
    ROLE_FIN: "fin",
}
CELL_ROLE_NAMES = {
    CELL_PATTERN: "pattern",
    CELL_TARGET: "target",
    CELL_PIVOT: "pivot",
    CELL_GUESS: "guess",
    CELL_CONFLICT: "conflict",
}
HOUSE_ROLE_NAMES = {HOUSE_BASE: "base", HOUSE_COVER: "cover", HOUSE_CONFLICT: "conflict"}
LINK_NAMES = {LINK_STRONG: "strong", LINK_WEAK: "weak"}

# -- appended for issue 21 (forcing chains and nets, group and ALS nodes) -----------------
# A forcing step has branches: ITEM_BRANCH (k, premise candidate, 1 if assumed true / 0 if
# assumed false) opens branch k; the ITEM_CAND and ITEM_LINK items that follow, up to the
# next ITEM_BRANCH, are that branch's nodes and implications in the order they follow.
ITEM_BRANCH = 6
# A node that is more than one candidate (a group: one digit in two or three cells of a box
# and a line; an ALS: n cells holding n + 1 digits). ITEM_NODE (node code, candidate, role):
# one item per candidate of the node. In an ITEM_LINK a code below ncand (= cells * n) is a
# plain candidate (cell * n + digit - 1); a code ncand + k is the step's node k.
ITEM_NODE = 7
ROLE_GROUP = 8  # a candidate of a group node
ROLE_ALS = 9  # a candidate of an almost locked set
CELL_ALS = 6  # a cell of an almost locked set (outline it)

# -- issue 21: ALS chains and AICs with ALS nodes ------------------------------------------
# An ALS node's code in a link: ncand + ALS_NODE_CODE + 2j for the j-th set of the chain
# (in chain order, its cells the j-th run of CELL_ALS cells) entered on one digit, + 1 for
# the same set left on another (solvers.sudoku.kernels.grouped, .als_chain). Group nodes of
# those chains keep codes below it (ncand + their place in the chain).
ALS_NODE_CODE = 64

# -- issue 30: what a hint names --------------------------------------------------------
CELL_NAMED = 7  # a cell a hint names ("Check A2"): the window highlights it
CELL_ROLE_NAMES[CELL_NAMED] = "named by the hint"
