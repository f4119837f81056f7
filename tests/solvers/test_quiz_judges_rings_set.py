"""The rings and SET quiz judges, each held to a plain reference written from the rules:
a turn is right but different exactly when a shortest solution starts with it (iterative
deepening over every turn), a card exactly when it completes no SET and a cap of the
trace's size still follows (backtracking over the cards)."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, state_before
from puzzleviz.solvers.rings.judge import RingsJudge
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.shuffle import random_moves
from puzzleviz.solvers.rings.search.methods import recording_tracer
from puzzleviz.solvers.rings.search.replay import record_moves
from puzzleviz.solvers.setgame import reference
from puzzleviz.solvers.setgame.judge import SetJudge
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import load_trace

DEMOS = Path(__file__).resolve().parents[2] / "assets" / "demos"
SMALL = "2/10/1/2"  # 48,620 states: the judge reads its exact distance table


def rings_trace(config: RingConfig, scramble: list[tuple[int, int]], solution=None) -> Trace:
    """The solved rings turned by `scramble`, then `solution` (default: the scramble
    undone) recorded move by move, as a solver's replay records it."""
    model = RingsModel(config)
    state = model.initial_state()
    for ring, f in scramble:
        model.rotate(state, ring, f)
    if solution is None:
        solution = [(ring, config.size - f) for ring, f in reversed(scramble)]
    tracer = recording_tracer(config, state, "practical")
    record_moves(tracer, config, solution)
    return tracer.finish()


def reference_distance(model: RingsModel, state: np.ndarray, limit: int) -> int | None:
    """Turns to solved by iterative deepening over every turn of every ring (None: more
    than `limit`)."""
    g, rings = model.config.size, model.config.rings

    def reaches(s: np.ndarray, depth: int, last: int) -> bool:
        if model.is_goal(s):
            return True
        if depth == 0:
            return False
        for ring in range(rings):
            if ring == last:  # two turns of one ring in a row are one turn
                continue
            for f in range(1, g):
                t = s.copy()
                model.rotate(t, ring, f)
                if reaches(t, depth - 1, ring):
                    return True
        return False

    return next((d for d in range(limit + 1) if reaches(state, d, -1)), None)


@pytest.fixture(scope="module")
def scramble4() -> RingsJudge:
    """2/10/1/2 turned four times, the first seed whose undoing is a shortest solution with
    another shortest one beside it (the judge's table finds the seed, the test checks it)."""
    config = RingConfig.parse(SMALL)
    model = RingsModel(config)
    for seed in range(50):
        moves = random_moves(config, 4, seed)
        judge = RingsJudge(rings_trace(config, moves))
        start = np.array(judge.trace.header.initial_state, dtype=np.int32)
        now, after = judge.distances(0)
        if (
            now == 4
            and sorted(after.values())[1] == 3
            and reference_distance(model, start, 3) is None
        ):
            return judge
    raise AssertionError(f"no four-turn scramble of {SMALL} has two shortest first turns")


def test_a_turn_is_right_but_different_exactly_when_a_shortest_solution_starts_with_it(
    scramble4,
):
    judge, model = scramble4, scramble4.model
    assert judge.default_steps() == [0, 1, 2, 3]  # a short solution: every move
    different = 0
    for step in judge.default_steps():
        before = state_before(judge.trace, model, step)
        now = 4 - step  # the recorded solution is a shortest one
        answers = judge.answers(step)
        assert len(answers) == 2 * 9 and judge.recorded(step) in answers
        for answer in answers:
            verdict = judge.judge(step, answer)
            if answer == judge.recorded(step):
                assert verdict.kind == RIGHT
                continue
            after = before.copy()
            model.rotate(after, *judge.parse(answer))
            closer = reference_distance(model, after, now - 1) is not None
            assert verdict.kind == (DIFFERENT if closer else WRONG), (step, answer)
            different += closer
            reason = render(verdict.reason, "en")
            if closer:
                assert reason.startswith(f"also right: after {answer} the rings are {now - 1}")
            else:
                assert reason.startswith(f"{answer} leaves the rings ")
                assert reason.endswith(f"the best turns leave {now - 1}")
    assert different  # the test saw the case it is about


def test_the_rings_notation_is_the_captions_ring_and_signed_short_way():
    config = RingConfig.parse("original")  # 20 positions: +1..+10 and -1..-9
    trace = rings_trace(config, [(0, 3), (1, 15)])  # undone by ring 2 +5, ring 1 -3
    judge = RingsJudge(trace)
    assert [judge.recorded(s) for s in range(2)] == ["ring 2 +5", "ring 1 -3"]
    assert trace.step_caption_text(0).endswith("ring 2: 5 steps counter-clockwise")
    assert trace.step_caption_text(1).endswith("ring 1: 3 steps clockwise")
    assert judge.answers(0)[:2] == ["ring 1 -9", "ring 1 -8"]
    assert judge.answers(0)[18] == "ring 1 +10" and len(judge.answers(0)) == 38
    assert judge.parse(" Ring 1 -17 ") == judge.parse("ring 1 +3") == (0, 3)
    assert judge.parse("ring 2 -10") == judge.parse("ring 2 +10")
    for bad in ("ring 3 +1", "ring 1 +20", "ring 1 0", "turn 1 +1", "ring 1 + x"):
        with pytest.raises(AnswerError):
            judge.judge(0, bad)


def test_without_a_distance_table_the_recorded_turn_or_one_that_solves_is_right():
    config = RingConfig.parse("original")  # 5.5e10 states: no table
    # ring 1 turned 3 steps counter-clockwise, undone the long way: 4 back, then 1 forward
    judge = RingsJudge(rings_trace(config, [(0, 3)], [(0, 16), (0, 1)]))

    def said(step: int, answer: str) -> tuple[str, str]:
        verdict = judge.judge(step, answer)
        return verdict.kind, render(verdict.reason, "en")

    assert said(0, "ring 1 -4") == (RIGHT, "the turn the solver makes")
    assert said(0, "ring 1 -3") == (DIFFERENT, "also right: ring 1 -3 solves the rings")
    assert said(0, "ring 2 -4") == (WRONG, "the next turn is of ring 1")
    assert said(0, "ring 1 +4") == (WRONG, "ring 1 turns clockwise next")
    assert said(0, "ring 1 -5") == (
        WRONG, "ring 1 turns that way, but by another number of steps")  # fmt: skip
    assert [render(h, "en") for h in judge.hints(1)] == [
        "the next turn is of ring 1", "ring 1 turns counter-clockwise next"]  # fmt: skip


def test_a_long_solution_is_asked_at_twelve_moves_the_last_among_them():
    trace = load_trace(DEMOS / "rings.pzt")  # the original, 30 moves
    judge = RingsJudge(trace)
    steps = judge.default_steps()
    assert len(steps) == 12 and steps[-1] == trace.n_steps - 1 and steps == sorted(set(steps))


# -- SET ---------------------------------------------------------------------------------


def reference_grows(v: int, n: int, chosen: list[int], target: int) -> bool:
    """Whether `chosen` (a cap) grows to a cap of `target` cards: backtracking over the
    cards in order, from the rules alone."""
    cards = list(itertools.product(range(v), repeat=n))
    cap = [cards[c] for c in chosen]

    def fits(card, group) -> bool:
        return not any(reference.is_set((*pair, card)) for pair in itertools.combinations(group, 2))

    def extend(group, start) -> bool:
        if len(group) >= target:
            return True
        for i in range(start, len(cards)):
            if len(group) + len(cards) - i < target:
                return False
            if (
                cards[i] not in group
                and fits(cards[i], group)
                and extend([*group, cards[i]], i + 1)
            ):
                return True
        return False

    return extend(cap, 0)


@pytest.fixture(scope="module")
def set_n3() -> SetJudge:
    from puzzleviz.solvers.setgame.demo import demo_trace

    return SetJudge(demo_trace(3))  # the whole search of AG(3,3): caps of 9


def test_a_card_is_right_but_different_exactly_when_it_makes_no_set_and_a_cap_follows(set_n3):
    judge, space = set_n3, set_n3.space
    assert judge.target == 9
    steps = judge.default_steps()
    assert steps and all(judge.recorded(s) for s in steps)
    seen = set()
    for step in steps:
        state = state_before(judge.trace, judge.model, step)
        chosen = judge.model.chosen(state)
        for card in range(space.size):
            word = space.word(card)
            verdict = judge.judge(step, f"card {word}")
            reason = render(verdict.reason, "en")
            seen.add(verdict.kind)
            if f"card {word}" == judge.recorded(step):
                assert verdict.kind == RIGHT
            elif card in chosen:
                assert verdict.kind == WRONG and reason == f"{word} is in the cap already"
            elif not space.is_cap([*chosen, card]):
                assert verdict.kind == WRONG
                a, b = reason.removeprefix(f"{word} completes a SET with ").split(" and ")
                assert a in space.words(chosen) and b in space.words(chosen)
                assert space.is_set([card, space.parse(a), space.parse(b)])
            elif reference_grows(3, 3, [*chosen, card], 9):
                assert verdict.kind == DIFFERENT, (step, word)
                assert reason == (
                    f"also right: {word} makes no SET, and a cap of 9 cards follows from it"
                )
            else:
                assert verdict.kind == WRONG, (step, word)
                assert reason == f"{word} makes no SET, but no cap of 9 cards follows from it"
    assert seen == {RIGHT, DIFFERENT, WRONG}


def test_the_kernel_search_and_the_maximum_caps_classes_agree_on_the_real_game():
    from puzzleviz.solvers.setgame.constrained import caps_through
    from puzzleviz.solvers.setgame.fast import known_maximum
    from puzzleviz.solvers.setgame.geometry import affine_space

    judge = SetJudge(load_trace(DEMOS / "setgame.pzt"))  # a 20-card cap of the real game
    assert judge.target == 20
    known = known_maximum(4, count=True)
    step = judge.default_steps()[3]
    state = state_before(judge.trace, judge.model, step)
    chosen = judge.model.chosen(state)
    kinds = set()
    for card in judge.model.available(state):
        through = caps_through(affine_space(4), known.classes or [], [*chosen, card], keep=0)
        kinds.add(judge.grows(state, card))
        assert judge.grows(state, card) == int(through is not None)
    assert kinds == {0, 1}


def test_the_set_notation_answers_and_hints():
    judge = SetJudge(load_trace(DEMOS / "setgame.pzt"))
    step = judge.default_steps()[0]
    word = str(judge.recorded(step)).removeprefix("card ")
    assert len(judge.answers(step)) == 81 and judge.choices(step) == []
    assert judge.judge(step, f"  CARD {word} ").kind == RIGHT
    hints = [render(h, "en") for h in judge.hints(step)]
    assert hints[1] == f"the next card's code begins {word[:2]}"
    for bad in ("card 3000", "card 000", "0000", "card"):
        with pytest.raises(AnswerError):
            judge.judge(step, bad)
    assert judge.recorded(0) is None  # the hyperplane's nine cards in one step: not asked


def test_the_cards_the_user_required_are_not_asked_about(tmp_path):
    from puzzleviz.viz.cli import main

    path = tmp_path / "with.pzt"
    argv = ["solve", "set", "--n", "3", "--with", "000,111", "--forbid", "222", "--method",
            "seed", "--trace", str(path), "-q"]  # fmt: skip
    assert main(argv) == 0
    judge = SetJudge(load_trace(path))
    required = [s for s in range(judge.trace.n_steps)
                if "Required card" in judge.trace.step_caption_text(s)]  # fmt: skip
    assert len(required) == 2 and all(judge.recorded(s) is None for s in required)
    steps = judge.default_steps()
    assert steps and all(s > max(required) for s in steps)
    state = state_before(judge.trace, judge.model, steps[0])
    assert render(judge.judge(steps[0], "card 222").reason, "en") == "222 is forbidden"
    assert {0, 13} <= set(judge.model.chosen(state))  # 000 and 111 are in every cap asked
