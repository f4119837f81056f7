"""The SET searches' numba kernels: the fast bitset search for v = 3 (bitsearch) and the
seed's TryFrom, with or without bounds (tryfrom)."""
