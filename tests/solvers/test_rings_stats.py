from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import thesis_heuristic
from puzzleviz.solvers.rings.model.ranking import unrank
from puzzleviz.solvers.rings.stats.reference import python_bfs_layers
from puzzleviz.solvers.rings.stats.statespace import state_space_stats
from puzzleviz.solvers.rings.stats.statsview import stats_lines

# Spec section 6: multi-source BFS distances to the goal set, forgat and unit metrics.
SPEC = {
    "2/10/1/2": (
        [2, 34, 284, 1760, 6716, 15396, 16352, 7226, 848, 2],
        [2, 8, 24, 62, 158, 340, 822, 1914, 4284, 8318, 13358, 13224, 5494, 570, 42],
    ),
    "2/10/1/3": (
        [2, 34, 284, 1760, 6740, 16800, 15000, 7500, 500],
        [2, 8, 24, 64, 166, 370, 814, 1796, 3634, 6584, 9532, 10734, 8260, 4742, 1568, 294, 28],
    ),
    "2/6/2/1": (
        [16, 156, 752, 3148, 9300, 10448, 1380],
        [16, 64, 188, 512, 1380, 3448, 6628, 8200, 4388, 368, 8],
    ),
    "2/8/1/2": (
        [2, 26, 164, 696, 1348, 942, 232, 22],
        [2, 8, 24, 62, 154, 306, 614, 872, 798, 420, 158, 12, 2],
    ),
}


SLOW_SPEC = ("2/10/1/2",)  # about 8 s


@pytest.mark.parametrize(
    "text", [pytest.param(t, marks=[pytest.mark.slow] * (t in SLOW_SPEC)) for t in sorted(SPEC)]
)
def test_distance_tables_reproduce_the_spec(text):
    stats = state_space_stats(RingConfig.parse(text))
    forgat, unit = SPEC[text]
    assert stats.distributions["forgat"].layers == forgat
    assert stats.distributions["unit"].layers == unit
    assert stats.distributions["forgat"].unreachable == 0


@pytest.mark.parametrize(
    ("text", "metric"),
    [("2/8/1/1", "forgat"), ("2/6/2/1", "unit"), ("2/8/1/2", "unit"), ("2/6/1/1", "forgat")],
)
def test_numba_bfs_agrees_with_plain_python(text, metric):
    config = RingConfig.parse(text)
    stats = state_space_stats(config, (metric,), with_heuristic=False)
    assert stats.distributions[metric].layers == python_bfs_layers(config, metric)


@pytest.mark.parametrize("text", ["2/8/1/2", "2/6/2/1"])
def test_heuristic_histogram_counts_every_state_once(text):
    config = RingConfig.parse(text)
    stats = state_space_stats(config, ("forgat",))
    expect = np.zeros(stats.max_h + 1, dtype=np.int64)
    for i in range(config.state_count):
        expect[thesis_heuristic(config, unrank(config, i))] += 1
    assert np.array_equal(stats.h_histogram, expect)
    assert stats.h_by_distance.sum(axis=1).tolist() == stats.distributions["forgat"].layers


def test_heuristic_ranges_of_the_spec():
    """Spec 3: variant Q gives h in [0, maxH - 2] on the thesis' instances."""
    for text, top in (("2/10/1/2", 160), ("2/6/2/1", 24)):
        data = state_space_stats(RingConfig.parse(text), ("forgat",)).to_json()
        assert data["heuristic"]["range"] == [0, top]


def test_text_output_has_tables_and_bars():
    stats = state_space_stats(RingConfig.parse("2/8/1/2"))
    text = "\n".join(stats_lines(stats, width=20))
    assert "states by distance" in text and "1,348" in text and "#" * 20 in text
    assert "thesis' heuristic" in text and "mean h by forgat distance" in text


def test_too_big_for_full_bfs():
    with pytest.raises(PuzzleInputError, match="full BFS"):
        state_space_stats(RingConfig.parse("original"))
