"""What the exact cube search returns, and how the command says it (the stochastic search's
result is solvers.cube.stochastic.StochasticResult)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

import numpy as np
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.report import slice_lines
from puzzleviz.solvers.cube.solution import Solution, piece_json
from puzzleviz.solvers.jsontext import RawJSON

if TYPE_CHECKING:
    from puzzleviz.solvers.cube.classes import Enumeration
    from puzzleviz.solvers.cube.disassembly.report import DisassemblyReport
    from puzzleviz.solvers.cube.placements import Placements

JSON_IN_MEMORY = 2_000  # more solutions than this are written one at a time (`_Streamed`)


class SolutionRows(Sequence[Solution]):
    """Fillings kept as rows of placement indices (a few bytes each), made into `Solution`s
    only when looked at: half a million fillings stay a small array."""

    def __init__(self, rows: np.ndarray, placements: Placements) -> None:
        self.rows = rows
        self.placements = placements

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    @overload
    def __getitem__(self, index: int) -> Solution: ...
    @overload
    def __getitem__(self, index: slice) -> list[Solution]: ...
    def __getitem__(self, index: int | slice) -> Solution | list[Solution]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        row = self.rows[index]
        pl = self.placements
        # a ranged puzzle's rows are padded with pl.n (no piece)
        return Solution(tuple((int(pl.type[p]), int(pl.pose[p])) for p in row if p < pl.n))

    def __iter__(self) -> Iterator[Solution]:
        return (self[i] for i in range(len(self)))


class _Streamed(list):  # type: ignore[type-arg]
    """A JSON list made one item at a time while it is written, so tens of thousands of
    fillings never sit in memory as text all at once."""

    def __init__(self, n: int, item: Any) -> None:
        super().__init__()
        self._n, self._item = n, item

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[Any]:
        return (self._item(i) for i in range(self._n))


def _listed(value: Any) -> Any:
    """A numpy array of the facts as a JSON list (written on one line: a row of numbers)."""
    return value.tolist() if isinstance(value, np.ndarray) else value


@dataclasses.dataclass(frozen=True)
class CubeResult:
    puzzle: CubePuzzle
    solutions: Sequence[Solution]  # in the order found, or class by class (see `exact`)
    count: int  # every filling, also when `solutions` lists one per class
    nodes: int
    complete: bool  # False if the search stopped at max_solutions or at the node limit
    stopped: bool = False  # it stopped at the node limit: counts are partial
    rows: np.ndarray | None = None  # the solutions as sorted rows of placement indices
    enumeration: Enumeration | None = None  # set by the symmetry-broken search
    # How the command reports it (set by the plugin's method, cube.search.exact):
    name: str = ""
    seconds: float = 0.0
    facts: dict[str, Any] = dataclasses.field(default_factory=dict)
    shown: int = 1  # which solution the text shows (1-based)
    variant: str = ""  # the choice of counts, when a problem's count ranges make several
    disassembly: DisassemblyReport | None = None  # --disassemble: assemblies, levels

    @property
    def one_per_class(self) -> bool:
        return len(self.solutions) < self.count and self.complete

    def summary(self) -> str:
        what = "solutions" if self.complete else "solution(s) found (use --all for every one)"
        if self.one_per_class:
            what = f"solutions (listed: one per class, {len(self.solutions):,}; --all lists all)"
        if self.stopped:
            what = "solution(s) found before the node limit"
        head = f"{self.variant}: " if self.variant else ""
        return f"{head}{self.count:,} {what} in {self.seconds:.3f} s ({self.nodes:,} search nodes)"

    def lines(self) -> list[str]:
        lines = [f"{self.name}: {self.puzzle.describe()}", self.summary()]
        facts = self.facts
        if self.complete and facts:
            lines.append(
                f"{facts['classes_rotations']:,} class(es) under the box's {facts['rotations']} "
                f"rotations, {facts['classes_all']:,} under all its {facts['symmetries']} "
                "symmetries"
                + ("" if facts.get("mirror_images_are_fillings", True) else
                   " (mirror images are not fillings: a piece has no mirror twin)")
            )  # fmt: skip
        diagonal = facts.get("unit_cubes_on_a_space_diagonal")
        if diagonal is not None:
            of = self.count if self.one_per_class else len(self.solutions)
            lines.append(f"unit cubes on a space diagonal in {diagonal:,} of {of:,} solutions")
        if self.disassembly is not None:
            lines.append(self.disassembly.line())
        if self.stopped:
            lines.append(f"STOPPED at the node limit ({self.nodes:,} nodes): the search is "
                         "incomplete")  # fmt: skip
        if self.solutions and self.shown <= len(self.solutions):
            model = CubeModel(self.puzzle, 0)
            codes = ", ".join(f"{t.code} = {t.name}" for t in self.puzzle.types if not t.is_hole)
            lines.append(f"\nsolution {self.shown}, z-slices (cell codes: {codes}):")
            lines.extend(slice_lines(model, model.solution_state(self.solutions[self.shown - 1])))
        return lines

    def to_json(self) -> dict[str, Any]:
        facts = self.facts
        out = {
            "title": self.puzzle.title,
            "box": list(self.puzzle.box),
            "count": self.count,
            "classes_rotations": facts.get("classes_rotations"),
            "classes_all": facts.get("classes_all"),
            **{k: _listed(v) for k, v in facts.items() if k != "count"},
        }
        if self.disassembly is None:
            return {**out, "solutions": self._solutions_json()}
        # BurrTools' words: "solutions" are the assemblies that come apart, so the
        # fillings the search found are listed under "fillings"
        return {**out, **self.disassembly.to_json(), "fillings": self._solutions_json()}

    def _solutions_json(self) -> list[Any]:
        """Each filling as its pieces' texts: a piece in a given pose is written once, and
        the thousands of fillings that hold it share that text."""
        texts: dict[tuple[int, int], RawJSON] = {}

        def one(solution: Solution) -> list[RawJSON]:
            pieces = []
            for key in solution.pieces:
                text = texts.get(key)
                if text is None:
                    text = texts[key] = RawJSON(piece_json(self.puzzle, *key))
                pieces.append(text)
            return pieces

        if len(self.solutions) <= JSON_IN_MEMORY:
            return [one(s) for s in self.solutions]
        return _Streamed(len(self.solutions), lambda i: one(self.solutions[i]))
