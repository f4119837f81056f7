"""Sudoku Explainer's rating, reproduced step by step (issue 35).

SE 1.2.1 rates a puzzle by solving it its own way: at every step it asks its rules in a
fixed order and applies the *first* hint found, and the rating is the heaviest hint
applied. Its order is not ours, and some of its rules have no counterpart in our solver
(the "direct" rules, which only count when they end in a hidden single), so the rating is
worked out here by walking SE's path: `board` is SE's grid (its regions in its order),
`rules` its simple rules as SE writes them, `walk` the loop that asks them in turn and
hands the harder steps (unique loops, BUG, chains) to our own technique finders, weighed
as SE weighs them.
"""
