"""`puzzleviz quiz TRACE --answers FILE --json OUT`: grade a quiz with no window.

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
from typing import TYPE_CHECKING

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.reading import MB, FileFormat, read_limited

if TYPE_CHECKING:
    from puzzleviz.solvers.quiz import Judge
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
        help="grade answers to 'what does the solver do next?'",
        description="Grade a student's next moves on a recorded trace, with no window. The "
        "questions are the positions before chosen steps: by default the search's milestones "
        "(every explained step for a sudoku), or --every N / --at 3,9,20. Every right answer "
        "counts, the recorded move or another the puzzle justifies; after a wrong one the "
        "quiz goes on from the recorded step.",
    )
    quiz.add_argument("trace", type=Path, metavar="TRACE")
    quiz.add_argument(
        "--answers",
        type=Path,
        required=True,
        metavar="FILE",
        help="one answer a line: queen c4, A1=5 (placed), A1-5 (removed)",
    )
    quiz.add_argument("--json", required=True, metavar="OUT", help="the graded quiz (- stdout)")
    chosen = quiz.add_mutually_exclusive_group()
    every = whole(1, below="a quiz asks at every N-th move, N from 1")
    chosen.add_argument("--every", type=every, metavar="N",
                        help="ask before every N-th step that makes a move")  # fmt: skip
    chosen.add_argument("--at", type=step_list, metavar="3,9,20",
                        help="ask before these steps (from 1)")  # fmt: skip
    quiz.set_defaults(run=guard(run_quiz_command, ("json",)))


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


def chosen_steps(args: argparse.Namespace, judge: Judge, n_steps: int) -> list[int]:
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

    trace = load_trace(args.trace)
    spec = by_kind(trace.header.kind)
    if spec.judge is None:
        raise PuzzlevizError(f"{spec.title} ({spec.name}) has no quiz judge: it cannot be quizzed")
    judge = load(spec, "judge", spec.judge)(trace)
    steps = chosen_steps(args, judge, trace.n_steps)
    answers, where = read_answers(args.answers)
    if len(answers) != len(steps):
        raise AnswerError(f"{args.answers}: {mismatch(len(answers), len(steps))}")
    result = run_quiz(judge, steps, answers, where)
    with open_output(args.json) as out:
        out.write(json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n")
    return 0
