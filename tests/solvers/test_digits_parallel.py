"""The search split over processes by the root's choices, and resumed from parts done."""

from __future__ import annotations

from puzzleviz.solvers.digits.exact import solve
from puzzleviz.solvers.digits.parallel import Part, solve_in_parts
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle

from tests.digits_fixtures import SMALL as SMALL_DEFINITION

SMALL = DigitsPuzzle.from_definition(SMALL_DEFINITION)


def test_parts_add_up_to_the_whole_search_and_resume():
    whole = solve(SMALL, "block")
    assert whole.root_choices >= 3 and whole.count > 0
    heard: list[tuple[Part, int, int]] = []
    split = solve_in_parts(SMALL, "block", 2, on_part=lambda *a: heard.append(a))
    assert set(split.solutions) == set(whole.solutions)
    assert sorted(part.root for part, _, _ in heard) == list(range(whole.root_choices))
    assert [done for _, done, _ in heard] == list(range(1, whole.root_choices + 1))
    assert split.nodes == sum(part.nodes for part, _, _ in heard)

    # Resumed with all but one part done (as read back from a log): only that one runs.
    parts = [Part.from_json(part.to_json()) for part, _, _ in heard]
    again: list[Part] = []
    resumed = solve_in_parts(
        SMALL, "block", 2, done=parts[1:], on_part=lambda part, *_: again.append(part)
    )
    assert [part.root for part in again] == [parts[0].root]
    assert set(resumed.solutions) == set(whole.solutions)
