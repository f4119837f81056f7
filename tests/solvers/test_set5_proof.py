"""`solve set --prove K` and `set verify LOG`: the proof as split parts, its log as a
certificate, the certificate rechecked by a second search, and the proof told as a trace.

The complete certificate tested here is the four-property proof (no 21 cards without a
SET); the five-property one is committed (benchmarks/logs/set5_no46.jsonl) and checked
here for everything but searching its parts again (35 CPU minutes: `set verify` by hand).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from puzzleviz.solvers.setgame.five.certificate import CertificateError, inspect, verify
from puzzleviz.solvers.setgame.five.extension import ALL, part_setup, run_part
from puzzleviz.solvers.setgame.five.proof import branch_of, proof_job, proof_keys
from puzzleviz.solvers.setgame.five.reference import recheck_part
from puzzleviz.solvers.split.options import SplitOptions
from puzzleviz.solvers.tracefile import load_trace

from puzzleviz.testing import assert_one_line_error, run_cli

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "benchmarks" / "logs" / "set5_no46.jsonl"


@pytest.mark.parametrize(("n", "target"), [(4, 21), (4, 20), (3, 10), (3, 9)])
def test_the_reference_search_agrees_with_the_kernel_node_for_node(n, target):
    """Two searches written apart must visit the same nodes of every part; where caps of
    the target exist (20 cards in AG(4,3), 9 in AG(3,3)) both find the same number."""
    job = proof_job(n, target)
    found = 0
    for m, number, part in proof_keys(job):
        branch = branch_of(job, m, number)
        kernel = run_part(branch, part_setup(branch, part - 1), mode=ALL, keep=0)
        differences = [v for orbit in branch.orbits[: part - 1] for v in orbit]
        nodes, caps = recheck_part(n, target, branch.rep, [0, branch.orbits[part - 1][0]],
                                   differences)  # fmt: skip
        assert (nodes, caps) == (kernel.nodes, kernel.solutions), (m, number, part)
        found += caps
    assert (found > 0) == (target in (20, 9))


def test_the_reference_agrees_on_small_parts_of_the_five_property_proof():
    job = proof_job(5, 46)
    small = [key for key in proof_keys(job) if key[0] == 19 and key[2] > 1]
    for m, number, part in small:
        branch = branch_of(job, m, number)
        kernel = run_part(branch, part_setup(branch, part - 1), mode=ALL, keep=0)
        differences = [v for orbit in branch.orbits[: part - 1] for v in orbit]
        got = recheck_part(5, 46, branch.rep, [0, branch.orbits[part - 1][0]], differences)
        assert got == (kernel.nodes, kernel.solutions)


@pytest.fixture
def certificate(tmp_path):
    log = tmp_path / "no21.jsonl"
    run = run_cli("solve", "set", "--n", "4", "--prove", "21", "--split-log", str(log),
                  "--json", str(tmp_path / "result.json"))  # fmt: skip
    assert run.code == 0, run.err
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["max"] == 20 and result["proven"] and result["upper_bound"] == 20
    return log


def test_the_proof_of_21_leaves_a_certificate_that_verify_accepts(certificate):
    run = run_cli("set", "verify", str(certificate))
    assert run.code == 0, run.err
    assert "verified: 2 parts of 1 slice class, 1,200 nodes" in run.out
    assert "9-card slices: 1 slice class, 2,106 caps of AG(3,3)" in run.out
    # what each part covered: its share of the difference vectors of slice 1
    assert "orbit of 1 (24, 92.3% of them), 1,199 nodes" in run.out
    assert "orbit of 12 (2, 7.69% of them), 1 nodes" in run.out


def test_a_compressed_certificate_verifies_too(certificate, tmp_path):
    packed = tmp_path / "no21.jsonl.gz"
    packed.write_bytes(gzip.compress(certificate.read_bytes()))
    run = run_cli("set", "verify", str(packed), "--brief")
    assert run.code == 0 and "verified: 2 parts" in run.out and "part 1 (line" not in run.out


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def _edit(path: Path, number: int, change) -> None:
    lines = _lines(path)
    row = json.loads(lines[number - 1])
    change(row)
    lines[number - 1] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n")


def test_a_compressed_file_that_unpacks_to_gigabytes_is_refused_without_unpacking_it(tmp_path):
    bomb = tmp_path / "bomb.jsonl.gz"
    with gzip.open(bomb, "wb") as out:
        for _ in range(66):
            out.write(b" " * (1 << 20))
    assert bomb.stat().st_size < 1 << 20
    assert_one_line_error("set", "verify", str(bomb), match="unpacks to more than")


def test_a_certificate_with_a_part_missing_is_refused(certificate):
    lines = _lines(certificate)
    certificate.write_text("\n".join(lines[:2]) + "\n")
    assert_one_line_error("set", "verify", str(certificate), match="part 9/1/2 missing")


def test_a_part_written_twice_is_refused(certificate):
    lines = _lines(certificate)
    certificate.write_text("\n".join([*lines, lines[1]]) + "\n")
    assert_one_line_error("set", "verify", str(certificate), match=":4: part 9/1/1 appears twice")


def test_altered_node_counts_are_found_by_searching_the_part_again(certificate):
    _edit(certificate, 2, lambda row: row.update(nodes=row["nodes"] - 100))
    line = assert_one_line_error("set", "verify", str(certificate), match=":2: part 9/1/1")
    assert "the log says 1,099 nodes, searching it again takes 1,199" in line


def test_a_part_that_names_other_cards_is_refused(certificate):
    _edit(certificate, 3, lambda row: row["data"].update(orbit=1))
    assert_one_line_error("set", "verify", str(certificate), match=":3: part 9/1/2 was altered")


def test_a_part_cut_short_or_a_log_that_found_a_cap_proves_nothing(certificate, tmp_path):
    _edit(certificate, 2, lambda row: row.update(stopped=True))
    assert_one_line_error("set", "verify", str(certificate), match="was cut short")
    _edit(certificate, 2, lambda row: row.update(stopped=False))
    _edit(certificate, 2, lambda row: row["data"].update(solutions=1))
    assert_one_line_error("set", "verify", str(certificate), match="found a cap")


def test_a_header_with_other_slices_is_refused(certificate):
    def swap(row):
        rep = row["job"]["problem"]["slices"]["9"][0]
        rep[-1] = next(c for c in range(27) if c not in rep)

    _edit(certificate, 1, swap)
    assert_one_line_error("set", "verify", str(certificate), match=":1:")


def test_logs_that_are_not_certificates_are_refused(tmp_path):
    other = tmp_path / "other.jsonl"
    other.write_text('{"split_log":1,"job":{"puzzle":"set","problem":{"kind":"bitset"}}}\n')
    assert_one_line_error("set", "verify", str(other), match="not of a proof")
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    assert_one_line_error("set", "verify", str(text), match="not a proof's log")
    assert_one_line_error("set", "verify", str(tmp_path / "none.jsonl"), match="no such file")


def test_a_stopped_proof_resumes_from_its_log(certificate, tmp_path):
    lines = _lines(certificate)
    certificate.write_text("\n".join(lines[:2]) + "\n")  # as if stopped after one part
    run = run_cli("solve", "set", "--n", "4", "--prove", "21", "--split-log", str(certificate))
    assert run.code == 0 and "1,200 nodes" in run.out
    assert len(_lines(certificate)) == 3  # only the missing part was searched and appended
    assert run_cli("set", "verify", str(certificate)).code == 0


def test_the_proof_splits_over_local_dask_workers(tmp_path):
    pytest.importorskip("distributed")
    log = tmp_path / "no21.jsonl"
    run = run_cli("solve", "set", "--n", "4", "--prove", "21", "--workers", "2",
                  "--split-log", str(log))  # fmt: skip
    assert run.code == 0, run.err
    assert run_cli("set", "verify", str(log), "--workers", "2").code == 0


def test_verify_pairs_each_result_with_its_part_whatever_order_they_finish_in(
    certificate, monkeypatch
):
    """Workers return the parts as they finish (the longest last): a recheck must be
    compared with its own part's line, not with the line at the same position."""
    import contextlib

    from puzzleviz.solvers.split import choose
    from puzzleviz.solvers.split.engines import InProcess

    class LastFirst(InProcess):
        def run(self, fn, calls):
            return reversed(list(super().run(fn, calls)))

    monkeypatch.setattr(choose, "engine_for", lambda split: contextlib.nullcontext(LastFirst()))
    report = verify(certificate, SplitOptions())
    assert report.nodes == sum(row["nodes"] for row in map(json.loads, _lines(certificate)[1:]))


def test_the_proof_as_a_trace_has_the_slice_classes_as_milestones(tmp_path):
    out = tmp_path / "proof.trace"
    assert run_cli("solve", "set", "--n", "4", "--prove", "20", "--trace", str(out)).code == 0
    milestones = load_trace(out).milestones()
    kinds = [kind for _, kind, _ in milestones]
    # 20 cards exist: the parts of the 9-card slice meet caps, and the story ends on one
    assert kinds == ["slice"] * 4 + ["solution"]  # one class of 9-caps, three of 8-caps
    proven = tmp_path / "no21.trace"
    assert run_cli("solve", "set", "--n", "4", "--prove", "21", "--trace", str(proven)).code == 0
    milestones = load_trace(proven).milestones()
    assert [kind for _, kind, _ in milestones] == ["slice", "proven"]


def test_prove_options_are_checked_before_any_work():
    assert_one_line_error("solve", "set", "--n", "6", "--prove", "113", match="--n 3, 4 or 5")
    assert_one_line_error("solve", "set", "--n", "5", "--prove", "46", "--with", "00000",
                          match="--prove cannot be combined with --with")  # fmt: skip
    assert_one_line_error("solve", "set", "--n", "4", "--prove", "100", match="only 81 cards")


def test_the_counting_argument_alone_proves_ten_in_three_dimensions(tmp_path):
    run = run_cli("solve", "set", "--n", "3", "--prove", "10")
    assert run.code == 0 and "the counting argument alone rules them out" in run.out


def test_the_committed_certificate_is_complete_and_rests_on_the_classification():
    """Everything `set verify` checks but the searches: the slices re-derived, every part
    present once, none cut short, none with a cap."""
    try:
        cert = inspect(COMMITTED)
    except CertificateError as exc:  # a missing file is a failure too
        pytest.fail(str(exc))
    assert (cert.n, cert.target) == (5, 46)
    assert [(m, sum(1 for c in cert.classes if c.m == m)) for m in (20, 19, 18)] == [
        (20, 1),
        (19, 1),
        (18, 20),
    ]
    assert len(cert.found) == 453
    assert "20-card slices: 1 slice class, 682,344 caps of AG(4,3) in all" in " ".join(cert.notes)
