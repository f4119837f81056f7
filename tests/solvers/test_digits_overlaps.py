"""The bit rows the search filters with: every bit agrees with the placements' cells."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.digits.exact import prepare
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle

from tests.digits_fixtures import SMALL


def bit(row: np.ndarray, p: int) -> bool:
    return bool(int(row[p >> 6]) >> (p & 63) & 1)


@pytest.mark.parametrize("granularity", ["block", "half"])
def test_cover_and_overlap_rows_match_the_placements_cells(granularity):
    setup = prepare(DigitsPuzzle.from_definition(SMALL), granularity)
    table = setup.table
    cells = [set(table.cell_indices(p).tolist()) for p in range(table.n)]
    assert table.n > 64  # rows of more than one word
    for c in range(table.grid.n_cells):
        assert [bit(setup.cover[c], p) for p in range(table.n)] == [c in s for s in cells]
    for q in range(table.n):
        expected = [bool(cells[q] & s) for s in cells]
        assert [bit(setup.overlap[q], p) for p in range(table.n)] == expected
