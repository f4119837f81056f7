"""The technique registry: every technique once, in a fixed order of difficulty.

The order is the order the solver tries them (always the easiest that applies, as a person
would), and also the rating scale: a puzzle's rating is the highest `rating` among the
techniques its solution path needed. Each technique can be switched on and off, like the
seed's switches; the seed's abbreviations (PT, NT, HT, NQ, HQ, BP, BT, XW, YW) are accepted.

Rating scale (puzzleviz, in the spirit of Sudoku Explainer's 1-10 scale):
    1.0-1.2  easy       singles only
    1.7-2.1  medium     pointing and box-line reduction
    2.3-3.5  hard       naked and hidden pairs, triples, quads
    3.6-4.8  expert     X-Wing, Swordfish, Skyscraper, 2-String Kite, Jellyfish, wings,
                        Empty Rectangle, Turbot Fish, unique rectangles (types 1-6), Hidden
                        and Avoidable Rectangles, BUG+1, BUG+n
    5.0-6.9  master     simple colouring, finned fish, Franken fish (5.35), Sue de Coq (5.4),
                        Mutant fish (5.45), X-chains, XY-chains, continuous nice loops (6.45),
                        AICs, grouped AICs and loops (6.55), ALS-XZ, ALS-XY-Wing (6.8), ALS
                        chains (6.85), Death Blossom (6.9), AICs with ALS nodes (6.95)
    7.0-9.0  extreme    templates (7.0, 7.05), Kraken fish (7.8), forcing chains (8.0) and
                        dynamic forcing nets (8.8): case analysis by implications, the last
                        tier before a guess
    10.0     guessing   logic stalled: the solution needed a guess with backtracking
"""

from __future__ import annotations

import dataclasses

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import N_


@dataclasses.dataclass(frozen=True)
class Technique:
    id: int
    name: str  # the registry key, used on the command line and in JSON
    title: str  # for captions: "Naked Triple"
    abbreviation: str  # the seed's style: "NT"
    rating: float
    needs_unique: bool = False  # valid only if the puzzle has exactly one solution


# (id, name, title, abbreviation, rating). Ids are stable (they are stored in traces and
# compiled into the kernels as constants): a new technique gets the next free id, and its
# place in the order of difficulty comes from its rating. A title is a msgid, so a translator
# decides: the catalogs keep the names the solving community uses (HoDoKu, Sudoku Explainer)
# in every language, and translate what is a plain word ("Guess").
_TABLE = [
    (0, "naked_single", N_("Naked Single"), "NS", 1.0),
    (1, "hidden_single", N_("Hidden Single"), "HS", 1.2),
    (2, "pointing_pair", N_("Pointing Pair"), "PP", 1.7),
    (3, "pointing_triple", N_("Pointing Triple"), "PT", 1.9),
    (4, "box_line_pair", N_("Box-Line Reduction Pair"), "BP", 2.0),
    (5, "box_line_triple", N_("Box-Line Reduction Triple"), "BT", 2.1),
    (6, "naked_pair", N_("Naked Pair"), "NP", 2.3),
    (7, "hidden_pair", N_("Hidden Pair"), "HP", 2.5),
    (8, "naked_triple", N_("Naked Triple"), "NT", 2.7),
    (9, "hidden_triple", N_("Hidden Triple"), "HT", 2.9),
    (10, "naked_quad", N_("Naked Quad"), "NQ", 3.3),
    (11, "hidden_quad", N_("Hidden Quad"), "HQ", 3.5),
    (12, "x_wing", N_("X-Wing"), "XW", 3.6),
    (13, "swordfish", N_("Swordfish"), "SF", 3.9),
    (32, "skyscraper", N_("Skyscraper"), "SKY", 4.0),
    (33, "two_string_kite", N_("2-String Kite"), "2SK", 4.1),
    (14, "jellyfish", N_("Jellyfish"), "JF", 4.2),
    (15, "y_wing", N_("Y-Wing"), "YW", 4.3),
    (35, "empty_rectangle", N_("Empty Rectangle"), "ER", 4.4),
    (16, "xyz_wing", N_("XYZ-Wing"), "XYZ", 4.5),
    (17, "w_wing", N_("W-Wing"), "WW", 4.6),
    (34, "turbot_fish", N_("Turbot Fish"), "TF", 4.6),
    (18, "unique_rectangle_1", N_("Unique Rectangle Type 1"), "UR1", 4.7),
    (28, "unique_rectangle_2", N_("Unique Rectangle Type 2"), "UR2", 4.7),
    (41, "unique_rectangle_3", N_("Unique Rectangle Type 3"), "UR3", 4.7),
    (29, "unique_rectangle_4", N_("Unique Rectangle Type 4"), "UR4", 4.7),
    (42, "unique_rectangle_5", N_("Unique Rectangle Type 5"), "UR5", 4.7),
    (43, "unique_rectangle_6", N_("Unique Rectangle Type 6"), "UR6", 4.7),
    (44, "hidden_rectangle", N_("Hidden Rectangle"), "HR", 4.7),
    (45, "avoidable_rectangle", N_("Avoidable Rectangle"), "AR", 4.7),
    (19, "bug_plus_1", N_("BUG+1"), "BUG", 4.8),
    (46, "bug_plus_n", N_("BUG+n"), "BUGN", 4.8),
    (20, "simple_colouring", N_("Simple Colouring"), "SC", 5.0),
    (25, "finned_x_wing", N_("Finned X-Wing"), "FXW", 5.1),
    (26, "finned_swordfish", N_("Finned Swordfish"), "FSF", 5.2),
    (27, "finned_jellyfish", N_("Finned Jellyfish"), "FJF", 5.3),
    (47, "franken_fish", N_("Franken Fish"), "FRF", 5.35),
    (40, "sue_de_coq", N_("Sue de Coq"), "SDC", 5.4),
    (48, "mutant_fish", N_("Mutant Fish"), "MUF", 5.45),
    (21, "x_chain", N_("X-Chain"), "XC", 5.5),
    (22, "xy_chain", N_("XY-Chain"), "XYC", 6.0),
    (50, "continuous_nice_loop", N_("Continuous Nice Loop"), "CNL", 6.45),
    (24, "aic", N_("Alternating Inference Chain"), "AIC", 6.5),
    (51, "grouped_aic", N_("Grouped AIC"), "GAIC", 6.55),
    (36, "als_xz", N_("ALS-XZ"), "ALS", 6.6),
    (38, "als_xy_wing", N_("ALS-XY-Wing"), "AXY", 6.8),
    (49, "als_chain", N_("ALS Chain"), "ALSC", 6.85),
    (39, "death_blossom", N_("Death Blossom"), "DB", 6.9),
    (52, "als_aic", N_("AIC with ALS nodes"), "ALSAIC", 6.95),
    (53, "template_set", N_("Template Set"), "TS", 7.0),
    (54, "template_delete", N_("Template Delete"), "TD", 7.05),
    (37, "kraken_fish", N_("Kraken Fish"), "KF", 7.8),
    (30, "forcing_chain", N_("Forcing Chain"), "FC", 8.0),
    (31, "forcing_net", N_("Forcing Net"), "FN", 8.8),
    (23, "guess", N_("Guess"), "G", 10.0),
]
UNIQUENESS = (
    "unique_rectangle_1",
    "unique_rectangle_2",
    "unique_rectangle_3",
    "unique_rectangle_4",
    "unique_rectangle_5",
    "unique_rectangle_6",
    "hidden_rectangle",
    "avoidable_rectangle",
    "bug_plus_1",
    "bug_plus_n",
)
NEEDS_UNIQUE = set(UNIQUENESS)

# Indexed by id: TECHNIQUES[step.technique]
TECHNIQUES: tuple[Technique, ...] = tuple(
    sorted(
        (
            Technique(i, name, title, abbr, rating, name in NEEDS_UNIQUE)
            for i, name, title, abbr, rating in _TABLE
        ),
        key=lambda t: t.id,
    )
)
# The fixed order of difficulty (the table's order): the order the solver tries them in.
ORDERED: tuple[Technique, ...] = tuple(TECHNIQUES[row[0]] for row in _TABLE)
BY_NAME = {t.name: t for t in TECHNIQUES}
T = {t.name: t.id for t in TECHNIQUES}

# Module-level ints so numba kernels can test technique ids as constants. The engine's
# dispatch relies on these runs of consecutive ids: pointing 2-3, box-line 4-5, subsets
# 6-11 (naked even, hidden odd), fish 12-14, finned fish 25-27.
T_NAKED_SINGLE = T["naked_single"]
T_HIDDEN_SINGLE = T["hidden_single"]
T_POINTING_PAIR = T["pointing_pair"]
T_POINTING_TRIPLE = T["pointing_triple"]
T_BOX_LINE_PAIR = T["box_line_pair"]
T_BOX_LINE_TRIPLE = T["box_line_triple"]
T_NAKED_PAIR = T["naked_pair"]
T_HIDDEN_PAIR = T["hidden_pair"]
T_NAKED_TRIPLE = T["naked_triple"]
T_HIDDEN_TRIPLE = T["hidden_triple"]
T_NAKED_QUAD = T["naked_quad"]
T_HIDDEN_QUAD = T["hidden_quad"]
T_X_WING = T["x_wing"]
T_SWORDFISH = T["swordfish"]
T_JELLYFISH = T["jellyfish"]
T_Y_WING = T["y_wing"]
T_XYZ_WING = T["xyz_wing"]
T_W_WING = T["w_wing"]
T_UNIQUE_RECTANGLE_1 = T["unique_rectangle_1"]
T_UNIQUE_RECTANGLE_2 = T["unique_rectangle_2"]
T_UNIQUE_RECTANGLE_4 = T["unique_rectangle_4"]
T_BUG_PLUS_1 = T["bug_plus_1"]
T_UNIQUE_RECTANGLE_3 = T["unique_rectangle_3"]
T_UNIQUE_RECTANGLE_5 = T["unique_rectangle_5"]
T_UNIQUE_RECTANGLE_6 = T["unique_rectangle_6"]
T_HIDDEN_RECTANGLE = T["hidden_rectangle"]
T_AVOIDABLE_RECTANGLE = T["avoidable_rectangle"]
T_BUG_PLUS_N = T["bug_plus_n"]
T_SIMPLE_COLOURING = T["simple_colouring"]
T_FINNED_X_WING = T["finned_x_wing"]
T_FINNED_SWORDFISH = T["finned_swordfish"]
T_FINNED_JELLYFISH = T["finned_jellyfish"]
T_X_CHAIN = T["x_chain"]
T_XY_CHAIN = T["xy_chain"]
T_AIC = T["aic"]
T_SKYSCRAPER = T["skyscraper"]  # skyscraper, kite, turbot: consecutive ids
T_TWO_STRING_KITE = T["two_string_kite"]
T_TURBOT_FISH = T["turbot_fish"]
T_EMPTY_RECTANGLE = T["empty_rectangle"]
T_ALS_XZ = T["als_xz"]
T_ALS_XY_WING = T["als_xy_wing"]
T_DEATH_BLOSSOM = T["death_blossom"]
T_ALS_CHAIN = T["als_chain"]
T_CONTINUOUS_NICE_LOOP = T["continuous_nice_loop"]
T_GROUPED_AIC = T["grouped_aic"]
T_ALS_AIC = T["als_aic"]
T_SUE_DE_COQ = T["sue_de_coq"]
T_KRAKEN_FISH = T["kraken_fish"]
T_FRANKEN_FISH = T["franken_fish"]
T_MUTANT_FISH = T["mutant_fish"]
T_TEMPLATE_SET = T["template_set"]
T_TEMPLATE_DELETE = T["template_delete"]
T_FORCING_CHAIN = T["forcing_chain"]
T_FORCING_NET = T["forcing_net"]
T_GUESS = T["guess"]
# Steps that are not techniques: a contradiction found in a guessed branch, undoing the
# branch, and the deduction "that guess was wrong".
T_CONTRADICTION = 100
T_BACKTRACK = 101
T_REFUTED = 102
SPECIAL_STEPS = {
    T_CONTRADICTION: "contradiction",
    T_BACKTRACK: "backtrack",
    T_REFUTED: "guess_refuted",
}

LOGIC = tuple(t for t in ORDERED if t.name != "guess")
GROUPS = {
    "singles": ("naked_single", "hidden_single"),
    "intersections": ("pointing_pair", "pointing_triple", "box_line_pair", "box_line_triple"),
    "subsets": (
        "naked_pair",
        "hidden_pair",
        "naked_triple",
        "hidden_triple",
        "naked_quad",
        "hidden_quad",
    ),
    "fish": ("x_wing", "swordfish", "jellyfish"),
    "finned_fish": ("finned_x_wing", "finned_swordfish", "finned_jellyfish"),
    "complex_fish": ("franken_fish", "mutant_fish", "kraken_fish"),
    "templates": ("template_set", "template_delete"),
    "wings": ("y_wing", "xyz_wing", "w_wing"),
    "uniqueness": UNIQUENESS,
    "chains": (
        "simple_colouring",
        "x_chain",
        "xy_chain",
        "continuous_nice_loop",
        "aic",
        "grouped_aic",
        "als_aic",
    ),
    "single_digit": ("skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle"),
    "als": ("als_xz", "als_xy_wing", "als_chain", "death_blossom", "als_aic"),
    "sue_de_coq": ("sue_de_coq",),
    "forcing": ("forcing_chain", "forcing_net"),
}
# The seed's technique set (parts 1 and 2 of the article series).
GROUPS["seed"] = (
    *GROUPS["singles"],
    "naked_pair",
    "hidden_pair",
    "pointing_pair",
    "pointing_triple",
    "naked_triple",
    "hidden_triple",
    "naked_quad",
    "hidden_quad",
    "box_line_pair",
    "box_line_triple",
    "x_wing",
    "y_wing",
)
ALIASES = {"xy_wing": "y_wing", "colouring": "simple_colouring"}
ALIASES |= {"simple_coloring": "simple_colouring", "coloring": "simple_colouring"}


def lookup(word: str) -> list[str]:
    """Technique names for one word: a name, an abbreviation, a group or 'all'."""
    key = word.strip().lower().replace("-", "_")
    if key == "all":
        return [t.name for t in ORDERED]
    if key in GROUPS:
        return list(GROUPS[key])
    key = ALIASES.get(key, key)
    if key in BY_NAME:
        return [key]
    for t in TECHNIQUES:
        if t.abbreviation.lower() == key:
            return [t.name]
    known = ", ".join(t.name for t in ORDERED)
    raise PuzzleInputError(
        f"unknown technique {word.strip()!r} (known: {known}; groups: all, {', '.join(GROUPS)})"
    )


def parse_selection(text: str | None) -> frozenset[str]:
    """'all', 'singles,x_wing', 'all,-x_chain', '-guess', 'NS,HS,PT' -> enabled names.

    A list that starts with a removal ('-x') starts from everything; otherwise from nothing.
    """
    if text is None or not text.strip():
        return frozenset(t.name for t in TECHNIQUES)
    words = [w for w in text.split(",") if w.strip()]
    enabled: set[str] = set()
    if words and words[0].strip().startswith("-"):
        enabled = {t.name for t in TECHNIQUES}
    for word in words:
        word = word.strip()
        if word.startswith("-"):
            enabled -= set(lookup(word[1:]))
        else:
            enabled |= set(lookup(word.lstrip("+")))
    return frozenset(enabled)
