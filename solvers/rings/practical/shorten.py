"""Shorter solutions: post-optimisation of a move list, and the best short solver.

`shorten(config, state, moves)`: a solution visits states s_0 .. s_L. For a window
s_i .. s_j of w moves, the shortest path from s_i to s_j (solvers.rings.practical.target_search,
IDA* to the target s_j with a ball of radius 2 around it) either has w moves already or
replaces the window. Windows are tried from the end of the solution towards its start
and from the widest down, and the whole pass repeats while it finds something (a
replaced stretch changes the states around it, which opens new windows). Consecutive
turns of one ring are merged first. It never lengthens a solution; a node budget (not a
clock) bounds it, so its answer does not depend on the machine's load.

`best_practical(config, state)`: the shortest solution it finds within node budgets
(median CPU at effort 1: about 3 s, 4 s on 3/20/2/4 and 5/18/2/2, 8 s on 5/18/1/2):
- Two rings whose pattern databases are at hand (colour_pdb.tables_ready: small ones,
  or built before by `--method optimal`; the original's first build takes minutes): the
  optimal solver (solvers.rings.optimal.optimal) first: a proven optimum ends it (every scramble
  of up to 12 turns of the original); then weighted IDA* with w = 2 and w = 3/2 (at most
  w times the shortest; about 19 moves on uniform random states of the original, against
  40 by the practical beam); a weighted solution as short as the proven lower bound is
  optimal too.
- Otherwise (three and five rings, two rings without their tables): IDA* to the solved
  state (any goal met on the way ends it) with a ball of radius 3 around it, up to 9
  moves, which undoes any scramble of N <= 8 random turns in at most N moves; then the
  practical beams (solvers.rings.practical.practical) at widths x 1 and x 4 (three rings also x 16,
  about 1.5 s; five two-colour rings x 2; five one-colour rings x 4, x 8 and x 2 under
  three weights of the guide's travel term, see `beam_runs`), the shortest kept and
  polished by `shorten`.
- Whatever fails or runs out of nodes falls through to the next, down to the practical
  beam, so there is always an answer.
"""

from __future__ import annotations

import functools
import os
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from puzzleviz.solvers.interrupt import current_control
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.macros import sequence_gather
from puzzleviz.solvers.rings.optimal.colour_pdb import tables_ready
from puzzleviz.solvers.rings.optimal.optimal import OptimalResult, solve_optimal, solve_weighted
from puzzleviz.solvers.rings.practical.practical import practical_moves, prepare, simplify
from puzzleviz.solvers.rings.practical.target_search import Ball, shortest_to_target, target_ball

Move = tuple[int, int]


def _states(config: RingConfig, state: np.ndarray, moves: list[Move]) -> list[np.ndarray]:
    out = [np.asarray(state, dtype=np.int32)]
    for move in moves:
        out.append(out[-1][sequence_gather(config, [move])])
    return out


def shorten(
    config: RingConfig,
    state: np.ndarray,
    moves: list[Move],
    *,
    node_budget: int = 5_000_000,
    widths: tuple[int, ...] = (9, 8, 7, 6, 5),
    radius: int = 2,
    window_nodes: int = 300_000,
    control: np.ndarray | None = None,
) -> list[Move]:
    """`moves` (a solution of `state`) with stretches replaced by shorter paths between
    the same states; see the module docstring. Stops after `node_budget` search nodes
    in all (a count, not a clock: the same answer on any machine)."""
    moves = simplify(config, list(moves))
    spent = 0
    improved = True
    while improved:
        improved = False
        for width in widths:
            states = _states(config, state, moves)
            j = len(moves)
            while j - width >= 0:
                if spent >= node_budget or (control is not None and control[0]):
                    return moves
                i = j - width
                ball = target_ball(config, states[j], radius, capacity=1 << 16)
                better, nodes = shortest_to_target(config, states[i], states[j],
                                                   max_length=width - 1, ball=ball,
                                                   max_nodes=window_nodes,
                                                   control=control)  # fmt: skip
                spent += nodes + len(ball.keys)
                if better is not None:
                    moves = simplify(config, moves[:i] + better + moves[j:])
                    states = _states(config, state, moves)
                    improved = True
                    j = min(j, len(moves))
                    continue
                j -= 1
    return moves


def best_practical(
    config: RingConfig,
    state: np.ndarray,
    *,
    effort: float = 1.0,
    scramble_depth: int = 9,
    control: np.ndarray | None = None,
    status: np.ndarray | None = None,
    use_tables: bool = True,
) -> OptimalResult:
    """The shortest solution found with `effort` x the default node budgets (see the
    module docstring; 3-6 s of CPU at 1.0). Budgets count nodes, not seconds,
    so the answer is the same on a fast or a loaded machine. `optimal` is True only for a
    proven shortest solution; `reason` names the method that found the moves. With
    `use_tables=False` the pattern tables are not used even where they are at hand, so the
    answer is the same on every machine (the demo's)."""
    start = time.perf_counter()
    state = np.asarray(state, dtype=np.int32)
    control = current_control() if control is None else control

    def done(
        moves: list[Move], reason: str, lower: int = 0, optimal: bool = False
    ) -> OptimalResult:
        return OptimalResult(moves=list(moves), solved=True, optimal=optimal,
                             lower_bound=lower if optimal else min(lower, len(moves)),
                             nodes=0, seconds=time.perf_counter() - start,
                             reason=reason)  # fmt: skip

    def stopped() -> OptimalResult:
        return OptimalResult([], False, False, 0, 0, time.perf_counter() - start, "cancelled")

    if is_goal(config, state):
        return done([], "already solved", 0, True)
    if config.rings == 2 and use_tables and tables_ready(config):
        first = solve_optimal(config, state, max_nodes=int(OPTIMAL_NODES * effort),
                              control=control)  # fmt: skip
        if first.optimal:
            return done(first.moves, "optimal", first.lower_bound, True)
        lower = first.lower_bound
        best: list[Move] | None = None
        for weight in ((2, 1), (3, 2)):
            if control[0]:
                return stopped()
            quick = solve_weighted(config, state, weight=weight,
                                   max_nodes=int(WEIGHTED_NODES * effort),
                                   control=control)  # fmt: skip
            if quick.solved and (best is None or quick.length < len(best)):
                best = quick.moves
            if best is not None and len(best) <= lower:
                return done(best, "weighted IDA*", lower, True)
        if best is not None:
            return done(best, "weighted IDA*", lower)
    else:
        moves, _ = shortest_to_target(config, state, config.solved_state(),
                                      max_length=scramble_depth, ball=solved_ball(config),
                                      any_goal=True, control=control,
                                      max_nodes=int(TARGET_NODES * effort))  # fmt: skip
        if moves is not None:
            return done(moves, "search to the solved state")
    runs = beam_runs(config, effort)
    answers = _beams(config, state, runs, control, status)
    if not any(answers) and (1, 2.0) not in runs:  # x 1 when the wider beams found nothing
        answers = _beams(config, state, [(1, 2.0)], control, status)
    shortest = min((m for m in answers if m), key=len, default=None)
    if control[0]:
        return stopped()
    if shortest is None:
        return stopped() if control[0] else OptimalResult(
            [], False, False, 0, 0, time.perf_counter() - start, "gave up")  # fmt: skip
    nodes = int(SHORTEN_NODES * effort)
    return done(shorten(config, state, shortest, node_budget=nodes, control=control),
                "practical")  # fmt: skip


def _beams(
    config: RingConfig,
    state: np.ndarray,
    runs: list[tuple[int, float]],
    control: np.ndarray,
    status: np.ndarray | None,
) -> list[list[Move]]:
    """Each run's practical moves ([] if it failed), in the order of `runs`. The runs are
    independent and the beam kernel releases the GIL, so they share the machine's cores
    (two threads: the Olympic rings' three beams in the time of the widest): the answers
    are the same as one after another."""

    def run(spec: tuple[int, float]) -> list[Move]:
        if control[0]:
            return []
        _code, moves = practical_moves(config, state, control=control, status=status,
                                       width=spec[0], travel=spec[1])  # fmt: skip
        return moves

    workers = min(len(runs), os.cpu_count() or 1)
    if workers <= 1:
        return [run(spec) for spec in runs]
    prepare(config)  # compile and build the tables once, before the threads share them
    widest_first = sorted(range(len(runs)), key=lambda i: -runs[i][0])
    with ThreadPoolExecutor(max_workers=workers) as pool:
        answers = dict(zip(widest_first, pool.map(run, [runs[i] for i in widest_first]),
                           strict=True))  # fmt: skip
    return [answers[i] for i in range(len(runs))]


def beam_runs(config: RingConfig, effort: float) -> list[tuple[int, float]]:
    """(width factor, travel weight) of the practical beams tried (the shortest answer is
    kept): the wider the beam the shorter the solution, and the slower (x 4: about 4
    times); a beam's length varies by 10-20 moves from one guide to another, so on the
    Olympic rings beams under two guides are tried."""
    if config.rings >= 5 and config.colours_per_ring == 2:
        # about 1.5 s at x 1, 2.5 s at x 2, on two threads
        return [(1, 2.0), (2, 2.0), (4, 2.0)] if effort >= 4 else [(1, 2.0), (2, 2.0)]
    if config.rings >= 5:
        # the shortest of these three: median 83.5 on 12 uniform states (x 4 alone: 88.5,
        # x 8 under travel 1 alone: 88), about 2, 4 and 1.5 s of CPU
        runs = [(4, 2.0), (8, 1.0), (2, 0.75)]
        return runs + [(16, 1.0)] if effort >= 4 else runs
    widths = [1, 4]
    if config.rings == 3 or effort >= 4:
        widths.append(16)  # three rings: about 1.5 s, and 4-5 moves shorter than x 4
    return [(w, 2.0) for w in widths]


OPTIMAL_NODES = 3_000_000  # the optimal search (proves scrambles of 12 turns and more)
WEIGHTED_NODES = 20_000_000  # each of weighted w = 2, w = 3/2 (most end far sooner)
TARGET_NODES = 20_000_000  # the search to the solved state (3 or 5 rings; 2 without tables)
SHORTEN_NODES = 1_000_000  # the window search that polishes a practical solution


@functools.lru_cache(maxsize=4)
def solved_ball(config: RingConfig) -> Ball:
    """Every state within 3 moves of the solved state (built once per configuration)."""
    return target_ball(config, config.solved_state(), 3)
