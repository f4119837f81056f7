"""The puzzle plugin API: one object per puzzle says everything puzzleviz needs of it.

A puzzle is a package that exposes `PUZZLE = PuzzleSpec(...)` and names it in the
`puzzleviz.puzzles` entry-point group of its pyproject.toml:

    [project.entry-points."puzzleviz.puzzles"]
    queens = "puzzleviz.solvers.queens:PUZZLE"

That is all: the registry (solvers.registry) finds it, `puzzleviz solve queens` appears with
the framework's shared options (--method, --json, --trace, --max-nodes, --play, --video...)
and the puzzle's own, its traces replay in the window through its scene, and its demo
joins the tour. No file outside the puzzle's package and scene is edited.

The spec refers to the puzzle's parts by name ("module:attribute") and loads them only when
needed, so listing the puzzles and answering --help import none of their solvers.

A solver is a function of one shape for every puzzle and method:

    def solve(problem: P, tracer: Tracer, limits: Limits, progress: Progress) -> Result

`problem` is what the puzzle's options made of the command line (or a test made by hand);
it reports each change to `tracer` (a no-op tracer unless --trace, --play or --video);
it stops at `limits` and keeps `progress` up to date; and it returns a `Result`, which
says in lines and in JSON what it found. The trace it records is named `<kind>.<method>`.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from puzzleviz.solvers.errors import PluginError

if TYPE_CHECKING:
    import argparse

    from puzzleviz.solvers.arrays import StateArray
    from puzzleviz.solvers.model import PuzzleModel
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.quiz import Judge
    from puzzleviz.solvers.trace import Trace
    from puzzleviz.solvers.tracer import Tracer

__all__ = [
    "Command",
    "Limits",
    "Method",
    "Problem",
    "PuzzleSpec",
    "Ref",
    "Result",
    "Solver",
    "solver_name",
]

T = TypeVar("T", covariant=True)  # a Ref of a subclass is a Ref of its base: Ref[object]


@dataclasses.dataclass(frozen=True)
class Ref(Generic[T]):
    """A part of a puzzle named "module:attribute", imported when first used."""

    path: str

    def __post_init__(self) -> None:
        module, _, attribute = self.path.partition(":")
        if not module or not attribute:
            raise ValueError(f"{self.path!r} is not 'module:attribute'")

    def load(self) -> T:
        """What the Ref names; BrokenRef (one line: the Ref and why) if it names nothing
        importable, or its module fails as it is imported."""
        module, _, attribute = self.path.partition(":")
        try:
            target: Any = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            raise BrokenRef(self.path, f"no module named {exc.name}") from exc
        except Exception as exc:  # the module is there but its import fails
            raise BrokenRef(self.path, f"importing {module} fails: {_one_line(exc)}") from exc
        held = "module"
        for name in attribute.split("."):
            try:
                target = getattr(target, name)
            except AttributeError:
                raise BrokenRef(self.path, f"{held} has no attribute {name}") from None
            held = name
        loaded: T = target  # what the name points at is T: the Ref's declaration says so
        return loaded


class BrokenRef(PluginError):
    """A Ref that names nothing importable. `registry.load` adds whose it is."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


def _one_line(exc: BaseException) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())


@dataclasses.dataclass(frozen=True)
class Limits:
    """What a search may spend. None: no limit of that kind."""

    nodes: int | None = None  # search nodes (expansions, placements...) before it stops
    default_nodes: bool = False  # `nodes` is the method's default, not the user's choice
    solutions: int | None = None  # stop after this many solutions (1: the first)
    events: int = 5_000_000  # trace events kept; the run goes on, the trace says truncated


class Result(Protocol):
    """What every solver returns; puzzles add their own fields."""

    @property
    def stopped(self) -> bool:
        """Whether it stopped at a limit (the counts and the proof are then partial)."""
        ...

    def lines(self) -> list[str]:
        """What `puzzleviz solve` prints, in plain words."""
        ...

    def summary(self) -> str:
        """One line: what -q prints, and a collection prints per puzzle."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The --json document."""
        ...


class Problem(Protocol):
    """One puzzle instance with its settings, as the puzzle's options make it."""

    def model(self) -> PuzzleModel:
        """The model its traces are recorded with."""
        ...

    def start(self) -> StateArray | None:
        """The state a trace starts from (None: the model's initial state)."""
        ...

    def params(self) -> dict[str, Any]:
        """The settings a trace header keeps, to reproduce the run."""
        ...


Solver = Callable[["Any", "Tracer", Limits, "Progress"], Result]


@dataclasses.dataclass(frozen=True)
class Method:
    """One way of solving: `puzzleviz solve <puzzle> --method <name>`."""

    name: str
    solve: Ref[Solver]
    help: str
    counters: tuple[str, ...] = ()  # the statistics its traces carry, in this order
    node_limit: int | None = None  # its default limit on nodes (--max-nodes 0 lifts it)
    node_bytes: int = 0  # the memory each node takes if the search keeps them all (0: none)


@dataclasses.dataclass(frozen=True)
class Command:
    """A command of the puzzle's own besides `solve`, e.g. `puzzleviz rings stats`."""

    path: tuple[str, ...]
    help: str
    add_arguments: Ref[Callable[[argparse.ArgumentParser], None]]
    run: Ref[Callable[[argparse.Namespace], int]]
    outputs: tuple[str, ...] = ()  # the dests of its file outputs, checked before it runs


@dataclasses.dataclass(frozen=True)
class PuzzleSpec:
    """Everything puzzleviz needs of one puzzle."""

    kind: str  # the model's and the traces' kind: "rings"
    name: str  # the command: `puzzleviz solve <name>`
    title: str  # for people: "Hungarian rings"
    help: str  # one line for `puzzleviz solve --help`
    model: Ref[type[PuzzleModel]]
    methods: tuple[Method, ...]
    # add_arguments(parser): the puzzle's own options (the framework adds the shared ones)
    add_arguments: Ref[Callable[[argparse.ArgumentParser], None]]
    # problems(args): the problem(s) the command line describes (several: a collection)
    problems: Ref[Callable[[argparse.Namespace], Sequence[Problem]]]
    scene: Ref[Any]  # the scene class that draws its traces (in scenes/ or the plugin's own)
    demo: Ref[Callable[[], Trace]] | None = None  # a short trace for the demo tour
    commands: tuple[Command, ...] = ()
    description: str = ""  # the `solve <name> --help` text
    # answer(args): options that answer without solving (--list-techniques); True if handled
    answer: Ref[Callable[[argparse.Namespace], bool]] | None = None
    # finish(args, result): outputs of the puzzle's own after the shared ones; lines to print
    finish: Ref[Callable[[argparse.Namespace, Any], list[str]]] | None = None
    seeded: bool = False  # its problems take --seed
    outputs: tuple[str, ...] = ()  # dests of its own file outputs (--assembly), checked first
    # What a lesson's `solve` may set besides value options (switches, choices, numbers):
    # `inputs`, dests of options that read a file (taken only from the lesson's folder),
    # and `texts`, dests of free-text options that name no file, process or address. A
    # free-text option in neither is refused in a lesson (see viz.lesson).
    inputs: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    # judge(trace): the puzzle's quiz judge over one of its traces (solvers.quiz.Judge:
    # which answers are right before a recorded step); None: `puzzleviz quiz` refuses it
    judge: Ref[Callable[[Trace], Judge]] | None = None
    # practice(technique, seed): a generated puzzle that needs `technique` (as the user
    # typed it; one line listing the choices for an unknown one), recorded for the window
    # (`play --practice`); None: the puzzle offers no practice puzzles
    practice: Ref[Callable[[str, int], Trace]] | None = None

    def __post_init__(self) -> None:
        if not self.methods:
            raise ValueError(f"puzzle {self.kind!r}: at least one method")
        names = [m.name for m in self.methods]
        if len(set(names)) != len(names):
            raise ValueError(f"puzzle {self.kind!r}: two methods share a name")

    @property
    def default_method(self) -> Method:
        return self.methods[0]

    def method(self, name: str) -> Method:
        for method in self.methods:
            if method.name == name:
                return method
        known = ", ".join(m.name for m in self.methods)
        raise KeyError(f"{self.name} has no method {name!r} (choose {known})")

    @property
    def method_names(self) -> Mapping[str, Method]:
        return {m.name: m for m in self.methods}


def solver_name(spec: PuzzleSpec, method: Method) -> str:
    """The name a trace records: `<kind>.<method>`."""
    return f"{spec.kind}.{method.name}"
