"""One module per puzzle: how its states and events look. A puzzle's spec names its scene
(a Ref, solvers.plugin); the module is imported when the scene is first needed."""
