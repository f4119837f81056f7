"""Shared fixtures: a headless GL context (EGL, no display), golden frames, toy puzzle."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("PUZZLEVIZ_WARM", "0")  # no background compiling behind test windows
# The reliability tests fork this process (tests/reliability/forked.py); a process that ran
# a parallel kernel on GNU OpenMP is killed when it forks ("fork() called from a process
# already using GNU OpenMP"), so the tests run numba's parallel kernels on its fork-safe
# workqueue. (puzzleviz itself never forks: its pools and Dask's workers spawn.)
os.environ.setdefault("NUMBA_THREADING_LAYER", "workqueue")

import pytest

import tests.toy  # noqa: F401  (installs the toy puzzle as a plugin: an entry point)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*.png from the current rendering instead of comparing",
    )


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def gl_ctx():
    """One EGL context for the whole session (Mesa llvmpipe in CI)."""
    from puzzleviz.viz.gl import headless_context

    ctx = headless_context()
    yield ctx
    ctx.release()


@pytest.fixture(scope="session")
def toy_scene():
    import tests.toy_scene  # noqa: F401  (the toy scene; the registry finds it by its Ref)
