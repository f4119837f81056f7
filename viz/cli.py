"""`puzzleviz`: argument parsing and wiring, nothing a test cannot reach without it.

Every error a user can cause ends as one line on stderr and exit code 2; no tracebacks.
Puzzle commands (`solve <puzzle>`, `rings stats`, ...) come from the puzzle registry; the
puzzles' solvers are imported only when a command runs, so --help answers at once.

Where imports stay inside functions, and why (everywhere else they are at the top):
- Building the parser (every command, --help included) must import no numpy, numba,
  pygame, moderngl or Babel: tests/cli/test_help_is_light.py holds it, and --help answers
  in well under 0.3 s. So the modules it imports import their work only when a command
  runs: this one (each command's run function imports what it needs), viz.cli_view,
  viz.parsing (the language names, solvers.i18n), solvers.solving, solvers.split.options,
  and each puzzle's package __init__ and options module (their authors keep that rule).
- The window's first frame waits for nothing it does not draw: solvers.warm imports numba
  (solvers.jit) only in the process that compiles, not in the window's; pygame is imported
  where a picture is encoded or a font opened (viz.images, viz.sinks, viz.text), not by
  what only lays out (scenes, a notebook's `import puzzleviz`).
- solvers.tracefile imports numba (solvers.tracecheck) only to check a trace's contents,
  so `trace info` and a trace's header answer without compiling anything; solvers.jit
  reads numba's configuration only once numba is loaded.
- Optional dependencies and platform modules are imported where they are used: Dask
  (solvers.split.choose), `resource` (solvers.memory).
- Type-only imports sit under `if TYPE_CHECKING:` (a cycle, or a heavy module for a hint).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TextIO

from puzzleviz.solvers.errors import PluginError, PuzzlevizError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.plugin import PuzzleSpec, Ref
from puzzleviz.solvers.registry import load, puzzles
from puzzleviz.viz.cli_view import add_view_commands
from puzzleviz.viz.handout_command import add_handout_command
from puzzleviz.viz.parsing import EXIT_USAGE, Parser, add_language_option, add_solve_options
from puzzleviz.viz.quiz_command import add_quiz_command
from puzzleviz.viz.web.command import add_export_command

if TYPE_CHECKING:
    from collections.abc import Callable

    from puzzleviz.solvers.atomic import Output
    from puzzleviz.viz.cli_view import Run, SubParsers

RECORDINGS = ("video", "output")  # OUT options that take a recording (file or PNG folder)
LOGS = ("split_log",)  # a log appended to and read back: the puzzle layer checks it is one


def _add_trace_commands(sub: SubParsers) -> None:
    trace = sub.add_parser("trace", help="inspect a recorded trace file")
    tsub = trace.add_subparsers(dest="trace_command", metavar="COMMAND", required=True)
    info = tsub.add_parser("info", help="summary: puzzle, solver, seed, counts")
    info.add_argument("file", type=Path)
    info.set_defaults(run=_guarded(_run_trace_info, ()))
    show = tsub.add_parser("show", help="list events with steps and milestones")
    show.add_argument("file", type=Path)
    _add_event_range(show)
    show.set_defaults(run=_guarded(_run_trace_show, ()))
    export = tsub.add_parser("export", help="write the trace as JSON")
    export.add_argument("file", type=Path)
    export.add_argument(
        "--json", dest="out", type=Path, required=True, metavar="OUT", help="OUT, or - for stdout"
    )
    _add_event_range(export)
    export.set_defaults(run=_guarded(_run_trace_export, ("out",)))


def _add_event_range(parser: argparse.ArgumentParser) -> None:
    event_number = whole(0, None, below="events are numbered from 0")
    parser.add_argument(
        "--from", dest="first", type=event_number, metavar="N", help="first event (0-based)"
    )
    parser.add_argument(
        "--to", dest="last", type=event_number, metavar="M", help="last event, inclusive"
    )


def _run_trace_info(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.solvers.traceview import summary_lines

    trace = load_trace(args.file)
    print("\n".join(summary_lines(trace, str(args.file))))
    return 0


def _run_trace_show(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.solvers.traceview import event_lines, event_span

    trace = load_trace(args.file)
    event_span(trace, args.first, args.last)  # an empty range is an error, not silence
    out = sys.stdout
    for line in event_lines(trace, args.first, args.last):
        out.write(line + "\n")
    return 0


def _run_trace_export(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import open_output
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.solvers.traceview import event_span, export_json

    trace = load_trace(args.file)
    event_span(trace, args.first, args.last)  # checked before the old output is replaced
    with open_output(args.out) as out:
        export_json(trace, out, args.first, args.last)
    print(f"wrote {args.out}")
    return 0


def _add_solve_commands(sub: SubParsers) -> None:
    """`puzzleviz solve <puzzle>` for every puzzle the registry knows."""
    from puzzleviz.solvers.solving import run_solve

    solve = sub.add_parser("solve", help="solve a puzzle and record how (see solve --help)")
    kinds = solve.add_subparsers(dest="puzzle", metavar="PUZZLE", required=True)
    for spec in puzzles().values():
        try:
            load(spec, "add_arguments", spec.add_arguments)
        except PluginError as exc:
            _add_refusing(kinds, spec.name, spec.help, exc)
            continue
        parser = kinds.add_parser(spec.name, help=spec.help)
        add_solve_options(parser, spec)
        parser.add_argument(
            "--html", type=Path, metavar="OUT", help="write the trace as one page that plays it "
            "in a browser, offline (OUT.html; see puzzleviz export)",
        )  # fmt: skip
        outputs = ("json", "trace", "video", "html", *spec.outputs)
        parser.set_defaults(run=_guarded(_watching(partial(run_solve, spec)), outputs))


def _add_refusing(sub: SubParsers, name: str, help: str, error: PluginError) -> None:
    """A puzzle whose options cannot be loaded keeps its command, which says so in one
    line whatever it is given (no option is one: "-" starts none), and leaves the other
    puzzles' commands as they are."""
    parser = sub.add_parser(name, help=help, prefix_chars="+", add_help=False)
    parser.add_argument("given", nargs="*", help=argparse.SUPPRESS)

    def refuse(args: argparse.Namespace) -> int:
        raise error

    parser.set_defaults(run=refuse)


def _add_plugins_command(sub: SubParsers) -> None:
    plugins = sub.add_parser(
        "plugins", help="the installed puzzles: name, kind, distribution, methods"
    )
    plugins.add_argument(
        "--check", action="store_true",
        help="load every part each puzzle names; one line for each broken one (exit 2)",
    )  # fmt: skip
    plugins.set_defaults(run=_deferred(Ref("puzzleviz.viz.plugins:run_plugins")))


def _add_puzzle_commands(sub: SubParsers) -> None:
    """The puzzles' own commands besides solve, e.g. `puzzleviz rings stats`."""
    groups: dict[str, SubParsers] = {}
    for spec in puzzles().values():
        for command in spec.commands:
            head, *rest = command.path
            if not rest:
                parent, name = sub, head
            else:
                if head not in groups:
                    group = sub.add_parser(head, help=f"{head} commands")
                    groups[head] = group.add_subparsers(
                        dest=f"{head}_command", metavar="COMMAND", required=True
                    )
                parent, name = groups[head], rest[0]
            words = " ".join(command.path)
            try:
                add_arguments = load(spec, f"command {words} add_arguments", command.add_arguments)
            except PluginError as exc:
                _add_refusing(parent, name, command.help, exc)
                continue
            parser = parent.add_parser(name, help=command.help)
            add_arguments(parser)
            run = _deferred(command.run, spec, f"command {words} run")
            parser.set_defaults(run=_guarded(run, command.outputs))


def _deferred(
    ref: Ref[Callable[[argparse.Namespace], int]], spec: PuzzleSpec | None = None, part: str = ""
) -> Run:
    """A command's run function, imported only when it runs (never for --help); a broken
    Ref of a puzzle's command is one line naming the puzzle's distribution."""

    def run(args: argparse.Namespace) -> int:
        function = ref.load() if spec is None else load(spec, part, ref)
        return int(function(args) or 0)

    return run


def _path_values(value: object) -> list[str]:
    values = value if isinstance(value, list | tuple) else [value]
    return [str(v) for v in values if isinstance(v, str | os.PathLike) and str(v)]


def _guarded(run: Run, outputs: Sequence[str]) -> Run:
    """Before a command runs, every path it writes goes through the output rule
    (solvers.atomic.check_outputs): the options named in `outputs`, a recording (checked
    as a recording first) and a split log are never an input (by inode, links followed),
    never each other, and of a kind that can be written; so a mistake costs nothing rather
    than the search's result, and nothing the command read is replaced. (That a split log
    is a regular file, new or a log already, solvers.split.options checks before any work.)
    With an output `-`, standard output is that output's alone. Every other path-like value
    that names an existing file counts as an input."""

    def guarded(args: argparse.Namespace) -> int:
        from puzzleviz.solvers.atomic import STDOUT, check_outputs, is_stdout, reserve_stdout
        from puzzleviz.solvers.errors import OutputError
        from puzzleviz.solvers.options import use_max_memory

        use_max_memory(args)
        values = vars(args)
        written = (*outputs, *(dest for dest in LOGS if dest in values))
        inputs = [v for dest, value in values.items() if dest not in written
                  for v in _path_values(value)]  # fmt: skip
        inputs = [v for v in inputs if v != STDOUT and _exists(v)]
        given = _outputs(values, written)
        check_outputs(given, inputs)
        if any(is_stdout(values[dest]) for dest in written if values.get(dest)):
            if getattr(sys.stdout, "closed_at_start", False):
                option = next(o.option for o in given if is_stdout(o.path))
                raise OutputError(f"{option} -: standard output is closed (give a file name)")
            with reserve_stdout():
                return run(args)
        return run(args)

    return guarded


def _outputs(values: dict[str, Any], written: Sequence[str]) -> list[Output]:
    """The outputs given, as the output rule sees them (a PNG folder is the sink's to
    check: it is a folder, new or empty, never a file that could be an input)."""
    from puzzleviz.solvers.atomic import Output

    checked: list[Output] = []
    for dest in written:
        path = values.get(dest)
        if not path:
            continue
        if dest in RECORDINGS:
            from puzzleviz.viz.sinks import check_target

            if check_target(Path(path)) == "png":
                continue
        checked.append(Output(_option_name(dest), path))
    return checked


def _option_name(dest: str) -> str:
    return {
        "output": "-o/--output",
        "out": "--json",
        "page": "-o/--output",
        "pdf": "-o/--output",
    }.get(dest, "--" + dest.replace("_", "-"))


def _is_stream(path: str) -> bool:
    from puzzleviz.solvers.atomic import output_kind

    return output_kind(path) != "file"


def _exists(path: str) -> bool:
    try:
        return os.path.exists(path)
    except (OSError, ValueError):  # a name too long, a NUL byte: not a file anyway
        return False


def _watching(run: Callable[[argparse.Namespace], int | None]) -> Run:
    def solve_and_watch(args: argparse.Namespace) -> int:
        if not (args.play or args.video or args.html):
            return int(run(args) or 0)
        given = args.trace
        if given and not os.path.isfile(given) and _is_stream(given):
            raise PuzzlevizError(
                "--play, --video and --html replay the trace from a file: give --trace a "
                "file name (not a pipe, a device or -), or leave it out"
            )
        with tempfile.TemporaryDirectory(prefix="puzzleviz-") as folder:
            if not args.trace:
                args.trace = str(Path(folder) / "solve.pzt")
                args.trace_is_temporary = True  # gone after the watching: not said as written
            code = int(run(args) or 0)
            trace_path = Path(args.trace)
            if code != 0 or not trace_path.exists():
                return code
            watch = argparse.Namespace(traces=[trace_path], speed=None, level=None, msaa=None)
            if args.html:
                from puzzleviz.viz.web.command import run_export

                page = argparse.Namespace(traces=[trace_path], page=args.html, size=(1280, 720),
                                          languages=None, lang=None)  # fmt: skip
                code = run_export(page)
            if args.video and code == 0:
                from puzzleviz.viz.cli_view import run_record

                record_args = argparse.Namespace(
                    **vars(watch), output=args.video, size=(1280, 720), fps=30,
                    first_step=None, last_step=None, captions=True, seconds=None, crf=20,
                    preset="superfast",
                )  # fmt: skip
                code = run_record(record_args)
            if args.play and code == 0:
                from puzzleviz.viz.cli_view import run_play

                play_args = argparse.Namespace(**vars(watch), size=(1280, 720), fullscreen=False)
                code = run_play(play_args)
            return code

    return solve_and_watch


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="puzzleviz",
        description="Watch puzzle solvers think: replay, step through and record their traces.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    add_view_commands(sub, _guarded)
    add_export_command(sub, _guarded)
    add_quiz_command(sub, _guarded)
    add_handout_command(sub, _guarded)
    _add_trace_commands(sub)
    _add_solve_commands(sub)
    _add_puzzle_commands(sub)
    _add_plugins_command(sub)
    add_language_option(parser)
    return parser


class Terminated(Exception):
    """SIGTERM: unwind like an interrupt, so that partial outputs are removed."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated


class _StdoutMayClose:
    """stdout that a reader may close early (`puzzleviz solve ... | head`): the command goes
    on and still writes its files (--json, --trace, --video); what it prints after the
    reader left goes nowhere. Without this the first print after `head` exits would end the
    command with nothing written. A command started with standard output closed (`>&-`:
    Python's sys.stdout is None) prints nowhere from the start, and an output `-` is
    refused before the work (`closed_at_start`)."""

    def __init__(self, stream: TextIO | None) -> None:
        self.closed_at_start = stream is None
        self._closed = stream is None
        self._stream: TextIO = stream if stream is not None else open(os.devnull, "w")  # noqa: SIM115

    def write(self, text: str) -> int:
        if not self._closed:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._reader_left()
        return len(text)

    def flush(self) -> None:
        if not self._closed:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._reader_left()

    def _reader_left(self) -> None:
        self._closed = True
        try:  # so that the interpreter's own flush at exit finds somewhere to write
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self._stream.fileno())
        except (OSError, ValueError):
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def _language_chosen(given: str | None) -> Iterator[None]:
    """--lang, else $PUZZLEVIZ_LANG (an unknown one is an error), else the locale; passed on
    to the commands a lesson runs, and undone afterwards (main() runs in tests too)."""
    from puzzleviz.solvers.i18n import ENV_VAR, current_language, default_language, set_language

    before, env_before = current_language(), os.environ.get(ENV_VAR)
    code = given or default_language()
    set_language(code)
    os.environ[ENV_VAR] = code
    try:
        yield
    finally:
        set_language(before)
        if env_before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = env_before


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    stdout = sys.stdout
    sys.stdout = _StdoutMayClose(stdout)
    try:
        with _language_chosen(getattr(args, "lang", None)):
            return int(args.run(args) or 0)
    except Terminated:
        print("puzzleviz: stopped", file=sys.stderr)
        return 143
    except PuzzlevizError as exc:
        # one line, whatever the user's text it quotes holds (a newline in a name)
        print(f"puzzleviz: error: {' '.join(str(exc).splitlines())}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("puzzleviz: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print("puzzleviz: error: out of memory (ask for a smaller search)", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"puzzleviz: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        sys.stdout = stdout


def entry() -> None:
    """The `puzzleviz` command: main(), then leave at once. numba and llvmlite take 0.1 to
    0.15 s to tear down at interpreter exit, a third of a quick command; nothing of ours
    needs finalizers by then (outputs are closed and renamed, worker processes joined,
    temporary folders removed), so the streams are flushed and the process ends."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):  # None when closed
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    entry()
