"""Everything that draws: GL context, renderers, text, camera, player, HUD, recording, app."""
