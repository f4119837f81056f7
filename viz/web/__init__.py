"""The browser player: a trace exported as one self-contained HTML file whose JavaScript
draws the very draw lists the window draws (see docs/browser-player.md)."""
