"""Hostile inputs: puzzle files and the other files a command reads (see __init__.py).

Every reader goes through solvers.reading: a regular file only (devices, pipes, folders and
sockets refused before they are opened), a size limit per format, gzip inflated with a
cap, nesting too deep refused, BurrTools voxel spaces measured before they are built. The
files live in p/ of the shared folder; files larger than a format's limit live beside the
folder (../hostile-large-inputs), where the corpus' snapshot does not read them each time.
"""

from __future__ import annotations

import gzip
import json
import os
import socket
import zlib
from pathlib import Path

from tests.reliability.hostile.case import Case

LARGE = "../hostile-large-inputs"  # beside the shared folder (see the module docstring)
SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
L_PIECE = '{"voxels": [[0,0,0],[1,0,0],[0,1,0]]}'


def _cube(box: object, *pieces: str) -> str:
    return f'{{"box": {json.dumps(box)}, "pieces": [{", ".join(pieces)}]}}'


# cube JSON files: (name, text, what the one line says)
CUBE_JSON = [
    ("empty.json", "", "not valid JSON (line 1"),
    ("blank.json", "  \n\n", "not valid JSON (line 3"),
    ("broken.json", '{"box": [2, 2, 2], "pieces": [', "not valid JSON"),
    ("array.json", "[1, 2, 3]", "array.json"),
    ("string.json", '"a cube"', "string.json"),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "nested too deeply to be a cube puzzle file"),
    ("deepobj.json", '{"a":' * 60_000 + "1" + "}" * 60_000, "nested too deeply"),
    ("nobox.json", '{"pieces": [{"size": [1, 1, 1]}]}', "nobox.json"),
    ("box0.json", _cube([0, 2, 2], '{"size": [1, 1, 1]}'), "box0.json"),
    ("box17.json", _cube([17, 2, 2], '{"size": [1, 1, 1], "count": 68}'), "box17.json"),
    ("boxneg.json", _cube([-4, 2, 2], '{"size": [1, 1, 1]}'), "boxneg.json"),
    ("boxfloat.json", _cube([2.5, 2, 2], '{"size": [1, 1, 1]}'), "boxfloat.json"),
    ("boxstr.json", _cube(["2", 2, 2], '{"size": [1, 1, 1]}'), "boxstr.json"),
    ("boxhuge.json", _cube([10**30, 1, 1], '{"size": [1, 1, 1]}'), "boxhuge.json"),
    ("boxnan.json", '{"box": [NaN, 2, 2], "pieces": [{"size": [1, 1, 1]}]}', "boxnan.json"),
    ("boxinf.json", '{"box": [Infinity, 2, 2], "pieces": [{"size": [1, 1, 1]}]}', "boxinf.json"),
    ("box2d.json", _cube([2, 2], '{"size": [1, 1, 1]}'), "box2d.json"),
    ("nopieces.json", _cube([2, 2, 2]), "nopieces.json"),
    ("countneg.json", _cube([1, 1, 2], '{"size": [1, 1, 1], "count": -2}'), "countneg.json"),
    ("counthuge.json", _cube([1, 1, 2], '{"size": [1, 1, 1], "count": 1e300}'), "counthuge.json"),
    ("voxelfar.json", _cube([2, 2, 2], '{"voxels": [[0, 0, 0], [99, 0, 0]]}'), "voxelfar.json"),
    ("novoxels.json", _cube([2, 2, 2], '{"voxels": []}'), "novoxels.json"),
    ("twins.json", _cube([2, 2, 2], '{"size": [1, 1, 2]}', '{"size": [1, 2, 1]}'), "twins.json"),
    ("codehuge.json", _cube([1, 1, 1], '{"size": [1, 1, 1], "code": 99999999}'), "code"),
    ("toosmall.json", _cube([3, 3, 3], '{"size": [1, 1, 1]}'), "toosmall.json"),
    ("toomuch.json", _cube([2, 1, 1], '{"size": [1, 1, 1], "count": 3}'), "toomuch.json"),
    # 74 bytes whose exact search asked for 2.8 GB of tables
    (
        "tetra16.json",
        _cube([16, 16, 16], '{"voxels": [[0,0,0],[1,0,0],[1,1,0],[1,1,1]]}'),
        "would need 1.4 GB for its tables",
    ),
    ("extra.json", _cube([1, 1, 2], '{"size": [1, 1, 2]}') + "}{", "Extra data"),
]

# digits puzzle files
DIGITS_JSON = [
    ("dwide.json", '{"frame": {"width": 100000, "height": 1}}', "each side must be 1..64"),
    ("dzero.json", '{"frame": {"width": 0, "height": 5}}', "each side must be 1..64"),
    ("dtall.json", json.dumps({"frame": {"rows_hex": ["f"] * 70}}), "rows_hex of 1 x 70 blocks"),
    ("dlong.json", json.dumps({"frame": {"rows_hex": ["f" * 100_000]}}), "100000 x 1 blocks"),
    (
        "dfar.json",
        json.dumps({"pieces": {"x": {"triangles": [[0, 0, "L"], [10**9, 0, "L"]]}}}),
        "a piece spans at most 64 blocks",
    ),
    ("dlist.json", '{"pieces": [1, 2, 3]}', "'pieces' must map piece names to shapes"),
    ("dhex.json", '{"pieces": {"x": {"rows_hex": ["zz"]}}}', "'z' in row 'zz' is not a hex digit"),
    ("drows.json", '{"pieces": {"x": {"rows_hex": "fff"}}}', "rows_hex must be a list"),
    ("dtri.json", '{"pieces": {"x": {"triangles": [[0, 0, "Q"]]}}}', "is not [x, y, side]"),
    ("dstr.json", '{"frame": {"width": "wide", "height": 3}}', "must be integers"),
    ("dnone.json", '{"pieces": {}}', "'pieces' must map piece names to shapes"),
    ("dapart.json", '{"pieces": {"x": {"rows_hex": ["1", "0", "1"]}}}', "falls apart"),
    ("darea.json", '{"frame": {"width": 1, "height": 1}}', "the frame holds only 4"),
    ("dobject.json", "[]", "expected a JSON object"),
    ("ddeep.json", '{"a":' * 60_000 + "1" + "}" * 60_000, "nested too deeply to be a puzzle file"),
    ("dbinary.json", b"\xff\xfe\x00{}", "not a text file"),
]

# sudoku files
SUDOKU_TXT = [
    ("sempty.txt", "", "no puzzle found"),
    ("scomments.txt", "# nothing but comments\n// here\n", "no puzzle found"),
    ("sline.txt", "1" * 200_000, "this one has more than 256"),
    ("sgrid.txt", ("123456789" * 40 + "\n") * 30, "this one has more than 256"),
    ("sbinary.txt", b"\x00\xff\xfe" * 20, "not a text file"),
    ("sutf16.txt", SOLVABLE.encode("utf-16"), "not a text file"),
    ("sconflict.txt", "11" + "." * 79 + "\n", "conflicting givens"),
    ("sbadchar.txt", SOLVABLE[:40] + "x" + SOLVABLE[41:] + "\n", "bad character 'x'"),
    ("scollection.txt", f"{SOLVABLE}\n{SOLVABLE}\n{SOLVABLE[:70]}\n", "line 3: a sudoku needs"),
    ("s80.txt", SOLVABLE[:80] + "\n", "this one has 80"),
    ("sdigit.txt", "G" + "." * 80 + "\n", "does not fit a 9x9 sudoku"),
]


def _voxels(name: str, x: int, y: int, z: int, text: str) -> str:
    return f'<voxel x="{x}" y="{y}" z="{z}" name="{name}" type="0">{text}</voxel>'


def _xml(shapes: str, problem: str = '<shape id="1" count="1"/>', result: str = "0",
         extra: str = "", root: str = '<puzzle version="2">') -> str:  # fmt: skip
    return (
        f'<?xml version="1.0"?>\n{root}<gridType type="0"/><colors/><shapes>{shapes}</shapes>'
        f'<problems><problem name="P" state="0"{extra}><shapes>{problem}</shapes>'
        f'<result id="{result}"/><bitmap/></problem></problems></puzzle>\n'
    )


DOMINO = _voxels("Box", 2, 1, 1, "##") + _voxels("Dot", 1, 1, 1, "#")

# BurrTools files (plain XML; gzipped ones are made in make_files)
XMPUZZLES = [
    ("notxml.xmpuzzle", "hello", "not a BurrTools puzzle file"),
    ("zero.xmpuzzle", "", "not a BurrTools puzzle file"),
    ("root.xmpuzzle", "<burr/>", "no <puzzle>"),
    ("version.xmpuzzle", '<puzzle version="9"/>', "puzzle format version 9 is unknown"),
    ("spheres.xmpuzzle", '<puzzle version="2"><gridType type="2"/></puzzle>', "made of spheres"),
    ("noproblem.xmpuzzle", '<puzzle version="2"><shapes/></puzzle>', "holds no problem"),
    (
        "size.xmpuzzle",
        _xml(_voxels("R", 2, 1, 1, "##").replace('x="2"', 'x="two"') + DOMINO),
        "x='two' is not a whole number",
    ),
    ("negative.xmpuzzle", _xml(_voxels("R", -2, 1, 1, "##") + DOMINO), "is not a voxel space"),
    ("count.xmpuzzle", _xml(_voxels("R", 3, 1, 1, "##") + DOMINO), "2 voxels given for a 3x1x1"),
    (
        "wide.xmpuzzle",
        _xml(_voxels("R", 1_000_000, 1, 1, "") + DOMINO),
        "voxel space is larger than the 64 voxels a side",
    ),
    (
        "result.xmpuzzle",
        _xml(_voxels("R", 20, 1, 1, "#" * 20) + DOMINO, '<shape id="2" count="20"/>'),
        "larger than 16 cells",
    ),
    ("noresult.xmpuzzle", _xml(DOMINO, result="7"), "result shape 7 does not exist"),
    (
        "piece.xmpuzzle",
        _xml(_voxels("R", 2, 1, 1, "##") + DOMINO, '<shape id="9"/>'),
        "piece shape 9 does not exist",
    ),
    (
        "billion.xmpuzzle",
        _xml(_voxels("R", 2, 1, 1, "##") + DOMINO, '<shape id="1" count="1000000000000"/>'),
        "no choice of piece counts fits",
    ),
    (
        "ranges.xmpuzzle",
        _xml(
            _voxels("R", 4, 4, 4, "#" * 64) + DOMINO,
            '<shape id="1" min="33" max="100000"/><shape id="2" min="0" max="100000"/>',
        ),
        "no choice of piece counts fits",
    ),
    (
        "minmax.xmpuzzle",
        _xml(_voxels("R", 2, 1, 1, "##") + DOMINO, '<shape id="1" min="3" max="1"/>'),
        "has min 3, max 1",
    ),
    (
        "variable.xmpuzzle",
        _xml(
            _voxels("R", 2, 1, 1, "##") + _voxels("V", 2, 1, 1, "#+"), '<shape id="1" count="2"/>'
        ),
        "variable (+) voxels",
    ),
    (
        "holes.xmpuzzle",
        _xml(_voxels("R", 2, 1, 1, "##") + DOMINO, extra=' maxHoles="2"'),
        "maxHoles",
    ),
    ("format.xmpuzzle", _xml(DOMINO.replace('type="0"', 'type="3"', 1)), "voxel format type 3"),
    (
        "laughs.xmpuzzle",
        '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa">'
        + "".join(
            f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
            for p, c in zip("abcdefgh", "bcdefghi", strict=True)
        )
        + ']><puzzle version="2"><comment>&i;</comment></puzzle>',
        "not a BurrTools puzzle file",
    ),
    (
        "external.xmpuzzle",
        '<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<puzzle version="2"><comment>&x;</comment></puzzle>',
        "not a BurrTools puzzle file",
    ),
]

DEVICES = ("/dev/zero", "/dev/urandom", "/dev/null")


def _cases() -> list[Case]:
    cases: list[Case] = []
    for name, _, match in CUBE_JSON:
        extra = ("--allow-holes",) if name == "tetra16.json" else ()
        cases.append(Case.of("puzzle-cube-json", "solve", "cube", "--puzzle", f"p/{name}",
                             *extra, match=match))  # fmt: skip
    for name, _, match in DIGITS_JSON:
        cases.append(Case.of("puzzle-digits-json", "solve", "digits", "--puzzle", f"p/{name}",
                             match=match))  # fmt: skip
    for name, _, match in SUDOKU_TXT:
        cases.append(Case.of("puzzle-sudoku-file", "solve", "sudoku", f"p/{name}", match=match))
    for name, _, match in XMPUZZLES:
        cases.append(Case.of("puzzle-xmpuzzle", "solve", "cube", "--xmpuzzle", f"p/{name}",
                             match=match))  # fmt: skip
    for name, match in GZIPPED:
        cases.append(Case.of("puzzle-xmpuzzle-gzip", "solve", "cube", "--xmpuzzle", f"p/{name}",
                             match=match))  # fmt: skip
    for device in DEVICES:
        said = f"{device}: is a device"
        cases += [
            Case.of("puzzle-device", "solve", "cube", "--puzzle", device, match=said),
            Case.of("puzzle-device", "solve", "cube", "--xmpuzzle", device, match=said),
            Case.of("puzzle-device", "solve", "digits", "--puzzle", device, match=said),
            Case.of("puzzle-device", "solve", "sudoku", device, match=said),
            Case.of("puzzle-device", "sudoku", "hint", device, match=said),
        ]
    for option in (["cube", "--puzzle"], ["cube", "--xmpuzzle"], ["digits", "--puzzle"],
                   ["sudoku"]):  # fmt: skip
        cases += [
            Case.of("puzzle-fifo", "solve", *option, "p/fifo.json", match="is a pipe (FIFO)"),
            Case.of("puzzle-socket", "solve", *option, "p/socket.json", match="is a socket"),
            Case.of("puzzle-folder", "solve", *option, "p/folder.json", match="is a folder"),
        ]
    cases += [
        Case.of("puzzle-large", "solve", "cube", "--puzzle", f"{LARGE}/big.json",
                match="more than a cube puzzle file may have (1 MB)"),
        Case.of("puzzle-large", "solve", "digits", "--puzzle", f"{LARGE}/big.json",
                match="more than a puzzle file may have (1 MB)"),
        Case.of("puzzle-large", "solve", "sudoku", f"{LARGE}/big.txt",
                match="more than a puzzle file may have (16 MB)"),
        Case.of("puzzle-large", "solve", "cube", "--xmpuzzle", f"{LARGE}/big.xmpuzzle",
                match="more than a BurrTools puzzle file may have (16 MB)"),
        Case.of("puzzle-link", "solve", "cube", "--puzzle", "p/loop.json", match="loop.json"),
        Case.of("puzzle-link", "solve", "digits", "--puzzle", "p/dangling.json",
                match="p/dangling.json: no such puzzle file"),
        Case.of("puzzle-rings-text", "solve", "rings", "--config", "2/1000000/1/2",
                match="need an even ball count"),
        Case.of("puzzle-rings-text", "solve", "rings", "--config", "999999999999999999/2/2/2",
                match="the puzzle has 2, 3 or 5 rings"),
        Case.of("puzzle-rings-text", "solve", "rings", "--config", "2/20/2/4/5",
                match="is not K/G/C/B"),
        Case.of("puzzle-rings-text", "solve", "rings", "--state", "1" * 100_000,
                match="ring(s) separated by '/'"),
        Case.of("puzzle-rings-text", "solve", "rings", "--config", "2/8/1/2", "--state",
                "1111/2222", match="ring 1 of the state lists 4 balls"),
        Case.of("puzzle-rings-text", "solve", "rings", "--config", "2/8/1/2", "--state",
                "111z111/2222222", match="'z' is not a colour"),
        Case.of("puzzle-set-text", "solve", "set", "--with", ",".join(["0000"] * 5000),
                match="0000"),
        Case.of("puzzle-set-text", "solve", "set", "--with", "0" * 100_000, match="0000"),
        Case.of("puzzle-sudoku-text", "solve", "sudoku", SOLVABLE, "--techniques",
                "x" * 10_000, match="unknown technique"),
    ]  # fmt: skip
    return cases


# gzipped BurrTools files made in make_files: (name, what the one line says)
GZIPPED = [
    ("bomb.xmpuzzle", "unpacks to more than a BurrTools puzzle file may have (32 MB)"),
    ("members.xmpuzzle", "unpacks to more than a BurrTools puzzle file may have (32 MB)"),
    ("cut.xmpuzzle", "a damaged gzip file (cut short)"),
    ("trailing.xmpuzzle", "a damaged gzip file (data after its end)"),
    ("garbled.xmpuzzle", "a damaged gzip file"),
    ("space200.xmpuzzle", "a 200x200x200 voxel space is larger than the 64 voxels a side"),
    ("spaces.xmpuzzle", "more than 2,000,000 voxels in all"),
    ("elements.xmpuzzle", "more than 500,000 XML elements"),
]


def _gzip_stream(path: Path, parts: list[bytes], repeat: int = 1) -> None:
    """A gzip file of `parts` repeated `repeat` times, compressed as it is made (a bomb of
    hundreds of MB is never held in memory)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    with path.open("wb") as out:
        for _ in range(repeat):
            for part in parts:
                out.write(packer.compress(part))
        out.write(packer.flush())


def _make_gzipped(folder: Path) -> None:
    _gzip_stream(folder / "bomb.xmpuzzle", [b"\0" * (1 << 20)], repeat=200)  # 200 MB
    member = folder / "member.gz"
    _gzip_stream(member, [b" " * (1 << 20)], repeat=20)
    (folder / "members.xmpuzzle").write_bytes(member.read_bytes() * 2)  # 2 x 20 MB
    member.unlink()
    whole = gzip.compress(_xml(DOMINO).encode(), mtime=0)
    (folder / "cut.xmpuzzle").write_bytes(whole[: len(whole) // 2])
    (folder / "trailing.xmpuzzle").write_bytes(whole + b"not gzip")
    (folder / "garbled.xmpuzzle").write_bytes(whole[:12] + bytes(b ^ 0x5A for b in whole[12:]))
    head = '<?xml version="1.0"?><puzzle version="2"><shapes><voxel x="200" y="200" z="200">'
    tail = b"</voxel></shapes></puzzle>"
    _gzip_stream(folder / "space200.xmpuzzle", [head.encode(), *[b"_" * 40_000] * 200, tail])
    space = _voxels("S", 60, 60, 60, "")
    _gzip_stream(folder / "spaces.xmpuzzle", [_xml(space * 20).encode()])  # 20 x 60^3 voxels
    _gzip_stream(
        folder / "elements.xmpuzzle",
        [b'<puzzle version="2"><comment>', b"<a/>" * 600_000, b"</comment></puzzle>"],
    )


def make_files(folder: Path) -> None:
    """The files this area's cases use, made in the shared corpus folder."""
    here = folder / "p"
    here.mkdir()
    for table in (CUBE_JSON, DIGITS_JSON, SUDOKU_TXT, XMPUZZLES):
        for name, content, _ in table:
            data = content if isinstance(content, bytes) else content.encode("utf-8")
            (here / name).write_bytes(data)
    _make_gzipped(here)
    os.mkfifo(here / "fifo.json")
    (here / "folder.json").mkdir()
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(here / "socket.json"))
    (here / "loop.json").symlink_to("loop.json")
    (here / "dangling.json").symlink_to("gone.json")
    large = (folder / LARGE).resolve()
    large.mkdir(exist_ok=True)
    for name, size in (("big.json", (1 << 20) + 1), ("big.txt", (16 << 20) + 1),
                       ("big.xmpuzzle", (16 << 20) + 1)):  # fmt: skip
        with (large / name).open("wb") as out:
            out.truncate(size)  # sparse: refused by its size before a byte is read


CASES: list[Case] = _cases()
