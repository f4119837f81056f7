"""Puzzle models, solvers and the trace format.

Nothing in this package draws: it runs on a server with no display and no OpenGL.
"""
