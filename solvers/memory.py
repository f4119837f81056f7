"""The memory a search may take (--max-memory): one budget that every search checks.

Searches grow: node stores, BFS layers, pattern databases, the events a trace keeps. With
no bound, `--max-nodes 0` or `--max-events 1e8` grew until the kernel's OOM killer ended
the process, after slowing the whole machine. So every command that searches has a
budget, by default half of the memory available when it starts (MemAvailable), counted
above what the process held when the search began, and:

- what is planned ahead is checked ahead (`check`): a table, a BFS's bit arrays, sized
  before they are allocated, refused in one line when they cannot fit;
- what a limit sizes is sized to fit (`fitting`): a node store, the events a trace keeps;
  reaching that size stops the search as its node limit would, and the result says so;
- what grows unplanned is watched (`Watch`, polled by solvers.interrupt.run_stoppable):
  past the budget the search is stopped as Ctrl-C stops it, with its partial result
  where it has one, and one line says why. What the process grows while numba compiles
  or loads a kernel is set aside (`set_aside`, from solvers.jit): LLVM's hundreds of MB on
  a first run are not the search's, and a small budget must not stop it there.

The budget is the process's (the CLI sets it from --max-memory); a window's searches keep
the default.
"""

from __future__ import annotations

import argparse
import math
import os
import re

from puzzleviz.solvers.errors import MemoryBudgetError

DEFAULT_FRACTION = 0.5  # of MemAvailable
HOW_TO_RAISE = "--max-memory raises it"
SMALLEST = 64 << 20  # below this, loading a kernel or two would take the budget
_SIZE = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*([kmgt]?)(i?b?)", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

_budget: int | None = None
_chosen = False  # set_budget was called: the budget (or None, no budget) is the user's
_aside = 0  # bytes the process grew while numba compiled or loaded kernels


def available() -> int | None:
    """Bytes the system can give without swapping (MemAvailable), if it says."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * _PAGE
    except (AttributeError, OSError, ValueError):
        return None


def default_budget() -> int | None:
    """Half the memory available, and never more than what a limit on this process
    leaves (ulimit -d, a cgroup's memory.max): past those a search would end in a
    MemoryError or the OOM killer instead of its partial result."""
    free = available()
    if free is None:
        return None
    limits = [int(free * DEFAULT_FRACTION), *_headroom()]
    return max(SMALLEST, int(min(limits)))


def _headroom() -> list[float]:
    """Bytes this process may still take under its own limits, 80% of each."""
    out: list[float] = []
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
        if soft != resource.RLIM_INFINITY:
            out.append(0.8 * (soft - _status("VmData:")))
    except (ImportError, OSError, ValueError):
        pass
    try:
        with (
            open("/sys/fs/cgroup/memory.max") as most,
            open("/sys/fs/cgroup/memory.current") as now,
        ):
            cap = most.read().strip()
            if cap != "max":
                out.append(0.8 * (int(cap) - int(now.read().strip())))
    except (OSError, ValueError):
        pass
    return out


def _status(field: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    return 0


def budget() -> int | None:
    """The bytes a search may take above what the process held before it (None: no
    budget)."""
    global _budget, _chosen
    if not _chosen:
        _budget, _chosen = default_budget(), True
    return _budget


def set_budget(nbytes: int | None) -> None:
    """The user's budget (--max-memory); None: no budget at all."""
    global _budget, _chosen
    _budget, _chosen = nbytes, True


def reset() -> None:
    """Back to the default, taken afresh when next asked (tests; main() runs in-process)."""
    global _budget, _chosen
    _budget, _chosen = None, False


def describe(nbytes: float) -> str:
    """'512 MB', '2.0 GB': sizes as a user reads them (binary units, as --max-memory)."""
    for unit, size in (("TB", 1 << 40), ("GB", 1 << 30), ("MB", 1 << 20)):
        if nbytes >= size:
            value = nbytes / size
            return f"{value:.1f} {unit}" if value < 100 else f"{value:,.0f} {unit}"
    return f"{max(nbytes, 0) / 1024:,.0f} KB"


def resident() -> int:
    """Bytes of this process in memory now."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        import resource

        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def fitting(count: int, per_item: float, share: float = 1.0) -> int:
    """How many of `count` items of `per_item` bytes fit in `share` of the budget."""
    limit = budget()
    if limit is None or per_item <= 0:
        return count
    return max(0, min(count, int(limit * share // per_item)))


def check(nbytes: float, what: str) -> None:
    """Refuse, in one line, to allocate `nbytes` for `what` beyond the budget."""
    limit = budget()
    if limit is not None and nbytes > limit:
        raise MemoryBudgetError(
            f"{what} needs {describe(nbytes)}, more than the memory budget of "
            f"{describe(limit)} ({HOW_TO_RAISE})"
        )


def set_aside(nbytes: int) -> None:
    """Growth that is not the search's: the kernels compiled or loaded meanwhile."""
    global _aside
    _aside += max(0, nbytes)


class Watch:
    """Resident memory above what the process held when the watch began, less what was
    set aside since, against the budget; `over()` costs one small read of /proc, so a
    20 Hz poll is free."""

    def __init__(self) -> None:
        self.limit = budget()
        self.base = resident() if self.limit is not None else 0
        self.aside = _aside
        self.peak = 0

    def over(self) -> bool:
        if self.limit is None:
            return False
        self.peak = max(self.peak, resident() - self.base - (_aside - self.aside))
        return self.peak > self.limit


def reached_message(nodes: int) -> str:
    """The line of a search stopped at the budget."""
    limit = budget()
    where = f" after {nodes:,} nodes" if nodes else ""
    shown = describe(limit) if limit is not None else "?"
    return f"the search reached its memory budget of {shown}{where} and stopped ({HOW_TO_RAISE})"


def parse_size(text: str) -> int:
    """An argparse type: '2G', '500M', '1.5 GiB', '3e9' (bytes), '25%' (of the memory
    available now), or 0 / 'none' for no budget (0)."""
    raw = text.strip().replace("_", "").replace(",", "")
    if raw.lower() in ("0", "none", "off"):
        return 0
    if raw.endswith("%"):
        return _percent(text, raw[:-1])
    match = _SIZE.fullmatch(raw)
    value: float
    if match:
        value = float(match.group(1)) * _UNITS[match.group(2).lower()]
    else:
        try:
            value = float(raw)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a size like 2G, 500M or 25% (0: no budget)"
            ) from None
    return _sized(text, value)


def _percent(text: str, number: str) -> int:
    try:
        share = float(number)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a percentage") from None
    if not 0 < share <= 100:
        raise argparse.ArgumentTypeError(
            f"{text}: a share of the memory is above 0 and at most 100%"
        )
    free = available()
    if free is None:
        raise argparse.ArgumentTypeError(f"{text}: this system does not say how much is available")
    return _sized(text, free * share / 100)


def _sized(text: str, value: float) -> int:
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 2G, 500M or 25%")
    if value < SMALLEST:
        raise argparse.ArgumentTypeError(
            f"{text}: a search needs at least {describe(SMALLEST)} (0: no budget)"
        )
    if value > 1 << 60:
        raise argparse.ArgumentTypeError(f"{text} is more than any machine has")
    return int(value)


def help_text() -> str:
    chosen = default_budget()
    now = f", {describe(chosen)} now" if chosen is not None else ""
    return (
        "memory the search may take, e.g. 2G, 500M or 25%% (of what is available); at it the "
        f"search stops with what it found so far (default: half the memory available{now}; "
        "0: no budget)"
    )
