"""The state space measured exactly: distance-to-goal distributions by full BFS over ranked
states (statespace) and their text view (statsview), every state's exact distance on small
two-ring configurations (exact: ground truth for tests and benchmarks) and plain-Python
references short enough to trust (reference)."""
