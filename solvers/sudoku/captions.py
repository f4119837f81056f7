"""One line per step, in words a teacher can read aloud, with the seed's cell names.

Eliminations are grouped by digit ("remove 2 from D5 and G5; 8 from E5"); chains are
written with '=' for a strong link and '-' for a weak one, as on the sudoku forums.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable

from puzzleviz.solvers.i18n import N_, clauses, msg, nmsg, render, words
from puzzleviz.solvers.sudoku.geometry import Names, mask_digits
from puzzleviz.solvers.sudoku.roles import (
    ALS_NODE_CODE,
    CELL_ALS,
    CELL_CONFLICT,
    CELL_PATTERN,
    CELL_PIVOT,
    LINK_STRONG,
    ROLE_FIN,
    ROLE_ON,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.steps import Guess, Step
from puzzleviz.solvers.sudoku.techniques import (
    GROUPS,
    SPECIAL_STEPS,
    T_BACKTRACK,
    T_CONTRADICTION,
    T_REFUTED,
    TECHNIQUES,
)

SIZE_WORD = {2: "pair", 3: "triple", 4: "quad"}


def removals(step: Step, names: Names) -> str:
    """'remove 2 from D5 and G5; 8 from E5', as a message (solvers.i18n)."""
    by_digit: dict[int, list[int]] = defaultdict(list)
    for cell, digit in step.eliminations:
        by_digit[digit].append(cell)
    parts = [
        msg("{digit} from {cells}", digit=d, cells=words([names.cell(c) for c in by_digit[d]]))
        for d in sorted(by_digit)
    ]
    return msg("remove {what}", what=clauses(parts))


_HOUSES = {  # Names.house's words, by kind and by how the house is named
    ("row", True): N_("row {name}"),
    ("column", True): N_("column {name}"),
    ("column", False): N_("column {letter}"),
    ("box", True): N_("box {name}"),
    ("box", False): N_("box {corners}"),
}


def _house(names: Names, house: int) -> str:
    """names.house as a message: 'row 3', 'column F', 'box G1I3' in the reader's words."""
    kind, name = names.house(house).split(" ", 1)
    template = _HOUSES[(kind, name.isdigit())]
    return msg(template, name=name, letter=name, corners=name)


def _houses(names: Names, houses: Iterable[int]) -> str:
    return words([_house(names, h) for h in houses])


def house_words(names: Names, houses: Iterable[int]) -> str:
    """'row 3 and box G1I3' as a message: the houses a hint points at."""
    return _houses(names, houses)


def _or_words(mask: int) -> str:
    """'2, 5 or 7' as a message."""
    digits = [str(d) for d in mask_digits(mask)]
    if len(digits) <= 1:
        return "".join(digits)
    return msg("{first} or {second}", first=_commas(digits[:-1]), second=digits[-1])


def _commas(items: list[str]) -> str:
    """'2, 5, 7' (no 'and'): the front of a list that ends with 'or'."""
    if len(items) <= 1:
        return "".join(items)
    return msg("{first}, {rest}", first=items[0], rest=_commas(items[1:]))


def _digits_braced(mask: int) -> str:
    return "{" + ", ".join(str(d) for d in mask_digits(mask)) + "}"


def _pattern_cells(step: Step, names: Names, digit: int | None = None) -> str:
    cells = [
        c for c, d, r in step.candidates if r == ROLE_PATTERN and (digit is None or d == digit)
    ]
    return names.cells(dict.fromkeys(cells))


_ASSUMING: dict[tuple[tuple[Guess, ...], int, str], str] = {}


def _assuming(step: Step, names: Names) -> str:
    key = (step.assumptions, names.b, names.style)
    text = _ASSUMING.get(key)
    if text is None:
        if len(_ASSUMING) > 10_000:
            _ASSUMING.clear()
        guesses = ", ".join(f"{names.cell(c)}={d}" for c, d in step.assumptions)
        text = _ASSUMING[key] = guesses
    return text


def caption(step: Step, names: Names) -> str:
    """The step in English words (what the JSON, the hint and the tests read)."""
    return render(caption_message(step, names), "en")


def caption_message(step: Step, names: Names) -> str:
    """The step as a message (solvers.i18n): what a trace stores, so it reads in any
    language."""
    text = _caption(step, names)
    if step.technique in (T_BACKTRACK, T_REFUTED) or not step.assumptions:
        return text
    return msg("(assuming {guesses}) {step}", guesses=_assuming(step, names), step=text)


def _caption(step: Step, names: Names) -> str:
    """The step's own words, made by its technique's entry in CAPTIONS."""
    return CAPTIONS[step.name](step, names)


def _title(step: Step) -> str:
    return TECHNIQUES[step.technique].title


def _bit_houses(names: Names, first: int, mask: int) -> list[int]:
    """The houses first, first+1, ... whose bit is set in `mask` (a fish's base or cover
    lines: rows from 0, columns from n)."""
    return [first + j for j in range(names.n) if mask >> j & 1]


def _fish_lines(names: Names, orient: int, bases: int, covers: int) -> tuple[str, str]:
    """A basic fish's base and cover lines in words (orientation 0: rows are the base)."""
    base0, cover0 = (0, names.n) if orient == 0 else (names.n, 0)
    return (
        _houses(names, _bit_houses(names, base0, bases)),
        _houses(names, _bit_houses(names, cover0, covers)),
    )


def _naked_single(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    if i[2] >= 0:
        return msg("Full House: {cell} is the last empty cell of {house}, so it is {digit}",
                   cell=cell(i[0]), house=_house(names, i[2]), digit=i[1])  # fmt: skip
    return msg("Naked Single: {cell} can only be {digit}", cell=cell(i[0]), digit=i[1])


def _hidden_single(step: Step, names: Names) -> str:
    i = step.info
    return msg("Hidden Single: in {house}, {digit} fits only in {cell}",
               house=_house(names, i[2]), digit=i[1], cell=names.cell(i[0]))  # fmt: skip


def _intersection(step: Step, names: Names) -> str:
    """Pointing and Box-Line Reduction, pairs and triples."""
    i = step.info
    digit, base, cover, count = i[0], _house(names, i[1]), _house(names, i[2]), i[3]
    kind = "Pointing" if step.name.startswith("pointing") else "Box-Line Reduction"
    return msg("{kind} {size}: in {base}, {digit} lies only in {cover} ({where}), so {digit} "
               "goes from the rest of {cover}: {removals}", kind=kind,
               size=SIZE_WORD.get(count, "triple").title(), base=base, digit=digit,
               cover=cover, where=_pattern_cells(step, names),
               removals=removals(step, names))  # fmt: skip


def _naked_subset(step: Step, names: Names) -> str:
    i = step.info
    mask, home, second = i[1], i[2], i[3]
    houses = [home] + ([second] if second >= 0 else [])
    return msg("{title} {digits} in {cells} ({houses}): no other cell there can hold these "
               "digits, {removals}", title=_title(step), digits=_digits_braced(mask),
               cells=names.cells(c for c, _ in step.cells), houses=_houses(names, houses),
               removals=removals(step, names))  # fmt: skip


def _hidden_subset(step: Step, names: Names) -> str:
    i = step.info
    k, mask, home = i[0], i[1], i[2]
    return msg("{title} {digits} in {house}: these {k} digits fit only in {cells}, so those "
               "cells hold nothing else: {removals}", title=_title(step),
               digits=_digits_braced(mask), house=_house(names, home), k=k,
               cells=names.cells(c for c, _ in step.cells),
               removals=removals(step, names))  # fmt: skip


def _basic_fish(step: Step, names: Names) -> str:
    """X-Wing, Swordfish, Jellyfish (info: k, digit, orientation, base mask, cover mask)."""
    i = step.info
    digit = i[1]
    bases, covers = _fish_lines(names, i[2], i[3], i[4])
    return msg("{title} on {digit}: in {bases}, {digit} lies only in {covers}, so {digit} "
               "goes from the rest of {covers}: {removals}", title=_title(step), digit=digit,
               bases=bases, covers=covers, removals=removals(step, names))  # fmt: skip


def _finned_fish(step: Step, names: Names) -> str:
    """Finned X-Wing, Swordfish, Jellyfish (info: as a basic fish's, then the fins' box)."""
    i = step.info
    digit, box = i[1], i[5]
    bases, covers = _fish_lines(names, i[2], i[3], i[4])
    fins = [c for c, d, r in step.candidates if r == ROLE_FIN]
    return nmsg("{title} on {digit}: in {bases}, {digit} lies only in {covers} or on the fin "
                "{fins} in {box}; either way it goes from the cells of the cover lines in "
                "that box: {removals}",
                "{title} on {digit}: in {bases}, {digit} lies only in {covers} or on the "
                "fins {fins} in {box}; either way it goes from the cells of the cover lines "
                "in that box: {removals}", len(fins), title=_title(step), digit=digit,
                bases=bases, covers=covers, fins=names.cells(fins),
                box=_house(names, 2 * names.n + box),
                removals=removals(step, names))  # fmt: skip


def _y_wing(step: Step, names: Names) -> str:
    return _wing(step, names, N_(
        "{title}: pivot {pivot} {pivot_digits} with pincers {p1} {p1_digits} and {p2} "
        "{p2_digits}: one pincer is {z}, so {z} goes from every cell that sees both pincers: "
        "{removals}"))  # fmt: skip


def _xyz_wing(step: Step, names: Names) -> str:
    return _wing(step, names, N_(
        "{title}: pivot {pivot} {pivot_digits} with pincers {p1} {p1_digits} and {p2} "
        "{p2_digits}: one of the three is {z}, so {z} goes from every cell that sees all "
        "three: {removals}"))  # fmt: skip


def _wing(step: Step, names: Names, template: str) -> str:
    """Y-Wing and XYZ-Wing (info: pivot, pincer, pincer, z), in the words of `template`."""
    i, cell = step.info, names.cell
    pivot, p1, p2, z = i[0], i[1], i[2], i[3]
    cand = _cell_masks(step)
    return msg(template, title=_title(step), pivot=cell(pivot),
               pivot_digits=_digits_braced(cand[pivot]), p1=cell(p1),
               p1_digits=_digits_braced(cand[p1]), p2=cell(p2),
               p2_digits=_digits_braced(cand[p2]), z=z,
               removals=removals(step, names))  # fmt: skip


def _w_wing(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    a, b, x, z, home, u, v = i[0], i[1], i[2], i[3], i[4], i[5], i[6]
    return msg("W-Wing: {a} and {b} hold only {pair}; in {house}, {x} fits only in {u} and "
               "{v}, which see them, so one of {a}, {b} is {z}: {removals}", a=cell(a),
               b=cell(b), pair=f"{{{min(x, z)}, {max(x, z)}}}", house=_house(names, home),
               x=x, u=cell(u), v=cell(v), z=z, removals=removals(step, names))  # fmt: skip


def _unique_rectangle_1(step: Step, names: Names) -> str:
    i = step.info
    corners, target, a, b = i[0:3], i[3], i[4], i[5]
    return msg("Unique Rectangle Type 1: {corners} hold only {pair}; if {target} were {a} or "
               "{b} too, the puzzle would have two solutions, so {removals}",
               corners=names.cells(corners), pair=f"{{{a}, {b}}}", target=names.cell(target),
               a=a, b=b, removals=removals(step, names))  # fmt: skip


def _unique_rectangle_2(step: Step, names: Names) -> str:
    i = step.info
    floor, roof, a, b, c = i[0:2], i[2:4], i[4], i[5], i[6]
    return msg("Unique Rectangle Type 2: {floor} hold only {pair} and {roof} hold {a}, {b} "
               "and {c}; without {c} in one of them the puzzle would have two solutions, so "
               "{c} goes from every cell that sees both: {removals}",
               floor=names.cells(floor), pair=f"{{{a}, {b}}}", roof=names.cells(roof), a=a,
               b=b, c=c, removals=removals(step, names))  # fmt: skip


def _unique_rectangle_4(step: Step, names: Names) -> str:
    i = step.info
    floor, roof, a, b, home = i[0:2], i[2:4], i[4], i[5], i[6]
    return msg("Unique Rectangle Type 4: {floor} hold only {pair}; in {house}, {a} fits "
               "only in {roof}, so one of them is {a} and neither may be {b} (two solutions "
               "otherwise): {removals}", floor=names.cells(floor),
               pair=f"{{{min(a, b)}, {max(a, b)}}}", house=_house(names, home), a=a,
               roof=names.cells(roof), b=b, removals=removals(step, names))  # fmt: skip


def _bug_plus_1(step: Step, names: Names) -> str:
    i = step.info
    return msg("BUG+1: every empty cell has two candidates except {cell}; without {digit} "
               "there the grid would have several solutions, so {cell} is {digit}",
               cell=names.cell(i[0]), digit=i[1])  # fmt: skip


def _simple_colouring(step: Step, names: Names) -> str:
    i = step.info
    digit, kind, size = i[0], i[1], i[2]
    if kind == 1:
        return msg("Simple Colouring on {digit} ({size} cells linked in two colours): two "
                   "cells of one colour see each other, so that colour is false: {removals}",
                   digit=digit, size=size, removals=removals(step, names))  # fmt: skip
    return msg("Simple Colouring on {digit} ({size} cells linked in two colours, one colour "
               "is true): these cells see both colours, {removals}", digit=digit, size=size,
               removals=removals(step, names))  # fmt: skip


def _x_chain(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    digit, start, end, links = i[0], i[1], i[2], i[3]
    kind = _short_x_chain_name(step, names.n)
    values: dict[str, object] = dict(digit=digit, links=links,
                                     chain=_x_chain_text(step, names), start=cell(start),
                                     end=cell(end), removals=removals(step, names),
                                     name=kind.removeprefix(", a "))  # fmt: skip
    if kind:
        return msg("X-Chain on {digit} ({links} links, a {name}): {chain}: either {start} or "
                   "{end} is {digit}, so {removals}", **values)  # fmt: skip
    return msg("X-Chain on {digit} ({links} links): {chain}: either {start} or {end} is "
               "{digit}, so {removals}", **values)  # fmt: skip


def _xy_chain(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    z, start, end, length = i[0], i[1], i[2], i[3]
    return msg("XY-Chain ({length} cells): {chain}: either {start} or {end} is {z}, so "
               "{removals}", length=length, chain=_xy_chain_text(step, names),
               start=cell(start), end=cell(end), z=z,
               removals=removals(step, names))  # fmt: skip


def _aic(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    s, ds, e, de, links = i[0], i[1], i[2], i[3], i[4]
    return msg("AIC ({links} links): {chain}: either {start} is {start_digit} or {end} is "
               "{end_digit}, so {removals}", links=links, chain=_aic_text(step, names),
               start=cell(s), start_digit=ds, end=cell(e), end_digit=de,
               removals=removals(step, names))  # fmt: skip


def _single_digit_chain(step: Step, names: Names) -> str:
    """Skyscraper, 2-String Kite, Turbot Fish (info: digit, start, end)."""
    i, cell = step.info, names.cell
    digit, start, end = i[0], i[1], i[2]
    return msg("{title} on {digit}: ({digit}){chain}: either {start} or {end} is {digit}, so "
               "{removals}", title=_title(step), digit=digit,
               chain=_x_chain_text(step, names), start=cell(start), end=cell(end),
               removals=removals(step, names))  # fmt: skip


def _empty_rectangle(step: Step, names: Names) -> str:
    i, cell, n = step.info, names.cell, names.n
    digit, q, target, line, box, corner = i[0], i[1], i[2], i[3], i[6], i[7]
    p = step.candidates[1][0]
    row, col = _house(names, corner // n), _house(names, n + corner % n)
    through = row if target // n == corner // n else col
    return msg("Empty Rectangle on {digit}: in {box}, {digit} lies only in {row} and {col}; "
               "in {line} it is {q} or {p}, and if it is {p} the box's {digit} is in "
               "{through}; {target} sees {q} and that part of {through}: ({digit}){chain}, "
               "so {removals}", digit=digit, box=_house(names, 2 * n + box), row=row,
               col=col, line=_house(names, line), q=cell(q), p=cell(p), through=through,
               target=cell(target), chain=_x_chain_text(step, names),
               removals=removals(step, names))  # fmt: skip


def _als_xz(step: Step, names: Names) -> str:
    i = step.info
    x, z, size_a = i[0], i[1], i[2]
    als_cells = [c for c, _r in step.cells]
    a_cells, b_cells = als_cells[:size_a], als_cells[size_a:]
    return msg("ALS-XZ: {a} hold only {a_digits} and {b} only {b_digits} (each one digit "
               "more than cells); every {x} of one sees every {x} of the other, so at most "
               "one holds {x}, and the other is locked without it: {chain}, {z} is in one of "
               "them, so {removals}", a=names.cells(a_cells), a_digits=_digits_braced(i[4]),
               b=names.cells(b_cells), b_digits=_digits_braced(i[5]), x=x, z=z,
               chain=f"({z}={x})A-({x}={z})B", removals=removals(step, names))  # fmt: skip


def _als_xy_wing(step: Step, names: Names) -> str:
    i = step.info
    x, z, na, nc, y = i[0], i[1], i[2], i[4], i[5]
    als_cells = [c for c, _r in step.cells]
    a_cells, c_cells, b_cells = als_cells[:na], als_cells[na : na + nc], als_cells[na + nc :]
    masks = _cell_masks(step)

    def held(cells: list[int]) -> str:
        union = 0
        for c in cells:
            union |= masks.get(c, 0)
        return _digits_braced(union)

    return msg("ALS-XY-Wing: A = {a} {a_digits}, pivot C = {c} {c_digits}, B = {b} "
               "{b_digits} (each one digit more than cells); {x} ties A to C and {y} ties C "
               "to B (every one of each sees every one of the other): {chain}, so {z} is in "
               "A or B: {removals}", a=names.cells(a_cells), a_digits=held(a_cells),
               c=names.cells(c_cells), c_digits=held(c_cells), b=names.cells(b_cells),
               b_digits=held(b_cells), x=x, y=y, z=z,
               chain=f"({z}={x})A-({x}={y})C-({y}={z})B",
               removals=removals(step, names))  # fmt: skip


def _sue_de_coq(step: Step, names: Names) -> str:
    i = step.info
    bx, line, v, dl, db, kc, kl = i[0], i[1], i[2], i[3], i[4], i[5], i[6]
    cells = [c for c, _r in step.cells]
    c_cells, l_cells, b_cells = cells[:kc], cells[kc : kc + kl], cells[kc + kl :]
    return msg("Sue de Coq: {cells} (where {box} meets {line}) hold {digits}; with "
               "{line_cells} {line_digits} in the line and {box_cells} {box_digits} in the "
               "box they are as many cells as digits, each digit once: {removals}",
               cells=names.cells(c_cells), box=_house(names, 2 * names.n + bx),
               line=_house(names, line), digits=_digits_braced(v),
               line_cells=names.cells(l_cells), line_digits=_digits_braced(dl),
               box_cells=names.cells(b_cells), box_digits=_digits_braced(db),
               removals=removals(step, names))  # fmt: skip


def _death_blossom(step: Step, names: Names) -> str:
    i = step.info
    stem, z, k = i[0], i[1], i[2]
    petal_cells = [c for c, r in step.cells if r != CELL_PIVOT]
    stem_digits = sorted(d for c, d, _r in step.candidates if c == stem)
    parts, start = [], 0
    for j, d in enumerate(stem_digits[:k]):
        cells = petal_cells[start : start + i[3 + j]]
        start += i[3 + j]
        parts.append(msg("if {digit}, {z} is in {cells}", digit=d, z=z,
                         cells=names.cells(cells)))  # fmt: skip
    return msg("Death Blossom: stem {stem} {digits}; each of its digits takes that digit "
               "from a petal (almost locked set) that is then locked with {z}: {petals}. "
               "Either way {z} is in a petal, so {removals}", stem=names.cell(stem),
               digits="{" + ", ".join(map(str, stem_digits)) + "}", z=z,
               petals=clauses(parts), removals=removals(step, names))  # fmt: skip


def _guess(step: Step, names: Names) -> str:
    i = step.info
    cell, digit, mask = i[0], i[1], i[2]
    return msg("Guess: no technique applies, so try {digit} in {cell} (it could be {could}); "
               "if this leads to a contradiction we come back", digit=digit,
               cell=names.cell(cell), could=_or_words(mask))  # fmt: skip


# -- issue 21: Unique Rectangle types 3, 5, 6, Hidden and Avoidable Rectangles, BUG+n ------
# (solvers.sudoku.kernels.rectangles: info layouts in its docstrings)
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


def _unique_rectangle_3(step: Step, names: Names) -> str:
    i, cells = step.info, names.cells
    floor, roof, a, b, home, digits = i[0:2], i[2:4], i[4], i[5], i[6], i[7]
    subset = [c for c, r in step.cells if r == CELL_PATTERN and c not in i[0:4]]
    return msg("Unique Rectangle Type 3: {floor} hold only {pair}, so one of {roof} holds a "
               "digit other than {a} and {b} (two solutions otherwise); with {subset} that "
               "makes a naked subset {digits} in {house}: {removals}", floor=cells(floor),
               pair=f"{{{a}, {b}}}", roof=cells(roof), a=a, b=b, subset=cells(subset),
               digits=_digits_braced(digits), house=_house(names, home),
               removals=removals(step, names))  # fmt: skip


def _unique_rectangle_5(step: Step, names: Names) -> str:
    i, cells = step.info, names.cells
    nb = 4 - i[7]
    pattern, extra, a, b, c = i[0:nb], i[nb:4], i[4], i[5], i[6]
    # one bivalue corner (three hold c) or two (diagonal): "holds" or "hold"
    return nmsg("Unique Rectangle Type 5: {pattern} holds only {pair} and {extra} hold {a}, "
                "{b} and {c}; without {c} in one of them the puzzle would have two "
                "solutions, so {c} goes from every cell that sees them all: {removals}",
                "Unique Rectangle Type 5: {pattern} hold only {pair} and {extra} hold {a}, "
                "{b} and {c}; without {c} in one of them the puzzle would have two "
                "solutions, so {c} goes from every cell that sees them all: {removals}",
                nb, pattern=cells(pattern), pair=f"{{{a}, {b}}}", extra=cells(extra), a=a,
                b=b, c=c, removals=removals(step, names))  # fmt: skip


def _unique_rectangle_6(step: Step, names: Names) -> str:
    i, cells = step.info, names.cells
    floor, roof, a, b = i[0:2], i[2:4], i[4], i[5]
    return msg("Unique Rectangle Type 6: {floor} hold only {pair}; in {first} and {second}, "
               "{a} fits only in the rectangle, so it lies on one of its diagonals; on "
               "{roof} it would leave {b} on both of {floor} (two solutions), so {removals}",
               floor=cells(floor), pair=f"{{{min(a, b)}, {max(a, b)}}}",
               first=_house(names, i[6]), second=_house(names, i[7]), a=a, roof=cells(roof),
               b=b, removals=removals(step, names))  # fmt: skip


def _hidden_rectangle(step: Step, names: Names) -> str:
    i, cell = step.info, names.cell
    p, x, row_mate, col_mate, a, b = i[0], i[1], i[2], i[3], i[4], i[5]
    return msg("Hidden Rectangle: {p} holds only {pair}; in {first} and {second}, {a} fits "
               "only in the rectangle, so if {x} were {b}, {row_mate} and {col_mate} would "
               "be {a} and {p} {b} (two solutions): {removals}", p=cell(p),
               pair=f"{{{min(a, b)}, {max(a, b)}}}", first=_house(names, i[6]),
               second=_house(names, i[7]), a=a, x=cell(x), b=b, row_mate=cell(row_mate),
               col_mate=cell(col_mate), removals=removals(step, names))  # fmt: skip


def _avoidable_rectangle(step: Step, names: Names) -> str:
    i, cells = step.info, names.cells
    p, q, kind, c = i[4], i[5], i[6], i[7]
    solved = [x for x in i[0:4] if any(y == x and r == CELL_PATTERN for y, r in step.cells)]
    empty = [x for x in i[0:4] if x not in solved]
    if kind == 1:
        return msg("Avoidable Rectangle Type 1: {solved} were solved (none is a given) with "
                   "{p} and {q} crosswise; {digit} in {empty} would complete a rectangle "
                   "whose {p} and {q} could be swapped (two solutions), so {removals}",
                   solved=cells(solved), p=p, q=q,
                   digit=step.eliminations[0][1], empty=names.cell(empty[0]),
                   removals=removals(step, names))  # fmt: skip
    return msg("Avoidable Rectangle Type 2: {solved} were solved (neither is a given) with "
               "{p} and {q}; {empty} would complete the swappable rectangle unless one of "
               "them is {c}, so {c} goes from every cell that sees both: {removals}",
               solved=cells(solved), p=p, q=q, empty=cells(empty), c=c,
               removals=removals(step, names))  # fmt: skip


def _bug_plus_n(step: Step, names: Names) -> str:
    extras = [(c, d) for c, d, r in step.candidates if r == ROLE_ON]
    listed = words([msg("{digit} in {cell}", digit=d, cell=names.cell(c)) for c, d in extras])
    return msg("BUG+{n}: without {listed}, every empty cell would hold two candidates and every "
               "digit two places in each house (a pattern with no solution or several), so one "
               "of them is true and what sees them all is false: {removals}", n=step.info[0],
               listed=listed, removals=removals(step, names))  # fmt: skip


# -- steps that are not techniques: inside a guessed branch ---------------------------------
def _guess_text(step: Step, names: Names) -> str:
    """The guess a special step is about: the last one in force, 'B3=5'."""
    guess = step.assumptions[-1] if step.assumptions else None
    return f"{names.cell(guess[0])}={guess[1]}" if guess else msg("the guess")


def _contradiction(step: Step, names: Names) -> str:
    i = step.info
    if i[0] == 0:
        return msg("Contradiction: {cell} has no candidate left, so the guess {guess} was "
                   "wrong", cell=names.cell(i[1]), guess=_guess_text(step, names))  # fmt: skip
    return msg("Contradiction: {digit} has no place left in {house}, so the guess {guess} "
               "was wrong", digit=i[2], house=_house(names, i[1]),
               guess=_guess_text(step, names))  # fmt: skip


def _backtrack(step: Step, names: Names) -> str:
    return msg("Backtrack: undo the guess {guess} and every step that followed it",
               guess=_guess_text(step, names))  # fmt: skip


def _refuted(step: Step, names: Names) -> str:
    cell, digit = step.eliminations[0]
    return msg("Guess refuted: {cell}={digit} led to a contradiction, so {digit} goes from "
               "{cell}", cell=names.cell(cell), digit=digit)  # fmt: skip


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


def _ands(items: list[str]) -> str:
    """'a and b and c' (a branch's paths), as a message."""
    if len(items) == 1:
        return items[0]
    return msg("{first} and {second}", first=items[0], second=_ands(items[1:]))


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
            return words(paths) if len(paths) <= 2 else _ands(paths)
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
    0: N_("contradiction"),
    1: N_("verity"),
    2: N_("cell"),
    3: N_("house"),
}


def _forcing_text(step: Step, names: Names) -> str:
    i = step.info
    kind, concl_cell, concl_digit, placed, links = i[0], i[3], i[4], i[5], i[6]
    title = TECHNIQUES[step.technique].title
    said = N_("{cell} is {digit}") if placed else N_("{cell} is not {digit}")
    conclusion = msg(said, cell=names.cell(concl_cell), digit=concl_digit)
    branches = [_branch_text(step, names, k) for k in range(len(step.branches))]
    if kind == 0:
        premise, on = step.branches[0][0], step.branches[0][1]
        end = msg("a contradiction")
        if any(r == CELL_CONFLICT for _c, r in step.cells):
            cell = next(c for c, r in step.cells if r == CELL_CONFLICT)
            end = msg("{cell} with no candidate", cell=names.cell(cell))
        elif step.houses:
            digit = step.candidates[-1][1] if step.candidates else msg("a digit")
            end = msg("no place for {digit} in {house}", digit=digit,
                      house=_house(names, step.houses[0][0]))  # fmt: skip
        return msg("{title} (contradiction, {links} links): if {premise}: {branch}: {end}, so "
                   "{conclusion}", title=title, links=links, premise=_fact(names, premise, on),
                   branch=branches[0], end=end, conclusion=conclusion)  # fmt: skip
    if kind == 1:
        where = msg("{cell} is {digit} or not", cell=names.cell(i[1]), digit=i[2])
    elif kind == 2:
        digits = sum(1 << (premise % names.n) for premise, *_rest in step.branches)
        where = msg("{cell} holds one of {digits}", cell=names.cell(i[1]),
                    digits=_digits_braced(digits))  # fmt: skip
    else:
        where = msg("{digit} goes somewhere in {house}", digit=i[2], house=_house(names, i[1]))
    cases = clauses([msg("[{branch}]", branch=b) for b in branches])
    return msg("{title} ({kind}, {links} links): {where}, and every case leads to {conclusion}: "
               "{cases}", title=title, kind=msg(FORCING_KINDS[kind]), links=links, where=where,
               conclusion=conclusion, cases=cases)  # fmt: skip


FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _kraken_text(step: Step, names: Names) -> str:
    """'Kraken Fish: a finned Swordfish on 5 in rows .. / columns .. with fins ..; either
    the fish holds or a fin is true, and each fin leads to the target losing the digit'."""
    i = step.info
    k, digit, target = i[0], i[1], i[5]
    bases, covers = _fish_lines(names, i[2], i[3], i[4])
    fins = [c for c, _d, r in step.candidates[: step.branches[0][3]] if r == ROLE_FIN]
    cases = clauses([msg("[{branch}]", branch=_branch_text(step, names, b))
                     for b in range(len(step.branches))])  # fmt: skip
    where = names.cell(target)
    return nmsg("Kraken Fish: a finned {fish} on {digit}: in {bases}, {digit} lies only in "
                "{covers} or on the fin {fins}. If no fin holds {digit}, the fish keeps {digit} "
                "out of {where}; each fin holding it leads to {where} without {digit} too "
                "({links} links): {cases}, so {removals}",
                "Kraken Fish: a finned {fish} on {digit}: in {bases}, {digit} lies only in "
                "{covers} or on the fins {fins}. If no fin holds {digit}, the fish keeps "
                "{digit} out of {where}; each fin holding it leads to {where} without {digit} "
                "too ({links} links): {cases}, so {removals}", len(fins),
                fish=FISH_NAMES.get(k, "fish"), digit=digit, bases=bases, covers=covers,
                fins=names.cells(fins), where=where, links=i[6], cases=cases,
                removals=removals(step, names))  # fmt: skip


# -- issue 21: Franken and Mutant fish, templates ------------------------------------------
def _complex_fish_text(step: Step, names: Names) -> str:
    """'Franken Fish (Swordfish) on 5: base row 1, row 4 and box 7, cover ...' with the fins
    (solvers.sudoku.kernels.complex_fish: info k, digit, base mask, cover mask)."""
    i = step.info
    k, digit, base_mask, cover_mask = i[0], i[1], i[2], i[3]
    bases = [h for h in range(3 * names.n) if base_mask >> h & 1]
    covers = [h for h in range(3 * names.n) if cover_mask >> h & 1]
    fins = [c for c, _d, r in step.candidates if r == ROLE_FIN]
    args = {"title": TECHNIQUES[step.technique].title, "fish": FISH_NAMES.get(k, "fish"),
            "digit": digit, "bases": _houses(names, bases), "covers": _houses(names, covers),
            "removals": removals(step, names)}  # fmt: skip
    if not fins:
        return msg("{title} ({fish}) on {digit}: each of {bases} holds {digit} once, in "
                   "different houses of {covers}, so those houses hold no other {digit}: "
                   "{removals}", **args)  # fmt: skip
    return nmsg("{title} ({fish}) on {digit}: each of {bases} holds {digit} once, in different "
                "houses of {covers}, unless the fin {fins} is {digit}; either way {digit} goes "
                "from the cover cells outside the base that see the fin: {removals}",
                "{title} ({fish}) on {digit}: each of {bases} holds {digit} once, in different "
                "houses of {covers}, unless a fin ({fins}) is {digit}; either way {digit} goes "
                "from the cover cells outside the base that see every fin: {removals}",
                len(fins), fins=names.cells(fins), **args)  # fmt: skip


def _template_text(step: Step, names: Names) -> str:
    """Template Set / Delete (solvers.sudoku.kernels.templates: info digit, templates)."""
    digit, count = step.info[0], step.info[1]
    if step.name == "template_set":
        cells = names.cells(c for c, _d in step.placements)
        return nmsg("Template Set: {count} way is left to place {digit} once in every row, "
                    "column and box on its candidates, and it uses {cells}: {digit} goes there",
                    "Template Set: {count} ways are left to place {digit} once in every row, "
                    "column and box on its candidates, and every one uses {cells}: {digit} goes "
                    "there", count, count=count, digit=digit, cells=cells)  # fmt: skip
    return nmsg("Template Delete: {count} way is left to place {digit} once in every row, "
                "column and box on its candidates, and it leaves out {cells}: {removals}",
                "Template Delete: {count} ways are left to place {digit} once in every row, "
                "column and box on its candidates, and none uses {cells}: {removals}", count,
                count=count, digit=digit, cells=names.cells(c for c, _d in step.eliminations),
                removals=removals(step, names))  # fmt: skip


# -- issue 21: ALS chains, continuous nice loops, grouped AICs, AICs with ALS nodes --------
NODE_CHAIN_NAMES = frozenset({"als_chain", "continuous_nice_loop", "grouped_aic", "als_aic"})


def _cells_word(cells: list[int], names: Names) -> str:
    """Several cells as one node, the Eureka way: r2c56, r23c5 (r1c1 names), else the names
    run together: E2F2."""
    cells = sorted(cells)
    if len(cells) == 1:
        return names.cell(cells[0])
    n = names.n
    rows = sorted({c // n for c in cells})
    cols = sorted({c % n for c in cells})
    if names.style == "r1c1" and (len(rows) == 1 or len(cols) == 1):
        return f"r{''.join(str(r + 1) for r in rows)}c{''.join(str(c + 1) for c in cols)}"
    return "".join(names.cell(c) for c in cells)


def _als_sets(step: Step) -> list[list[int]]:
    """The cells of each ALS of a chain, in chain order (sizes from the step's info)."""
    i = step.info
    sizes = i[2 : 2 + i[1]] if TECHNIQUES[step.technique].name == "als_chain" else i[4 : 4 + i[3]]
    cells = [c for c, r in step.cells if r == CELL_ALS]
    sets, start = [], 0
    for size in sizes:
        sets.append(cells[start : start + size])
        start += size
    return sets


def chain_notation(step: Step, names: Names) -> str:
    """The chain of a node-chain step in Eureka notation: '=' strong, '-' weak, the digit in
    brackets where it changes; a group as its cells, (4)r2c56; an ALS entered on 4 and left
    on 7 as (4=7)r1c12, a bivalue cell the same way, (2=5)r1c1."""
    n = names.n
    ncand = n**3
    first_als = ncand + ALS_NODE_CODE
    sets = _als_sets(step)
    if not step.links:
        return ""
    seq = [step.links[0][0]] + [b for _a, b, _kind in step.links]
    kinds = [kind for _a, _b, kind in step.links]

    def cells(code: int) -> list[int]:
        if code >= first_als and (code - first_als) // 2 < len(sets):
            return sets[(code - first_als) // 2]
        return [c // n for c in step.node_candidates(code, ncand)]

    def digit(code: int) -> int:
        found = step.node_candidates(code, ncand)
        return found[0] % n + 1 if found else 0

    def paired(a: int, b: int) -> bool:
        if a >= first_als and b >= first_als:
            return (a - first_als) // 2 == (b - first_als) // 2
        return a < ncand and b < ncand and a // n == b // n

    parts: list[str] = []
    shown = -1
    k = 0
    while k < len(seq):
        if k:
            parts.append("=" if kinds[k - 1] == LINK_STRONG else "-")
        a = seq[k]
        if k + 1 < len(seq) and kinds[k] == LINK_STRONG and paired(a, seq[k + 1]):
            b = seq[k + 1]
            parts.append(f"({digit(a)}={digit(b)}){_cells_word(cells(a), names)}")
            shown = digit(b)
            k += 2
            continue
        d = digit(a)
        parts.append(("" if d == shown else f"({d})") + _cells_word(cells(a), names))
        shown = d
        k += 1
    return "".join(parts)


def _node_text(step: Step, names: Names, code: int) -> str:
    """One end of a chain: (4)r2c56."""
    n = names.n
    found = step.node_candidates(code, n**3)
    if not found:
        return ""
    return f"({found[0] % n + 1}){_cells_word([c // n for c in found], names)}"


def _node_chain_caption(step: Step, names: Names) -> str:
    i = step.info
    title = TECHNIQUES[step.technique].title
    rm = removals(step, names)
    chain = chain_notation(step, names)
    if TECHNIQUES[step.technique].name == "als_chain":
        return msg("ALS Chain ({count} sets): {chain}: each set holds one digit more than it has "
                   "cells, and shares with the next a digit whose every place in one sees every "
                   "place in the other. If the first set lacks {z} it is locked, so the next "
                   "lacks their shared digit and is locked, and so on: the last set holds {z}. "
                   "So {z} is in the first or the last set: {removals}", count=i[1], chain=chain,
                   z=i[0], removals=rm)  # fmt: skip
    if i[0] and i[3]:
        return msg("{title} ({links} links): {chain}: the chain closes into a loop, so each weak "
                   "link in it has exactly one true end, and each ALS in it misses exactly one "
                   "of its two chain digits (its other digits are locked in it): {removals}",
                   title=title, links=i[1], chain=chain, removals=rm)  # fmt: skip
    if i[0]:
        return msg("{title} ({links} links): {chain}: the chain closes into a loop, so each weak "
                   "link in it has exactly one true end: {removals}", title=title, links=i[1],
                   chain=chain, removals=rm)  # fmt: skip
    start = _node_text(step, names, step.links[0][0])
    end = _node_text(step, names, step.links[-1][1])
    return msg("{title} ({links} links): {chain}: if {start} is false, {end} is true, so one of "
               "them is true: {removals}", title=title, links=i[1], chain=chain, start=start,
               end=end, removals=rm)  # fmt: skip


Caption = Callable[[Step, Names], str]
"""How a step is put into words: the step and the name tables in, a message out."""

# Each technique's caption, keyed by its name (solvers.sudoku.techniques), and those of the
# steps that are not techniques (SPECIAL_STEPS). A new technique adds its entry here; a test
# checks that every technique has one.
CAPTIONS: dict[str, Caption] = {
    "naked_single": _naked_single,
    "hidden_single": _hidden_single,
    **dict.fromkeys(GROUPS["intersections"], _intersection),
    **dict.fromkeys(("naked_pair", "naked_triple", "naked_quad"), _naked_subset),
    **dict.fromkeys(("hidden_pair", "hidden_triple", "hidden_quad"), _hidden_subset),
    **dict.fromkeys(GROUPS["fish"], _basic_fish),
    **dict.fromkeys(GROUPS["finned_fish"], _finned_fish),
    "y_wing": _y_wing,
    "xyz_wing": _xyz_wing,
    "w_wing": _w_wing,
    "unique_rectangle_1": _unique_rectangle_1,
    "unique_rectangle_2": _unique_rectangle_2,
    "unique_rectangle_3": _unique_rectangle_3,
    "unique_rectangle_4": _unique_rectangle_4,
    "unique_rectangle_5": _unique_rectangle_5,
    "unique_rectangle_6": _unique_rectangle_6,
    "hidden_rectangle": _hidden_rectangle,
    "avoidable_rectangle": _avoidable_rectangle,
    "bug_plus_1": _bug_plus_1,
    "bug_plus_n": _bug_plus_n,
    "simple_colouring": _simple_colouring,
    "x_chain": _x_chain,
    "xy_chain": _xy_chain,
    "aic": _aic,
    **dict.fromkeys(("skyscraper", "two_string_kite", "turbot_fish"), _single_digit_chain),
    "empty_rectangle": _empty_rectangle,
    "als_xz": _als_xz,
    "als_xy_wing": _als_xy_wing,
    "sue_de_coq": _sue_de_coq,
    "death_blossom": _death_blossom,
    **dict.fromkeys(NODE_CHAIN_NAMES, _node_chain_caption),
    "kraken_fish": _kraken_text,
    **dict.fromkeys(("franken_fish", "mutant_fish"), _complex_fish_text),
    **dict.fromkeys(GROUPS["templates"], _template_text),
    **dict.fromkeys(GROUPS["forcing"], _forcing_text),
    "guess": _guess,
    SPECIAL_STEPS[T_CONTRADICTION]: _contradiction,
    SPECIAL_STEPS[T_BACKTRACK]: _backtrack,
    SPECIAL_STEPS[T_REFUTED]: _refuted,
}
