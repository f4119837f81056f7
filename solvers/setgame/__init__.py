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
the size sought), "proven" (the search closed every case). Counters of search traces:
nodes, cards, best, solutions. Python-side steps (symmetry choices, the fullest
hyperplane's cap) carry captions that explain the argument.

For scenes: SetGameModel.chosen / card_at_level / available / excluded_by_card /
exclusion_links / exclusion_map (the v-1 placed cards that form a SET with a greyed
card; every placed pair inside a SET with it, not just the first), status / by /
forbidden arrays; CardSpace.word / all_words; cards_look.card_look(card, n) gives number,
shape, colour and shading of a real card (v = 3, n <= 4; digit k is property k).
demo.demo_trace() gives a short watchable search (about 900 events) ending on a 20-card
cap; session.SetSession is the seed's interactive game (add, remove, forbid, unforbid,
maximum), recording every change; solve.solve and the CLI `puzzleviz solve set`;
`puzzleviz set play` is the seed's console game (play.py).

Modules: cards (words, the seed's completion rule), events, model, board (event-only
changes), tryfrom (the seed's search), bitsearch (fast v = 3 kernel), geometry (AG(n,3)
tables), affine (frames, classes, counts), fast (the proof), constrained (required and
forbidden cards via the classes), symmetric (n >= 5), solve, session, commands, play,
cards_look, demo.
"""

from solvers.setgame import commands, model, play  # noqa: F401  (register model and CLI)
