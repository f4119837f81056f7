"""`puzzleviz solve cube --all --disassemble`: assemblies, solutions and levels counted as
BurrTools counts them (burrTxt -d), on BurrTools' own Cube in Cage (96 assemblies, 1
solution of level 4.9.3, as its file says)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import assert_one_line_error, run_cli

CAGE = Path(__file__).parents[1] / "solvers" / "burrtools" / "CubeInCage.xmpuzzle"


def test_cube_in_cage_has_96_assemblies_and_one_solution(capsys, tmp_path: Path) -> None:
    out = tmp_path / "cage.json"
    code, text, err = run_cli(capsys, "solve", "cube", "--puzzle", str(CAGE), "--all",
                              "--disassemble", "--json", str(out))  # fmt: skip
    assert code == 0, err
    data = json.loads(out.read_text())
    assert (data["assemblies"], data["solutions"], data["levels"]) == (96, 1, ["4.9.3"])
    assert data["assemblies"] == data["classes_rotations"]
    assert len(data["fillings"]) == data["count"]
    assert "96 assemblies, 1 solution(s) that come apart; level 4.9.3" in text
    (plan,) = data["disassemblies"]
    assert plan["level"] == "4.9.3" and 0 <= plan["filling"] < data["count"]
    moves = plan["moves"]
    assert [m["amount"] is None for m in moves[:4]] == [False, False, False, True]
    # the three frame pieces are one group: four parts, so three moves take a part out
    assert sum(m["amount"] is None for m in moves) == 3
    names = {name for m in moves for name in m["pieces"]}
    assert names <= {"Frame1 #1", "Frame2 #1", "Frame2 #2", "S4 #1", "S5 #1", "S6 #1"}
    assert all(m["axis"] in "xyz" and m["direction"] in (1, -1) for m in moves)


def test_without_disassemble_solutions_stay_the_fillings(capsys, tmp_path: Path) -> None:
    out = tmp_path / "cage.json"
    code, _, err = run_cli(capsys, "solve", "cube", "--puzzle", str(CAGE), "--classes",
                           "--json", str(out))  # fmt: skip
    assert code == 0, err
    data = json.loads(out.read_text())
    assert "levels" not in data and "fillings" not in data
    assert len(data["solutions"]) == data["classes_rotations"] == 96


def test_disassemble_needs_every_assembly(capsys) -> None:
    assert_one_line_error(capsys, "solve", "cube", "--puzzle", str(CAGE), "--disassemble",
                          match="--disassemble")  # fmt: skip


def _disassembled(capsys, tmp_path: Path, name: str, *flags: str) -> dict:
    """The JSON report of BurrTools' example `name` solved with `flags` and --disassemble."""
    out, path = tmp_path / f"{name}.json", CAGE.parent / f"{name}.xmpuzzle"
    argv = ["solve", "cube", "--puzzle", str(path), *flags, "--disassemble", "--json", str(out)]
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    data: dict = json.loads(out.read_text())
    return data


def test_pelikan_burr_needs_98_moves(capsys, tmp_path: Path) -> None:
    """Dic Sonneveld's Pelikan Burr: 12 assemblies, one comes apart, level 98.2.4.2
    (BurrTools' figures); its first 97 moves keep every piece in, the 98th takes one out."""
    data = _disassembled(capsys, tmp_path, "PelikanBurr", "--classes")
    assert (data["assemblies"], data["solutions"], data["levels"]) == (12, 1, ["98.2.4.2"])
    moves = data["disassemblies"][0]["moves"]
    assert [m["amount"] is None for m in moves[:98]] == [False] * 97 + [True]
    assert all("Cage #1" not in m["pieces"] for m in moves)  # the cage weighs 2: it stays


def test_draculas_dental_desaster_is_solved_under_its_colour_constraints(capsys, tmp_path):
    """Ronald Kint-Bruynseels' Dracula's Dental Desaster: coloured pieces whose colours must
    match the result's halves (its <bitmap>). burrTxt -d: 84 assemblies, 1 solution; the
    file's saved tree is level 3.5.16.6.4. Two of its pieces have one shape and differ only
    in colour: each is a piece of its own."""
    data = _disassembled(capsys, tmp_path, "DraculasDentalDesaster", "--all")
    assert (data["assemblies"], data["solutions"], data["levels"]) == (84, 1, ["3.5.16.6.4"])
