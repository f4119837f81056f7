"""SET with five attributes: the extension search behind "no 46-cap in AG(5,3)".

A 46-cap has a hyperplane holding m >= 18 of its cards (fast.fullest_sizes). Relabel so that
the fullest one is the slice x1 = 0 and its cards are a representative R of one affine class
of m-caps of AG(4,3); the other two slices x1 = 1, 2 must then take 46 - m more cards. That
extension search, one branch (m, R) at a time and split into independent parts, is what this
package does, for any dimension n (n = 4 is the testable copy: AG(4,3) from AG(3,3) slices).

- group.py: the stabilizer of R in AGL(n-1,3) and its orbits, for symmetry breaking;
- kernel.py: the numba search over the two free slices, with hyperplane bounds;
- extension.py: branches, parts, frontier sampling and the extrapolated cost.
"""
