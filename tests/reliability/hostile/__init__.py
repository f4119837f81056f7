"""The hostile-input corpus (issue 31): bad, crafted and careless inputs to every command,
each run as its own process (tests/reliability/forked.py). One module per area holds its
cases and makes the files they use:

    traces.py     crafted trace files: valid checksums, impossible contents
    puzzles.py    puzzle files and readers: sizes, devices, gzip bombs, voxel spaces
    outputs.py    where a command writes: inputs, links, defaults that exist, devices
    lessons.py    lesson files: options a lesson may not set, paths outside its folder
    limits.py     memory, time, Ctrl-C, networks and the odd option value

Each module defines CASES (a list of Case) and make_files(folder: Path) -> None.
"""
