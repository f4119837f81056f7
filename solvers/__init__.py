"""Puzzle models, solvers and the trace format.

Nothing in this package draws: it runs on a server with no display and no OpenGL. Importing
it does nothing (the numba cache is set up by solvers.jit, which kernel modules use).
"""
