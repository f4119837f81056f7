"""Every puzzle puzzleviz knows: those named in the `puzzleviz.puzzles` entry-point group of
any installed package, the built-in six included. It is the only registry: nothing lists
the puzzles by hand and nothing registers one at run time (a test installs its toy puzzle
as a distribution on sys.path, as a plugin is installed: tests/entry_points.py).

Finding them imports only each puzzle's package __init__ (its PuzzleSpec), so the CLI can
list the puzzles and answer --help without importing a single solver. The parts a spec
names are loaded through `load`, which turns a broken Ref into one line naming the
distribution that ships it, the part and the Ref: the same line `puzzleviz plugins --check`
prints for it.
"""

from __future__ import annotations

import dataclasses
import importlib.metadata
import sys
from typing import TypeVar

from puzzleviz.solvers.errors import PluginError, UnknownPuzzleError
from puzzleviz.solvers.plugin import BrokenRef, PuzzleSpec, Ref

GROUP = "puzzleviz.puzzles"

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Installed:
    """A puzzle as installed: its spec, and the distribution whose entry point names it
    (whose metadata is read only when asked for: --help does not need it)."""

    spec: PuzzleSpec
    entry_point: str  # "puzzleviz.solvers.rings:PUZZLE"
    dist: importlib.metadata.Distribution | None

    @property
    def distribution(self) -> str:
        """The distribution's name: "puzzleviz", "puzzleviz-hanoi"."""
        return _distribution(self.entry_point, self.dist)

    @property
    def version(self) -> str:
        return "?" if self.dist is None else self.dist.version


def _distribution(entry_point: str, dist: importlib.metadata.Distribution | None) -> str:
    """Its name, from its metadata; without metadata, the entry point's top package."""
    if dist is None:
        return entry_point.partition(":")[0].partition(".")[0]
    name: str = dist.name
    return name


_installed: dict[str, Installed] | None = None
_refused: list[str] = []  # one line for each entry point left out


def _load_installed() -> tuple[dict[str, Installed], list[str]]:
    found: dict[str, Installed] = {}
    refused: list[str] = []
    for entry in importlib.metadata.entry_points(group=GROUP):
        where = f"puzzle {entry.name} {entry.value}"
        try:
            spec = Ref[object](entry.value).load()
        except (BrokenRef, ValueError) as exc:  # a broken plugin must not take the others down
            why = exc.why if isinstance(exc, BrokenRef) else str(exc)
        else:
            if not isinstance(spec, PuzzleSpec):
                why = f"not a PuzzleSpec but {type(spec).__name__}"
            elif spec.kind in found and found[spec.kind].spec is not spec:
                why = f"{found[spec.kind].distribution} offers the puzzle {spec.kind!r} already"
            else:
                found[spec.kind] = Installed(spec, entry.value, entry.dist)
                continue
        refused.append(f"{_distribution(entry.value, entry.dist)}: {where}: {why}")
    return dict(sorted(found.items(), key=lambda item: item[1].spec.name)), refused


def installed() -> dict[str, Installed]:
    """Every puzzle by kind, with where it comes from, sorted by command name. An entry
    point that names no PuzzleSpec is left out, with a line on stderr when first read
    (and in the report of `puzzleviz plugins --check`: `refused`)."""
    global _installed, _refused
    if _installed is None:
        _installed, _refused = _load_installed()
        for line in _refused:
            print(f"puzzleviz: {line} (left out)", file=sys.stderr)
    return _installed


def refused() -> list[str]:
    """One line for each entry point of the group that names no usable PuzzleSpec."""
    installed()
    return list(_refused)


def puzzles() -> dict[str, PuzzleSpec]:
    """Every puzzle's spec by kind, sorted by command name."""
    return {kind: puzzle.spec for kind, puzzle in installed().items()}


def by_kind(kind: str) -> PuzzleSpec:
    try:
        return installed()[kind].spec
    except KeyError:
        known = ", ".join(installed()) or "none"
        raise UnknownPuzzleError(f"unknown puzzle kind {kind!r} (known: {known})") from None


def by_name(name: str) -> PuzzleSpec:
    for spec in puzzles().values():
        if spec.name == name:
            return spec
    known = ", ".join(spec.name for spec in puzzles().values()) or "none"
    raise UnknownPuzzleError(f"unknown puzzle {name!r} (known: {known})")


def forget_installed() -> None:
    """Read the entry points again on next use (after a test installs a distribution)."""
    global _installed
    _installed = None
    importlib.invalidate_caches()  # a folder put on sys.path earlier may have new entries


def origin(spec: PuzzleSpec) -> str:
    """The distribution that ships `spec` (its package's name when it is not installed)."""
    puzzle = installed().get(spec.kind)
    if puzzle is not None and puzzle.spec is spec:
        return puzzle.distribution
    return spec.model.path.partition(".")[0]


def parts(spec: PuzzleSpec) -> list[tuple[str, Ref[object]]]:
    """Every Ref of `spec`, each with the words that say which part it is ("scene",
    "method bfs", "command rings stats run"), in the order the spec declares them."""
    named: list[tuple[str, Ref[object] | None]] = [
        ("model", spec.model),
        *((f"method {method.name}", method.solve) for method in spec.methods),
        ("add_arguments", spec.add_arguments),
        ("problems", spec.problems),
        ("scene", spec.scene),
        ("demo", spec.demo),
        ("answer", spec.answer),
        ("finish", spec.finish),
        ("judge", spec.judge),
    ]
    for command in spec.commands:
        words = " ".join(command.path)
        named += [(f"command {words} add_arguments", command.add_arguments),
                  (f"command {words} run", command.run)]  # fmt: skip
    return [(part, ref) for part, ref in named if ref is not None]


def load(spec: PuzzleSpec, part: str, ref: Ref[T]) -> T:
    """What `ref`, the part `part` of `spec`, names; a broken one is one PluginError line:
    "puzzleviz-hanoi: scene hanoi_viz.scene:HanoiScen: module has no attribute HanoiScen"."""
    try:
        return ref.load()
    except BrokenRef as exc:
        raise PluginError(f"{origin(spec)}: {part} {exc}") from None


def check_kind(spec: PuzzleSpec, part: str, ref: Ref[object], kind: object) -> None:
    """Refuse a model or scene that says another kind than its spec: the spec states the
    kind, the model and scene repeat it for the code that uses them without the registry
    (a trace header's kind is its model's)."""
    if kind != spec.kind:
        raise PluginError(f"{origin(spec)}: {part} {ref.path} is for the puzzle kind {kind!r}, "
                          f"the PuzzleSpec says {spec.kind!r}")  # fmt: skip
