"""A lesson presented with a clicker, driven headless: title cards, stops at the milestones
the lesson names, PageDown / PageUp through a whole session, notes on the terminal, one
line for every mistake in a lesson file, and the lesson recorded when there is no display."""

from __future__ import annotations

import re

import av
import numpy as np
import pygame
import pytest
from puzzleviz.solvers.tracefile import save_trace
from puzzleviz.viz.lesson import LessonError, load_lesson, stops_for
from puzzleviz.viz.player import Mode
from puzzleviz.viz.preparing import prepare
from puzzleviz.viz.present import LessonApp, Pace

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.viz.test_player import make_trace

SIZE = (640, 360)
LESSON = """
title = "Toys"

[[slide]]
title = "Welcome"
notes = "Say hello."

[[slide]]
title = "First toy"
trace = "a.pzt"
pause_at = ["solution"]
speed = 4
notes = "Two solutions: stop at each."

[[slide]]
title = "Second toy"
trace = "b.pzt"
pause_at = [2]
"""


@pytest.fixture
def lesson_file(tmp_path, toy_scene):
    save_trace(make_trace(n_steps=4, per_step=3)[0], tmp_path / "a.pzt")  # solutions at 6, 12
    save_trace(make_trace(n_steps=3, per_step=2)[0], tmp_path / "b.pzt")
    path = tmp_path / "toys.toml"
    path.write_text(LESSON)
    return path


@pytest.fixture
def app(gl_ctx, lesson_file):
    pygame.init()
    lesson = load_lesson(lesson_file)
    notes: list[str] = []
    app = LessonApp(gl_ctx, lesson, prepare(lesson), size=SIZE, pace=Pace(speed=2.0),
                    notes=notes.append)  # fmt: skip
    app.said = notes
    return app


def key(app, code, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))


def run(app, seconds):
    for _ in range(round(seconds * 20)):
        app.tick(0.05)


def picture(app):
    app.render()
    return app.target.read_image()


def test_a_clicker_walks_the_whole_lesson_and_back(app):
    assert app.index == 0 and app.on_card and "Say hello." in app.said[-1]
    key(app, pygame.K_PAGEDOWN)  # a card alone: on to the next slide's card
    assert app.index == 1 and app.on_card and "Two solutions" in app.said[-1]
    card = picture(app)
    key(app, pygame.K_PAGEDOWN)  # into the trace, playing at the slide's own 4 steps/s
    assert not app.on_card and app.player.mode is Mode.PLAYING and app.player.speed == 4
    assert np.mean(np.any(picture(app) != card, axis=2)) > 0.01
    run(app, 3)
    assert app.player.position == 6 and app.player.mode is Mode.PAUSED  # the first solution
    assert app.said[-1] == "  paused: Solution 1: after step 1"
    run(app, 2)
    assert app.player.position == 6, "a stop waits for the clicker"
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)  # while playing: straight to the next stop
    assert app.player.position == 12 and app.player.mode is Mode.PAUSED
    key(app, pygame.K_PAGEUP)
    assert app.player.position == 6
    key(app, pygame.K_PAGEDOWN)
    run(app, 3)
    assert app.player.at_end
    key(app, pygame.K_PAGEDOWN)
    assert app.index == 2 and app.on_card
    key(app, pygame.K_PAGEDOWN)
    run(app, 5)
    assert app.player.position == 4  # after step 2, at the default pace of 2 steps/s
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    assert app.player.position == 0 and app.on_card
    key(app, pygame.K_PAGEUP)  # back to the previous slide, at its result
    assert app.index == 1 and not app.on_card and app.player.at_end
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert app.index == 2 and app.on_card


def test_viewer_keys_still_work_between_stops_and_help_lists_the_clicker(app):
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_SPACE)  # the viewer's pause
    assert app.player.mode is Mode.PAUSED
    key(app, pygame.K_END)
    assert app.player.at_end
    keys = [k for k, _ in app.help_rows()]
    assert keys[0] == "PageDown / PageUp" and keys.count("PageDown / PageUp") == 1
    key(app, pygame.K_ESCAPE)
    assert app.quit_requested


def test_autoplay_moves_on_by_itself(gl_ctx, lesson_file):
    pygame.init()
    lesson_file.write_text("autoplay = true\n" + LESSON)
    lesson = load_lesson(lesson_file)
    app = LessonApp(gl_ctx, lesson, prepare(lesson), size=SIZE, notes=lambda text: None)
    run(app, 3.2)
    assert app.index == 1 and app.on_card  # a card alone, then the next card
    run(app, 3.2)
    assert not app.on_card and app.player.mode is Mode.PLAYING


def test_without_autoplay_nothing_moves_on_by_itself(app):
    key(app, pygame.K_n)
    run(app, 30)
    assert app.index == 1 and app.on_card, "a card waits for the presenter"
    key(app, pygame.K_SPACE)
    run(app, 30)
    assert app.player.position == 6 and app.index == 1, "a stop waits"
    key(app, pygame.K_END)
    run(app, 30)
    assert app.player.at_end and app.index == 1, "the end of a trace waits too"
    app.render()
    assert "next slide" in app._notice()
    key(app, pygame.K_n)
    assert app.index == 2
    key(app, pygame.K_p)
    assert app.index == 1 and app.player.at_end  # back at the previous slide's result


def test_space_holds_an_automatic_lesson_until_space_again(gl_ctx, lesson_file):
    pygame.init()
    lesson = load_lesson(lesson_file)
    app = LessonApp(gl_ctx, lesson, prepare(lesson), size=SIZE, pace=Pace(speed=2.0),
                    notes=lambda text: None, auto=True)  # fmt: skip
    key(app, pygame.K_n)
    run(app, 3.2)
    assert not app.on_card and app.player.mode is Mode.PLAYING
    key(app, pygame.K_SPACE)
    run(app, 30)
    assert app.index == 1 and app.player.mode is Mode.PAUSED, "held for 30 s"
    key(app, pygame.K_SPACE)
    assert app.player.mode is Mode.PLAYING
    run(app, 12)
    assert app.index == 2, "released, it goes on by itself"


def test_stops_name_what_is_reached(toy_scene):
    trace = make_trace(n_steps=4, per_step=3)[0]
    assert [(s.cursor, s.title) for s in stops_for(trace, "all")] == [
        (6, "Solution 1: after step 1"),
        (12, "Solution 2: after step 3"),
    ]
    assert [s.cursor for s in stops_for(trace, (1, 99, "restart"))] == [3]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("title = 'x'\n", "no slides: a lesson is a list of [[slide]] tables"),
        ("[[slide]]\ntitel = 'x'\n", "slide 1: unknown key 'titel'"),
        ("[[slide]]\nnotes = 'x'\n", "slide 1: 'title' is missing"),
        ("[[slide]]\ntitle = 'x'\ntrace = 'nope.pzt'\n", "slide 1: 'trace': "),
        ("[[slide]]\ntitle = 'x'\nsolve = 'chess'\n", "'solve' starts with a puzzle"),
        ("[[slide]]\ntitle = 'x'\nsolve = 'rings --video a.mp4'\n", "--video is the lesson's"),
        ("[[slide]]\ntitle = 'x'\ndemo = 'chess'\n", "'demo' 'chess': no puzzle has"),
        ("[[slide]]\ntitle = 'x'\ntrace = 'a.pzt'\ndemo = 'cube'\n", "give one of trace"),
        ("[[slide]]\ntitle = 'x'\npause_at = [true]\n", "'pause_at' takes milestone kinds"),
        ("[[slide]]\ntitle = 'x'\nspeed = -2\n", "'speed' must be a positive number"),
        ("[[slide]]\ntitle = 'x'\nlevel = 'fast'\n", "'level' must be one of"),
        ("[[slide]\ntitle = 'x'\n", "not a valid TOML file"),
        ("colour = 1\n[[slide]]\ntitle = 'x'\n", "unknown key 'colour' (a lesson has"),
    ],
)
def test_a_bad_lesson_file_is_one_line_naming_the_key(tmp_path, capsys, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(LessonError, match="^" + str(path)):
        load_lesson(path)
    line = assert_one_line_error(capsys, "present", str(path), match=message)
    assert str(path) in line


def test_a_missing_lesson_file(tmp_path, capsys):
    assert_one_line_error(capsys, "present", str(tmp_path / "none.toml"),
                          match="no such lesson file")  # fmt: skip


def test_without_a_display_the_lesson_is_recorded_with_a_chapter_per_slide(
    lesson_file, tmp_path, capsys, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out, err = run_cli(capsys, "present", str(lesson_file), "--size", "192x108")
    assert code == 0 and "no display: recording the lesson to toys.mp4" in err
    assert "(2 puzzles)" in out and (tmp_path / "toys.vtt").exists()
    with av.open(str(tmp_path / "toys.mp4")) as container:
        titles = [c["metadata"]["title"] for c in container.chapters()]
    assert titles[0] == "First toy" and "Second toy" in titles


def _solve_lesson(folder, solve: str):
    path = folder / "lesson.toml"
    path.write_text(f"[[slide]]\ntitle = 'x'\nsolve = {solve!r}\n")
    return path


@pytest.mark.parametrize(
    ("solve", "message"),
    [
        ("set --v 3 --n 2 --json /any/path", "--json writes a file"),
        ("rings --vid a.mp4", "unrecognized arguments: --vid"),
        ("rings --video=a.mp4", "--video is the lesson's to set"),
        ("rings --trace t.pzt", "--trace is the lesson's to set"),
        ("rings --play", "--play is the lesson's to set"),
        ("cube --all --workers 2", "--workers starts worker processes"),
        ("cube --all --scheduler 10.0.0.1:8786", "--scheduler reaches a cluster"),
        ("cube --all --split-log parts.log", "--split-log writes a log file"),
        ("cube --write-solutions out.xmpuzzle", "--write-solutions writes a file"),
        ("cube --assembly a.pzt", "--assembly writes a file"),
        ("queens --n 0", "argument --n: 0: a board has at least 1 row"),
        ("queens --n 8 -h", "-h/--help is not for a lesson"),
        ("sudoku /etc/hostname", "'/etc/hostname': a lesson reads only files in its own folder"),
        ("cube --puzzle ../outside.json", "a lesson reads only files in its own folder"),
        ("digits --puzzle link.json", "'link.json': a lesson reads only files in its own folder"),
    ],
)
def test_a_lessons_solve_sets_only_what_a_lesson_may(tmp_path, solve, message):
    folder = tmp_path / "lesson"
    folder.mkdir()
    (tmp_path / "outside.json").write_text("{}")
    (folder / "link.json").symlink_to(tmp_path / "outside.json")
    with pytest.raises(LessonError, match=re.escape(message)):
        load_lesson(_solve_lesson(folder, solve))


def test_a_lessons_own_files_and_values_are_taken(tmp_path):
    (tmp_path / "puz.txt").write_text(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    )
    for solve in (
        "sudoku puz.txt --techniques singles,guess",
        "rings --scramble 6 --seed 5 --method bfs",
        "cube --puzzle fakocka -q",
        "set --with 0000 --v 3 --n 4",
        "rings --config 2/8/1/2 --lang de",
    ):
        lesson = load_lesson(_solve_lesson(tmp_path, solve))
        assert lesson.slides[0].solve == tuple(solve.split())
    assert load_lesson(_solve_lesson(tmp_path, "sudoku puz.txt")).inputs[1] == tmp_path / "puz.txt"


def test_allow_outside_lets_a_lesson_read_beyond_its_folder(tmp_path, toy_scene, capsys):
    folder = tmp_path / "lesson"
    folder.mkdir()
    save_trace(make_trace(n_steps=2, per_step=1)[0], tmp_path / "shared.pzt")
    path = folder / "outside.toml"
    path.write_text("[[slide]]\ntitle = 'x'\ntrace = '../shared.pzt'\n")
    with pytest.raises(LessonError, match=r"'trace' '\.\./shared\.pzt': a lesson reads only"):
        load_lesson(path)
    assert load_lesson(path, allow_outside=True).inputs == (path, folder / "../shared.pzt")
    assert_one_line_error(capsys, "present", str(path), "-o", str(tmp_path / "x.mp4"),
                          match="present --allow-outside lifts this")  # fmt: skip


@pytest.mark.parametrize(
    ("pace", "message"),
    [
        ("speed = 1e9", "'speed' must be a positive number: 1000000000.0 is more than 1,000,000"),
        ("speed = 0", "'speed' must be a positive number: 0 is not positive"),
        (
            "seconds = 1e12",
            "'seconds' must be a positive number: 1000000000000.0 is more than 86,400",
        ),
        ("seconds = nan", "'seconds' must be a positive number: nan is not a finite number"),
    ],
)
def test_a_slides_pace_is_checked_as_the_command_line_checks_it(tmp_path, pace, message):
    path = tmp_path / "pace.toml"
    path.write_text(f"[[slide]]\ntitle = 'x'\ndemo = 'queens'\n{pace}\n")
    with pytest.raises(LessonError, match=re.escape(message)):
        load_lesson(path)


def test_a_recording_of_a_lesson_that_would_last_forever_is_refused(lesson_file, tmp_path, capsys):
    text = lesson_file.read_text().replace("speed = 4", "speed = 1e-300")
    lesson_file.write_text(text)
    out = tmp_path / "forever.mp4"
    forever = "more than a million hours at 30 fps: give its slides a higher speed"
    assert_one_line_error(capsys, "present", str(lesson_file), "-o", str(out), match=forever)
    assert not out.exists()


def test_a_lesson_never_records_over_itself_or_a_file_it_reads(lesson_file, tmp_path, capsys):
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for target, read in (("onto-lesson.mp4", lesson_file), ("onto-trace.mp4", tmp_path / "a.pzt")):
        (tmp_path / target).symlink_to(read)
        assert_one_line_error(capsys, "present", str(lesson_file), "-o", str(tmp_path / target),
                              match="it is the input")  # fmt: skip
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.is_symlink()} == before


def test_a_default_recording_name_that_exists_gets_a_new_one(
    lesson_file, tmp_path, capsys, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    (tmp_path / "toys.mp4").write_bytes(b"someone's video")
    code, _, err = run_cli(capsys, "present", str(lesson_file), "--size", "96x54", "--speed", "50")
    assert code == 0 and "recording the lesson to toys-2.mp4 (toys.mp4 exists)" in err
    assert (tmp_path / "toys.mp4").read_bytes() == b"someone's video"
    assert (tmp_path / "toys-2.mp4").stat().st_size > 0 and (tmp_path / "toys-2.vtt").exists()
