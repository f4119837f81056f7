"""The disassembler: can an assembly of voxel pieces be taken apart, in how many moves
(BurrTools' level, "98.2.4.2"), and by which moves. No display needed (solvers layer)."""

from puzzleviz.solvers.cube.disassembly.search import Move, Separation, TooManyPieces, disassemble

__all__ = ["Move", "Separation", "TooManyPieces", "disassemble"]
