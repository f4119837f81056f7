"""The cube's numba kernels: the exact search (exact, any box, traced or not; packed, the
same tree on one-word bitboards for spaces of at most 64 cells, untraced) and the seed's
stochastic search (stochastic), driven in chunks by exact.py (through runs.py) and
stochastic.py one level up."""
