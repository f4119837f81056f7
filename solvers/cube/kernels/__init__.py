"""The cube's numba kernels: the exact search (exact) and the seed's stochastic search
(stochastic), each driven in chunks by the module of the same name one level up."""
