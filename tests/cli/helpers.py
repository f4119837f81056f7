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
