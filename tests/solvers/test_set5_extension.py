"""The five-attribute extension search (solvers.setgame.five), checked where it can be:
one dimension lower (AG(4,3) from AG(3,3) slices, where 20 is the proven maximum), against
a plain brute force on AG(3,3), and symmetry breaking and bounds against the search
without them."""

from __future__ import annotations

import itertools

import pytest
from puzzleviz.solvers.setgame.affine import classify
from puzzleviz.solvers.setgame.fast import cap_classes, fullest_sizes
from puzzleviz.solvers.setgame.five.extension import (
    ALL,
    STOP_FIRST,
    branch_caps,
    make_branch,
    part_setup,
    run_part,
    sample_part,
)
from puzzleviz.solvers.setgame.five.group import linear_parts, stabilizer, vector_orbits
from puzzleviz.solvers.setgame.geometry import affine_group_order, affine_space


def branches(n: int, target: int) -> list:
    sizes = fullest_sizes(affine_space(n), target, {3: 4, 4: 9}[n])
    return [make_branch(n, target, c.canonical) for m in sizes for c in cap_classes(n - 1, m)]


def test_stabilizers_match_the_frame_orbit_count():
    space = affine_space(3)
    for m in (8, 9):
        for cls in cap_classes(3, m):
            perms = stabilizer(space, cls.canonical)
            assert len(perms) == cls.stabilizer
            for perm in perms:  # each one really keeps the cap
                assert sorted(int(perm[c]) for c in cls.canonical) == cls.canonical
            orbits = vector_orbits(space, linear_parts(space, perms))
            assert sorted(v for o in orbits for v in o) == list(range(1, space.size))


def test_twenty_one_cards_refuted_in_four_dimensions():
    found = [branch_caps(b, STOP_FIRST)[0] for b in branches(4, 21)]
    assert found and not any(found)


def test_twenty_cards_found_and_agree_with_the_fast_classification():
    caps = [cap for b in branches(4, 20) for cap in branch_caps(b, ALL)[0]]
    assert caps
    space = affine_space(4)
    classes, _ = classify(space, caps)
    known = cap_classes(4, 20)
    assert [c.canonical for c in classes] == [c.canonical for c in known]
    assert sum(affine_group_order(4) // c.stabilizer for c in classes) == 682_344


@pytest.mark.parametrize("target", [19, 20])
def test_symmetry_and_bounds_lose_no_class(target):
    space = affine_space(4)
    for b in branches(4, target):
        fast_caps, fast_nodes = branch_caps(b, ALL)
        plain_caps, plain_nodes = branch_caps(b, ALL, use_symmetry=False, use_bound=False)
        fast_classes = {tuple(c.canonical) for c in classify(space, fast_caps)[0]}
        plain_classes = {tuple(c.canonical) for c in classify(space, plain_caps)[0]}
        assert fast_classes == plain_classes
        assert fast_nodes <= plain_nodes


def brute_extensions(n: int, target: int, rep: list[int]) -> set[tuple[int, ...]]:
    """Every extension of rep (slice 0) by target - m cards of slices 1, 2 that is a cap,
    has at most m cards in every hyperplane and |slice 1| >= |slice 2| >= 0."""
    space = affine_space(n)
    block, m = 3 ** (n - 1), len(rep)
    found = set()
    for extra in itertools.combinations(range(block, space.size), target - m):
        cards = list(rep) + list(extra)
        a = sum(1 for c in extra if c < 2 * block)
        if a < len(extra) - a:
            continue
        if any(space.third[p, q] in cards for p, q in itertools.combinations(cards, 2)):
            continue
        counts = space.point_hyperplanes[cards].ravel()
        if max(list(counts).count(h) for h in set(counts.tolist())) > m:
            continue
        found.add(tuple(sorted(cards)))
    return found


@pytest.mark.parametrize("target", [8, 9])
def test_plain_kernel_matches_brute_force_in_three_dimensions(target):
    for b in branches(3, target):
        caps, _ = branch_caps(b, ALL, use_symmetry=False)
        assert {tuple(c) for c in caps} == brute_extensions(3, target, list(b.rep))
        assert len(caps) == len({tuple(c) for c in caps})


def test_frontier_samples_add_up_to_the_whole_part():
    (b,) = [b for b in branches(4, 20) if b.m == 9]
    setup = part_setup(b, 0)
    whole = run_part(b, setup, mode=ALL)
    top = run_part(b, setup, mode=ALL, max_depth=2, frontier_rows=10_000)
    assert top.frontier_count == len(top.frontier) > 0
    below = [run_part(b, setup, mode=ALL, prefix=row) for row in top.frontier]
    assert top.nodes + sum(r.nodes - 3 for r in below) == whole.nodes
    assert sum(r.solutions for r in below) == whole.solutions
    every = sample_part(b, setup, 2, samples=10**6)
    assert every.samples == top.frontier_count
    assert every.nodes == pytest.approx(whole.nodes)


def fullest_slice_in_four_dims(cap: list[int]) -> tuple[list[int], int]:
    """The cards of a fullest hyperplane of a cap of AG(5,3), as points of AG(4,3) (through
    an affine map that sends the hyperplane to x1 = 0), and how many there are."""
    import numpy as np

    space5, space4 = affine_space(5), affine_space(4)
    counts = np.bincount(space5.point_hyperplanes[cap].ravel(), minlength=363)
    h = int(counts.argmax())
    d = space5.digits[space5.directions[h // 3]]
    # the direction's first nonzero digit is 1: swap that coordinate to the front
    k = int(np.flatnonzero(d)[0])
    rows = [d] + [np.eye(5, dtype=int)[i] for i in range(5) if i != k]
    lin = np.array(rows) % 3
    pts = [c for c in cap if int(space5.digits[c] @ d) % 3 == h % 3]
    return [int(((lin @ space5.digits[c]) % 3)[1:] @ space4.weights) for c in pts], int(
        counts.max()
    )


def test_the_known_45_cap_is_found_by_its_branch():
    """Positive control in five dimensions: the 45-cap that the prescribed-symmetry search
    finds has 18 cards in a fullest hyperplane; the extension of that 18-cap class to 45
    cards finds a 45-cap (the parts run last first: the first part is the big one)."""
    from puzzleviz.solvers.setgame.affine import build_class
    from puzzleviz.solvers.setgame.fast import known_maximum

    space5 = affine_space(5)
    cap45 = known_maximum(5).caps[0]
    slice_cards, m = fullest_slice_in_four_dims(cap45)
    assert (len(cap45), m, len(slice_cards)) == (45, 18, 18)
    branch = make_branch(5, 45, build_class(affine_space(4), slice_cards).canonical)
    for part in reversed(range(branch.parts)):
        result = run_part(branch, part_setup(branch, part), mode=STOP_FIRST, keep=1)
        if result.caps:
            break
    (found,) = result.caps
    assert len(found) == 45
    assert all(space5.third[a, b] not in found for a, b in itertools.combinations(found, 2))
    assert found[:18] == list(branch.rep)


def test_nineteen_caps_classified_by_extension_agree_with_fast():
    """The extension machinery one dimension down classifies the 19-caps of AG(4,3) like
    fast.cap_classes does (by another search: other symmetry breaking, other bounds)."""
    caps = [cap for b in branches(4, 19) for cap in branch_caps(b, ALL)[0]]
    classes, _ = classify(affine_space(4), caps)
    assert sorted(c.canonical for c in classes) == sorted(c.canonical for c in cap_classes(4, 19))
    assert [c.stabilizer for c in classes] == [144]
