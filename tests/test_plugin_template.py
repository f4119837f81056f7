"""The plugin template (examples/plugin-template) as a plugin author uses it: our wheel and
the template built and installed into a fresh venv, the template type-checked strictly
against our py.typed, its puzzle listed and checked by `puzzleviz plugins --check`, its
own tests run, a video recorded from it with Hungarian captions, and its page exported and
played in chromium.

The venv gets no download: our dependencies (numpy, numba, pygame, ...) come from this
environment's site-packages through a .pth file, and only the two wheels are installed
into it (--no-deps). Slow: two wheels built, a venv made, a video recorded.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path
from typing import Any

import pytest

from puzzleviz.testing import CliRun, run_cli_process
from tests.web.browser import browser  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "examples" / "plugin-template"

pytestmark = pytest.mark.slow


def _run(*argv: str | Path, cwd: Path | None = None, timeout: float = 600) -> str:
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, cwd=cwd,
                          timeout=timeout, check=False)  # fmt: skip
    assert done.returncode == 0, f"{argv}: {done.stdout}{done.stderr}"
    return done.stdout


class Installed:
    """A fresh venv with our wheel and the template's installed."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.python = folder / "venv" / "bin" / "python"
        self.template = folder / "template"

    def cli(self, *argv: str) -> CliRun:
        return run_cli_process(*argv, python=self.python, cwd=self.folder, env=self.env())

    def env(self) -> dict[str, str]:
        cache = str(self.folder / "cache")  # the venv's numba cache: ours stays untouched
        return {"XDG_CACHE_HOME": cache, "PUZZLEVIZ_LANG": "en", "PYTHONNOUSERSITE": "1"}


def _sources(folder: Path) -> Path:
    """What our wheel is built from, copied: a build in place leaves build/ in the
    repository, and setuptools copies into the wheel whatever an earlier build left there
    (a module since deleted included)."""
    skip = shutil.ignore_patterns("__pycache__", "*.mo")
    for name in ("pyproject.toml", "setup.py", "README.md"):
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, folder / name)
    for name in ("puzzleviz", "viz", "solvers", "scenes", "assets"):
        shutil.copytree(ROOT / name, folder / name, ignore=skip)
    return folder


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    folder = tmp_path_factory.mktemp("template")
    env = Installed(folder)
    # a copy: building in place would leave build/ and *.egg-info in the repository
    shutil.copytree(TEMPLATE, env.template, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    venv.EnvBuilder(with_pip=False).create(folder / "venv")
    purelib = Path(sysconfig.get_paths(vars={"base": str(folder / "venv")})["purelib"])
    ours = sysconfig.get_paths()["purelib"]
    (purelib / "_puzzleviz_deps.pth").write_text(ours + "\n")  # numpy, numba, ... from here
    wheels = folder / "wheels"
    pip = (sys.executable, "-m", "pip")
    _run(*pip, "wheel", "--no-deps", "-q", "-w", wheels, _sources(folder / "puzzleviz"))
    _run(*pip, "wheel", "--no-deps", "-q", "-w", wheels, env.template)
    found = sorted(wheels.glob("*.whl"))
    assert [w.name.split("-")[0] for w in found] == ["puzzleviz", "puzzleviz_hanoi"]
    _run(*pip, "--python", env.python, "install", "--no-deps", "-q", *found)
    return env


def test_the_installed_puzzleviz_is_the_wheel_not_this_folder(installed: Installed) -> None:
    code = "import puzzleviz, puzzleviz_hanoi; print(puzzleviz.__file__, puzzleviz_hanoi.__file__)"
    where = _run(installed.python, "-c", code, cwd=installed.folder).split()
    venv_folder = str(installed.folder / "venv")
    assert all(path.startswith(venv_folder) for path in where), where


def test_the_template_type_checks_strictly_against_our_py_typed(installed: Installed) -> None:
    mypy = (sys.executable, "-m", "mypy", "--python-executable", installed.python, "--strict")
    out = _run(*mypy, "--no-incremental", "puzzleviz_hanoi", "tests", cwd=installed.template)
    assert "Success" in out


def test_the_puzzle_is_listed_and_solved(installed: Installed) -> None:
    listed = installed.cli("solve", "--help")
    assert listed.code == 0 and "hanoi" in listed.out, listed.err
    solved = installed.cli("solve", "hanoi", "--disks", "3")
    assert solved.code == 0, solved.err
    assert "3 disks: 7 moves" in solved.out


def test_plugins_lists_and_checks_the_template(installed: Installed) -> None:
    listed = installed.cli("plugins")
    assert listed.code == 0, listed.err
    assert any(line.split()[:2] == ["hanoi", "hanoi"] for line in listed.out.splitlines())
    checked = installed.cli("plugins", "--check")
    assert checked.code == 0, checked.out + checked.err
    assert checked.out.strip().endswith("all load"), checked.out


def test_the_templates_own_tests_pass(installed: Installed) -> None:
    env = {**os.environ, **installed.env(), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([str(installed.python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests"], capture_output=True, text=True, cwd=installed.template,
                          env=env, timeout=600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_video_of_the_plugin_has_hungarian_captions(installed: Installed) -> None:
    trace, video = installed.folder / "hanoi.pzt", installed.folder / "hanoi.mp4"
    solved = installed.cli("solve", "hanoi", "--disks", "2", "--trace", str(trace), "-q")
    assert solved.code == 0, solved.err
    shown = installed.cli("trace", "show", str(trace), "--lang", "hu")
    assert shown.code == 0, shown.err
    assert "A(z) 1. korong átkerül: A rúdról B rúdra" in shown.out
    recorded = installed.cli("record", str(trace), "-o", str(video), "--size", "320x180",
                             "--lang", "hu", "--seconds", "2")  # fmt: skip
    assert recorded.code == 0, recorded.err
    assert video.stat().st_size > 0
    captions = video.with_suffix(".vtt").read_text(encoding="utf-8")
    assert "A(z) 2. korong átkerül: A rúdról C rúdra" in captions
    assert "Move disk" not in captions


def test_the_plugin_exports_as_a_browser_page_with_no_javascript_of_its_own(
    installed: Installed,
    browser: Any,  # noqa: F811  (the fixture)
) -> None:
    """The Tower of Hanoi, from its own installed package, as one page: it plays in chromium
    (Right moves the first disk, End shows the last move) asking for nothing beyond itself."""
    trace, page_file = installed.folder / "hanoi3.pzt", installed.folder / "hanoi.html"
    solved = installed.cli("solve", "hanoi", "--disks", "3", "--trace", str(trace), "-q")
    assert solved.code == 0, solved.err
    exported = installed.cli("export", str(trace), "-o", str(page_file))
    assert exported.code == 0, exported.err
    assert "wrote" in exported.out and page_file.stat().st_size > 0

    page = browser.new_page(viewport={"width": 1280, "height": 720})
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    assert page.evaluate("puzzleviz.error") is None
    assert page.evaluate("puzzleviz.steps") == 7  # 2**3 - 1 moves
    start = page.locator("#view").screenshot()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("puzzleviz.boundary === 1 && puzzleviz.mode === 'paused'")
    page.keyboard.press("End")
    page.wait_for_function("puzzleviz.boundary === 7")
    page.wait_for_timeout(100)  # one more animation frame drawn
    page.locator("#view").screenshot(path=str(installed.folder / "hanoi-end.png"))
    assert (installed.folder / "hanoi-end.png").read_bytes() != start
    assert requests == [page_file.as_uri()], f"the page asked for more than itself: {requests}"
    page.close()
