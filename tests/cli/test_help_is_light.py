"""`--help` answers at once because it imports no solver: no numba, no numpy, no pygame
(the commands' options come from light modules, their work is imported when they run).
Checked for every command the registry and the CLI offer, in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("numba", "numpy", "pygame", "moderngl", "babel", "fpdf")  # babel: numbers, on first use

PROBE = """
import contextlib, io, json, sys
from puzzleviz.viz.cli import build_parser
parser = build_parser()
paths = []
def walk(p, path):
    for action in p._actions:
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict):  # a subcommand's parsers
            for name, sub in choices.items():
                walk(sub, path + [name])
    paths.append(path)
walk(parser, [])
for path in paths:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        parser.parse_args(path + ["--help"])
print(json.dumps({"commands": len(paths), "heavy": sorted(m for m in %r if m in sys.modules)}))
"""


def test_every_help_imports_no_solver():
    done = subprocess.run(
        [sys.executable, "-c", PROBE % (HEAVY,)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["commands"] > 10  # puzzleviz, solve <each puzzle>, trace, rings stats...
    assert found["heavy"] == []
