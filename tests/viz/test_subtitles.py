"""Videos that carry their explanation: the captions as a mov_text subtitle track and a
WebVTT file, the milestones as chapters, read back with PyAV as a player would."""

from __future__ import annotations

import av
import pytest
from puzzleviz.viz.record import RecordSettings, plan, positions, record_traces, timed_text
from puzzleviz.viz.sinks import timed_text_supported
from puzzleviz.viz.subtitles import (
    Cue,
    Mark,
    TimedTextBuilder,
    milestone_title,
    thin_marks,
    webvtt,
)

from tests.cli.helpers import run_cli
from tests.viz.test_player import make_trace

SMALL = RecordSettings(size=(320, 180), fps=10, speed=4.0, head_seconds=0.2, tail_seconds=0.3)
needs_timed_text = pytest.mark.skipif(
    not timed_text_supported(), reason=f"PyAV {av.__version__} cannot write subtitles (16+ can)"
)


@pytest.fixture
def trace(toy_scene):
    return make_trace(n_steps=4, per_step=3)[0]  # solutions after steps 2 and 4


def read_back(path):
    """(cues, chapters, codec name) as stored in the file."""
    with av.open(str(path)) as container:
        seconds = [
            (c["start"] * c["time_base"], c["end"] * c["time_base"]) for c in container.chapters()
        ]
        titles = [c["metadata"]["title"] for c in container.chapters()]
        chapters = [
            (round(float(a), 3), round(float(b), 3), t)
            for (a, b), t in zip(seconds, titles, strict=True)
        ]
        if not container.streams.subtitles:
            return [], chapters, None
        stream = container.streams.subtitles[0]
        cues = []
        for packet in container.demux(stream):
            for subtitle in stream.decode(packet):
                text = subtitle.ass.decode().split(",", 8)[8]
                start, length = packet.pts * packet.time_base, packet.duration * packet.time_base
                cues.append(Cue(round(float(start), 3), round(float(start + length), 3), text))
        return cues, chapters, stream.codec_context.name


def test_cues_follow_the_captions_frame_by_frame():
    builder = TimedTextBuilder(fps=10)
    for caption in ["", "", "a", "a", "b  c", "b c", "", "d"]:
        builder.add_frame(caption)
    timed = builder.finish()
    assert timed.cues == (Cue(0.2, 0.4, "a"), Cue(0.4, 0.6, "b c"), Cue(0.7, 0.8, "d"))
    assert timed.duration == pytest.approx(0.8)


def test_chapters_run_from_mark_to_mark_and_share_an_instant():
    builder = TimedTextBuilder(fps=4)
    builder.add_frame("x", [Mark(0, "Sudoku"), Mark(0, "Start", "start")])
    builder.add_frame("x")
    builder.add_frame("y", [Mark(0, "Solution", "solution")])
    builder.add_frame("y")
    chapters = builder.finish().chapters
    assert [(c.start, c.end, c.title) for c in chapters] == [
        (0.0, 0.5, "Sudoku · Start"),
        (0.5, 1.0, "Solution"),
    ]


def test_a_search_with_thousands_of_milestones_keeps_the_rare_ones():
    marks = [Mark(0, "Sudoku")]
    marks += [Mark(i, f"Backtrack {i}", "backtrack") for i in range(1, 500)]
    marks += [Mark(200, "Guess 1", "guess"), Mark(600, "Solved", "solved")]
    kept = thin_marks(marks, 100)
    assert [m.title for m in kept] == ["Sudoku", "Guess 1", "Solved"]
    assert len(thin_marks([Mark(i, "Start") for i in range(300)], 100)) == 100


def test_milestone_titles_say_what_and_which():
    assert milestone_title("solution", "after step 1", 1, 2) == "Solution 1: after step 1"
    assert milestone_title("layer", "Layer z=0 done", 1, 1) == "Layer z=0 done"
    assert milestone_title("restart", "", 3, 7) == "Restart 3"


def test_webvtt_is_valid_and_escapes_markup():
    builder = TimedTextBuilder(fps=1)
    builder.add_frame("Naked pair {2,8} <r5> --> & more", [Mark(0, "Start")])
    text = webvtt(builder.finish())
    assert text.startswith("WEBVTT\n\n")
    assert "00:00:00.000 --> 00:00:01.000\nNaked pair {2,8} &lt;r5&gt; --&gt; &amp; more\n" in text
    assert text.count("-->") == 1  # only the cue's timing line has an arrow


@needs_timed_text
def test_an_mp4_carries_its_captions_and_chapters(trace, tmp_path):
    out = tmp_path / "toy.mp4"
    record_traces([trace], out, SMALL, progress=False, webvtt_path=tmp_path / "toy.vtt")
    cues, chapters, codec = read_back(out)
    assert codec == "mov_text"
    # 4 steps at 4 steps a second after a 0.2 s rest, each caption until the next step
    # starts, the last one through the 0.3 s tail: frames are 0.1 s apart.
    assert [(c.start, c.end, c.text) for c in cues] == [
        (0.2, 0.4, "step 0"),
        (0.4, 0.7, "step 1"),
        (0.7, 0.9, "step 2"),
        (0.9, 1.5, "step 3"),
    ]
    assert chapters == [
        (0.0, 0.6, "Toy · test"),
        (0.6, 1.1, "Solution 1: after step 1"),
        (1.1, 1.5, "Solution 2: after step 3"),
    ]
    # A chapter starts at the first frame that shows its milestone reached.
    segment = plan(trace, SMALL)
    cursors = [player.cursor for player in positions(segment, SMALL.fps)]
    for (start, _, _), pos in zip(chapters[1:], trace.milestone_pos, strict=True):
        frame = round(start * SMALL.fps)
        assert cursors[frame] >= pos > cursors[frame - 1]
    vtt = (tmp_path / "toy.vtt").read_text()
    assert "00:00:00.400 --> 00:00:00.700\nstep 1\n" in vtt
    assert "00:00:00.600 Solution 1: after step 1" in vtt
    assert sorted(p.name for p in tmp_path.iterdir()) == ["toy.mp4", "toy.vtt"]


@needs_timed_text
def test_the_command_writes_the_vtt_beside_and_no_captions_keeps_the_tracks(
    trace, tmp_path, capsys
):
    from puzzleviz.solvers.tracefile import save_trace

    source = tmp_path / "toy.pzt"
    save_trace(trace, source)
    small = ["--size", "320x180", "--fps", "10", "--speed", "4"]
    code, stdout, _ = run_cli(capsys, "record", str(source), "-o", str(tmp_path / "a.mp4"),
                              "--no-captions", *small)  # fmt: skip
    assert code == 0 and "a.vtt" in stdout
    cues, chapters, _ = read_back(tmp_path / "a.mp4")
    assert [c.text for c in cues] == ["step 0", "step 1", "step 2", "step 3"]
    assert (tmp_path / "a.vtt").read_text().count("-->") == 4
    code, _, _ = run_cli(capsys, "record", str(source), "-o", str(tmp_path / "b.mp4"),
                         "--no-subtitles", *small)  # fmt: skip
    cues, chapters_b, codec = read_back(tmp_path / "b.mp4")
    assert code == 0 and codec is None and not (tmp_path / "b.vtt").exists()
    assert chapters_b == chapters  # chapters are navigation: always there
    code, _, _ = run_cli(capsys, "record", str(source), "-o", str(tmp_path / "c.gif"), *small)
    assert code == 0 and not (tmp_path / "c.vtt").exists()


def test_timed_text_matches_a_recording_of_two_traces(trace):
    timed = timed_text([plan(trace, SMALL), plan(trace, SMALL)], SMALL.fps)
    assert timed.duration == pytest.approx(3.0)
    assert [c.title for c in timed.chapters][::3] == ["Toy · test", "Toy · test"]
    assert timed.chapters[3].start == pytest.approx(1.5)


def test_an_old_pyav_records_the_video_alone_and_says_so(trace, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("puzzleviz.viz.sinks.timed_text_supported", lambda: False)
    out = record_traces([trace], tmp_path / "old.mp4", SMALL, progress=False)
    assert read_back(out) == ([], [], None)
    assert "cannot write subtitle tracks or chapters" in capsys.readouterr().err
