"""One line per step, in words a teacher can read aloud, with the seed's cell names.

Eliminations are grouped by digit ("remove 2 from D5 and G5; 8 from E5"); chains are
written with '=' for a strong link and '-' for a weak one, as on the sudoku forums.
"""

from __future__ import annotations

from collections import defaultdict

from solvers.sudoku.geometry import Names, join_words, mask_digits
from solvers.sudoku.roles import (
    CELL_CONFLICT,
    CELL_PATTERN,
    CELL_PIVOT,
    ROLE_FIN,
    ROLE_ON,
    ROLE_PATTERN,
)
from solvers.sudoku.steps import Step
from solvers.sudoku.techniques import (
    SPECIAL_STEPS,
    T_BACKTRACK,
    T_CONTRADICTION,
    T_REFUTED,
    TECHNIQUES,
)

SIZE_WORD = {2: "pair", 3: "triple", 4: "quad"}


def removals(step: Step, names: Names) -> str:
    by_digit: dict[int, list[int]] = defaultdict(list)
    for cell, digit in step.eliminations:
        by_digit[digit].append(cell)
    parts = [
        f"{d} from {join_words([names.cell(c) for c in by_digit[d]])}" for d in sorted(by_digit)
    ]
    return "remove " + "; ".join(parts)


def _digits_braced(mask: int) -> str:
    return "{" + ", ".join(str(d) for d in mask_digits(mask)) + "}"


def _pattern_cells(step: Step, names: Names, digit: int | None = None) -> str:
    cells = [
        c for c, d, r in step.candidates if r == ROLE_PATTERN and (digit is None or d == digit)
    ]
    return names.cells(dict.fromkeys(cells))


_ASSUMING: dict[tuple, str] = {}


def _assuming(step: Step, names: Names) -> str:
    key = (step.assumptions, names.b, names.style)
    text = _ASSUMING.get(key)
    if text is None:
        if len(_ASSUMING) > 10_000:
            _ASSUMING.clear()
        guesses = ", ".join(f"{names.cell(c)}={d}" for c, d in step.assumptions)
        text = _ASSUMING[key] = f"(assuming {guesses}) "
    return text


def caption(step: Step, names: Names) -> str:
    text = _caption(step, names)
    if step.technique in (T_BACKTRACK, T_REFUTED) or not step.assumptions:
        return text
    return _assuming(step, names) + text


def _caption(step: Step, names: Names) -> str:
    t = step.technique
    i = step.info
    if t in SPECIAL_STEPS:
        return _special(step, names)
    name = TECHNIQUES[t].name
    title = TECHNIQUES[t].title
    cell = names.cell
    if name in RECTANGLE_NAMES:
        return _rectangle_text(step, names)
    if name == "naked_single":
        if i[2] >= 0:
            return (
                f"Full House: {cell(i[0])} is the last empty cell of {names.house(i[2])}, "
                f"so it is {i[1]}"
            )
        return f"Naked Single: {cell(i[0])} can only be {i[1]}"
    if name == "hidden_single":
        return f"Hidden Single: in {names.house(i[2])}, {i[1]} fits only in {cell(i[0])}"
    if name.startswith(("pointing", "box_line")):
        digit, base, cover, count = i[0], names.house(i[1]), names.house(i[2]), i[3]
        kind = "Pointing" if name.startswith("pointing") else "Box-Line Reduction"
        where = _pattern_cells(step, names)
        return (
            f"{kind} {SIZE_WORD.get(count, 'triple').title()}: in {base}, {digit} lies only in "
            f"{cover} ({where}), so {digit} goes from the rest of {cover}: {removals(step, names)}"
        )
    if name.startswith("naked_") and name != "naked_single":
        k, mask, house, second = i[0], i[1], i[2], i[3]
        houses = [house] + ([second] if second >= 0 else [])
        cells = names.cells(c for c, _ in step.cells)
        return (
            f"{title} {_digits_braced(mask)} in {cells} ({names.houses(houses)}): no other cell "
            f"there can hold these digits, {removals(step, names)}"
        )
    if name.startswith("hidden_"):
        k, mask, house = i[0], i[1], i[2]
        cells = names.cells(c for c, _ in step.cells)
        return (
            f"{title} {_digits_braced(mask)} in {names.house(house)}: these {k} digits fit only "
            f"in {cells}, so those cells hold nothing else: {removals(step, names)}"
        )
    if name in ("x_wing", "swordfish", "jellyfish"):
        k, digit, orient, bases, covers = i[0], i[1], i[2], i[3], i[4]
        base0, cover0 = (0, names.n) if orient == 0 else (names.n, 0)
        base_houses = [base0 + j for j in range(names.n) if bases >> j & 1]
        cover_houses = [cover0 + j for j in range(names.n) if covers >> j & 1]
        return (
            f"{title} on {digit}: in {names.houses(base_houses)}, {digit} lies only in "
            f"{names.houses(cover_houses)}, so {digit} goes from the rest of "
            f"{names.houses(cover_houses)}: {removals(step, names)}"
        )
    if name.startswith("finned_"):
        k, digit, orient, bases, covers, box = i[0], i[1], i[2], i[3], i[4], i[5]
        base0, cover0 = (0, names.n) if orient == 0 else (names.n, 0)
        base_houses = [base0 + j for j in range(names.n) if bases >> j & 1]
        cover_houses = [cover0 + j for j in range(names.n) if covers >> j & 1]
        fins = [c for c, d, r in step.candidates if r == ROLE_FIN]
        return (
            f"{title} on {digit}: in {names.houses(base_houses)}, {digit} lies only in "
            f"{names.houses(cover_houses)} or on the fin{'s' if len(fins) > 1 else ''} "
            f"{names.cells(fins)} in {names.house(2 * names.n + box)}; either way it goes from "
            f"the cells of the cover lines in that box: {removals(step, names)}"
        )
    if name in ("y_wing", "xyz_wing"):
        pivot, p1, p2, z = i[0], i[1], i[2], i[3]
        cand = _cell_masks(step)
        seen = "both pincers" if name == "y_wing" else "all three"
        who = "one pincer" if name == "y_wing" else "one of the three"
        return (
            f"{title}: pivot {cell(pivot)} {_digits_braced(cand[pivot])} with pincers "
            f"{cell(p1)} {_digits_braced(cand[p1])} and {cell(p2)} {_digits_braced(cand[p2])}: "
            f"{who} is {z}, so {z} goes from every cell that sees {seen}: "
            f"{removals(step, names)}"
        )
    if name == "w_wing":
        a, b, x, z, house, u, v = i[0], i[1], i[2], i[3], i[4], i[5], i[6]
        return (
            f"W-Wing: {cell(a)} and {cell(b)} hold only {{{min(x, z)}, {max(x, z)}}}; in "
            f"{names.house(house)}, {x} fits only in {cell(u)} and {cell(v)}, which see them, so "
            f"one of {cell(a)}, {cell(b)} is {z}: {removals(step, names)}"
        )
    if name == "unique_rectangle_1":
        corners, target, a, b = i[0:3], i[3], i[4], i[5]
        return (
            f"Unique Rectangle Type 1: {names.cells(corners)} hold only {{{a}, {b}}}; if "
            f"{cell(target)} were {a} or {b} too, the puzzle would have two solutions, so "
            f"{removals(step, names)}"
        )
    if name == "unique_rectangle_2":
        floor, roof, a, b, c = i[0:2], i[2:4], i[4], i[5], i[6]
        return (
            f"Unique Rectangle Type 2: {names.cells(floor)} hold only {{{a}, {b}}} and "
            f"{names.cells(roof)} hold {a}, {b} and {c}; without {c} in one of them the "
            f"puzzle would have two solutions, so {c} goes from every cell that sees both: "
            f"{removals(step, names)}"
        )
    if name == "unique_rectangle_4":
        floor, roof, a, b, house = i[0:2], i[2:4], i[4], i[5], i[6]
        return (
            f"Unique Rectangle Type 4: {names.cells(floor)} hold only {{{min(a, b)}, "
            f"{max(a, b)}}}; in {names.house(house)}, {a} fits only in {names.cells(roof)}, "
            f"so one of them is {a} and neither may be {b} (two solutions otherwise): "
            f"{removals(step, names)}"
        )
    if name == "bug_plus_1":
        return (
            f"BUG+1: every empty cell has two candidates except {cell(i[0])}; without {i[1]} "
            f"there the grid would have several solutions, so {cell(i[0])} is {i[1]}"
        )
    if name == "simple_colouring":
        digit, kind, size = i[0], i[1], i[2]
        if kind == 1:
            return (
                f"Simple Colouring on {digit} ({size} cells linked in two colours): two cells "
                f"of one colour see each other, so that colour is false: {removals(step, names)}"
            )
        return (
            f"Simple Colouring on {digit} ({size} cells linked in two colours, one colour is "
            f"true): these cells see both colours, {removals(step, names)}"
        )
    if name == "x_chain":
        digit, start, end, links = i[0], i[1], i[2], i[3]
        kind = _short_x_chain_name(step, names.n)
        return (
            f"X-Chain on {digit} ({links} links{kind}): {_x_chain_text(step, names)}: either "
            f"{cell(start)} or {cell(end)} is {digit}, so {removals(step, names)}"
        )
    if name == "xy_chain":
        z, start, end, length = i[0], i[1], i[2], i[3]
        return (
            f"XY-Chain ({length} cells): {_xy_chain_text(step, names)}: either {cell(start)} "
            f"or {cell(end)} is {z}, so {removals(step, names)}"
        )
    if name == "aic":
        s, ds, e, de, links = i[0], i[1], i[2], i[3], i[4]
        return (
            f"AIC ({links} links): {_aic_text(step, names)}: either {cell(s)} is {ds} or "
            f"{cell(e)} is {de}, so {removals(step, names)}"
        )
    if name in ("skyscraper", "two_string_kite", "turbot_fish"):
        digit, start, end = i[0], i[1], i[2]
        return (
            f"{title} on {digit}: ({digit}){_x_chain_text(step, names)}: either "
            f"{cell(start)} or {cell(end)} is {digit}, so {removals(step, names)}"
        )
    if name == "empty_rectangle":
        digit, q, target, line, box, corner = i[0], i[1], i[2], i[3], i[6], i[7]
        p = step.candidates[1][0]
        box_name = names.house(2 * names.n + box)
        row, col = names.house(corner // names.n), names.house(names.n + corner % names.n)
        through = row if target // names.n == corner // names.n else col
        return (
            f"Empty Rectangle on {digit}: in {box_name}, {digit} lies only in {row} and "
            f"{col}; in {names.house(line)} it is {cell(q)} or {cell(p)}, and if it is "
            f"{cell(p)} the box's {digit} is in {through}; {cell(target)} sees {cell(q)} "
            f"and that part of {through}: ({digit}){_x_chain_text(step, names)}, so "
            f"{removals(step, names)}"
        )
    if name == "als_xz":
        x, z, size_a = i[0], i[1], i[2]
        als_cells = [c for c, _r in step.cells]
        a_cells, b_cells = als_cells[:size_a], als_cells[size_a:]
        return (
            f"ALS-XZ: {names.cells(a_cells)} hold only {_digits_braced(i[4])} and "
            f"{names.cells(b_cells)} only {_digits_braced(i[5])} (each one digit more than "
            f"cells); every {x} of one sees every {x} of the other, so at most one holds "
            f"{x}, and the other is locked without it: ({z}={x})A-({x}={z})B, {z} is in one "
            f"of them, so {removals(step, names)}"
        )
    if name == "als_xy_wing":
        x, z, na, nc, y = i[0], i[1], i[2], i[4], i[5]
        als_cells = [c for c, _r in step.cells]
        a_cells, c_cells, b_cells = als_cells[:na], als_cells[na : na + nc], als_cells[na + nc :]
        masks = _cell_masks(step)

        def held(cells: list[int]) -> str:
            union = 0
            for c in cells:
                union |= masks.get(c, 0)
            return _digits_braced(union)

        return (
            f"ALS-XY-Wing: A = {names.cells(a_cells)} {held(a_cells)}, pivot C = "
            f"{names.cells(c_cells)} {held(c_cells)}, B = {names.cells(b_cells)} "
            f"{held(b_cells)} (each one digit more than cells); {x} ties A to C and {y} ties C "
            f"to B (every one of each sees every one of the other): ({z}={x})A-({x}={y})C-"
            f"({y}={z})B, so {z} is in A or B: {removals(step, names)}"
        )
    if name == "sue_de_coq":
        bx, line, v, dl, db, kc, kl = i[0], i[1], i[2], i[3], i[4], i[5], i[6]
        cells = [c for c, _r in step.cells]
        c_cells, l_cells, b_cells = cells[:kc], cells[kc : kc + kl], cells[kc + kl :]
        return (
            f"Sue de Coq: {names.cells(c_cells)} (where {names.house(2 * names.n + bx)} meets "
            f"{names.house(line)}) hold {_digits_braced(v)}; with {names.cells(l_cells)} "
            f"{_digits_braced(dl)} in the line and {names.cells(b_cells)} {_digits_braced(db)} "
            f"in the box they are as many cells as digits, each digit once: "
            f"{removals(step, names)}"
        )
    if name == "death_blossom":
        stem, z, k = i[0], i[1], i[2]
        petal_cells = [c for c, r in step.cells if r != CELL_PIVOT]
        stem_digits = sorted(d for c, d, _r in step.candidates if c == stem)
        parts, start = [], 0
        for j, d in enumerate(stem_digits[:k]):
            cells = petal_cells[start : start + i[3 + j]]
            start += i[3 + j]
            parts.append(f"if {d}, {z} is in {names.cells(cells)}")
        return (
            f"Death Blossom: stem {names.cell(stem)} {{{', '.join(map(str, stem_digits))}}}; "
            f"each of its digits takes that digit from a petal (almost locked set) that is "
            f"then locked with {z}: {'; '.join(parts)}. Either way {z} is in a petal, so "
            f"{removals(step, names)}"
        )
    if name == "kraken_fish":
        return _kraken_text(step, names)
    if name in ("forcing_chain", "forcing_net"):
        return _forcing_text(step, names)
    if name == "guess":
        cell_, digit, mask = i[0], i[1], i[2]
        return (
            f"Guess: no technique applies, so try {digit} in {cell(cell_)} (it could be "
            f"{_or_words(mask)}); if this leads to a "
            "contradiction we come back"
        )
    return title


# -- issue 21: Unique Rectangle types 3, 5, 6, Hidden and Avoidable Rectangles, BUG+n ------
RECTANGLE_NAMES = frozenset(
    {
        "unique_rectangle_3",
        "unique_rectangle_5",
        "unique_rectangle_6",
        "hidden_rectangle",
        "avoidable_rectangle",
        "bug_plus_n",
    }
)


def _rectangle_text(step: Step, names: Names) -> str:
    """The captions of solvers.sudoku.kernels.rectangles (info layouts in its docstrings),
    one whole sentence per technique."""
    name = TECHNIQUES[step.technique].name
    i = step.info
    cell, cells = names.cell, names.cells
    if name == "unique_rectangle_3":
        floor, roof, a, b, house, digits = i[0:2], i[2:4], i[4], i[5], i[6], i[7]
        subset = [c for c, r in step.cells if r == CELL_PATTERN and c not in i[0:4]]
        return (
            f"Unique Rectangle Type 3: {cells(floor)} hold only {{{a}, {b}}}, so one of "
            f"{cells(roof)} holds a digit other than {a} and {b} (two solutions otherwise); "
            f"with {cells(subset)} that makes a naked subset {_digits_braced(digits)} in "
            f"{names.house(house)}: {removals(step, names)}"
        )
    if name == "unique_rectangle_5":
        nb = 4 - i[7]
        pattern, extra, a, b, c = i[0:nb], i[nb:4], i[4], i[5], i[6]
        return (
            f"Unique Rectangle Type 5: {cells(pattern)} hold only {{{a}, {b}}} and "
            f"{cells(extra)} hold {a}, {b} and {c}; without {c} in one of them the puzzle "
            f"would have two solutions, so {c} goes from every cell that sees them all: "
            f"{removals(step, names)}"
        )
    if name == "unique_rectangle_6":
        floor, roof, a, b = i[0:2], i[2:4], i[4], i[5]
        return (
            f"Unique Rectangle Type 6: {cells(floor)} hold only {{{min(a, b)}, {max(a, b)}}}; "
            f"in {names.house(i[6])} and {names.house(i[7])}, {a} fits only in the "
            f"rectangle, so it lies on one of its diagonals; on {cells(roof)} it would leave "
            f"{b} on both of {cells(floor)} (two solutions), so {removals(step, names)}"
        )
    if name == "hidden_rectangle":
        p, x, row_mate, col_mate, a, b = i[0], i[1], i[2], i[3], i[4], i[5]
        return (
            f"Hidden Rectangle: {cell(p)} holds only {{{min(a, b)}, {max(a, b)}}}; in "
            f"{names.house(i[6])} and {names.house(i[7])}, {a} fits only in the rectangle, so "
            f"if {cell(x)} were {b}, {cell(row_mate)} and {cell(col_mate)} would be {a} and "
            f"{cell(p)} {b} (two solutions): {removals(step, names)}"
        )
    if name == "avoidable_rectangle":
        p, q, kind, c = i[4], i[5], i[6], i[7]
        solved = [x for x in i[0:4] if any(y == x and r == CELL_PATTERN for y, r in step.cells)]
        empty = [x for x in i[0:4] if x not in solved]
        if kind == 1:
            return (
                f"Avoidable Rectangle Type 1: {cells(solved)} were solved (none is a given) "
                f"with {p} and {q} crosswise; {step.eliminations[0][1]} in "
                f"{cell(empty[0])} would complete a rectangle whose {p} and {q} could be "
                f"swapped (two solutions), so {removals(step, names)}"
            )
        return (
            f"Avoidable Rectangle Type 2: {cells(solved)} were solved (neither is a given) "
            f"with {p} and {q}; {cells(empty)} would complete the swappable rectangle "
            f"unless one of them is {c}, so {c} goes from every cell that sees both: "
            f"{removals(step, names)}"
        )
    extras = [(c, d) for c, d, r in step.candidates if r == ROLE_ON]
    listed = join_words([f"{d} in {cell(c)}" for c, d in extras])
    return (
        f"BUG+{i[0]}: without {listed}, every empty cell would hold two candidates and "
        f"every digit two places in each house (a pattern with no solution or several), "
        f"so one of them is true and what sees them all is false: {removals(step, names)}"
    )


def _special(step: Step, names: Names) -> str:
    t, i = step.technique, step.info
    guess = step.assumptions[-1] if step.assumptions else None
    guess_text = f"{names.cell(guess[0])}={guess[1]}" if guess else "the guess"
    if t == T_CONTRADICTION:
        if i[0] == 0:
            what = f"{names.cell(i[1])} has no candidate left"
        else:
            what = f"{i[2]} has no place left in {names.house(i[1])}"
        return f"Contradiction: {what}, so the guess {guess_text} was wrong"
    if t == T_BACKTRACK:
        return f"Backtrack: undo the guess {guess_text} and every step that followed it"
    if t == T_REFUTED:
        cell, digit = step.eliminations[0]
        return (
            f"Guess refuted: {names.cell(cell)}={digit} led to a contradiction, so "
            f"{digit} goes from {names.cell(cell)}"
        )
    return ""


def _cell_masks(step: Step) -> dict[int, int]:
    masks: dict[int, int] = defaultdict(int)
    for c, d, _r in step.candidates:
        masks[c] |= 1 << (d - 1)
    return masks


def _x_chain_text(step: Step, names: Names) -> str:
    """A1=A7-F7=F2; a group node is written as its cells: B4=(B5,B6)."""
    n = names.n
    ncand = n**3
    if not step.links:
        return ""

    def where(code: int) -> str:
        cells = [c // n for c in step.node_candidates(code, ncand)]
        return names.cell(cells[0]) if len(cells) == 1 else f"({names.cells(cells)})"

    parts = [where(step.links[0][0])]
    for _a, b, kind in step.links:
        parts.append(("=" if kind == 1 else "-") + where(b))
    return "".join(parts)


def _xy_chain_text(step: Step, names: Names) -> str:
    """(2=5)A1 - (5=7)B3 - (7=2)F9"""
    n = names.n
    parts = []
    for a, b, kind in step.links:
        if kind == 1:
            parts.append(f"({a % n + 1}={b % n + 1}){names.cell(a // n)}")
    return " - ".join(parts)


def _or_words(mask: int) -> str:
    words = [str(d) for d in mask_digits(mask)]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def _aic_text(step: Step, names: Names) -> str:
    """(5)A1=(5)A7-(3)A7=(3)C9: '=' strong, '-' weak."""
    n = names.n
    if not step.links:
        return ""
    a = step.links[0][0]
    parts = [f"({a % n + 1}){names.cell(a // n)}"]
    for _a, b, kind in step.links:
        parts.append(("=" if kind == 1 else "-") + f"({b % n + 1}){names.cell(b // n)}")
    return "".join(parts)


def _short_x_chain_name(step: Step, n: int) -> str:
    """Three-link X-chains have names of their own (HoDoKu's): ", a Skyscraper" etc."""
    if len(step.links) != 3:
        return ""

    def line(a: int, b: int) -> str:
        (ra, ca), (rb, cb) = divmod(a // n, n), divmod(b // n, n)
        return "row" if ra == rb else "column" if ca == cb else "box"

    first, last = line(*step.links[0][:2]), line(*step.links[2][:2])
    if first == last and first != "box":
        return ", a Skyscraper"
    if {first, last} == {"row", "column"}:
        return ", a 2-String Kite"
    return ", a Turbot Fish"


def _fact(names: Names, candidate: int, on: int) -> str:
    """'r1c5=7' (is 7) or 'r1c5<>7' (is not 7), HoDoKu's notation for forcing chains."""
    n = names.n
    return f"{names.cell(candidate // n)}{'=' if on else '<>'}{candidate % n + 1}"


def _branch_span(step: Step, k: int) -> tuple[int, int, int, int]:
    """Links first..last and nodes first..last of branch k."""
    _premise, _on, first_link, first_node = step.branches[k]
    if k + 1 < len(step.branches):
        return first_link, step.branches[k + 1][2], first_node, step.branches[k + 1][3]
    return first_link, len(step.links), first_node, len(step.candidates)


def _node(names: Names, candidate: int) -> str:
    return f"({candidate % names.n + 1}){names.cell(candidate // names.n)}"


def _branch_text(step: Step, names: Names, k: int) -> str:
    """One branch. A chain (one parent per fact) is written as its paths from the premise,
    in the forum notation: (6)r6c2-(6)r6c6=(7)r6c6 ('-': so the next is false, '=': so the
    next is true). A net lists its facts, each after the ones it needs."""
    premise, on, _first, _node0 = step.branches[k]
    link_lo, link_hi, node_lo, node_hi = _branch_span(step, k)
    links = step.links[link_lo:link_hi]
    parents: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for a, b, kind in links:
        parents[b].append((a, kind))
    if all(len(p) == 1 for p in parents.values()):
        used = {a for a, _b, _kind in links}
        leaves = [b for _a, b, _kind in links if b not in used]
        paths = []
        for leaf in dict.fromkeys(leaves):
            path = [leaf]
            kinds = []
            while path[-1] in parents and len(path) <= len(links):
                a, kind = parents[path[-1]][0]
                kinds.append(kind)
                path.append(a)
            path.reverse()
            kinds.reverse()
            text = _node(names, path[0])
            for node, kind in zip(path[1:], kinds, strict=True):
                text += ("=" if kind == 1 else "-") + _node(names, node)
            paths.append(text)
        if paths:
            return " and ".join(paths)
    facts = [
        _fact(names, cell * names.n + digit - 1, role == ROLE_ON)
        for cell, digit, role in step.candidates[node_lo:node_hi]
    ]
    if not facts:
        facts = [_fact(names, premise, on)]
    if len(facts) > 10:
        facts = [*facts[:4], "...", *facts[-4:]]
    return " -> ".join(facts)


FORCING_KINDS = {
    0: "contradiction",
    1: "verity",
    2: "cell",
    3: "house",
}


def _forcing_text(step: Step, names: Names) -> str:
    i = step.info
    kind, concl_cell, concl_digit, placed, links = i[0], i[3], i[4], i[5], i[6]
    title = TECHNIQUES[step.technique].title
    conclusion = f"{names.cell(concl_cell)} {'is' if placed else 'is not'} {concl_digit}"
    branches = [_branch_text(step, names, k) for k in range(len(step.branches))]
    if kind == 0:
        premise, on = step.branches[0][0], step.branches[0][1]
        end = "a contradiction"
        if any(r == CELL_CONFLICT for _c, r in step.cells):
            cell = next(c for c, r in step.cells if r == CELL_CONFLICT)
            end = f"{names.cell(cell)} with no candidate"
        elif step.houses:
            digit = step.candidates[-1][1] if step.candidates else "a digit"
            end = f"no place for {digit} in {names.house(step.houses[0][0])}"
        return (
            f"{title} (contradiction, {links} links): if {_fact(names, premise, on)}: "
            f"{branches[0]}: {end}, so {conclusion}"
        )
    if kind == 1:
        where = f"{names.cell(i[1])} is {i[2]} or not"
    elif kind == 2:
        digits = sum(1 << (premise % names.n) for premise, *_rest in step.branches)
        where = f"{names.cell(i[1])} holds one of {_digits_braced(digits)}"
    else:
        where = f"{i[2]} goes somewhere in {names.house(i[1])}"
    cases = "; ".join(f"[{b}]" for b in branches)
    return (
        f"{title} ({FORCING_KINDS[kind]}, {links} links): {where}, and every case leads to "
        f"{conclusion}: {cases}"
    )


FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _kraken_text(step: Step, names: Names) -> str:
    """'Kraken Fish: a finned Swordfish on 5 in rows .. / columns .. with fins ..; either
    the fish holds or a fin is true, and each fin leads to the target losing the digit'."""
    i = step.info
    k, digit, orient, bases, covers, target = i[0], i[1], i[2], i[3], i[4], i[5]
    base0, cover0 = (0, names.n) if orient == 0 else (names.n, 0)
    base_houses = [base0 + j for j in range(names.n) if bases >> j & 1]
    cover_houses = [cover0 + j for j in range(names.n) if covers >> j & 1]
    fins = [c for c, _d, r in step.candidates[: step.branches[0][3]] if r == ROLE_FIN]
    cases = "; ".join(f"[{_branch_text(step, names, b)}]" for b in range(len(step.branches)))
    where = names.cell(target)
    return (
        f"Kraken Fish: a finned {FISH_NAMES.get(k, 'fish')} on {digit}: in "
        f"{names.houses(base_houses)}, {digit} lies only in {names.houses(cover_houses)} or "
        f"on the fin{'s' if len(fins) > 1 else ''} {names.cells(fins)}. If no fin holds "
        f"{digit}, the fish keeps {digit} out of {where}; each fin holding it leads to "
        f"{where} without {digit} too ({i[6]} links): {cases}, so {removals(step, names)}"
    )
