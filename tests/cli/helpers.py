"""Running the CLI in-process and checking the one-line-error rule."""

from __future__ import annotations

import pytest
from puzzleviz.viz.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse exits for usage errors and --help
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(capsys, *argv: str, match: str = "") -> str:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, f"exit code {code} for {argv}: {out}{err}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one error line for {argv}, got: {err!r}"
    assert "Traceback" not in err
    if match:
        assert match in lines[0], f"{match!r} not in {lines[0]!r}"
    return lines[0]


__all__ = ["assert_one_line_error", "pytest", "run_cli"]


def quiz(capsys, tmp_path, trace, answers: list[str], *options: str) -> dict:
    """`puzzleviz quiz TRACE --answers FILE --json OUT` on `answers`, one a line: the graded
    JSON."""
    import json

    given, out = tmp_path / "answers.txt", tmp_path / "graded.json"
    given.write_text("\n".join(answers) + "\n")
    code, _out, err = run_cli(capsys, "quiz", str(trace), "--answers", str(given),
                              "--json", str(out), *options)  # fmt: skip
    assert code == 0, err
    document: dict = json.loads(out.read_text())
    return document
