"""The SET game cap problem (seed 003): the largest collection of cards without a SET.

Cards are words of n digits in 0..v-1 (v = 3, n = 4 is the real game: number, shape,
colour, shading); card index = the word read in base v, first digit most significant.

State (flat int32, N = v**n; see model.py):
    [0] level (cards placed) | forbidden[N] | status[N] | by[N] | order[N]
    status: FREE 0, CHOSEN 1, EXCLUDED 2 (completes a SET with placed cards),
            PRUNED_BOUND 3, PRUNED_SYMMETRY 4 (ruled out by the search, not by a SET)
    by[c]: the level that placed / excluded / pruned c; order[k-1]: the card of level k.

Events (model.py; each undoes exactly with its inverse):
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
forbidden arrays; CardSpace.word / all_words; cards.card_look(card, n) gives number,
shape, colour and shading of a real card (v = 3, n <= 4; digit k is property k).
demo.demo_trace() gives a short watchable search (about 900 events) ending on a 20-card
cap; session.SetSession is the seed's interactive game (add, remove, forbid, unforbid,
maximum), recording every change; search.solve and the CLI `puzzleviz solve set`;
`puzzleviz set play` is the seed's console game (play.py).

Modules: cards (words, the real cards' properties, the seed's completion rule), model
(state and events), board (event-only changes), kernels.tryfrom (the seed's search),
kernels.bitsearch (fast v = 3 kernel), geometry (AG(n,3) tables), affine (frames, classes,
counts), fast (the proof), constrained (required and forbidden cards via the classes),
symmetric (n >= 5), search (the entry: solve, and the plugin's methods), results, options
(the command line), session, play, demo.
"""

from puzzleviz.solvers.plugin import Command, Method, PuzzleSpec, Ref

COUNTERS = ("nodes", "cards", "best", "solutions")  # kernels.bitsearch.COUNTERS
DEFAULT_NODE_LIMIT = 20_000_000  # about 3 minutes for the slowest nodes (v = 4: ~100k/s)

PUZZLE = PuzzleSpec(
    kind="setgame",
    name="set",
    title="SET",
    help="SET game: the most cards with no SET among them",
    description="The largest collection of SET cards with no SET among them, found by "
    "backtracking search and proven; with cards required (--with) or forbidden (--forbid).",
    model=Ref("puzzleviz.solvers.setgame.model:SetGameModel"),
    methods=(
        Method(
            "fast",
            Ref("puzzleviz.solvers.setgame.search:fast"),
            "bounds, symmetry and the affine-class proof (default)",
            COUNTERS,
            DEFAULT_NODE_LIMIT,
        ),
        Method(
            "seed",
            Ref("puzzleviz.solvers.setgame.search:seed"),
            "the seed's TryFrom: every card in order, no bound",
            COUNTERS,
            DEFAULT_NODE_LIMIT,
        ),
    ),
    add_arguments=Ref("puzzleviz.solvers.setgame.options:add_arguments"),
    problems=Ref("puzzleviz.solvers.setgame.options:problems"),
    texts=("with_cards", "forbid"),
    scene=Ref("puzzleviz.scenes.setgame:SetScene"),
    demo=Ref("puzzleviz.solvers.setgame.demo:demo_trace"),
    judge=Ref("puzzleviz.solvers.setgame.judge:judge_for"),
    commands=(
        Command(
            ("set", "play"),
            "play the seed's SET game: add, remove, forbid cards, compute the maximum",
            Ref("puzzleviz.solvers.setgame.options:add_play_arguments"),
            Ref("puzzleviz.solvers.setgame.play:run"),
            outputs=("record",),
        ),
        Command(
            ("set", "verify"),
            "recheck the certificate of `solve set --prove K` (its --split-log), part by part",
            Ref("puzzleviz.solvers.setgame.verify:add_arguments"),
            Ref("puzzleviz.solvers.setgame.verify:run"),
            outputs=("json",),
        ),
    ),
)
