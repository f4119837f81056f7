"""BurrTools .xmpuzzle files: reading problems, writing solutions back in BurrTools' own
placement convention, a round trip (read, solve, write, read back), the shipped classics,
and one-line errors for what we do not solve."""

from __future__ import annotations

import gzip
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.files import load_puzzle, load_source, puzzle_folder
from puzzleviz.solvers.cube.geometry import orientations
from puzzleviz.solvers.cube.solution import solution_pieces
from puzzleviz.solvers.cube.split_parts import puzzle_from_definition
from puzzleviz.solvers.cube.xmpuzzle import (
    ROTATIONS_BT,
    load_xmpuzzle,
    puzzle_to_xml,
    read_solutions,
    write_solutions,
)
from puzzleviz.solvers.errors import PuzzleInputError

from tests.cli.helpers import assert_one_line_error, run_cli

SHIPPED = ["fakocka", "conway", "slothouber-graatsma", "soma", "bedlam"]

L_TRIOMINO = """<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="3" z="1" name="Target" type="0" hx="0" hy="0" hz="0">_+##+#___</voxel>
<voxel x="2" y="2" z="1" name="Ell" type="0" hx="1" hy="0" hz="0">#_##</voxel>
<voxel x="1" y="1" z="1" name="Dot" type="0">#3</voxel>
</shapes><problems><problem name="Tiny" state="0"><shapes>
<shape id="1" count="1"/><shape id="2" min="1" max="1" group="1"/></shapes>
<result id="0"/><bitmap/></problem></problems></puzzle>
"""


def pieces_cells(puzzle, solution):
    return sorted(
        (p.type, tuple(sorted(tuple(int(v) for v in c) for c in p.cells)))
        for p in solution_pieces(puzzle, solution)
        if not puzzle.types[p.type].is_hole
    )


def test_burrtools_rotation_numbering_is_24_distinct_rotations():
    mats = {m.tobytes() for m in ROTATIONS_BT}
    assert len(mats) == 24 and all(round(np.linalg.det(m)) == 1 for m in ROTATIONS_BT)
    assert np.array_equal(ROTATIONS_BT[0], np.eye(3))
    assert ROTATIONS_BT[1].tolist() == [[1, 0, 0], [0, 0, -1], [0, 1, 0]]  # x quarter turn
    assert ROTATIONS_BT[4].tolist() == [[0, 0, -1], [0, 1, 0], [1, 0, 0]]


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_files_read_as_the_classic_puzzles(name):
    puzzle, source = load_xmpuzzle(puzzle_folder() / f"{name}.xmpuzzle")
    assert source is not None and puzzle.is_box
    if name in ("fakocka", "conway", "slothouber-graatsma"):
        ours = load_puzzle(name)  # the JSON definition
        assert puzzle.box == ours.box
        assert sorted((min(t.orientations), t.count) for t in puzzle.types) == sorted(
            (min(t.orientations), t.count) for t in ours.types
        )
    sizes = {"soma": (3, 7), "bedlam": (4, 13)}
    if name in sizes:
        assert (puzzle.box[0], puzzle.n_pieces) == sizes[name]


def test_a_result_shape_with_variable_cells_hotspots_and_colours(tmp_path):
    path = tmp_path / "tiny.xmpuzzle"
    path.write_bytes(gzip.compress(L_TRIOMINO.encode()))
    puzzle, source = load_xmpuzzle(path)
    # result: cells (1,0) '+', (2,0) '#', (0,1) '#', (1,1) '+', (2,1) '#': bounding box 3x2
    assert puzzle.box == (3, 2, 1) and not puzzle.is_box and puzzle.n_inside == 5
    assert len(puzzle.optional) == 2 and puzzle.holes == 1
    result = solve_exact(puzzle, symmetry=False)
    assert result.count == solve_exact(puzzle).count
    out = tmp_path / "solved.xmpuzzle"
    write_solutions(puzzle, source, result.solutions, out, count=result.count,
                    complete=True, seconds=0.0)  # fmt: skip
    again, back = load_xmpuzzle(out)
    decoded = read_solutions(again, back)
    assert len(decoded) == result.count > 0
    for solution, pieces in zip(result.solutions, decoded, strict=True):
        assert sorted(pieces) == pieces_cells(puzzle, solution)


def test_round_trip_read_solve_write_read_back(tmp_path):
    puzzle, source = load_source("soma", burrtools=True)
    result = solve_exact(puzzle, every=False)
    out = tmp_path / "soma-solved.xmpuzzle"
    write_solutions(puzzle, source, result.solutions, out, count=result.count,
                    complete=True, seconds=1.5)  # fmt: skip
    text = gzip.decompress(out.read_bytes()).decode()
    assert 'state="2"' in text and 'assemblies="11520"' in text
    again, back = load_xmpuzzle(out)
    assert again.types == puzzle.types and again.box == puzzle.box
    decoded = read_solutions(again, back)
    assert len(decoded) == 240
    for solution, pieces in zip(result.solutions, decoded, strict=True):
        assert sorted(pieces) == pieces_cells(puzzle, solution)
    # the file solves again to the same counts
    assert solve_exact(again, every=False).count == 11_520


def test_a_json_puzzle_is_written_as_a_new_burrtools_file(tmp_path):
    puzzle = load_puzzle("slothouber-graatsma")
    result = solve_exact(puzzle)
    _, source = puzzle_to_xml(puzzle)
    out = tmp_path / "sg.xmpuzzle"
    write_solutions(puzzle, source, result.solutions, out, count=8, complete=True, seconds=0)
    again, back = load_xmpuzzle(out)
    decoded = read_solutions(again, back)
    assert len(decoded) == 8
    names = [t.name for t in puzzle.types]
    for solution, pieces in zip(result.solutions, decoded, strict=True):
        mine = [(names[t], cells) for t, cells in pieces_cells(puzzle, solution)]
        theirs = [(again.types[t].name, cells) for t, cells in pieces]
        assert sorted(mine) == sorted(theirs)


def test_the_cli_solves_a_burrtools_file_and_writes_the_solutions(tmp_path, capsys):
    out = tmp_path / "out.xmpuzzle"
    code, text, _ = run_cli(capsys, "solve", "cube", "--xmpuzzle", "soma", "--classes", "-q",
                            "--write-solutions", str(out))  # fmt: skip
    assert code == 0 and "11,520 solutions" in text and "240" in text
    assert "wrote" in text and out.is_file()
    again, back = load_xmpuzzle(out)
    assert len(read_solutions(again, back)) == 240


BAD = {
    "grid.xmpuzzle": ('<gridType type="0"/>', '<gridType type="2"/>', "spheres"),
    "range.xmpuzzle": ('min="1" max="1"', 'min="2" max="1"', "min 2, max 1"),
    "holes.xmpuzzle": ('state="0"', 'state="0" maxHoles="1"', "maxHoles"),
    "version.xmpuzzle": ('version="2"', 'version="7"', "version 7"),
    "count.xmpuzzle": ("_+##+#___", "_+##+#____", "10 voxels"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_what_we_do_not_solve_is_one_line(tmp_path, capsys, monkeypatch, name):
    old, new, match = BAD[name]
    assert old in L_TRIOMINO
    (tmp_path / name).write_bytes(gzip.compress(L_TRIOMINO.replace(old, new).encode()))
    monkeypatch.chdir(tmp_path)
    line = assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", name, match=match)
    assert name in line


def test_broken_files_and_missing_problems_are_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cut.xmpuzzle").write_bytes(gzip.compress(L_TRIOMINO.encode())[:40])
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "cut.xmpuzzle", match="gzip")
    (tmp_path / "text.xmpuzzle").write_text("hello")
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "text.xmpuzzle",
                          match="not a BurrTools puzzle")  # fmt: skip
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "soma", "--problem", "3",
                          match="no problem '3'")  # fmt: skip
    assert_one_line_error(capsys, "solve", "cube", "--problem", "1", match="--problem")
    src = puzzle_folder() / "soma.xmpuzzle"
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", str(src), "--write-solutions",
                          str(src), match="it is the input")  # fmt: skip
    with pytest.raises(PuzzleInputError, match="no such BurrTools puzzle file"):
        load_xmpuzzle(tmp_path / "missing.xmpuzzle")


# pieces with count ranges: a 3x3 square (one cell may stay empty) from L-triominoes
# (0 to 3), dominoes (1 to 3) and single cubes (0 to 2)
RANGES = """<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="3" z="1" name="Square" type="0">####+####</voxel>
<voxel x="2" y="2" z="1" name="Ell" type="0">#_##</voxel>
<voxel x="2" y="1" z="1" name="Domino" type="0">##</voxel>
<voxel x="1" y="1" z="1" name="Dot" type="0">#</voxel>
</shapes><problems><problem name="Ranges" state="0"><shapes>
<shape id="1" min="0" max="3"/><shape id="2" min="1" max="3"/><shape id="3" min="0" max="2"/>
</shapes><result id="0"/><bitmap/></problem></problems></puzzle>
"""


def brute_force_fillings(required, optional, pieces):
    """Count the ways to cover every required cell and any optional ones with pieces, each
    used between its min and max times (identical pieces not told apart): decide the
    lowest undecided cell each time (leave it empty if optional, or cover it)."""
    cells = sorted(required | optional)
    placements = []  # per piece: every cell set it can cover
    for shape, _, _ in pieces:
        sets = set()
        for orient in orientations(shape):
            for dx, dy, dz in itertools.product(range(-3, 4), repeat=3):
                moved = frozenset((x + dx, y + dy, z + dz) for x, y, z in orient)
                if moved <= set(cells):
                    sets.add(moved)
        placements.append(sets)
    used = [0] * len(pieces)

    def fill(decided):
        todo = [c for c in cells if c not in decided]
        if not todo:
            return int(all(used[k] >= low for k, (_, low, _) in enumerate(pieces)))
        target = todo[0]
        total = fill(decided | {target}) if target in optional else 0
        for k, (_, _, high) in enumerate(pieces):
            if used[k] == high:
                continue
            for moved in placements[k]:
                if target in moved and not moved & decided:
                    used[k] += 1
                    total += fill(decided | moved)
                    used[k] -= 1
        return total

    return fill(frozenset())


def test_count_ranges_are_one_search_that_counts_like_brute_force(tmp_path):
    """Every choice of counts in one search (kernels.ranged), with and without the
    symmetry-broken roots: the fillings of the choices whose volume fits, 3a + 2b + c in
    8..9 (two ells and a domino fit by volume only)."""
    path = tmp_path / "ranges.xmpuzzle"
    path.write_bytes(gzip.compress(RANGES.encode()))
    puzzle, _ = load_xmpuzzle(path)
    assert puzzle.ranged and puzzle.minimum == (0, 1, 0, 0)  # the last: up to 1 empty cell
    required = {(x, y, 0) for x in range(3) for y in range(3)} - {(1, 1, 0)}
    pieces = [(((0, 0, 0), (0, 1, 0), (1, 1, 0)), 0, 3), (((0, 0, 0), (1, 0, 0)), 1, 3),
              (((0, 0, 0),), 0, 2)]  # fmt: skip
    expected = brute_force_fillings(required, {(1, 1, 0)}, pieces)
    plain = solve_exact(puzzle, symmetry=False)
    broken = solve_exact(puzzle)
    assert plain.count == broken.count == len(broken.solutions) == expected == 148
    key = sorted(sorted(s.pieces) for s in plain.solutions)
    assert key == sorted(sorted(s.pieces) for s in broken.solutions)
    real = [[t for t, _ in s.pieces if t < 3] for s in plain.solutions]
    counts = {tuple(ts.count(u) for u in range(3)) for ts in real}
    assert counts == {(2, 1, 1), (1, 2, 1), (1, 3, 0), (1, 2, 2), (0, 3, 2)}  # not (2, 1, 0)


def test_a_range_that_leaves_one_choice_round_trips_with_unused_copies(tmp_path):
    from puzzleviz.solvers.cube.exact import solve_exact

    path = tmp_path / "one.xmpuzzle"
    text = RANGES.replace("####+####", "#########").replace('min="0" max="2"', 'min="1" max="2"')
    text = text.replace('min="0" max="3"', 'min="2" max="2"')
    path.write_bytes(gzip.compress(text.encode()))
    puzzle, source = load_xmpuzzle(path)  # 6 + 2b + c = 9 with c <= 2: b = 1, c = 1
    assert sorted(t.count for t in puzzle.types) == [1, 1, 2]
    result = solve_exact(puzzle)
    out = tmp_path / "solved.xmpuzzle"
    write_solutions(puzzle, source, result.solutions, out, count=result.count,
                    complete=True, seconds=0.0)  # fmt: skip
    again, back = load_xmpuzzle(out)
    saved = read_solutions(again, back)
    assert len(saved) == result.count > 0
    assert sorted(saved[0]) == pieces_cells(puzzle, result.solutions[0])
    raw = gzip.decompress(out.read_bytes()).decode()
    assembly = raw.split("<assembly>")[1].split("</assembly>")[0].split()
    assert assembly.count("x") == 2 + 1  # two dominoes and one dot left out


def test_the_cli_solves_every_choice_of_counts_at_once(tmp_path, capsys, monkeypatch):
    (tmp_path / "ranges.xmpuzzle").write_bytes(gzip.compress(RANGES.encode()))
    monkeypatch.chdir(tmp_path)
    code, text, _ = run_cli(capsys, "solve", "cube", "--xmpuzzle", "ranges.xmpuzzle", "--all",
                            "-q")  # fmt: skip
    assert code == 0 and "148 solutions" in text
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "ranges.xmpuzzle",
                          "--write-solutions", "out.xmpuzzle", match="count ranges")  # fmt: skip
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "ranges.xmpuzzle",
                          "--trace", "out.trace", match="count ranges")  # fmt: skip
    assert_one_line_error(capsys, "solve", "cube", "--xmpuzzle", "ranges.xmpuzzle",
                          "--method", "stochastic", match="count ranges")  # fmt: skip


def test_problem_picks_one_of_several_and_a_bad_number_says_how_many(tmp_path, capsys):
    """`--problem N` as `burrTxt -o`: the first by default; a number past the end is one
    line naming the file and how many problems it holds."""
    second = ('<problem name="Two dots" state="0"><shapes><shape id="2" count="3"/></shapes>'
              '<result id="0"/><bitmap/></problem>')  # fmt: skip
    text = L_TRIOMINO.replace("</problem></problems>", "</problem>" + second + "</problems>")
    path = tmp_path / "two.xmpuzzle"
    path.write_text(text)
    first, _ = load_xmpuzzle(path)
    picked, _ = load_xmpuzzle(path, "2")
    assert next(t.name for t in first.types if not t.is_hole) == "Ell"
    assert [(t.name, t.count) for t in picked.types if not t.is_hole] == [("Dot", 3)]
    line = assert_one_line_error(capsys, "solve", "cube", "--puzzle", str(path), "--problem",
                                 "3", match="two.xmpuzzle")  # fmt: skip
    assert "has 2 problems" in line


TWO_COLOURS = """<?xml version="1.0"?>
<puzzle version="2"><gridType type="0"/><colors/><shapes>
<voxel x="3" y="1" z="1" name="Target" type="0">#1#2#</voxel>
<voxel x="1" y="1" z="1" name="Red" type="0">#1</voxel>
<voxel x="1" y="1" z="1" name="Blue" type="0">#2</voxel>
<voxel x="1" y="1" z="1" name="Plain" type="0">#</voxel>
</shapes><problems><problem name="Colours" state="0"><shapes>
<shape id="1" count="1"/><shape id="2" count="1"/><shape id="3" count="1"/></shapes>
<result id="0"/><bitmap>PAIRS</bitmap></problem></problems></puzzle>
"""


@pytest.mark.parametrize(
    ("pairs", "red", "blue"),
    [("00 11", {0, 2}, {1, 2}), ("01 10", {1, 2}, {0, 2}), ("00", {0, 2}, {2}), ("", {2}, {2})],
)
def test_colour_constraints_decide_where_coloured_voxels_go(tmp_path, pairs, red, blue):
    """BurrTools' rule: a voxel of colour p may fill a cell of colour r when the problem
    pairs them (`<pair piece=p-1 result=r-1/>`); a voxel or cell without colour fits any.
    The target's cells are red, blue and plain; Plain fits anywhere."""
    xml = "".join(f'<pair piece="{p}" result="{r}"/>' for p, r in pairs.split())
    path = tmp_path / "colours.xmpuzzle"
    path.write_text(TWO_COLOURS.replace("PAIRS", xml))
    puzzle, _ = load_xmpuzzle(path)
    assert [t.name for t in puzzle.types] == ["Red", "Blue", "Plain"]  # one shape, 3 pieces
    assert puzzle_from_definition(puzzle.definition()) == puzzle  # traces and workers
    result = solve_exact(puzzle, symmetry=False)
    found = sorted(
        tuple(sorted((puzzle.types[p.type].name, int(p.cells[0][0]))
                     for p in solution_pieces(puzzle, s)))
        for s in result.solutions
    )  # fmt: skip
    expected = sorted(
        tuple(sorted(zip(("Blue", "Plain", "Red"), (b, p, r), strict=True)))
        for r, b, p in itertools.permutations(range(3))
        if r in red and b in blue
    )
    assert found == expected and result.count == len(expected)


def test_the_solid_six_piece_burrs_are_solved_in_one_search(tmp_path, capsys):
    """25 sticks, each 0..6 times, in a knot of 104 cells: 33,008 choices of counts fill
    it by volume, solved as one ranged search. burrTxt -d finds 588 assemblies and 179
    solutions, 148 of level 1 and 31 of level 1.2 (sticks that are mirror twins make a
    filling's mirror image one class with it, though its counts differ)."""
    path = Path(__file__).parent / "burrtools" / "SolidSixPieceBurrs.xmpuzzle"
    out = tmp_path / "burrs.json"
    code, _, err = run_cli(capsys, "solve", "cube", "--puzzle", str(path), "--classes",
                           "--disassemble", "--json", str(out))  # fmt: skip
    assert code == 0, err
    data = json.loads(out.read_text())
    assert (data["assemblies"], data["solutions"]) == (588, 179)
    assert sorted(data["levels"]) == ["1"] * 148 + ["1.2"] * 31


@pytest.mark.parametrize(
    ("name", "problem", "assemblies", "solutions"),
    [("DemoMirrorParadox", "1", 1, 1), ("DemoMirrorParadox", "2", 1, 1),
     ("DemoPieceGenerator", "1", 928, 927)],
)  # fmt: skip
def test_burrtools_ranged_demos_count_as_burrtxt(tmp_path, capsys, name, problem, assemblies,
                                                 solutions):  # fmt: skip
    """The user guide's demos of count ranges, as burrTxt -d -o N-1 counts them: the mirror
    paradox's pieces are mirror twins that may each be used 0..2 (or 0..1) times, so a
    filling and its mirror image (other counts) are one assembly; the piece generator puts
    0..10 unit cubes in a stick's holes: every solution is level 1, one assembly stays
    locked."""
    path = Path(__file__).parent / "burrtools" / f"{name}.xmpuzzle"
    out = tmp_path / "out.json"
    code, _, err = run_cli(capsys, "solve", "cube", "--puzzle", str(path), "--problem", problem,
                           "--classes", "--disassemble", "--json", str(out))  # fmt: skip
    assert code == 0, err
    data = json.loads(out.read_text())
    assert (data["assemblies"], data["solutions"]) == (assemblies, solutions)
    assert data["levels"] == ["1"] * solutions
