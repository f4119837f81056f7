"""Bit tricks for bitboards of uint64 words, as numba intrinsics (one CPU instruction each),
shared by the puzzles whose kernels keep their boards in machine words (digits, cube)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]  # llvmlite ships no types
from numba.extending import intrinsic
from puzzleviz.solvers.arrays import UInt64Array
from puzzleviz.solvers.jit import types


@intrinsic
def popcount64(typingctx: Any, x: Any) -> tuple[Any, Callable[..., Any]]:
    """The number of set bits of a uint64 (LLVM ctpop)."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def lowest_bit_index(typingctx: Any, x: Any) -> tuple[Any, Callable[..., Any]]:
    """The index of the lowest set bit of a non-zero uint64 (LLVM cttz)."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


def words_for(n_cells: int) -> int:
    return (n_cells + 63) // 64


def bitboard(indices: Iterable[int], n_cells: int) -> UInt64Array:
    """A uint64 bitboard with the given cell indices set."""
    words = np.zeros(words_for(n_cells), dtype=np.uint64)
    for i in indices:
        words[i >> 6] |= np.uint64(1) << np.uint64(i & 63)
    return words
