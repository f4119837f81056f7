"""One module per puzzle: how its states and events look. Each registers itself with
`viz.scene.register_scene`; modules here are imported when a scene is first looked up."""
