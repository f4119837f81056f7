"""The cube quiz judge: "which piece goes in next, and where?", answered
`2x2x3 at x 0..1, y 0..1, z 0..2` (the cells it spans, as the captions and describe() say).

A question is the box before a step that places one piece: a step of the exact search or
of an assembly (the summary that fills the box at the end of a search places them all, and
the stochastic search moves pieces about: neither is asked). A brick is named by its type
and the cells it spans, which say how it lies; a polycube whose span several of its
orientations share adds `orientation K` (1-based, the puzzle's order). Spaces, case and the
words of a caption ("place", "standing", "#2") are forgiven; a brick's size may be written
in any order (`4x2x1` is the 1x2x4).

Right: the recorded placement. Right but different: another placement of a piece still out
of the box, inside it, overlapping nothing, leaving no empty cell that no piece left can
fill, and from which a filling still follows (completion.py: the exact kernel, bounded; a
question it cannot settle in time gets the benefit of the doubt, and the reason says so).
The scene cannot make the move by a click, so `choices` offers the placements over the cell
of the recorded piece that has the fewest options (the cell the search fills), at most
eight.
"""

from __future__ import annotations

import re
from functools import cached_property

import numpy as np
from puzzleviz.solvers.cube.completion import NODE_LIMIT, completes
from puzzleviz.solvers.cube.model import CubeModel, Place, spans
from puzzleviz.solvers.cube.solution import PlacedPiece, placed_piece
from puzzleviz.solvers.cube.tables import ExactTables, exact_tables
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

FORM = "write: 2x2x3 at x 0..1, y 0..1, z 0..2"
AXIS = re.compile(r"([xyz])\s*=?\s*(\d+)(?:\s*(?:\.\.|-|to)\s*(\d+))?")
ORIENTATION = re.compile(r"orientation\s*(\d+)")
SIZE = re.compile(r"(\d+)x(\d+)x(\d+)")
POSTURE_WORDS = ("place", "a", "an", "the", "standing", "lying", "along", "flat", "on", "edge",
                 "across", "x", "y", "z")  # fmt: skip

Move = tuple[int, int]  # piece type, pose (of the box, margin 0)


class CubeJudge(PlacingJudge[Move]):
    """Judges `2x2x3 at x 0..1, y 0..1, z 0..2` answers on one cube trace."""

    def __init__(self, trace: Trace) -> None:
        self.model = CubeModel.from_definition(trace.header.definition)
        self.puzzle = self.model.puzzle
        super().__init__(trace, self.model)

    @cached_property
    def tables(self) -> ExactTables:
        return exact_tables(self.puzzle)

    @cached_property
    def index_of(self) -> dict[Move, int]:
        pl = self.tables.placements
        return {
            (int(t), int(pose)): p for p, (t, pose) in enumerate(zip(pl.type, pl.pose, strict=True))
        }

    # -- the recorded move ---------------------------------------------------------------
    def placement(self, row: np.ndarray) -> Move | None:
        """(type, pose) of the piece a Place row places, when the trace's space is the box
        itself (as in the exact search and the assembly)."""
        if int(row[0]) != Place.OP or self.model.margin != 0:
            return None
        return int(self.puzzle.instance_type[int(row[1])]), int(row[2])

    def text(self, move: Move) -> str:
        ptype = self.puzzle.types[move[0]]
        piece = self.piece_at(move)
        shared = sum(ptype.orientation_extent(o) == piece.extent
                     for o in range(len(ptype.orientations)))  # fmt: skip
        which = f" orientation {piece.orient + 1}" if shared > 1 else ""
        return f"{ptype.name} at {spans(piece)}{which}"

    def piece_at(self, move: Move) -> PlacedPiece:
        t, pose = move
        first = int(self.puzzle.first_instance[t])
        return placed_piece(self.puzzle, self.tables.placements.space, first, pose)

    # -- the position --------------------------------------------------------------------
    def position(self, step: int) -> tuple[list[int], np.ndarray]:
        """The placement indices of the pieces in the box before `step`, and the pieces
        left per type."""
        state = self.state(step)
        left = np.array([t.count for t in self.puzzle.types], dtype=np.int64)
        fixed = []
        for instance, pose in enumerate(state[: self.puzzle.n_pieces].tolist()):
            if pose >= 0:
                t = int(self.puzzle.instance_type[instance])
                fixed.append(self.index_of[(t, int(pose))])
                left[t] -= 1
        return fixed, left

    def legal(self, fixed: list[int], left: np.ndarray) -> np.ndarray:
        """The placements that may go in next: a piece left, no cell taken."""
        pl = self.tables.placements
        occupied = np.bitwise_or.reduce(pl.masks[fixed], axis=0)  # zeros when none is in
        free = ~(pl.masks & occupied).any(axis=1)
        return np.flatnonzero(free & (left[pl.type] > 0))

    def branch_cell(self, step: int) -> int | None:
        """The cell of the recorded piece with the fewest placements over it (the first
        such): the cell the search fills."""
        placed = self.placed(step)
        if placed is None:
            return None
        pl = self.tables.placements
        legal = self.legal(*self.position(step))
        cells = pl.cells[legal]
        options = np.bincount(cells[cells >= 0], minlength=self.puzzle.n_cells)
        mine = pl.cells[self.index_of[placed]]
        mine = mine[mine >= 0]
        return int(mine[np.argmin(options[mine])])

    def move_of(self, p: int) -> Move:
        pl = self.tables.placements
        return int(pl.type[p]), int(pl.pose[p])

    def answers(self, step: int) -> list[str]:
        """Every placement of a piece left into free cells: each is judged."""
        if self.placed(step) is None:
            return []
        return [self.text(self.move_of(int(p))) for p in self.legal(*self.position(step))]

    def choices(self, step: int) -> list[str]:
        """The placements over the cell the search fills, at most eight with the recorded."""
        placed, cell = self.placed(step), self.branch_cell(step)
        if placed is None or cell is None:
            return []
        pl = self.tables.placements
        legal = self.legal(*self.position(step))
        over = legal[(pl.cells[legal] == cell).any(axis=1)]
        return offered([self.text(self.move_of(int(p))) for p in over], self.text(placed))

    def hints(self, step: int) -> list[str]:
        """The piece, then the cell the search fills with it."""
        placed, cell = self.placed(step), self.branch_cell(step)
        if placed is None or cell is None:
            return []
        piece = self.puzzle.types[placed[0]].name
        x, y, z = self.puzzle.cell_xyz(cell)
        return [msg("the next piece is a {piece}", piece=piece),
                msg("the {piece} fills cell ({x},{y},{z}), the one with the fewest options",
                    piece=piece, x=x, y=y, z=z)]  # fmt: skip

    # -- an answer -----------------------------------------------------------------------
    def named(self, head: str) -> tuple[int, str]:
        """The piece type an answer begins with (a name may have spaces: "A (screw)"), and
        the words after it."""
        names = sorted(((t.name.lower(), k) for k, t in enumerate(self.puzzle.types)),
                       key=lambda nk: -len(nk[0]))  # fmt: skip
        for name, k in names:
            if head == name or head.startswith(name + " "):
                return k, head[len(name) :]
        first, _, rest = head.partition(" ")
        return self.piece_type(first), rest

    def piece_type(self, name: str) -> int:
        names = [t.name.lower() for t in self.puzzle.types]
        if name in names:
            return names.index(name)
        size = SIZE.fullmatch(name)
        if size is not None:
            want = sorted(int(v) for v in size.groups())
            for t, ptype in enumerate(self.puzzle.types):
                if ptype.size is not None and sorted(ptype.size) == want:
                    return t
        pieces = ", ".join(t.name for t in self.puzzle.types)
        raise AnswerError(f"there is no piece {name!r} (the pieces: {pieces})")

    def parse(self, answer: str) -> tuple[int, tuple[int, ...], tuple[int, ...], int | None]:
        """(type, low corner, extent, orientation given or None) of an answer."""
        said = answer.strip()
        head, at, tail = said.lower().partition(" at ")
        head = " ".join(head.split())
        if head.startswith("place "):
            head = head[len("place ") :]
        if not at or not head:
            raise AnswerError(f"{said!r} is not a cube move ({FORM})")
        t, rest = self.named(head)
        for word in re.findall(r"#\s*\d+|[^\s,]+", rest):
            if word not in POSTURE_WORDS and not word.startswith("#"):
                raise AnswerError(f"{said!r}: {word!r} is not part of a move ({FORM})")
        orientation = None
        turned = ORIENTATION.search(tail)
        if turned is not None:
            orientation = int(turned[1]) - 1
            tail = tail[: turned.start()] + tail[turned.end() :]
        spans_of: dict[str, tuple[int, int]] = {}
        for match in AXIS.finditer(tail):
            lo, hi = int(match[2]), int(match[3] if match[3] is not None else match[2])
            if match[1] in spans_of:
                raise AnswerError(f"{said!r} names {match[1]} twice ({FORM})")
            spans_of[match[1]] = (min(lo, hi), max(lo, hi))
        if set(spans_of) != set("xyz") or AXIS.sub("", tail).strip(" ,;"):
            raise AnswerError(f"{said!r} is not a cube move ({FORM})")
        low = tuple(spans_of[a][0] for a in "xyz")
        extent = tuple(spans_of[a][1] - spans_of[a][0] + 1 for a in "xyz")
        return t, low, extent, orientation

    def resolve(self, answer: str) -> tuple[int, Move | None, bool]:
        """(type, its move, whether the piece can span those cells) of an answer; the move
        None when no orientation of the piece spans those cells or they are not all in the
        box."""
        t, low, extent, orientation = self.parse(answer)
        ptype = self.puzzle.types[t]
        fits = [o for o in range(len(ptype.orientations)) if ptype.orientation_extent(o) == extent]
        if orientation is not None:
            if not 0 <= orientation < len(ptype.orientations):
                raise AnswerError(f"{answer.strip()!r}: a {ptype.name} lies in orientations 1 "
                                  f"to {len(ptype.orientations)}")  # fmt: skip
            fits = [o for o in fits if o == orientation]
        elif len(fits) > 1:
            ways = ", ".join(str(o + 1) for o in fits)
            raise AnswerError(f"{answer.strip()!r}: a {ptype.name} spans that in several ways: "
                              f"add orientation K (K one of {ways})")  # fmt: skip
        inside = all(
            lo + e <= side for lo, e, side in zip(low, extent, self.puzzle.box, strict=True)
        )
        if not fits or not inside:
            return t, None, bool(fits)
        return t, (t, self.tables.placements.space.pose(fits[0], *low)), True

    def judge(self, step: int, answer: str) -> Verdict:
        t, move, shaped = self.resolve(answer)
        placed = self.placed(step)
        if placed is None:
            raise AnswerError(f"step {step + 1} places no piece")
        piece = self.puzzle.types[t].name
        if move == placed:
            return Verdict(RIGHT, msg("the move the search makes"))
        if not shaped:
            return Verdict(WRONG, msg("a {piece} cannot span those cells", piece=piece))
        p = -1 if move is None else self.index_of.get(move, -1)
        if p < 0:
            return Verdict(WRONG, msg("the {piece} does not fit in the box there", piece=piece))
        fixed, left = self.position(step)
        if left[t] <= 0:
            return Verdict(WRONG, msg("every {piece} is already in the box", piece=piece))
        pl = self.tables.placements
        for q in fixed:
            if (pl.masks[q] & pl.masks[p]).any():
                t_other, pose = self.move_of(q)
                where = spans(self.piece_at((t_other, pose)))
                other = self.puzzle.types[t_other].name
                return Verdict(WRONG, msg("it overlaps the {other} at {where}", other=other,
                                          where=where))  # fmt: skip
        left[t] -= 1
        hole = self.unfillable([*fixed, p], left)
        if hole is not None:
            x, y, z = self.puzzle.cell_xyz(hole)
            return Verdict(WRONG, msg("it leaves cell ({x},{y},{z}) empty, and no piece left "
                                      "can fill it", x=x, y=y, z=z))  # fmt: skip
        done = completes(self.tables, [*fixed, p])
        if done is False:
            return Verdict(WRONG, msg("the {piece} fits there, but no filling follows from it",
                                      piece=piece))  # fmt: skip
        if done is None:
            return Verdict(DIFFERENT, msg("also right as far as the check went: the {piece} "
                                          "fits there, and {nodes:,} nodes of search found no "
                                          "dead end", piece=piece, nodes=NODE_LIMIT))  # fmt: skip
        return Verdict(DIFFERENT, msg("also right: the {piece} fits there and a filling "
                                      "follows from it", piece=piece))  # fmt: skip

    def unfillable(self, fixed: list[int], left: np.ndarray) -> int | None:
        """The first cell to fill that no piece left can cover any more, if one is."""
        if not left.any():
            return None
        pl = self.tables.placements
        covered = np.bitwise_or.reduce(pl.masks[[*fixed, *self.legal(fixed, left)]], axis=0)
        empty = self.tables.full & ~covered
        for word, bits in enumerate(empty.tolist()):
            if bits:
                return 64 * word + (int(bits) & -int(bits)).bit_length() - 1
        return None


def judge_for(trace: Trace) -> CubeJudge:
    """The PuzzleSpec's judge factory."""
    return CubeJudge(trace)
