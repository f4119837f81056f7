"""A puzzle from outside this repository plugs in through the `puzzleviz.puzzles` entry-point
group of its own package, with no edit here: it is listed, solved, traced and drawn."""

from __future__ import annotations

import json
import textwrap

import pytest
from puzzleviz.solvers import registry
from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

PACKAGE = {
    "counter/__init__.py": """
        from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

        PUZZLE = PuzzleSpec(
            kind="toy",
            name="counter",
            title="Counter",
            help="count a slot up to a target",
            model=Ref("tests.toy:ToyModel"),
            methods=(Method("up", Ref("counter.search:up"), "one by one", ("done",)),),
            add_arguments=Ref("counter.options:add_arguments"),
            problems=Ref("counter.options:problems"),
            scene=Ref("tests.toy_scene:ToyScene"),
        )
    """,
    "counter/options.py": """
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class Problem:
            target: int

            def model(self):
                from tests.toy import ToyModel
                return ToyModel(4)

            def start(self):
                return None

            def params(self):
                return {"target": self.target}

        def add_arguments(parser):
            parser.add_argument("--target", type=int, default=3)
            parser.add_argument("--save", metavar="FILE", help="free text: a lesson refuses it")

        def problems(args):
            return [Problem(args.target)]
    """,
    "counter/search.py": """
        import dataclasses

        from tests.toy import Add

        @dataclasses.dataclass
        class Result:
            reached: int
            stopped: bool = False

            def lines(self):
                return [self.summary()]

            def summary(self):
                return f"counted to {self.reached}"

            def to_json(self):
                return {"reached": self.reached}

        def up(problem, tracer, limits, progress):
            for k in range(problem.target):
                tracer.step(f"add one: {k + 1}")
                tracer.count(done=k + 1)
                tracer.emit(Add(0, 1))
            return Result(problem.target)
    """,
    "counter-1.0.dist-info/METADATA": """
        Metadata-Version: 2.1
        Name: counter
        Version: 1.0
    """,
    "counter-1.0.dist-info/entry_points.txt": """
        [puzzleviz.puzzles]
        counter = counter:PUZZLE
    """,
}


@pytest.fixture
def installed_plugin(tmp_path, monkeypatch):
    for name, text in PACKAGE.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_installed()
    yield
    registry.forget_installed()


def test_a_puzzle_installed_elsewhere_joins_solve_trace_and_scene(
    installed_plugin, tmp_path, capsys, toy_scene
):
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.cli import main
    from puzzleviz.viz.scene import scene_for

    spec = registry.by_name("counter")
    assert spec.kind == "toy" and "cube" in {s.name for s in registry.puzzles().values()}
    out, trace_path = tmp_path / "c.json", tmp_path / "c.pzt"
    code = main(["solve", "counter", "--target", "5", "--json", str(out), "--trace",
                 str(trace_path)])  # fmt: skip
    assert code == 0 and "counted to 5" in capsys.readouterr().out
    assert json.loads(out.read_text()) == {"reached": 5}
    trace = load_trace(trace_path)
    assert trace.header.solver == "toy.up" and trace.n_steps == 5
    assert trace.header.params == {"target": 5}
    assert scene_for("toy").title == "Toy"


def test_a_broken_plugin_is_left_out_with_one_line_and_the_rest_still_work(
    tmp_path, monkeypatch, capsys
):
    info = tmp_path / "broken-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[puzzleviz.puzzles]\nbroken = no_such_module:X\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_installed()
    try:
        names = {spec.name for spec in registry.puzzles().values()}
    finally:
        registry.forget_installed()
    assert "broken" not in names and {"cube", "rings", "set", "sudoku", "digits"} <= names
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "broken" in err[0] and "cannot be loaded" in err[0]


def test_a_spec_checks_its_methods():
    solve = Ref("x:y")
    with pytest.raises(ValueError, match="two methods share a name"):
        PuzzleSpec("k", "k", "K", "", Ref("a:b"), (Method("m", solve, ""), Method("m", solve, "")),
                   Ref("a:b"), Ref("a:b"), Ref("a:b"))  # fmt: skip
    with pytest.raises(ValueError, match="module:attribute"):
        Ref("no colon")


def test_a_lesson_sets_a_plugins_numbers_but_not_its_undeclared_free_text(
    installed_plugin, tmp_path
):
    from puzzleviz.viz.lesson import LessonError, load_lesson

    lesson = tmp_path / "plugin.toml"
    lesson.write_text('[[slide]]\ntitle = "Counting"\nsolve = "counter --target 5"\n')
    assert load_lesson(lesson).slides[0].solve == ("counter", "--target", "5")
    lesson.write_text('[[slide]]\ntitle = "Counting"\nsolve = "counter --save x.txt"\n')
    with pytest.raises(LessonError, match="--save takes free text that counter does not declare"):
        load_lesson(lesson)
