from __future__ import annotations

import json

import numpy as np
import pytest
from puzzleviz.solvers.cube.files import known_puzzles, load_puzzle
from puzzleviz.solvers.cube.geometry import (
    ROTATIONS,
    SYMMETRIES,
    box_symmetries,
    cuboid,
    orientations,
)
from puzzleviz.solvers.cube.placements import build_placements
from puzzleviz.solvers.cube.puzzle import puzzle_from_json
from puzzleviz.solvers.errors import PuzzleInputError


def test_the_groups_have_the_right_sizes():
    assert len(SYMMETRIES) == 48 and len(ROTATIONS) == 24
    assert all(round(np.linalg.det(m)) == 1 for m in ROTATIONS)
    assert len(box_symmetries((5, 5, 5), rotations_only=False)) == 48
    assert len(box_symmetries((2, 2, 3), rotations_only=False)) == 16
    assert len(box_symmetries((2, 2, 3), rotations_only=True)) == 8
    assert len(box_symmetries((1, 2, 3), rotations_only=False)) == 8


@pytest.mark.parametrize(
    ("size", "count"), [((1, 1, 1), 1), ((2, 2, 3), 3), ((1, 2, 4), 6), ((2, 2, 2), 1)]
)
def test_cuboids_have_the_seeds_numbers_of_orientations(size, count):
    assert len(orientations(cuboid(size))) == count


def test_polycube_orientations_are_rotations_only():
    l_tromino = ((0, 0, 0), (1, 0, 0), (0, 1, 0))
    assert len(orientations(l_tromino)) == 12
    chiral = ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1))  # a screw tetracube
    mirror = tuple((-x, y, z) for x, y, z in chiral)
    assert len(orientations(chiral)) == 12
    assert not set(orientations(chiral)) & set(orientations(mirror))


def test_the_seeds_cube_loads_with_its_placements():
    puzzle = load_puzzle()
    assert puzzle.box == (5, 5, 5) and puzzle.n_pieces == 17 and puzzle.volume == 125
    assert [t.code for t in puzzle.types] == [24, 3, 2]
    placements = build_placements(puzzle)
    # 125 unit cubes, 6 x 40 bricks 1x2x4, 3 x 48 bricks 2x2x3
    assert placements.n == 125 + 240 + 144 and placements.words == 2
    assert {"fakocka", "slothouber-graatsma", "conway"} <= set(known_puzzles())
    assert puzzle.instance_name(5) == "1x2x4 #1"


def test_a_polycube_puzzle_file_loads(tmp_path):
    path = tmp_path / "l.json"
    doc = {
        "box": [2, 2, 3],
        "pieces": [{"name": "L", "voxels": [[0, 0, 0], [1, 0, 0], [0, 1, 0]], "count": 4}],
    }
    path.write_text(json.dumps(doc))
    puzzle = load_puzzle(str(path))
    assert puzzle.types[0].volume == 3 and len(puzzle.types[0].orientations) == 12


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "JSON object"),
        ({"box": [5, 5, 5]}, "needs both"),
        ({"box": [5, 5], "pieces": [{"size": [1, 1, 1]}]}, "three numbers"),
        ({"box": [5, 5, 0], "pieces": [{"size": [1, 1, 1]}]}, "between 1 and 16"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "voxels": [[0, 0, 0]]}]}, "exactly one"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "colour": 3}]}, "unknown field"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "count": 0}]}, "count"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "count": 1}]}, "--allow-holes"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 3]}]}, "does not fit"),
        ({"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "count": 3}]}, "only 2"),
        (
            {"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1]}, {"name": "b", "size": [1, 1, 1]}]},
            "same shape",
        ),
        ({"box": [1, 1, 2], "pieces": [{"voxels": [[0, 0, 0], [0, 0, 0]]}]}, "twice"),
    ],
)
def test_bad_puzzles_are_one_clear_error(doc, message):
    with pytest.raises(PuzzleInputError, match=message):
        puzzle_from_json(doc)


def test_holes_only_when_allowed():
    doc = {"box": [2, 2, 2], "pieces": [{"size": [1, 2, 2]}]}
    puzzle = puzzle_from_json(doc, allow_holes=True)
    assert puzzle.holes == 4 and puzzle.types[-1].is_hole


def test_unknown_names_and_broken_files(tmp_path):
    with pytest.raises(PuzzleInputError, match="no cube puzzle called 'nope'"):
        load_puzzle("nope")
    broken = tmp_path / "broken.json"
    broken.write_text("{\n  'box': }")
    with pytest.raises(PuzzleInputError, match=r"not valid JSON \(line 2"):
        load_puzzle(str(broken))
