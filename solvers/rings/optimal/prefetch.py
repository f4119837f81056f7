"""`prefetch(array, index)`: ask the CPU to start loading a line of memory now.

The optimal search reads its pattern databases at random places (hundreds of megabytes),
so each read waits for main memory. Reading a batch of nodes' entries one after another
waits once per node; announcing all of them first lets the memory system fetch them
side by side (solvers.rings.optimal.ida_kernels). This is LLVM's prefetch intrinsic for a numba
kernel: no effect on results, only on speed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from llvmlite import binding, ir  # type: ignore[import-untyped]  # llvmlite ships no types
from numba.core import cgutils, types
from numba.extending import intrinsic
from puzzleviz.solvers.arrays import UInt8Array
from puzzleviz.solvers.rings.model.layouts import KernelInt

# The intrinsic's name carries the pointer type: 'p0i8' before LLVM's opaque pointers.
_NAME = "llvm.prefetch.p0" if binding.llvm_version_info[0] >= 15 else "llvm.prefetch.p0i8"


@intrinsic
def _prefetch(typingctx: Any, arr: Any, idx: Any) -> tuple[Any, Callable[..., Any]]:
    """Prefetch the byte at arr[idx] (a 1-d array) for reading, keep it in all caches."""
    sig = types.void(arr, idx)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = builder.gep(ary.data, [args[1]])
        i8p = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [i8p, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, _NAME)  # type: ignore[no-untyped-call]  # numba: unannotated
        # read (0), keep in every cache level (3), data cache (1)
        builder.call(fn, [builder.bitcast(ptr, i8p), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return sig, codegen


# What a kernel calls: numba's @intrinsic passes the typing context itself, so the compiled
# call takes the array and the index only (numba, not mypy, knows the intrinsic's types).
prefetch = cast(Callable[[UInt8Array, KernelInt], None], _prefetch)
