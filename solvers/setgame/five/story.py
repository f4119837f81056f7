"""The proof of `solve set --prove K`, told as a trace a class can step through.

The search itself is hundreds of millions of nodes; what a class follows is its argument,
one step per idea, on the real board of 3^n cards:
- the counting argument (why one slice holds m of the cards);
- per slice class, a milestone: its representative laid out in the slice x1 = 0, and how
  many parts its symmetries leave;
- per part, one step: the two cards it fixes in the slice x1 = 1 (what they exclude greyed
  as the search greys it, the cards the symmetry rules out marked as pruned) and, as its
  caption, what closed it: the cards already breaking a rule, the hyperplane sums at its
  root, or a search of so many nodes, so many of them cut by the hyperplane sums;
- the finished proof as the last milestone, with the figures.
The story is built from the parts' results (the log), not by searching again, so a
certificate read back tells the same story.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.model import REASON_SYMMETRY, SetGameModel

if TYPE_CHECKING:
    from puzzleviz.solvers.setgame.five.proof import Proof
    from puzzleviz.solvers.split.parts import PartResult
    from puzzleviz.solvers.tracer import Tracer


def tell(proof: Proof, tracer: Tracer, witness: Sequence[int] = ()) -> None:
    """Record the proof's story on `tracer` (see the module docstring); `witness`, a cap
    of one card fewer than the target, ends it: the most there can be."""
    from puzzleviz.solvers.setgame.five.extension import part_setup
    from puzzleviz.solvers.setgame.five.proof import branch_of, slice_classes
    from puzzleviz.solvers.setgame.geometry import affine_space

    board = Board(SetGameModel(3, proof.n), tracer)
    sub = affine_space(proof.n - 1)
    space = board.space
    argument: str | None = _counting(proof)  # said with the first step
    parts = {p.key: p for p in proof.parts}
    classes = slice_classes(proof.job)
    block = 3 ** (proof.n - 1)
    nodes = 0
    for m, number, rep in classes:
        branch = branch_of(proof.job, m, number)
        of_size = sum(1 for c in classes if c[0] == m)
        caption = msg("Slice class {number} of {classes} with {m} cards: its {symmetries} "
                      "symmetries leave {parts} parts to search", number=number,
                      classes=of_size, m=m, symmetries=branch.stabilizer,
                      parts=branch.parts)  # fmt: skip
        tracer.step(msg("{argument}. {slice}", argument=argument, slice=caption)
                    if argument else caption)  # fmt: skip
        argument = None
        for card in rep:
            board.place(card)
        tracer.milestone("slice", caption)  # reached with the slice laid out
        for index in range(1, branch.parts + 1):
            part = parts[(m, number, index)]
            nodes += part.nodes
            fixed = [int(c) for c in part.data["fixed"]]
            tracer.step(_closing(part, proof.target, [space.word(c) for c in fixed],
                                 len(branch.orbits[index - 1]), branch.parts))  # fmt: skip
            tracer.count(nodes=nodes)
            level = board.level
            for card in fixed:
                if board.can_place(card):
                    board.place(card)
            # the cards next to them at a difference an earlier part took care of
            offsets = part_setup(branch, index - 1).sym_off
            board.prune(sorted({block + int(sub.add[c - block, v]) for c in fixed
                                for v in offsets}), REASON_SYMMETRY)  # fmt: skip
            tracer.step(msg("Take the part's cards back"))
            board.take_back_to(level)
        tracer.step(msg("Take the slice back"))
        board.take_back_to(0)
    if proof.holds:
        proven = argument or msg(
            "No {target} cards without a SET: {classes} classes of slices, {parts} parts, "
            "{nodes} nodes, none of them extends", target=proof.target, classes=len(classes),
            parts=len(proof.parts), nodes=proof.nodes,
        )  # fmt: skip
        if len(witness) == proof.target - 1:
            board.show(list(witness), msg("{proven}. So {size} is the most: here are {size} "
                                          "cards without a SET", proven=proven,
                                          size=len(witness)))  # fmt: skip
        elif witness:
            board.show(list(witness), msg("{proven}. The most found: here are {size} cards "
                                          "without a SET", proven=proven,
                                          size=len(witness)))  # fmt: skip
        tracer.milestone("proven", proven)
    elif proof.caps:
        board.show(proof.caps[0], msg("{target} cards without a SET exist: here is one of "
                                      "those the parts found", target=proof.target))  # fmt: skip
        tracer.milestone("solution", msg("a cap of {size} cards", size=proof.target))


def _counting(proof: Proof) -> str:
    """The counting argument: which slices a cap of the target would have."""
    sizes = sorted(s.m for s in proof.slices())
    if not sizes:
        return msg("Counting cards and pairs over the hyperplanes rules out {target} cards "
                   "without a SET at once", target=proof.target)  # fmt: skip
    if len(sizes) == 1:
        return msg("Counting cards and pairs over the hyperplanes: {target} cards without a SET "
                   "would put {m} of them in one hyperplane. Call it the slice whose first "
                   "property is 0", target=proof.target, m=sizes[0])  # fmt: skip
    return msg("Counting cards and pairs over the hyperplanes: {target} cards without a SET "
               "would put {least} to {most} of them in one hyperplane. Call it the slice whose "
               "first property is 0", target=proof.target, least=sizes[0],
               most=sizes[-1])  # fmt: skip


def _closing(part: PartResult, target: int, cards: list[str], vectors: int, parts: int) -> str:
    """The caption of one part: its cards, and what closed it."""
    if part.data.get("solutions"):
        closed = msg("{nodes} nodes searched, and a cap of {target} cards found",
                     nodes=part.nodes, target=target)  # fmt: skip
    elif part.nodes == 0:
        closed = msg("these cards already break a rule")
    elif part.nodes == 1 and part.data.get("pruned_by_bound"):
        closed = msg("closed at once, the hyperplane sums cannot reach {target}", target=target)
    elif part.nodes == 1:
        closed = msg("closed at once, too few cards are left for {target}", target=target)
    else:
        closed = msg(
            "{nodes} nodes searched, {cuts} of them cut by the hyperplane sums, the rest by "
            "the cards left; none reaches {target}",
            nodes=part.nodes, cuts=int(part.data.get("pruned_by_bound", 0)), target=target,
        )  # fmt: skip
    return msg(
        "Part {part} of {parts}: {first} and {second} in the slice whose first property is 1 "
        "(their difference stands for {vectors} alike by symmetry): {closed}",
        part=part.key[2], parts=parts, first=cards[0], second=cards[1], vectors=vectors,
        closed=closed,
    )  # fmt: skip
