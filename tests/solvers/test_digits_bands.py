"""The bottom-band table (bands.py): its rule, its entries checked by brute force on a small
puzzle, and the search with it finding the same packings in fewer nodes."""

from __future__ import annotations

import pytest
from puzzleviz.solvers.digits.bands import least_band_rows, one_by_one
from puzzleviz.solvers.digits.exact import NO_BANDS, _prepare_cached, solve
from puzzleviz.solvers.digits.parallel import build_bands
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.digits.reference import reference_solutions

from tests.digits_fixtures import SMALL, cell_sets

# SMALL's three pieces and a 2 in a frame 5 blocks wide and 7 tall: at half offsets the 1,
# the 7 and the 4 stand or lie in many ways, and the band check has work to do.
TALL = {
    "name": "tall",
    "frame": {"width": 5, "height": 7},
    "pieces": {**SMALL["pieces"], "2": {"rows_hex": ["4f3", "00f", "6f9", "f00", "cf1"]}},
}


def test_each_set_gets_the_fewest_rows_that_fit_from_its_subsets_bound_up():
    heights = [3, 1, 2]  # a toy: the pieces only stack, so a set needs the sum of its heights
    asked = []

    def fits(mask, rows, table):
        asked.append((mask, rows))
        # The entries of every subset are settled before the set is tested.
        assert all(
            table[mask & ~(1 << k)] > 0 for k in range(3) if mask >> k & 1 and mask != 1 << k
        )
        return rows >= sum(h for k, h in enumerate(heights) if mask >> k & 1)

    table = least_band_rows(3, one_by_one(fits, 5))
    assert table.tolist() == [0, 3, 1, 4, 2, 5, 3, 6]  # all three need 6 rows: more than 5
    # A set is tested from the most rows one of its subsets needs, never below.
    assert (0b101, 4) in asked and (0b101, 3) in asked and (0b101, 2) not in asked
    skipped = least_band_rows(3, one_by_one(fits, 5), skip=0)
    assert skipped.tolist() == [0, 0, 1, 0, 2, 0, 3, 0]  # sets with the root piece: no bound


def _packs(table, pieces: list[int], rows: int) -> bool:
    """Brute force: may these pieces lie, without overlapping, in the frame's bottom rows?"""
    first = table.grid.height - rows
    options = []
    for k in pieces:
        shapes = [set(table.cell_indices(p).tolist()) for p in table.of_piece(k)]
        options.append([s for s in shapes if min(c // 4 // table.grid.width for c in s) >= first])

    def place(i: int, used: set) -> bool:
        return i == len(options) or any(
            not cells & used and place(i + 1, used | cells) for cells in options[i]
        )

    return place(0, set())


def test_the_band_table_is_exact_on_a_small_puzzle():
    setup = solve(DigitsPuzzle.from_definition(TALL), "half", node_limit=1).setup
    rows, table = setup.band_rows, setup.table
    n_pieces = len(table.piece_start) - 1
    assert len(rows) == 1 << n_pieces
    for mask in range(1, 1 << n_pieces):
        if mask >> setup.symmetric_piece & 1:
            assert rows[mask] == 0  # placed at the root: never asked about
            continue
        pieces = [k for k in range(n_pieces) if mask >> k & 1]
        need = int(rows[mask])
        assert not _packs(table, pieces, need - 1), (pieces, need)
        assert need > table.grid.height or _packs(table, pieces, need), (pieces, need)


def test_worker_processes_build_the_same_table_and_report_its_progress():
    puzzle = DigitsPuzzle.from_definition(TALL)
    in_turn = solve(puzzle, "half", node_limit=1).setup.band_rows
    _prepare_cached.cache_clear()  # a setup whose table is not built yet
    heard = []
    setup = build_bands(puzzle, "half", 2, lambda *args: heard.append(args))
    assert not setup.needs_band_table
    assert setup.band_rows.tolist() == in_turn.tolist()
    total = len(in_turn) - 1
    assert [settled for settled, _, _ in heard] == list(range(1, total + 1))
    assert heard[-1][1] == total and heard[-1][2] > 0  # the workers' CPU seconds


@pytest.mark.parametrize("definition", [TALL, SMALL])
def test_the_search_with_the_band_check_finds_every_packing_in_fewer_nodes(definition):
    puzzle = DigitsPuzzle.from_definition(definition)
    banded = solve(puzzle, "half")
    plain = solve(puzzle, "half", band_rows=NO_BANDS)
    assert len(banded.setup.band_rows) > 0
    table = banded.setup.table
    assert cell_sets(table, banded.solutions) == cell_sets(table, plain.solutions)
    assert banded.count > 0 and banded.nodes <= plain.nodes
    if definition is TALL:
        assert banded.nodes < plain.nodes  # some positions are cut by their bands
    else:
        assert cell_sets(table, banded.solutions) == reference_solutions(table)


def test_only_the_half_block_search_builds_the_table():
    puzzle = DigitsPuzzle.from_definition(SMALL)
    for granularity in ("mesh", "block"):
        assert len(solve(puzzle, granularity, node_limit=1).setup.band_rows) == 0
