"""The SET game cap problem (seed 003): the largest collection of cards without a SET.

Cards are words of n digits in 0..v-1 (v = 3, n = 4 is the real game: number, shape,
colour, shading); card index = the word read in base v, first digit most significant.

State (flat int32, N = v**n; see model.py):
    [0] level (cards placed) | forbidden[N] | status[N] | by[N] | order[N]
    status: FREE 0, CHOSEN 1, EXCLUDED 2 (completes a SET with placed cards),
            PRUNED_BOUND 3, PRUNED_SYMMETRY 4 (ruled out by the search, not by a SET)
    by[c]: the level that placed / excluded / pruned c; order[k-1]: the card of level k.

Events (events.py; each undoes exactly with its inverse):
    Add(card, level) / Remove(card, level)        placement number `level`, and taking it back
    Exclude(card, level) / Unexclude(card, level) card completes a SET; made by placement `level`
    Prune(card, level, reason) / Unprune(...)      search bound (1) or symmetry (2)
    Forbid(card) / Unforbid(card)                  the user's constraint
A placement is one trace step: Add then its Excludes/Prunes; a backtrack is one step:
Unprunes/Unexcludes then Remove. Milestones: "best" (new best size), "solution" (a cap of
the size sought). Counters of search traces: nodes, cards, best, solutions.

For scenes: SetGameModel.chosen / available / excluded_by_card / exclusion_links (the v-1
placed cards that form a SET with a greyed card), CardSpace.word / all_words;
properties for drawing real cards: setgame.cards_look.card_look (v = 3, n <= 4).
demo.demo_trace() gives a short watchable search; session.SetSession is the seed's game.
"""

from solvers.setgame import commands, model  # noqa: F401  (register the model and CLI)
