"""One module per puzzle: how its states and events look. Each puzzle's PuzzleSpec names its
scene; modules here are imported when a scene is first looked up (viz.scene.scene_for)."""
