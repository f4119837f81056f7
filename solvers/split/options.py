"""The options of every command that splits a search: --workers N, --scheduler ADDRESS and
--split-log FILE, the same words and checks everywhere.

How a puzzle uses them (digits and SET do; solvers/digits/options.py, search.py):

1. In its `add_arguments(parser)`: `add_split_arguments(parser, what="the positions of
   the 8")` (`what` names the parts in the help).
2. In its `problems(args)`: keep `split_options(args)` (a SplitOptions, plain data) on the
   problem; `check_split_alone(args, ("--trace", args.trace), ...)` first refuses options
   a split run cannot honour (a trace is one process's story), in one line.
3. In its method: if `options.splits` (and the search is big enough to repay it), describe
   the parts as plain data (solvers.split.parts.Job and keys: the prefix of choices that
   defines each part, `node_limit` per part), and
       with engine_for(options) as engine:
           parts = run_parts(job, keys, engine, log=options.log(), progress=progress)
   then merge `parts` (returned in the order of `keys`) into the result; else search in
   one process as before. The part runner and warm-up are functions importable by name.

Cube subtrees (solvers/cube/split_parts.py: keys are runs of the search's roots, or a root
and the kernel's first choices below it) and rings batches (solvers/rings/batch.py: keys
are batch numbers of consecutive positions) join the same way: the runner searches one key,
the merge folds the parts in key order.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.split.address import probe

if TYPE_CHECKING:
    from puzzleviz.solvers.split.log import SplitLog

MAX_WORKERS = 256
_ADDRESS = re.compile(r"(?:(tcp|tls|ws|wss|ucx)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})")


@dataclasses.dataclass(frozen=True)
class SplitOptions:
    """How a command's search is split: `workers` local Dask workers, or the cluster at
    `scheduler`, logging finished parts to `log_path`."""

    workers: int = 1
    scheduler: str | None = None
    log_path: Path | None = None

    @property
    def splits(self) -> bool:
        """Asked to split: more than one worker, a cluster, or a log to resume from."""
        return self.workers > 1 or self.scheduler is not None or self.log_path is not None

    def log(self) -> SplitLog | None:
        """The log of finished parts, if one was asked for."""
        if self.log_path is None:
            return None
        from puzzleviz.solvers.split.log import SplitLog

        return SplitLog(self.log_path)


def scheduler_address(text: str) -> str:
    """An argparse type: `[tcp://]HOST:PORT` (or tls://, ws://, wss://, ucx://)."""
    match = _ADDRESS.fullmatch(text.strip())
    if not match or not 0 < int(match.group(3)) < 65536:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a scheduler address like tcp://HOST:8786"
        )
    scheme = match.group(1) or "tcp"
    return f"{scheme}://{match.group(2)}:{int(match.group(3))}"


def add_split_arguments(
    parser: argparse.ArgumentParser, what: str = "its parts", note: str = ""
) -> None:
    """--workers, --scheduler (one or the other) and --split-log; `what` names the parts,
    `note` says when the search splits or what it cannot be combined with."""
    group = parser.add_argument_group("splitting the search (on this machine or a Dask cluster)")
    where = group.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        default=1,
        metavar="N",
        help=f"search {what} on N local Dask worker processes (default 1: this process"
        + (f"; {note})" if note else ")"),
    )
    where.add_argument(
        "--scheduler",
        type=scheduler_address,
        metavar="ADDRESS",
        help=f"search {what} on the Dask cluster whose scheduler is at ADDRESS "
        "(tcp://HOST:8786; start one with `dask scheduler` and `dask worker ADDRESS`)",
    )
    group.add_argument(
        "--split-log",
        type=Path,
        metavar="FILE",
        help=f"append each of {what} to FILE as it finishes; run the same command again "
        "with it to search only the rest (it also splits a run on one process)",
    )


def split_options(args: argparse.Namespace) -> SplitOptions:
    """The options as given, the log and the scheduler's address checked before any work."""
    log_path = getattr(args, "split_log", None)
    if log_path is not None:
        from puzzleviz.solvers.atomic import check_outputs
        from puzzleviz.solvers.split.log import log_output

        if log_path.is_dir():
            raise PuzzleInputError(f"--split-log {log_path} is a folder: name a file")
        check_outputs([log_output(log_path)])  # a regular file, new or a split log
    scheduler = getattr(args, "scheduler", None)
    if scheduler is not None and scheduler.startswith("tcp://"):
        probe(scheduler)
    return SplitOptions(getattr(args, "workers", 1), getattr(args, "scheduler", None), log_path)


def check_split_alone(args: argparse.Namespace, *others: tuple[str, object]) -> None:
    """One line if a split was asked for together with an option it cannot honour:
    `others` are (option, given) pairs."""
    asked = [
        option
        for option, given in (
            (f"--workers {getattr(args, 'workers', 1)}", getattr(args, "workers", 1) > 1),
            ("--scheduler", getattr(args, "scheduler", None)),
            ("--split-log", getattr(args, "split_log", None)),
        )
        if given
    ]
    alone = [option for option, given in others if given]
    if asked and alone:
        first = asked[0].split()[0]
        raise PuzzleInputError(f"{first} cannot be combined with {', '.join(alone)}")
