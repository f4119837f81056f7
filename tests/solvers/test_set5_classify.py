"""`solve set --classify K`: every K-cap compared with the largest known one, through the
least images under the maps that keep a slice class (five/classify.py). Checked against the
independent classification of fast.cap_classes where the class counts are small enough to
compute both ways (AG(3,3) and AG(4,3))."""

from __future__ import annotations

import json

import numpy as np
import pytest
from puzzleviz.solvers.setgame.affine import one_image
from puzzleviz.solvers.setgame.fast import cap_classes, known_maximum
from puzzleviz.solvers.setgame.five.classify import (
    classify,
    known_images,
    least_image,
    slice_group,
)
from puzzleviz.solvers.setgame.five.group import stabilizer, transporters
from puzzleviz.solvers.setgame.geometry import affine_space
from puzzleviz.solvers.split.options import SplitOptions

from puzzleviz.testing import assert_one_line_error, run_cli


def random_affine_map(n: int, rng: np.random.Generator) -> np.ndarray:
    """A random element of AGL(n,3) as a point permutation of AG(n,3)."""
    space = affine_space(n)
    while True:
        matrix = rng.integers(0, 3, size=(n, n))
        images = (space.digits.astype(np.int64) @ matrix + rng.integers(0, 3, size=n)) % 3
        perm = images @ np.asarray(space.weights, dtype=np.int64)
        if len(set(perm.tolist())) == space.size:
            return perm


def test_transporters_are_a_coset_of_the_stabilizer():
    rng = np.random.default_rng(7)
    sub = affine_space(4)
    rep = cap_classes(4, 18)[3].canonical
    image = sorted(random_affine_map(4, rng)[list(rep)].tolist())
    maps = transporters(sub, rep, image)
    assert len(maps) == len(stabilizer(sub, rep))
    assert all(sorted(row[list(rep)].tolist()) == image for row in maps)
    other = cap_classes(4, 18)[4].canonical
    assert len(transporters(sub, rep, other)) == 0


def test_least_images_do_not_change_under_the_slice_maps():
    rng = np.random.default_rng(3)
    rep = cap_classes(3, 8)[0].canonical
    perms = slice_group(4, rep)
    assert len(perms) == len(stabilizer(affine_space(3), rep)) * 2 * 27
    cap = known_maximum(4).caps[0]
    first = least_image(perms, cap, affine_space(4).words)
    for g in rng.choice(len(perms), size=20, replace=False):
        assert least_image(perms, perms[g][cap], affine_space(4).words) == first


@pytest.mark.parametrize("n", [3, 4])
def test_the_largest_caps_form_one_class_however_the_known_one_is_labelled(n):
    rng = np.random.default_rng(n)
    known = known_maximum(n).caps[0]
    relabelled = sorted(random_affine_map(n, rng)[known].tolist())
    for cap in (known, relabelled):
        found = classify(n, len(cap), cap, SplitOptions())
        assert found.finished and found.one_class
        assert found.caps == found.like_known > 0 and not found.others


@pytest.mark.parametrize(("n", "size"), [(3, 8), (4, 19), (4, 18)])
def test_one_class_exactly_when_the_independent_classification_says_so(n, size):
    """8-caps of AG(3,3) (3 classes), 19-caps of AG(4,3) (1), 18-caps (20): the search,
    compared with one cap of the size, agrees with fast.cap_classes on whether it is the
    only class, and a cap it reports as another class is a cap of another class."""
    classes = cap_classes(n, size)
    known = list(classes[0].canonical)
    found = classify(n, size, known, SplitOptions())
    assert found.one_class == (len(classes) == 1)
    for cap in found.others:
        image = one_image(affine_space(n), cap).tobytes()
        assert len(cap) == size and image not in classes[0].orbit


def test_a_slice_class_the_known_cap_lacks_has_no_images():
    known = known_maximum(4).caps[0]  # its fullest hyperplanes hold 9 cards
    assert known_images(4, known, cap_classes(3, 8)[0].canonical) == set()
    assert len(known_images(4, known, cap_classes(3, 9)[0].canonical)) >= 1


def test_classify_from_the_command_line_resumes_from_its_log(tmp_path):
    log, out = tmp_path / "classify20.jsonl", tmp_path / "result.json"
    first = run_cli("solve", "set", "--n", "4", "--classify", "20", "--split-log", str(log),
                    "--json", str(out))  # fmt: skip
    assert first.code == 0, first.err
    assert "the 20-caps of AG(4,3) form one class" in first.out
    assert json.loads(out.read_text())["classes"] == 1
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:-3]) + "\n")  # three parts lost: they run again
    again = run_cli("solve", "set", "--n", "4", "--classify", "20", "--split-log", str(log))
    assert again.code == 0 and "form one class" in again.out
    assert len(log.read_text().splitlines()) == len(lines)
    assert_one_line_error("set", "verify", str(log), match="not of a proof")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--n", "4", "--classify", "19"], "K must be its size (20"),
        (["--n", "5", "--classify", "45", "--trace", "x.trace"], "--trace"),
        (["--n", "4", "--classify", "20", "--prove", "21"], "give one of them"),
        (["--n", "2", "--classify", "4"], "--n 3, 4 or 5"),
    ],
)
def test_classify_options_are_checked_before_any_work(args, words):
    assert_one_line_error("solve", "set", *args, match=words)


@pytest.mark.parametrize(
    ("question", "field", "value"),
    [
        ("--classify", "solutions", "x"),
        ("--classify", "others", [[100]]),  # not a card of the four-property game
        ("--classify", "known", 5),  # more caps like the known one than caps found
        ("--prove", "caps", [["0000"]]),
    ],
)
def test_a_log_with_a_part_it_could_not_have_written_is_refused_in_one_line(
    tmp_path, question, field, value
):
    log = tmp_path / "run.jsonl"
    target = "20" if question == "--classify" else "21"
    args = ("solve", "set", "--n", "4", question, target, "--split-log", str(log))
    assert run_cli(*args).code == 0
    lines = log.read_text().splitlines()
    row = json.loads(lines[2])
    row["data"][field] = value
    lines[2] = json.dumps(row)
    log.write_text("\n".join(lines) + "\n")
    assert_one_line_error(*args, match=f"{log}:3: a part this search could not have written")
