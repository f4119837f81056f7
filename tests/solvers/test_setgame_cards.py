from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.setgame.cards import NO_CARD, CardSpace, card_look


def test_words_and_indices():
    space = CardSpace(3, 4)
    assert space.parse("0201") == 19  # the word read in base 3, first digit most significant
    assert space.word(19) == "0201"
    assert all(space.parse(space.word(c)) == c for c in range(space.size))
    assert space.parse_list("0000, 1201") == [0, 46]


@pytest.mark.parametrize("text", ["021", "02011", "0301", "02a1", ""])
def test_bad_words_are_user_errors(text):
    with pytest.raises(PuzzleInputError):
        CardSpace(3, 4).parse(text)


def test_bad_games_and_duplicates():
    with pytest.raises(PuzzleInputError, match="v must be at least 2"):
        CardSpace(1, 3)
    with pytest.raises(PuzzleInputError, match="more than"):
        CardSpace(3, 9)
    with pytest.raises(PuzzleInputError, match="twice"):
        CardSpace(3, 2).parse_list("00,01,00")


@pytest.mark.parametrize(("v", "n"), [(3, 2), (3, 3), (4, 2), (5, 2), (4, 3)])
def test_completing_card_matches_the_definition_of_a_set(v, n):
    """The seed's rule gives exactly the cards that make v cards all-same-or-all-different."""
    space = CardSpace(v, n)
    step = 7 if space.size < 30 else 101
    for group in itertools.islice(itertools.combinations(range(space.size), v - 1), 0, None, step):
        expected = [c for c in range(space.size) if c not in group and space.is_set((*group, c))]
        card = space.completing_card(group)
        assert expected == ([] if card == NO_CARD else [card])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_completions_of_a_new_card_are_sets(data):
    v = data.draw(st.integers(3, 5))
    n = data.draw(st.integers(1, 3))
    space = CardSpace(v, n)
    cards = data.draw(st.lists(st.integers(0, space.size - 1), min_size=1, max_size=6, unique=True))
    new, chosen = cards[0], cards[1:]
    for card, partners in space.completions(new, chosen):
        assert space.is_set((new, *partners, card))


def test_v2_any_two_cards_form_a_set():
    space = CardSpace(2, 3)
    assert space.is_set((0, 5)) and space.is_set((1, 2))
    assert sorted(c for c, _ in space.completions(3, [])) == [c for c in range(8) if c != 3]
    assert space.is_cap([4]) and not space.is_cap([4, 6])


def test_real_card_looks():
    assert card_look(CardSpace(3, 4).parse("0000")).text() == "1 red solid diamond"
    assert card_look(CardSpace(3, 4).parse("2121")).text() == "3 purple striped squiggles"
    assert card_look(5, n=2).text() == "2 red solid ovals"
