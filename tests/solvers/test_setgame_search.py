from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.setgame.affine import classify, frame_images
from puzzleviz.solvers.setgame.cards import CardSpace
from puzzleviz.solvers.setgame.fast import fullest_sizes, known_maximum, maximum_v3
from puzzleviz.solvers.setgame.geometry import affine_group_order, affine_space
from puzzleviz.solvers.setgame.search import solve


def brute_force(space: CardSpace, required=(), forbidden=()) -> tuple[int, int]:
    """Largest cap and how many there are, by trying every subset (tiny games only)."""
    sets = [
        sum(1 << c for c in group)
        for group in itertools.combinations(range(space.size), space.v)
        if space.is_set(group)
    ]
    free = [c for c in range(space.size) if c not in required and c not in forbidden]
    base = sum(1 << c for c in required)
    for size in range(space.size, len(required) - 1, -1):
        count = 0
        for extra in itertools.combinations(free, size - len(required)):
            mask = base + sum(1 << c for c in extra)
            count += all(s & mask != s for s in sets)
        if count:
            return size, count
    return len(required), 0


@pytest.mark.parametrize(("n", "expected"), [(1, 2), (2, 4), (3, 9), (4, 20)])
def test_maxima_of_the_real_game(n, expected):
    result = maximum_v3(n)
    assert result.size == expected and result.proven
    assert result.caps and all(len(c) == expected for c in result.caps)
    assert all(affine_space(n).cards.is_cap(cap) for cap in result.caps)


def test_all_20_card_caps_are_one_class_of_682344():
    result = known_maximum(4, count=True)
    assert len(result.classes) == 1
    cls = result.classes[0]
    assert cls.stabilizer == 2880
    assert result.count == affine_group_order(4) // 2880 == 682344
    space = affine_space(4)
    # every cap the search returned is SET-free and in the class
    assert all(space.cards.is_cap(cap) for cap in result.caps)
    # the class's frame images are exactly the 20-caps through 0, e1, ..., e4:
    # each contains the frame, and counting (cap, frame) pairs gives the same total
    images = [c for c in (cls.image_rows)]
    assert len(images) == cls.images
    _, frames = frame_images(space, cls.canonical)
    assert cls.images * affine_group_order(4) // frames == result.count


def test_counts_agree_with_the_seeds_exhaustive_search():
    """No symmetry, no bound (the seed) and symmetry + classes (fast) count the same caps."""
    for v, n in [(3, 2), (3, 3), (4, 2)]:
        seed = solve(v, n, solver="seed", count=True)
        fast = solve(v, n, solver="fast", count=True)
        assert (seed.max, seed.count) == (fast.max, fast.count)
    assert solve(3, 3, count=True).count == 2106


def test_counting_argument_leaves_only_full_hyperplanes_for_21_cards():
    assert fullest_sizes(affine_space(4), 21, 9) == [9]
    assert fullest_sizes(affine_space(4), 20, 9) == [8, 9]
    assert fullest_sizes(affine_space(4), 26, 9) == []


def test_n5_finds_a_45_cap_and_says_what_is_proven():
    result = solve(3, 5)
    assert result.max == 45 and not result.proven
    assert affine_space(5).cards.is_cap(result.caps[0]) and len(result.caps[0]) == 45
    assert result.upper_bound == 53  # sum of squares over hyperplanes, each <= 20


def test_caps_through_required_cards_follow_from_the_classes():
    space = affine_space(4)
    total = known_maximum(4, count=True).count
    one = solve(3, 4, with_cards=[5], count=True)
    pair = solve(3, 4, with_cards=space.cards.parse_list("0000,1201"), count=True)
    triple = solve(3, 4, with_cards=[0, 1, 4], count=True)
    # AGL(4,3) moves any card / pair / non-collinear triple to any other, so:
    assert one.count == total * 20 // 81
    assert pair.count == total * 20 * 19 // (81 * 80)
    assert triple.count == total * 20 * 19 * 18 // (81 * 80 * 78)
    for result, required in ((pair, [0, 46]), (triple, [0, 1, 4])):
        assert result.max == 20 and result.proven
        assert all(set(required) <= set(c) and space.cards.is_cap(c) for c in result.caps)
    # five cards of a plane-free frame and a coplanar 4-set both go through the classes
    frame = solve(3, 4, with_cards=[0, 1, 3, 9, 27], count=True)
    assert frame.count == len(known_maximum(4, count=True).classes[0].image_rows) == 456


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_constrained_searches_match_brute_force(data):
    v, n = data.draw(st.sampled_from([(3, 2), (4, 2), (2, 3)]))
    space = CardSpace(v, n)
    cards = data.draw(st.lists(st.integers(0, space.size - 1), max_size=5, unique=True))
    split = data.draw(st.integers(0, len(cards)))
    required, forbidden = cards[:split], cards[split:]
    solver = data.draw(st.sampled_from(["fast", "seed"]))
    if not space.is_cap(required):
        with pytest.raises(PuzzleInputError, match="contain a SET"):
            solve(v, n, with_cards=required, forbidden=forbidden, solver=solver)
        return
    result = solve(v, n, with_cards=required, forbidden=forbidden, solver=solver, count=True)
    assert (result.max, result.count) == brute_force(space, required, forbidden)
    for cap in result.caps:
        assert space.is_cap(cap) and set(required) <= set(cap) and not set(forbidden) & set(cap)


def test_n3_constrained_bitset_search():
    space = affine_space(3)
    result = solve(3, 3, with_cards=[13], forbidden=[0, 26, 5], count=True)
    assert result.proven and result.max == 9
    for cap in result.caps:
        assert space.cards.is_cap(cap) and 13 in cap and not {0, 26, 5} & set(cap)
    classes, _ = classify(space, result.caps)
    assert len(classes) == 1  # every 9-cap of AG(3,3) is one class


@pytest.mark.parametrize("solver", ["fast", "seed"])
def test_node_limit_reports_an_unfinished_search(solver):
    result = solve(3, 4, node_limit=50, count=True, solver=solver)
    assert result.count is None and result.nodes <= 60 and not result.finished
    assert not result.proven and result.max < 20
    assert any("stopped" in note for note in result.notes)
    assert np.all([len(c) == result.max for c in result.caps])


def test_forbidden_cards_are_dodged_by_relabeling_a_maximum_cap():
    space = affine_space(4)
    required = space.cards.parse_list("0000,1201")
    forbidden = space.cards.parse_list("1111,2222,0120,0001,0010")
    result = solve(3, 4, with_cards=required, forbidden=forbidden)
    assert result.max == 20 and result.proven
    (cap,) = result.caps
    assert space.cards.is_cap(cap) and set(required) <= set(cap) and not set(forbidden) & set(cap)


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_fast_shortcuts_count_what_the_seed_enumerates(data):
    """Required cards via the classes, forbidden ones via inclusion-exclusion or search:
    the same maximum and count as the seed's exhaustive TryFrom (n = 3)."""
    space = affine_space(3).cards
    cards = data.draw(st.lists(st.integers(0, 26), min_size=1, max_size=5, unique=True))
    split = data.draw(st.integers(0, len(cards)))
    required, forbidden = cards[:split], cards[split:]
    if not space.is_cap(required):
        return
    fast = solve(3, 3, with_cards=required, forbidden=forbidden, count=True)
    seed = solve(3, 3, with_cards=required, forbidden=forbidden, count=True, solver="seed")
    assert (fast.max, fast.count) == (seed.max, seed.count)
    assert fast.proven and seed.proven
    for cap in fast.caps:
        assert space.is_cap(cap) and set(required) <= set(cap) and not set(forbidden) & set(cap)
