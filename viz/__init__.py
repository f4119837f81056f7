"""Everything that draws: GL context, renderers, text, camera, player, HUD, recording, app."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
