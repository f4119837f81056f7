"""Split work: one search cut into independent parts, run on this process, on worker
processes, or on a Dask cluster, and merged into the answer one process would give.

Why one module: digits positions of the 8, SET subtrees by their first cards, cube subtrees
by the first placements and rings batches of positions are all the same shape: a list of
parts known before the search starts, each a plain-data description (the puzzle, a prefix
of choices, the limits) that a worker turns into plain-data findings. What differs is how
a part is searched and how findings merge; how parts travel, are retried, logged, resumed
and counted on the progress bar is written once, here.

    job = Job("digits", "puzzleviz.solvers.digits.parallel:search_part", problem, node_limit,
              warm="puzzleviz.solvers.digits.parallel:warm")
    with engine_for(options) as engine:           # in-process, process pool or Dask
        parts = run_parts(job, keys, engine, log=SplitLog.at(path), progress=progress)
    answer = merge(parts)                          # parts come back in the order of `keys`

Modules:
    parts    Job, PartResult (plain data), run_task (what a worker runs), warming once
    log      SplitLog: the resumable JSON-lines log of finished parts
    engines  Engine, InProcess, ProcessPool (the local pool digits had)
    choose   engine_for: the engine --workers / --scheduler ask for
    dasks    DaskEngine: a LocalCluster (--workers N) or a cluster by address (--scheduler)
    run      run_parts: the driver (resume, submit, log, progress) every puzzle calls
    options  --workers / --scheduler / --split-log for every command that splits

Determinism: parts are fixed by the problem, never by the number of workers, and come back
in the order of their keys whatever order they finished in, so a merge that folds them in
that order gives the same counts, classes and bytes on one process or a hundred.

Nothing here imports dask, numpy or numba at import time: only a run that splits over Dask
imports dask (the CLI answers --help in well under a second).
"""
