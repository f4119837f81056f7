"""Sudoku Explainer's weights: what each step of ours weighs on SE's scale.

SE rates a puzzle by its heaviest step; these are SE's own `getDifficulty()` values for the
rule that makes each of our techniques' deductions (rating.py says where they were read),
and SE's bonus for long chains. Below both users: the puzzle rating (rating.py) and SE's
walk (se/walk.py), which weighs the steps our finders take in SE's place.
"""

from __future__ import annotations

import dataclasses

from puzzleviz.solvers.sudoku.roles import HOUSE_BASE, LINK_STRONG, ROLE_FIN
from puzzleviz.solvers.sudoku.steps import Step

# Sudoku Explainer: technique -> (weight, chain kind). The chain kind says how the length
# bonus applies: "" none, "x" a forcing X-chain (6.6 + length), "y" a Y-chain (6.6 + length),
# "xy" a mixed forcing chain (7.0 + length), "auto" decided by the step's links (X-links only
# or Y-links only 6.6, both 7.0), "cycle" the same for a loop (6.5 or 7.0), "net" forcing
# chains and nets (rule weight + length).
SE: dict[str, tuple[float, str]] = {
    "naked_single": (2.3, ""),  # a full house is 1.0 (HiddenSingleHint isAlone)
    "hidden_single": (1.5, ""),  # in a box 1.2
    "pointing_pair": (2.6, ""),  # LockingHint
    "pointing_triple": (2.6, ""),
    "box_line_pair": (2.8, ""),  # "Claiming"
    "box_line_triple": (2.8, ""),
    "naked_pair": (3.0, ""),
    "naked_triple": (3.6, ""),
    "naked_quad": (5.0, ""),
    "hidden_pair": (3.4, ""),
    "hidden_triple": (4.0, ""),
    "hidden_quad": (5.4, ""),
    "x_wing": (3.2, ""),
    "swordfish": (3.8, ""),
    "jellyfish": (5.2, ""),
    "y_wing": (4.2, ""),  # XYWingHint
    "xyz_wing": (4.4, ""),
    "unique_rectangle_1": (4.5, ""),  # UniqueLoopHint 4.5, type 2 and 3 +0.1
    "unique_rectangle_2": (4.5, ""),  # UniqueLoopType2Hint: the base 4.5
    "unique_rectangle_3": (4.6, ""),
    "unique_rectangle_4": (4.5, ""),
    "unique_rectangle_5": (4.6, ""),  # nearest: type 2 over more cells
    "unique_rectangle_6": (4.5, ""),  # nearest: type 4's reasoning
    "hidden_rectangle": (4.5, ""),  # nearest: type 4's reasoning
    "avoidable_rectangle": (4.5, ""),  # nearest: a unique loop type 1
    "bug_plus_1": (5.6, ""),  # Bug1Hint
    "bug_plus_n": (5.7, ""),  # Bug2Hint / Bug4Hint
    "w_wing": (7.0, "xy"),  # nearest: a forcing chain with X- and Y-links
    "skyscraper": (6.6, "x"),  # SE's Turbot Fish, a forcing X-chain
    "two_string_kite": (6.6, "x"),
    "turbot_fish": (6.6, "x"),
    "empty_rectangle": (6.6, "x"),
    "simple_colouring": (6.6, ""),  # nearest: a forcing X-chain (trap) or X-cycle (wrap)
    "finned_x_wing": (6.6, ""),  # nearest: a forcing X-chain through the fin
    "finned_swordfish": (6.6, ""),
    "finned_jellyfish": (6.6, ""),
    "franken_fish": (6.6, ""),  # nearest: a forcing X-chain
    "mutant_fish": (6.6, ""),
    "x_chain": (6.6, "x"),
    "xy_chain": (7.0, "xy"),  # SE has no forcing Y-chain: its forcing chain with Y-links is 7.0
    "aic": (7.0, "auto"),
    "continuous_nice_loop": (6.5, "cycle"),  # BidirectionalCycleHint: 6.5, X and Y links 7.0
    "grouped_aic": (7.0, "xy"),
    "grouped_nice_loop": (7.0, "xy"),
    "sue_de_coq": (7.5, ""),  # nearest: an aligned triplet exclusion
    "als_xz": (8.0, "net"),  # nearest: cell forcing chains (multiple chains 8.0)
    "als_xy_wing": (8.0, "net"),
    "als_chain": (8.0, "net"),
    "als_aic": (8.0, "net"),  # nearest: cell forcing chains, as ALS-XZ
    "death_blossom": (8.0, "net"),
    "kraken_fish": (8.0, "net"),
    "template": (7.5, ""),  # nearest: Nishio, a digit tried everywhere to a contradiction
    "template_set": (7.5, ""),
    "template_delete": (7.5, ""),
    "forcing_chain": (8.0, "net"),  # Chaining: multiple chains
    "forcing_net": (8.5, "net"),  # Chaining: dynamic chains
}
NOT_RATED = {"guess"}  # SE never guesses: the rating becomes a lower bound


@dataclasses.dataclass(frozen=True)
class StepFacts:
    """What the ratings need of one step, whether it comes from the solver or from a trace."""

    name: str
    houses: tuple[tuple[int, int], ...] = ()  # (house, role)
    links: tuple[tuple[int, int, int], ...] = ()  # (candidate a, candidate b, kind)
    fins: bool = False

    @classmethod
    def of(cls, step: Step) -> StepFacts:
        fins = any(role == ROLE_FIN for _c, _d, role in step.candidates)
        return cls(step.name, tuple(step.houses), tuple(step.links), fins)


def length_bonus(nodes: int) -> float:
    """SE's ChainingHint.getLengthDifficulty for a chain of `nodes` potentials (its
    complexity minus 2): +0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32, ..."""
    added, ceil, odd = 0.0, 4, False
    while nodes > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


def is_box(house: int, n: int) -> bool:
    return house >= 2 * n


def se_weight(facts: StepFacts, n: int = 9) -> float | None:
    """The SE weight of one step; None for a guess (SE has none)."""
    if facts.name in NOT_RATED:
        return None
    base, chain = SE[facts.name]
    houses = [h for h, role in facts.houses if role == HOUSE_BASE]
    if facts.name == "naked_single" and houses:
        return 1.0  # a full house: "last value" in SE
    if facts.name == "hidden_single" and houses and is_box(houses[0], n):
        return 1.2
    if not chain:
        return base
    links = facts.links
    if chain in ("auto", "cycle") and links:
        strong = [(a, b) for a, b, kind in links if kind == LINK_STRONG]
        y_links = any(a // n == b // n for a, b in strong)
        x_links = any(a // n != b // n for a, b in strong)
        base = 7.0 if x_links and y_links else (6.6 if chain == "auto" else 6.5)
    # SE's complexity of a chain ending in an elimination counts its potentials plus the
    # target on and off: links + 3; the bonus is taken on that minus 2.
    nodes = len(links) + 1 if links else _DEFAULT_NODES.get(facts.name, 4)
    return round(base + length_bonus(nodes), 1)


_DEFAULT_NODES = {"w_wing": 6}  # a W-Wing as a chain: 5 links when none are recorded
