"""Turning a solve into a trace the scene can play: one trace step per solver step.

Inside a step the events come in the order a viewer should see them: the previous step's
highlights cleared, the technique counted, houses outlined, pattern cells and candidates
marked, the candidates to go marked red, then removed (struck out), then digits placed
(each placement also removes its digit from the peers, marked ROLE_PEER). A guess raises the
depth and opens a frame; a backtrack plays the frame's grid events backward as Unplace and
Restore, so the grid returns exactly to where the guess was made.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import StateArray
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import N_, msg
from puzzleviz.solvers.sudoku.model import (
    GUESSED,
    LINK_SLOTS,
    LOGIC,
    MARK_CANDIDATE,
    MARK_CELL,
    MARK_HOUSE,
    MARK_LINK,
    Eliminate,
    Mark,
    Place,
    Restore,
    SetDepth,
    SudokuModel,
    Unplace,
    UseTechnique,
    difficulty,
    encode_link,
)
from puzzleviz.solvers.sudoku.results import SudokuResult
from puzzleviz.solvers.sudoku.roles import (
    LINK_STRONG,
    ROLE_ALS,
    ROLE_ELIMINATE,
    ROLE_GROUP,
    ROLE_OFF,
    ROLE_ON,
    ROLE_PEER,
    ROLE_PLACE,
)
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import BY_NAME, T_BACKTRACK, T_CONTRADICTION, T_GUESS
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer, Tracer

# The closing caption as traces recorded before numbers were written the reader's way hold it
# (the rating as text): kept in the catalogs, so those traces still read in every language.
SOLVED_BEFORE = N_("Solved: rating {rating} ({level})")

COUNTERS = ("placed", "candidates", "depth", "guesses")
SOLVER_NAME = "sudoku.human"


class _Emitter:
    def __init__(self, model: SudokuModel, tracer: Tracer):
        self.model = model
        self.tracer = tracer
        self.n = model.n
        self.ncand = model.layout.ncell * model.n
        self.state = model.initial_state()
        lay = model.layout
        self.values = self.state[lay.values : lay.values + lay.ncell]
        self.cands = self.state[lay.cands : lay.cands + lay.ncell]
        self.marks: dict[tuple[int, int], int] = {}
        self.current = -1
        self.depth = 0
        self.guesses = 0
        self.placed = int(np.count_nonzero(self.values))
        self.candidates = int(sum(bin(int(m)).count("1") for m in self.cands.tolist()))
        self.grid_events: list[Place | Eliminate] = []  # what backtracking undoes
        self.frames: list[int] = []
        tracer.start_counts(placed=self.placed, candidates=self.candidates)  # the givens

    def _count(self) -> None:
        self.tracer.count(
            placed=self.placed, candidates=self.candidates, depth=self.depth, guesses=self.guesses
        )

    def emit(self, event: Event) -> None:
        """Apply, update the counters, record: counters are the statistics after the event."""
        self.model.apply(self.state, event)
        if isinstance(event, Place):
            self.placed += 1
            self.candidates -= bin(event.previous_mask).count("1")
        elif isinstance(event, Unplace):
            self.placed -= 1
            self.candidates += bin(event.mask).count("1")
        elif isinstance(event, Eliminate):
            self.candidates -= 1
        elif isinstance(event, Restore):
            self.candidates += 1
        elif isinstance(event, SetDepth):
            self.depth = event.depth
        self._count()
        self.tracer.emit(event)

    def grid(self, event: Place | Eliminate) -> None:
        self.emit(event)
        self.grid_events.append(event)

    def mark(self, layer: int, index: int, value: int) -> None:
        previous = self.marks.get((layer, index), 0)
        if previous != value:
            self.emit(Mark(layer, index, value, previous))
            if value:
                self.marks[(layer, index)] = value
            else:
                self.marks.pop((layer, index), None)

    def step(self, step: Step) -> None:
        n = self.n
        self.tracer.step(step.message or step.caption)
        for (layer, index), _value in sorted(self.marks.items()):
            self.mark(layer, index, 0)
        if step.is_technique:
            self.emit(UseTechnique(step.technique, self.current))
            self.current = step.technique
        for house, role in step.houses:
            self.mark(MARK_HOUSE, house, role)
        for cell, role in step.cells:
            self.mark(MARK_CELL, cell, role)
        if step.branches:
            # a pattern the branches start from (a Kraken fish's fish and fins) stays marked
            for cell, digit, role in step.candidates[: step.branches[0][3]]:
                self.mark(MARK_CANDIDATE, cell * n + digit - 1, role)
            self.branches(step)
        else:
            for layer, index, value in pattern_marks(step, n, self.ncand, LINK_SLOTS):
                self.mark(layer, index, value)
        if step.technique == T_BACKTRACK:
            self.backtrack()
        for cell, digit in step.eliminations:
            self.mark(MARK_CANDIDATE, cell * n + digit - 1, ROLE_ELIMINATE)
        for cell, digit in step.eliminations:
            self.grid(Eliminate(cell, digit))
        if step.technique == T_GUESS:
            self.guesses += 1
            self.emit(SetDepth(self.depth + 1, self.depth))
            self.frames.append(len(self.grid_events))
            self.tracer.milestone("guess", step.message or step.caption)
        for cell, digit in step.placements:
            self.place(cell, digit, GUESSED if step.technique == T_GUESS else LOGIC)
        if step.technique == T_CONTRADICTION:
            self.tracer.milestone("contradiction", step.message or step.caption)

    def branches(self, step: Step) -> None:
        """A forcing chain or net, one branch after the other: the premise, then each
        implication as a link followed by the mark of the fact it reaches (ROLE_ON for a
        strong link's target, ROLE_OFF for a weak one's), so stepping event by event walks
        the branch one implication at a time. A branch's marks are cleared when the next
        begins; the premises stay marked, and so does a pattern recorded before the first
        branch (a Kraken fish's fish, its fins marked as the premises they are)."""
        n = self.n
        keep = self.premises(step) | {
            cell * n + digit - 1 for cell, digit, _role in step.candidates[: step.branches[0][3]]
        }
        for premise, on, _link, _node in step.branches:
            self.mark(MARK_CANDIDATE, premise, ROLE_ON if on else ROLE_OFF)
        for k, (premise, on, first, _node) in enumerate(step.branches):
            last = step.branches[k + 1][2] if k + 1 < len(step.branches) else len(step.links)
            if k:
                for (layer, index), _value in sorted(self.marks.items()):
                    if layer == MARK_LINK or (layer == MARK_CANDIDATE and index not in keep):
                        self.mark(layer, index, 0)
                for cell, digit, role in step.candidates[: step.branches[0][3]]:
                    self.mark(MARK_CANDIDATE, cell * n + digit - 1, role)
            self.mark(MARK_CANDIDATE, premise, ROLE_ON if on else ROLE_OFF)
            for j, (a, b, kind) in enumerate(step.links[first:last]):
                self.mark(MARK_LINK, j % LINK_SLOTS, encode_link(self.ncand, a, b, kind))
                if b not in self.premises(step):
                    self.mark(MARK_CANDIDATE, b, ROLE_ON if kind == LINK_STRONG else ROLE_OFF)

    @staticmethod
    def premises(step: Step) -> set[int]:
        return {premise for premise, *_rest in step.branches}

    def place(self, cell: int, digit: int, origin: int) -> None:
        n = self.n
        self.mark(MARK_CANDIDATE, cell * n + digit - 1, ROLE_PLACE)
        self.grid(Place(cell, digit, int(self.cands[cell]), origin))
        bit = 1 << (digit - 1)
        for peer in self.model.geo.peers[cell].tolist():
            if self.cands[peer] & bit:
                self.mark(MARK_CANDIDATE, peer * n + digit - 1, ROLE_PEER)
                self.grid(Eliminate(peer, digit))

    def backtrack(self) -> None:
        start = self.frames.pop()
        undo = self.grid_events[start:]
        del self.grid_events[start:]
        for event in reversed(undo):
            if isinstance(event, Place):
                self.emit(Unplace(event.cell, event.digit, event.previous_mask, event.origin))
            elif isinstance(event, Eliminate):
                self.emit(Restore(event.cell, event.digit))
        self.emit(SetDepth(self.depth - 1, self.depth))
        self.tracer.milestone("backtrack", "")


def record(result: SudokuResult, *, max_events: int = 20_000_000) -> Trace:
    """The trace of a finished solve (its steps must carry captions for a readable trace)."""
    return record_with_state(result, max_events=max_events)[0]


def record_with_state(
    result: SudokuResult, *, max_events: int = 20_000_000
) -> tuple[Trace, StateArray]:
    """The trace and the state its last event leaves (what replaying it must reach)."""
    model = SudokuModel(result.puzzle.text())
    tracer = RecordingTracer(
        model,
        solver=SOLVER_NAME,
        params=trace_params(result.enabled, result.unique),
        counters=COUNTERS,
        max_events=max_events,
    )
    state = record_into(tracer, result, model)
    return tracer.finish(), state


def trace_params(enabled: frozenset[str], unique: bool) -> dict[str, object]:
    """What a trace header keeps: the techniques switched on, and whether the puzzle had one
    solution (a scene's re-solve allows several again if it had not)."""
    return {"techniques": sorted(enabled), "unique": unique}


def pattern_marks(step: Step, n: int, ncand: int, slots: int) -> list[tuple[int, int, int]]:
    """(layer, index, value) marks that draw a step's pattern, as a recorded solve and a
    hint in the window both show it: its candidates by role, the candidates of its group
    and ALS nodes (ROLE_GROUP, or ROLE_ALS where the step marked them so: an ALS node's
    candidates keep their ALS colour), and its first `slots` links. A link end that is a
    group or ALS node (code >= ncand) is drawn at the node's first candidate, so the scene
    can outline the node around that anchor. Forcing branches are not included."""
    marks = [(MARK_CANDIDATE, cell * n + digit - 1, role) for cell, digit, role in step.candidates]
    roles = {index: role for _layer, index, role in marks}
    for _code, candidate in step.nodes:
        role = ROLE_ALS if roles.get(candidate) == ROLE_ALS else ROLE_GROUP
        marks.append((MARK_CANDIDATE, candidate, role))
        roles[candidate] = role

    def anchor(code: int) -> int:
        return step.node_candidates(code, ncand)[0] if code >= ncand else code

    for slot, (a, b, kind) in enumerate(step.links[:slots]):
        marks.append((MARK_LINK, slot, encode_link(ncand, anchor(a), anchor(b), kind)))
    return marks


class StepRecorder:
    """Records a solve into `tracer` while it runs: `step` for each solver step as the
    solver takes it (solvers.sudoku.search.solve's on_step), `finish` once it is over."""

    def __init__(self, tracer: Tracer, model: SudokuModel):
        self.tracer = tracer
        self.emitter = _Emitter(model, tracer)

    def step(self, step: Step) -> None:
        self.emitter.step(step)

    def finish(self, result: SudokuResult) -> StateArray:
        """The closing step and milestone; returns the state the last event leaves."""
        tracer, emitter = self.tracer, self.emitter
        tracer.annotate(ratings=result.ratings.to_json())  # read back by rated.rate_trace
        tracer.step("Solved" if result.solved else "Logic stalled")
        for (layer, index), _value in sorted(emitter.marks.items()):
            emitter.mark(layer, index, 0)
        if result.solved:  # the ratings the title row shows (SE, HoDoKu), not another scale
            tracer.milestone("solved", msg("Solved: {ratings}", ratings=result.ratings.words()))
        else:
            tracer.milestone("stalled", msg("No enabled technique applies any more"))
        return emitter.state.copy()


def record_into(tracer: Tracer, result: SudokuResult, model: SudokuModel) -> StateArray:
    """Record a finished solve into `tracer` (its model must be `model`); returns the state
    the last event leaves."""
    recorder = StepRecorder(tracer, model)
    for step in result.steps:
        recorder.step(step)
    return recorder.finish(result)


def final_state(trace: Trace) -> StateArray:
    """The state after every event (what the player shows at the end)."""
    model = SudokuModel.from_definition(trace.header.definition)
    state = np.array(trace.header.initial_state, dtype=np.int32)
    model.apply_rows(state, trace.rows)
    return state


def techniques_used_at(trace: Trace, cursor: int) -> list[tuple[str, int]]:
    """The side list at a cursor, straight from the trace rows (no replay of the grid)."""
    model = SudokuModel.from_definition(trace.header.definition)
    rows = trace.rows[: max(0, min(cursor, trace.n_events))]
    used = rows[rows[:, 0] == UseTechnique.OP, 1]
    counts = np.bincount(used, minlength=len(model.technique_names))
    pairs = [(name, int(k)) for name, k in zip(model.technique_names, counts, strict=True) if k]
    return sorted(pairs, key=lambda item: difficulty(item[0]))


def enabled_techniques(trace: Trace) -> frozenset[str]:
    """The technique names that were switched on when the trace was recorded."""
    return frozenset(trace.header.params.get("techniques", BY_NAME))
