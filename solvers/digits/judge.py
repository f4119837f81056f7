"""The digits quiz judge: "which piece goes in next, and how?", answered
`piece 7 at 2,0 turned 90` (`flipped` when mirrored: `piece 2 at 4,6 flipped turned 90`).

A question is the frame before a step that places one piece (a step of the search, not the
summary that lays out a solution at the end). The position is the corner of the piece's
box on the search's grid (blocks; unit squares at half-block offsets), as the model's
describe() says it; the turn is clockwise on screen, after the flip, in whole quarter
turns. A symmetric piece may be named by any turn that gives its shape.

Right: the recorded placement. Right but different: any other placement the search could
make (a placement of its table: on the frame, at the granularity's offsets), of a piece
still in the tray, that overlaps no piece and no triangle the search left empty, and from
which a packing still follows: the search's own kernel decides it (completion.py), within
a bound; a question it cannot settle within the bound is given the benefit of the doubt,
and the reason says so. The scene cannot make a move by a click, so `choices` offers the
placements that cover the triangle the recorded move fills first (the search's branch
cell: the first free one in reading order), at most eight.
"""

from __future__ import annotations

import re
from functools import cached_property

import numpy as np
from puzzleviz.solvers.digits.completion import NODE_LIMITS, completes, setup_for
from puzzleviz.solvers.digits.exact import SearchSetup
from puzzleviz.solvers.digits.geometry import normalized, transform_cells
from puzzleviz.solvers.digits.model import FREE, LEFT_EMPTY, DigitsModel, Place
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.quiz import (
    DIFFERENT,
    RIGHT,
    WRONG,
    AnswerError,
    PlacingJudge,
    Verdict,
)
from puzzleviz.solvers.quiz_choices import offered
from puzzleviz.solvers.trace import Trace

FORM = "write: piece 7 at 2,0 turned 90, with flipped if mirrored"
ANSWER = re.compile(r"\s*(?:piece\s+)?(\S+?)\s+at\s*\(?\s*(\d+)\s*[,; ]\s*(\d+)\s*\)?(.*)",
                    re.IGNORECASE | re.DOTALL)  # fmt: skip
FLIP_WORDS = ("flipped", "flip", "mirrored", "mirror")
TURN_WORDS = ("turned", "turn", "rotated", "rotate")
QUIET_WORDS = ("upright", "and", "degrees", "deg", "clockwise")

Placement = tuple[int, int, int, int]  # piece, orientation, x, y


class DigitsJudge(PlacingJudge[Placement]):
    """Judges `piece 7 at 2,0 turned 90` answers on one digits trace."""

    def __init__(self, trace: Trace) -> None:
        self.model = DigitsModel.from_definition(trace.header.definition)
        super().__init__(trace, self.model)

    @cached_property
    def setup(self) -> SearchSetup:
        return setup_for(self.model.puzzle, self.model.granularity)

    @cached_property
    def _orientation_of(self) -> list[dict[int, int]]:
        """Per piece: symmetry (4 * flip + quarter turns) -> its orientation index."""
        out = []
        for piece in self.model.puzzle.pieces:
            shapes = [o.cells for o in piece.orientations()]
            out.append({s: shapes.index(normalized(transform_cells(piece.cells, s))[0])
                        for s in range(8)})  # fmt: skip
        return out

    # -- the recorded move ---------------------------------------------------------------
    def placement(self, row: np.ndarray) -> Placement | None:
        if int(row[0]) != Place.OP:
            return None
        return int(row[1]), int(row[2]), int(row[3]), int(row[4])

    def text(self, placement: Placement) -> str:
        k, o, x, y = placement
        angle, flipped = self.model.orientation_turn(k, o)
        how = (" flipped" if flipped else "") + (f" turned {angle}" if angle else "")
        return f"piece {self.model.label(k)} at {x},{y}{how}"

    # -- the position --------------------------------------------------------------------
    def owners(self, step: int) -> np.ndarray:
        return self.model.owners(self.state(step))

    def legal(self, owners: np.ndarray) -> np.ndarray:
        """The placements of the table a student may make: pieces in the tray, no cell
        taken or left empty."""
        table = self.setup.table
        in_tray = np.ones(self.model.n_pieces, dtype=bool)
        in_tray[owners[owners >= 0]] = False
        cells = table.cells
        taken = np.where(cells >= 0, owners[np.maximum(cells, 0)] != FREE, False).any(axis=1)
        return np.flatnonzero(in_tray[table.piece] & ~taken)

    def index(self, placement: Placement) -> int:
        return self.setup.table.find(*placement)

    def branch_cell(self, step: int) -> int | None:
        """The first free triangle, in reading order, that the recorded move covers: the
        search's next cell to fill."""
        placed = self.placed(step)
        if placed is None:
            return None
        owners = self.owners(step)
        cells = self.setup.table.cell_indices(self.index(placed))
        free = [int(c) for c in cells if owners[c] == FREE]
        return min(free) if free else None

    def answers(self, step: int) -> list[str]:
        """Every placement a student may make here: each is judged right or wrong."""
        if self.placed(step) is None:
            return []
        table = self.setup.table
        return [self.text((int(table.piece[p]), int(table.orientation[p]), int(table.x[p]),
                           int(table.y[p]))) for p in self.legal(self.owners(step))]  # fmt: skip

    def choices(self, step: int) -> list[str]:
        """The placements over the search's next cell, at most eight with the recorded."""
        placed, cell = self.placed(step), self.branch_cell(step)
        if placed is None or cell is None:
            return []
        table = self.setup.table
        legal = self.legal(self.owners(step))
        over = legal[(table.cells[legal] == cell).any(axis=1)]
        texts = [self.text((int(table.piece[p]), int(table.orientation[p]), int(table.x[p]),
                            int(table.y[p]))) for p in over]  # fmt: skip
        return offered(texts, self.text(placed))

    def hints(self, step: int) -> list[str]:
        """The piece, then the square of the triangle it fills first."""
        placed, cell = self.placed(step), self.branch_cell(step)
        if placed is None:
            return []
        piece = self.model.label(placed[0])
        hints = [msg("the next piece is the {piece}", piece=piece)]
        if cell is not None:
            x, y, _side = self.model.grid.cell(cell)
            hints.append(msg("the {piece} covers square {x},{y}, the first free triangle in "
                             "reading order", piece=piece, x=x, y=y))  # fmt: skip
        return hints

    # -- an answer -----------------------------------------------------------------------
    def parse(self, answer: str) -> Placement:
        """(piece, orientation, x, y) of an answer; AnswerError naming the right form."""
        match = ANSWER.fullmatch(answer)
        if match is None:
            raise AnswerError(f"{answer.strip()!r} is not a digits move ({FORM})")
        labels = [label.lower() for label in self.model.puzzle.labels]
        if match[1].lower() not in labels:
            raise AnswerError(f"there is no piece {match[1]!r} (the pieces: "
                              f"{', '.join(self.model.puzzle.labels)})")  # fmt: skip
        k = labels.index(match[1].lower())
        flipped, angle = False, 0
        words = re.findall(r"[^\W\d_]+|\d+|[^\s,.°]", match[4].lower())
        i = 0
        while i < len(words):
            word = words[i]
            if word in FLIP_WORDS:
                flipped = True
            elif word in TURN_WORDS and i + 1 < len(words) and words[i + 1].isdigit():
                angle, i = int(words[i + 1]), i + 1
            elif word not in QUIET_WORDS:
                raise AnswerError(f"{answer.strip()!r}: {word!r} is not a way to lie ({FORM})")
            i += 1
        if angle % 90:
            raise AnswerError(f"{answer.strip()!r}: a piece turns by 0, 90, 180 or 270 degrees")
        symmetry = 4 * flipped + (angle // 90) % 4
        return k, self._orientation_of[k][symmetry], int(match[2]), int(match[3])

    def judge(self, step: int, answer: str) -> Verdict:
        k, o, x, y = self.parse(answer)
        placed = self.placed(step)
        if placed is None:
            raise AnswerError(f"step {step + 1} places no piece")
        piece = self.model.label(k)
        if (k, o, x, y) == placed:
            return Verdict(RIGHT, msg("the move the search makes"))
        owners = self.owners(step)
        if (owners == k).any():
            return Verdict(WRONG, msg("the {piece} is already in the frame", piece=piece))
        p = self.index((k, o, x, y))
        if p < 0:
            return Verdict(WRONG, self.misfit(k, o, x, y))
        covered = owners[self.setup.table.cell_indices(p)]
        others = covered[covered >= 0]
        if others.size:
            return Verdict(WRONG, msg("the {piece} there overlaps the {other}", piece=piece,
                                      other=self.model.label(int(others[0]))))  # fmt: skip
        if (covered == LEFT_EMPTY).any():
            return Verdict(WRONG, msg("the {piece} there covers a triangle the search left "
                                      "empty", piece=piece))  # fmt: skip
        fixed = self.fixed(step)
        fixed[k] = p
        limit = NODE_LIMITS[self.model.granularity]
        done = completes(self.setup, fixed, np.flatnonzero(owners == LEFT_EMPTY), limit)
        if done is False:
            return Verdict(WRONG, msg("the {piece} fits there, but no packing follows from it",
                                      piece=piece))  # fmt: skip
        if done is None:
            return Verdict(DIFFERENT, msg("also right as far as the check went: the {piece} "
                                          "fits there, and {nodes:,} nodes of search found no "
                                          "dead end", piece=piece, nodes=limit))  # fmt: skip
        return Verdict(DIFFERENT, msg("also right: the {piece} fits there and a packing "
                                      "follows from it", piece=piece))  # fmt: skip

    def fixed(self, step: int) -> dict[int, int]:
        """The placements of the pieces in the frame before `step`."""
        state = self.state(step)
        fixed = {}
        for k in range(self.model.n_pieces):
            where = self.model.placement_of(state, k)
            if where is not None:
                fixed[k] = self.index((k, *where))
        return fixed

    def misfit(self, k: int, o: int, x: int, y: int) -> str:
        """Why a placement is not one the search could make."""
        piece, grid = self.model.label(k), self.model.grid
        cells = grid.placement_cells(k, o, x, y)
        inside = all(0 <= cx < grid.width and 0 <= cy < grid.height for cx, cy, _ in cells)
        if not inside or not all(grid.frame_mask[grid.index(c)] for c in cells):
            return msg("the {piece} does not fit in the frame there", piece=piece)
        # only the mesh search leaves offsets out (every other one is in its table)
        return msg("the search puts pieces only at even block offsets (the mesh)")


def judge_for(trace: Trace) -> DigitsJudge:
    """The PuzzleSpec's judge factory."""
    return DigitsJudge(trace)
