"""`puzzleviz set play`: the seed's console program, line by line.

    add 0201 | remove 0201 | forbid 0201 | allow 0201 | max [count] | show | help | quit

Each command changes the session's board through events; `--record OUT` saves everything
that happened as a trace the window app can replay.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import TextIO

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.interrupt import run_stoppable
from puzzleviz.solvers.setgame.model import CHOSEN, EXCLUDED
from puzzleviz.solvers.setgame.session import SetSession
from puzzleviz.solvers.tracefile import save_trace

HELP = "commands: add CARD, remove CARD, forbid CARD, allow CARD, max, max count, show, quit"


def board_lines(session: SetSession) -> list[str]:
    """A grid of the cards: # chosen, x completes a SET, f forbidden, . free."""
    space, state, model = session.space, session.state, session.model
    status, forbidden = model.status(state), model.forbidden(state)
    half = space.n // 2
    rows, cols = space.v ** (space.n - half), space.v**half
    lines = [f"chosen ({len(session.chosen)}): {' '.join(session.chosen) or '-'}"]
    if space.size > 729:
        return lines
    width = max(half, 1)
    heads = [space.word(c)[space.n - half :] or "" for c in range(cols)]
    lines.append(" " * (space.n - half) + " " + " ".join(f"{h:>{width}}" for h in heads))
    for r in range(rows):
        marks = []
        for c in range(cols):
            card = r * cols + c
            mark = "#" if status[card] == CHOSEN else "x" if status[card] == EXCLUDED else "."
            marks.append("f" if forbidden[card] and mark != "#" else mark)
        label = space.word(r * cols)[: space.n - half]
        lines.append(f"{label:>{space.n - half}} " + " ".join(f"{m:>{width}}" for m in marks))
    return lines


def play(session: SetSession, source: TextIO, out: TextIO) -> None:
    print(HELP, file=out)
    for raw in source:
        words = raw.split()
        if not words:
            continue
        command, args = words[0].lower(), words[1:]
        try:
            if command in ("quit", "exit", "q"):
                break
            elif command == "help":
                print(HELP, file=out)
            elif command == "show":
                print("\n".join(board_lines(session)), file=out)
            elif command in ("add", "remove", "forbid", "allow") and args:
                action = {"allow": session.unforbid}.get(command) or getattr(session, command)
                for card in args:
                    action(card)
                print("\n".join(board_lines(session)[:1]), file=out)
            elif command == "max":
                # Ctrl-C stops the search, not only the game (see solvers.interrupt)
                result = run_stoppable(partial(session.maximum, count="count" in args))
                print("\n".join(result.lines()), file=out)
            else:
                print(f"unknown command {raw.strip()!r}; {HELP}", file=out)
        except PuzzlevizError as exc:
            print(f"error: {exc}", file=out)


def run(args: argparse.Namespace) -> int:
    session = SetSession(args.v, args.n)
    play(session, sys.stdin, sys.stdout)
    if args.record:
        trace = session.trace()
        save_trace(trace, args.record)
        print(f"wrote {args.record}: {trace.n_events:,} events")
    return 0
