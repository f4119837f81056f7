"""The classic six-piece burrs shipped as built-in puzzles (tools/six_piece_burrs.py), solved
and taken apart by name, give their published counts (Bill Cutler's analysis, the makers'
leaflets; burrTxt -d prints the same): Love's Dozen 154 assemblies, 90 solutions, the
hardest of level 12.3; Computer's Choice Unique 10 seven assemblies, one solution, level 10."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from puzzleviz.solvers.cube.files import known_puzzles

from tests.cli.helpers import run_cli


def _disassembled(capsys, tmp_path: Path, name: str) -> dict:
    out = tmp_path / f"{name}.json"
    code, _, err = run_cli(capsys, "solve", "cube", "--puzzle", name, "--all", "--disassemble",
                           "--json", str(out))  # fmt: skip
    assert code == 0, err
    data: dict = json.loads(out.read_text())
    return data


def test_loves_dozen_has_90_solutions_one_of_level_12(capsys, tmp_path: Path) -> None:
    data = _disassembled(capsys, tmp_path, "loves-dozen")
    assert (data["assemblies"], data["solutions"]) == (154, 90)
    levels = Counter(data["levels"])
    assert levels["12.3"] == 1 and len(data["levels"]) == 90
    # the rest as burrTxt -d lists them: no other solution needs more than 6 first moves
    assert max(int(level.split(".")[0]) for level in levels - Counter(["12.3"])) == 6
    assert levels["1"] == 30 and levels["1.2"] == 24


def test_computers_choice_unique_10_has_one_solution_of_level_10(capsys, tmp_path) -> None:
    data = _disassembled(capsys, tmp_path, "computers-choice-unique-10")
    assert (data["assemblies"], data["solutions"], data["levels"]) == (7, 1, ["10"])


@pytest.mark.parametrize("name", ["loves-dozen", "computers-choice-unique-10"])
def test_the_burrs_are_built_in_beside_conway_and_bedlam(name: str) -> None:
    assert {name, "conway", "bedlam"} <= set(known_puzzles())
