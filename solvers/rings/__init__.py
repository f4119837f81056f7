"""Hungarian rings (seed 001): the original 2-ring puzzle, the 3-ring chains and the
Olympic five rings, in every configuration of the thesis. See README-style notes below.
"""

from solvers.rings import model as model  # registers the "rings" model
