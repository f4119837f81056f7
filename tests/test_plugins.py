"""A puzzle from outside this repository plugs in through the `puzzleviz.puzzles` entry-point
group of its own package, with no edit here: it is listed, solved, traced and drawn. The
entry points are the only registry (the toy puzzle every test uses is installed as one
too), the spec states the kind, and a broken part is one line naming its distribution."""

from __future__ import annotations

import json
import sys
import textwrap

import pytest
from puzzleviz.solvers import registry
from puzzleviz.solvers.errors import PluginError
from puzzleviz.solvers.model import model_class
from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main
from puzzleviz.viz.scene import scene_for

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.entry_points import write_distribution
from tests.toy import ToyModel

COUNTER = {
    "counter/__init__.py": """
        from puzzleviz.solvers.plugin import Method, PuzzleSpec, Ref

        PUZZLE = PuzzleSpec(
            kind="counter",
            name="counter",
            title="Counter",
            help="count a slot up to a target",
            model=Ref("counter.model:CounterModel"),
            methods=(Method("up", Ref("counter.search:up"), "one by one", ("done",)),),
            add_arguments=Ref("counter.options:add_arguments"),
            problems=Ref("counter.options:problems"),
            scene=Ref("counter.scene:CounterScene"),
        )
    """,
    "counter/model.py": """
        from tests.toy import ToyModel

        class CounterModel(ToyModel):
            kind = "counter"
    """,
    "counter/scene.py": """
        from tests.toy_scene import ToyScene

        class CounterScene(ToyScene):
            kind = "counter"
            title = "Counter"
    """,
    "counter/options.py": """
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class Problem:
            target: int

            def model(self):
                from counter.model import CounterModel
                return CounterModel(4)

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
}


def install(folder, monkeypatch, files, distribution, puzzles):
    """The package `files` and a distribution naming `puzzles`, installed in `folder` for
    this test (sys.path restored, the registry reading the entry points again, after)."""
    _forget_counter()
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    write_distribution(folder, distribution, puzzles)
    monkeypatch.syspath_prepend(str(folder))
    registry.forget_installed()


def _forget_counter():
    """Each test's counter package is its own: the last one's modules go."""
    for name in [name for name in sys.modules if name.partition(".")[0] == "counter"]:
        del sys.modules[name]


@pytest.fixture(autouse=True)
def _registry_read_again_after():
    yield
    _forget_counter()
    registry.forget_installed()


@pytest.fixture
def installed_plugin(tmp_path, monkeypatch):
    install(tmp_path, monkeypatch, COUNTER, "puzzleviz-counter", {"counter": "counter:PUZZLE"})


def variant(**changes):
    """The counter plugin's spec source with some Refs or the kind changed."""
    text = COUNTER["counter/__init__.py"]
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return {**COUNTER, "counter/__init__.py": text}


def test_a_puzzle_installed_elsewhere_joins_solve_trace_and_scene(
    installed_plugin, tmp_path, capsys
):
    spec = registry.by_name("counter")
    assert spec.kind == "counter" and "cube" in {s.name for s in registry.puzzles().values()}
    out, trace_path = tmp_path / "c.json", tmp_path / "c.pzt"
    code = main(["solve", "counter", "--target", "5", "--json", str(out), "--trace",
                 str(trace_path)])  # fmt: skip
    assert code == 0 and "counted to 5" in capsys.readouterr().out
    assert json.loads(out.read_text()) == {"reached": 5}
    trace = load_trace(trace_path)
    assert trace.header.solver == "counter.up" and trace.n_steps == 5
    assert trace.header.params == {"target": 5}
    assert scene_for("counter").title == "Counter"


def test_the_toy_puzzle_of_the_tests_is_an_installed_distribution_like_any_plugin():
    toy = registry.installed()["toy"]
    assert (toy.distribution, toy.entry_point) == ("puzzleviz-toy", "tests.toy:TOY")
    assert model_class("toy") is ToyModel and scene_for("toy").kind == "toy"


def test_a_broken_plugin_is_left_out_with_one_line_and_the_rest_still_work(
    tmp_path, monkeypatch, capsys
):
    install(tmp_path, monkeypatch, {}, "broken", {"broken": "no_such_module:X"})
    names = {spec.name for spec in registry.puzzles().values()}
    assert "broken" not in names and {"cube", "rings", "set", "sudoku", "digits"} <= names
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "puzzleviz: broken: puzzle broken no_such_module:X: no module named no_such_module "
        "(left out)"
    ]


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        (
            {'"counter.model:CounterModel"': '"tests.toy:ToyModel"'},
            "puzzleviz-counter: model tests.toy:ToyModel is for the puzzle kind 'toy', "
            "the PuzzleSpec says 'counter'",
        ),
        (
            {'"counter.scene:CounterScene"': '"tests.toy_scene:ToyScene"'},
            "puzzleviz-counter: scene tests.toy_scene:ToyScene is for the puzzle kind 'toy', "
            "the PuzzleSpec says 'counter'",
        ),
    ],
)
def test_a_model_or_scene_of_another_kind_than_the_spec_is_refused_in_one_line(
    tmp_path, monkeypatch, capsys, changes, refusal
):
    install(tmp_path, monkeypatch, variant(**changes), "puzzleviz-counter",
            {"counter": "counter:PUZZLE"})  # fmt: skip
    with pytest.raises(PluginError) as refused:
        scene_for("counter") if "scene" in refusal else model_class("counter")
    assert str(refused.value) == refusal
    if "model" in refusal:  # a solve refuses it before it searches, not its replay after
        trace = tmp_path / "c.pzt"
        assert assert_one_line_error(capsys, "solve", "counter", "--trace", str(trace)) == (
            f"puzzleviz: error: {refusal}"
        )
        assert not trace.exists()


def test_plugins_lists_every_puzzle_with_its_distribution_and_methods(installed_plugin, capsys):
    code, out, _ = run_cli(capsys, "plugins")
    assert code == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines()[1:]}
    assert rows["counter"][:4] == ["counter", "counter", "puzzleviz-counter", "1.0"]
    assert rows["counter"][4:] == ["up"]
    assert rows["set"][1] == "setgame" and rows["set"][2] == "puzzleviz"
    assert " ".join(rows["rings"][4:]).startswith("practical, optimal, bfs")


def test_plugins_check_passes_every_built_in_puzzle(capsys):
    code, out, _ = run_cli(capsys, "plugins", "--check")
    assert code == 0, out
    assert out.splitlines()[-1].endswith(": all load")


def test_a_typo_in_a_ref_is_reported_by_the_check_and_is_the_same_line_at_use(
    tmp_path, monkeypatch, capsys
):
    install(tmp_path, monkeypatch, variant(**{'"counter.scene:CounterScene"':
                                              '"counter.scene:CounterScen"'}),
            "puzzleviz-counter", {"counter": "counter:PUZZLE"})  # fmt: skip
    line = "puzzleviz-counter: scene counter.scene:CounterScen: module has no attribute CounterScen"
    code, out, _ = run_cli(capsys, "plugins", "--check")
    assert code == 2
    assert out.splitlines()[:-1] == [line] and "1 broken" in out.splitlines()[-1]
    # --help still answers, and the solve runs; drawing its trace is the line, not a traceback
    assert run_cli(capsys, "solve", "counter", "--help")[0] == 0
    trace = tmp_path / "c.pzt"
    assert run_cli(capsys, "solve", "counter", "--trace", str(trace))[0] == 0
    video = tmp_path / "c.gif"
    error = assert_one_line_error(capsys, "record", str(trace), "-o", str(video))
    assert error == f"puzzleviz: error: {line}"


def test_a_broken_ref_of_the_options_leaves_the_other_puzzles_and_is_one_line_at_use(
    tmp_path, monkeypatch, capsys
):
    install(tmp_path, monkeypatch,
            variant(**{'"counter.options:add_arguments"': '"counter.option:add_arguments"'}),
            "puzzleviz-counter", {"counter": "counter:PUZZLE"})  # fmt: skip
    line = "puzzleviz-counter: add_arguments counter.option:add_arguments: no module named "
    assert run_cli(capsys, "solve", "queens", "--help")[0] == 0
    error = assert_one_line_error(capsys, "solve", "counter", "--target", "3")
    assert error == f"puzzleviz: error: {line}counter.option"
    code, out, _ = run_cli(capsys, "plugins", "--check")
    assert code == 2 and f"{line}counter.option" in out.splitlines()


def test_a_scene_that_cannot_be_made_is_one_line_too(tmp_path, monkeypatch, capsys):
    scene = """
        from tests.toy_scene import ToyScene

        class CounterScene(ToyScene):
            kind = "counter"

            def __init__(self):
                raise RuntimeError("no fonts\\nhere")
    """
    install(tmp_path, monkeypatch, {**COUNTER, "counter/scene.py": scene}, "puzzleviz-counter",
            {"counter": "counter:PUZZLE"})  # fmt: skip
    code, out, _ = run_cli(capsys, "plugins", "--check")
    assert code == 2
    assert out.splitlines()[:-1] == [
        "puzzleviz-counter: scene counter.scene:CounterScene: RuntimeError: no fonts here"
    ]


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
