"""`puzzleviz quiz TRACE`: a quiz in a window; `--answers FILE --json OUT`: graded with none.

The questions are the positions before chosen steps of the trace (by default the puzzle
judge's: a search's milestones, every explained step of a sudoku; or `--every N`, `--at
3,9,20`), the answers one a line in the captions' notation (blank lines are skipped), and
the puzzle's judge (its PuzzleSpec's `judge`) says of each: right, right but different,
or wrong, with a reason. Everything the user gives is checked before any answer is judged,
so a bad line or an option out of range is one line and exit 2, and nothing is written.
Building the parser imports nothing heavy (see viz.cli).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.reading import MB, FileFormat, read_limited
from puzzleviz.viz.cli_view import parse_size

if TYPE_CHECKING:
    from puzzleviz.solvers.trace import Trace
    from puzzleviz.viz.cli_view import Guard, SubParsers


def step_list(text: str) -> list[int]:
    """--at: steps as the HUD counts them (from 1), comma-separated."""
    try:
        steps = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of step numbers") from None
    if not steps or min(steps) < 1:
        raise argparse.ArgumentTypeError("steps are numbered from 1")
    return steps


def add_quiz_command(sub: SubParsers, guard: Guard) -> None:
    quiz = sub.add_parser(
        "quiz",
        help="'what does the solver do next?': a quiz in a window, or graded answers",
        description="Play a recorded trace that stops before chosen moves and asks the student "
        "to make them, in a window: a click in the scene answers (a square, a ring, a card, a "
        "pencil mark), or a button where the scene cannot make the move; a wrong answer gets a "
        "hint, then the move is shown; the score is shown at the end. With --answers, grade a "
        "file of answers with no window instead. The questions are the positions before "
        "chosen steps: by default the search's milestones (every explained step for a "
        "sudoku), or --every N / --at 3,9,20. Every right answer counts, the recorded move or "
        "another the puzzle justifies; after a wrong one the quiz goes on from the recorded "
        "step.",
    )
    quiz.add_argument("trace", type=Path, metavar="TRACE")
    quiz.add_argument(
        "--answers",
        type=Path,
        metavar="FILE",
        help="grade these answers with no window, one a line: queen c4, A1=5 (placed), A1-5 "
        "(removed), ring 2 +1, card 0121 (needs --json)",
    )
    quiz.add_argument(
        "--json",
        metavar="OUT",
        help="the graded quiz (- stdout); in the window: written when it closes",
    )
    quiz.add_argument(
        "--html",
        metavar="OUT",
        help="write the quiz as one HTML page that plays it offline in a browser, with no "
        "window (as 'puzzleviz export TRACE --quiz -o OUT')",
    )
    quiz.add_argument(
        "--size", type=parse_size, default=(1280, 720), metavar="WxH", help="the window's size"
    )
    quiz.add_argument("--fullscreen", action="store_true")
    add_step_options(
        quiz,
        "ask before every N-th step that makes a move",
        "ask before these steps (from 1)",
        "a quiz asks at every N-th move",
    )
    quiz.set_defaults(run=guard(run_quiz_command, ("json", "html")))


def add_step_options(
    parser: argparse.ArgumentParser, every_help: str, at_help: str, every_means: str
) -> None:
    """--every N / --at 3,9,20, one or the other: the steps a quiz asks about (and a
    handout shows), read by `chosen_steps`."""
    chosen = parser.add_mutually_exclusive_group()
    every = whole(1, below=f"{every_means}, N from 1")
    chosen.add_argument("--every", type=every, metavar="N", help=every_help)
    chosen.add_argument("--at", type=step_list, metavar="3,9,20", help=at_help)


# a class's answers are a few hundred lines: a bigger file is not one (nor /dev/zero)
ANSWERS_FILE = FileFormat("file of answers", 1 * MB)


def read_answers(path: Path) -> tuple[list[str], list[str]]:
    """The answers of a file and where each is ("answers.txt line 3")."""
    try:
        text = read_limited(path, ANSWERS_FILE).decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzlevizError(f"{path}: not a text file (UTF-8)") from None
    answers, where = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            answers.append(line.strip())
            where.append(f"{path} line {number}")
    return answers, where


class Steps(Protocol):
    """What choosing steps needs of a judge (a handout's pictures have one of their own)."""

    def recorded(self, step: int) -> str | None: ...

    def default_steps(self) -> list[int]: ...


def chosen_steps(args: argparse.Namespace, judge: Steps, n_steps: int) -> list[int]:
    """The questions' steps (0-based), each one that makes a move."""
    if args.at:
        for step in args.at:
            if step > n_steps:
                raise PuzzlevizError(f"--at {step}: the trace has {n_steps} steps")
            if judge.recorded(step - 1) is None:
                raise PuzzlevizError(f"--at {step}: that step makes no move to ask about")
        return [s - 1 for s in args.at]
    if args.every:
        moves = [s for s in range(n_steps) if judge.recorded(s) is not None]
        if args.every > len(moves):
            raise PuzzlevizError(f"--every {args.every}: the trace has {len(moves)} moves")
        return moves[args.every - 1 :: args.every]
    return judge.default_steps()


def run_quiz_command(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import open_output
    from puzzleviz.solvers.quiz import AnswerError, mismatch, run_quiz
    from puzzleviz.solvers.registry import by_kind, load
    from puzzleviz.solvers.tracefile import load_trace

    if args.answers is not None and args.json is None:
        raise PuzzlevizError("--answers needs --json OUT: where the graded quiz goes (- stdout)")
    if args.html is not None and args.answers is not None:
        raise PuzzlevizError("--html writes the quiz for a browser; --answers grades one: "
                             "give one of them")  # fmt: skip
    trace = load_trace(args.trace)
    spec = by_kind(trace.header.kind)
    if spec.judge is None:
        raise PuzzlevizError(f"{spec.title} ({spec.name}) has no quiz judge: it cannot be quizzed")
    judge = load(spec, "judge", spec.judge)(trace)
    steps = chosen_steps(args, judge, trace.n_steps)
    if args.html is not None:
        from puzzleviz.viz.web.export import export_html
        from puzzleviz.viz.web.report import report_page

        report_page(args.html, export_html([trace], args.html, args.size, quiz=(judge, steps)))
        return 0
    if args.answers is None:
        return _quiz_window(args, trace, steps)
    answers, where = read_answers(args.answers)
    if len(answers) != len(steps):
        raise AnswerError(f"{args.answers}: {mismatch(len(answers), len(steps))}")
    result = run_quiz(judge, steps, answers, where)
    with open_output(args.json) as out:
        out.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n")
    return 0


def _quiz_window(args: argparse.Namespace, trace: Trace, steps: list[int]) -> int:
    """The quiz in a window; its answers, tries and hints to --json when it closes."""
    import moderngl
    from puzzleviz.solvers.atomic import open_output
    from puzzleviz.viz.app import App
    from puzzleviz.viz.window import display_available, run_app

    if not display_available():
        raise PuzzlevizError("no display to open a window on; grade answers with "
                             "'puzzleviz quiz TRACE --answers FILE --json OUT'")  # fmt: skip
    made: list[App] = []

    def make(ctx: moderngl.Context, drawable: tuple[int, int]) -> App:
        app = App(ctx, [trace], size=drawable)
        app.start_quiz(steps)
        made.append(app)
        return app

    run_app(make, size=args.size, fullscreen=args.fullscreen, warm=[trace.header.kind])
    quiz = made[0].quiz if made else None
    if args.json is not None and quiz is not None:
        with open_output(args.json) as out:
            out.write(json.dumps(quiz.mode.to_json(), indent=2, ensure_ascii=False) + "\n")
    return 0
