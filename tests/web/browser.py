"""Headless chromium for the browser player's tests: Debian's own (`apt-get install
chromium`, installed by `make test` as root), driven by Playwright, never a downloaded
browser. Skipped, saying what to install, where either is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
# WebGL2 on a machine without a GPU: chromium's software rasteriser (SwiftShader through
# ANGLE), which recent chromium enables only when asked.
FLAGS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"]


def chromium_path() -> str:
    path = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if path is None:
        pytest.skip("no chromium here (apt-get install chromium): the browser test is skipped")
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install '.[test]')"
    )
    executable = chromium_path()
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        yield launched
        launched.close()
