"""Steps as Python objects: what one application of a technique saw and did.

A kernel writes steps as rows of a log (solvers.sudoku.kernels.log); `decode_log` turns
them into `Step`s, which the captions, the JSON output, the rating and the trace recorder
all read. A step never holds the grid: it says what changed and what pattern justified it.
"""

from __future__ import annotations

import dataclasses

from puzzleviz.solvers.sudoku.kernels.log import FILL_ITEMS, FILL_STEPS, StepLog
from puzzleviz.solvers.sudoku.roles import (
    ITEM_BRANCH,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_LINK,
    ITEM_NODE,
    ITEM_PLACE,
)
from puzzleviz.solvers.sudoku.techniques import SPECIAL_STEPS, TECHNIQUES

Guess = tuple[int, int]  # (cell, digit) assumed true


@dataclasses.dataclass(slots=True)
class Step:
    technique: int  # a technique id (solvers.sudoku.techniques) or a special step id
    info: tuple[int, ...]  # technique-specific numbers (see the finder's docstring)
    placements: tuple[tuple[int, int], ...] = ()  # (cell, digit)
    eliminations: tuple[tuple[int, int], ...] = ()  # (cell, digit)
    candidates: tuple[tuple[int, int, int], ...] = ()  # (cell, digit, role) of the pattern
    cells: tuple[tuple[int, int], ...] = ()  # (cell, role)
    houses: tuple[tuple[int, int], ...] = ()  # (house, role)
    links: tuple[tuple[int, int, int], ...] = ()  # (candidate a, candidate b, kind)
    assumptions: tuple[Guess, ...] = ()  # guesses in force when the step was taken
    caption: str = ""
    message: str = ""  # the caption as a message (solvers.i18n): what a trace stores
    # Forcing chains and nets: (premise candidate, 1 if assumed true else 0, index of the
    # branch's first link in `links`, index of its first node in `candidates`); the branch
    # runs to the next one's first link (see solvers.sudoku.kernels.forcing)
    branches: tuple[tuple[int, int, int, int], ...] = ()
    # Group and ALS nodes: (node code, candidate) for each candidate of a node; a link end
    # >= cells * n is such a node (solvers.sudoku.roles.ITEM_NODE)
    nodes: tuple[tuple[int, int], ...] = ()

    def node_candidates(self, code: int, ncand: int) -> list[int]:
        """The candidates a link end stands for: itself, or a group/ALS node's."""
        if code < ncand:
            return [code]
        return [c for k, c in self.nodes if k == code]

    @property
    def name(self) -> str:
        if self.technique in SPECIAL_STEPS:
            return SPECIAL_STEPS[self.technique]
        return TECHNIQUES[self.technique].name

    @property
    def depth(self) -> int:
        return len(self.assumptions)

    @property
    def is_technique(self) -> bool:
        """True for steps of the registry (logic or guess), False for contradiction,
        backtrack and refutation steps."""
        return self.technique not in SPECIAL_STEPS

    def pattern_cells(self) -> list[int]:
        """Every cell the pattern involves, in first-mention order."""
        seen: dict[int, None] = {}
        for cell, _role in self.cells:
            seen.setdefault(cell, None)
        for cell, _digit, _role in self.candidates:
            seen.setdefault(cell, None)
        return list(seen)


def decode_log(log: StepLog, first: int, assumptions: tuple[Guess, ...]) -> list[Step]:
    """Steps first..end of the log as Step objects."""
    n_steps = int(log.fill[FILL_STEPS])
    if n_steps <= first:
        return []
    lo = int(log.item_start[first])
    hi = int(log.fill[FILL_ITEMS])
    items = log.items[lo:hi].tolist()
    starts = (log.item_start[first : n_steps + 1] - lo).tolist()
    techs = log.tech[first:n_steps].tolist()
    infos = log.info[first:n_steps].tolist()
    steps = []
    for s, tech in enumerate(techs):
        elim, place, cand, cell, house, link = [], [], [], [], [], []
        branch, node = [], []
        for kind, a, b, c in items[starts[s] : starts[s + 1]]:
            if kind == ITEM_ELIM:
                elim.append((a, b))
            elif kind == ITEM_CAND:
                cand.append((a, b, c))
            elif kind == ITEM_PLACE:
                place.append((a, b))
            elif kind == ITEM_CELL:
                cell.append((a, b))
            elif kind == ITEM_HOUSE:
                house.append((a, b))
            elif kind == ITEM_LINK:
                link.append((a, b, c))
            elif kind == ITEM_NODE:
                node.append((a, b))
            elif kind == ITEM_BRANCH:
                branch.append((b, c, len(link), len(cand)))
        steps.append(
            Step(
                tech,
                tuple(infos[s]),
                tuple(place),
                tuple(elim),
                tuple(cand),
                tuple(cell),
                tuple(house),
                tuple(link),
                assumptions,
                branches=tuple(branch),
                nodes=tuple(node),
            )
        )
    return steps
