"""`puzzleviz set verify LOG`: recheck a proof's certificate (five/certificate.py) and say
what each part covered. Refuses, in one line naming the log's line, a certificate with a
part missing, doubled, cut short or altered."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from puzzleviz.solvers.split.options import add_split_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "log", type=Path, metavar="LOG",
        help="the --split-log of `puzzleviz solve set --prove K` (gzip-compressed too)",
    )  # fmt: skip
    parser.add_argument("--json", metavar="OUT", help="write the report as JSON (- for stdout)")
    parser.add_argument("--brief", action="store_true",
                        help="one line per slice class, not one per part")  # fmt: skip
    add_split_arguments(parser, what="the rechecks of the parts")


def run(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import is_stdout, write_json
    from puzzleviz.solvers.interrupt import run_stoppable
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.setgame.five.certificate import CertificateError, verify
    from puzzleviz.solvers.split.options import SplitOptions

    if getattr(args, "split_log", None) is not None:
        raise CertificateError("set verify keeps no log of its own: leave out --split-log")
    if not args.log.is_file():
        raise CertificateError(f"{args.log}: no such file")
    split = SplitOptions(args.workers, args.scheduler)
    with Progress(None, "set verify", unit="parts") as progress:
        report = run_stoppable(lambda: verify(args.log, split, progress))
    out = sys.stderr if args.json and is_stdout(args.json) else sys.stdout
    print("\n".join(report.lines(each_part=not args.brief)), file=out)
    if args.json:
        write_json(args.json, report.to_json())
    return 0
