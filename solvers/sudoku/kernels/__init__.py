"""numba kernels of the human-style solver: one module per family of techniques.

Every finder has the same contract: look at the candidate masks, and if the technique
applies, write ONE step (technique, info, items) into the step log and return True; else
leave the log as it was and return False. The engine applies the step's eliminations and
placements, so a finder never changes the grid itself.
"""
