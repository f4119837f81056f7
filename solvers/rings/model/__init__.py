"""What a rings puzzle is, with no search in it: the configurations (config, presets), where
rings and balls sit (geometry), the model and its events (model), the STATE text (stateio),
the goal test, goal set and the thesis' heuristic (goal), ranking states as integers
(ranking), random starts (shuffle) and turns as gather arrays (macros)."""
