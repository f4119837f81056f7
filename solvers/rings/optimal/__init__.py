"""Proven shortest solutions for two-ring configurations: IDA* (optimal) over colour pattern
databases built once and cached (colour_pdb), its batched numba kernels (ida_kernels, with
a memory prefetch in prefetch), and batches of positions solved on split engines for
God's-number sampling (batch)."""
